import Foundation
import PredicateCLI
import Testing

/// `predicate apply --db` and `predicate db prune` on SQLite and PostgreSQL: the applied change
/// sets printed with their log numbers, a stale change refused with status 2 and nothing
/// written, pruning. Expected lines written from the sample graph (Samples/graph.json: Content 3
/// is in Bucket 1).
@Suite("predicate apply --db and db prune", .serialized)
struct ApplyCommandTests {
    static let root = SampleQueryTests.root.path
    static let model = ["--schema", root + "/Samples/schema.json"]

    func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let buffer = PostgresCommandOutput()
        let io = ToolIO(readLine: { nil }, write: { buffer.output += $0 }, writeError: { buffer.error += $0 })
        let status = PredicateTool.run(arguments, io: io)
        return (status, buffer.output, buffer.error)
    }

    func check(_ target: String) {
        let changes = Self.root + "/Samples/changes/"
        let create = run(["db", "create", "--db", target, "--graph", Self.root + "/Samples/graph.json"] + Self.model)
        #expect(create.status == 0, "\(create.error)")
        let applied = run(
            ["apply", "--db", target] + Self.model + [changes + "rename-bucket.json", changes + "move-content.json"])
        #expect(applied.status == 0, "\(applied.error)")
        #expect(
            applied.output == """
                {"sequence":1,"changes":"\(changes)rename-bucket.json","applied":{"changes":{"Bucket":{"updated":[{"attributes":{"name":"Today"},"id":1}]}}}}
                {"sequence":2,"changes":"\(changes)move-content.json","applied":{"changes":{"Bucket":{"updated":[{"id":1,"relationships":{"contents":{"added":[],"removed":[3]}}},{"id":2,"relationships":{"contents":{"added":[3],"removed":[]}}}]},"Content":{"updated":[{"id":3,"relationships":{"bucket":{"new":2,"old":1}}}]}}}}

                """)
        // Content 3 is in Bucket 2 now: the same move again is stale.
        let stale = run(["apply", "--db", target] + Self.model + [changes + "move-content.json"])
        #expect(stale.status == 2)
        #expect(stale.output.isEmpty)
        #expect(
            stale.error == """
                \(changes)move-content.json: Content 3, 'bucket': the change says the old destination is 1, but it is 2
                \(changes)move-content.json: nothing written

                """)
        let pruned = run(["db", "prune", "--db", target, "--before", "2"])
        #expect(pruned.output == "pruned 1 entry; the oldest kept is 2\n", "\(pruned.error)")
        let again = run(["apply", "--db", target] + Self.model + [changes + "rename-tag.json"])
        #expect(again.output.hasPrefix("{\"sequence\":3,"), "\(again.error)")
        let usage = run(["db", "prune", "--db", target])
        #expect(usage.status == 64)
    }

    @Test("SQLite") func sqlite() throws {
        guard case .sqlite(let path) = try SharedStoreDatabase.sqlite() else { return }
        check(path)
    }

    @Test("PostgreSQL") func postgres() throws {
        guard case .postgres(let url) = try SharedStoreDatabase.postgres() else { return }
        check(url)
    }

    @Test("a missing SQLite file is a runtime failure, a missing change set a usage error") func failures() {
        #expect(run(["apply", "--db", "/nonexistent/x.sqlite"] + Self.model + ["a.json"]).status == 1)
        #expect(run(["apply", "--db", "/nonexistent/x.sqlite"] + Self.model).status == 64)
        #expect(run(["db", "prune", "--db", "/nonexistent/x.sqlite", "--before", "1"]).status == 1)
    }
}
