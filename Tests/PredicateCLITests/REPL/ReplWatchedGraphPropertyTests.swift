import Foundation
import KeyPaths
import ObjectStore
import TestSupport
import Testing

@testable import PredicateCLI

/// The class of bug: the cells a `:watch` prints go stale or wrong because the graph it labels
/// rows with drifts from the database. Random change sets (renames, sizes, moves between
/// buckets, tags added and removed, inserts, deletes — a User's Cascade rules included) are
/// written through a ``DatabaseStore`` on one connection; after each, the watched graph is
/// advanced entry by entry, as the follower hands them over, and must equal the database read
/// in full on another connection (the oracle) — without reading it in full again.
@Suite("REPL: property — :watch's graph follows the change log to the database's objects", .serialized)
struct ReplWatchedGraphPropertyTests {
    static let schemaPath = "Samples/ContentModel.xcdatamodeld"

    /// A change set drawn from `random`, valid or not for `graph` (a refused one writes nothing).
    static func changeSet(_ random: inout SplitMix64, graph: ObjectGraph) -> String {
        func ids(_ entity: String) -> [Int] {
            graph.objects(of: entity).compactMap { if case .int(let int) = $0.id { int } else { nil } }
        }
        let contents = ids("Content")
        let buckets = ids("Bucket")
        let tags = ids("Tag")
        let users = ids("User")
        let fresh = 100 + random.below(900)
        func one(_ list: [Int]) -> Int { list.isEmpty ? fresh : random.pick(list) }
        func bucketOf(_ content: Int) -> String {
            let id = ObjectID(hierarchy: "Content", id: .int(content))
            if case .toOne(let target?)? = try? graph.value(forKey: "bucket", of: id), case .int(let key) = target.id {
                return String(key)
            }
            return "null"
        }
        func updated(_ entity: String, _ id: Int, _ body: String) -> String {
            #"{"\#(entity)": {"updated": [{"id": \#(id), \#(body)}]}}"#
        }
        func inserted(_ entity: String, _ values: String) -> String {
            #"{"\#(entity)": {"inserted": [{"id": \#(fresh), "creationDate": {"$date": "2024-03-01"}, \#(values)}]}}"#
        }
        switch random.below(8) {
        case 0:
            let entity = random.pick(["Content", "Bucket", "Tag", "User"])
            return updated(entity, one(ids(entity)), #""attributes": {"name": "n\#(fresh)"}"#)
        case 1:
            return updated("Content", one(contents), #""attributes": {"size": \#(random.below(1000))}"#)
        case 2:
            let content = one(contents)
            let target = random.chance(1, in: 4) ? "null" : String(one(buckets))
            let move = #"{"old": \#(bucketOf(content)), "new": \#(target)}"#
            return updated("Content", content, #""relationships": {"bucket": \#(move)}"#)
        case 3:
            let change = random.chance(1, in: 2) ? "added" : "removed"
            return updated("Content", one(contents), #""relationships": {"tags": {"\#(change)": [\#(one(tags))]}}"#)
        case 4:
            return inserted(
                "Content",
                #""name": "f\#(fresh)", "size": \#(random.below(1000)), "bucket": \#(one(buckets)), "#
                    + #""owner": \#(one(users)), "tags": [\#(one(tags))]"#)
        case 5:
            return inserted("Bucket", #""name": "b\#(fresh)", "owner": \#(one(users))"#)
        case 6:
            let entity = random.pick(["Content", "Bucket", "Tag"])
            return #"{"\#(entity)": {"deleted": [\#(one(ids(entity)))]}}"#
        default:
            return #"{"User": {"deleted": [\#(one(users))]}}"#
        }
    }

    /// Runs the steps (each a seed) on a fresh copy of the sample; the first failure, or nil.
    static func failure(_ steps: [UInt64]) throws -> String? {
        var entries: Int64 = 0
        return try failure(steps, entries: &entries)
    }

    /// ``failure(_:)``, also counting the log entries written (refused change sets write none).
    static func failure(_ steps: [UInt64], entries: inout Int64) throws -> String? {
        let path = NSTemporaryDirectory() + "predicate-watched-\(getpid())-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let created = ToolRunner.inProcess(
            ["db", "create", "--schema", schemaPath, "--graph", "Samples/graph.json", "--db", path])
        guard created.status == 0 else { return "db create: \(created.errorOutput)" }
        let schema = try CoreDataModelLoader.load(contentsOf: URL(fileURLWithPath: schemaPath))
        let watcher = try ReplSession.openDatabase(.sqlite(path: path), mapping: "default", schema: schema).get()
        // The writer's own connection, opened for writing as `apply --db` opens it.
        let database = try DatabaseTarget.sqlite(path: path).openForWriting().get()
        let writer = (database: database, mapping: try database.verifiedMapping("default", schema: schema).get())
        let store = try DatabaseStore(database: writer.database, verifiedMapping: writer.mapping)
        var watched = try ReplWatchedGraph(watcher)
        for (index, seed) in steps.enumerated() {
            var random = SplitMix64(seed: seed)
            let oracle = try ObjectGraph.read(from: writer.database, mapping: writer.mapping)
            let text = changeSet(&random, graph: oracle)
            if let changes = try? ChangeSet.decode(json: Data(text.utf8)) { _ = try? store.apply(changes) }
            let last = try ChangeLog(database: writer.database).lastSequence()
            while watched.sequence < last { try watched.advance(to: watched.sequence + 1, refetched: false) }
            let expected = try ObjectGraph.read(from: writer.database, mapping: writer.mapping)
            if try watched.graph.jsonData() != expected.jsonData() {
                return "step \(index) (\(text)): the watched graph differs from the database"
            }
            if watched.fullReads != 1 {
                return "step \(index) (\(text)): the database was read in full again (\(watched.fullReads) reads)"
            }
        }
        entries = watched.sequence
        return nil
    }

    @Test("after every entry the watched graph is the database's objects, kept from the log alone")
    func followsTheLog() throws {
        let run = PropertyRun("ReplWatchedGraphPropertyTests.followsTheLog", defaultCases: 25)
        var written: Int64 = 0
        defer {
            // Most change sets apply: a run where none did would test nothing.
            #expect(written >= Int64(run.cases) * 3, "only \(written) log entries were written")
        }
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            let steps = (0..<12).map { _ in random.next() }
            var entries: Int64 = 0
            let found = try Self.failure(steps, entries: &entries)
            written += entries
            guard let found else { continue }
            let fails = { (steps: [UInt64]) in ((try? Self.failure(steps)) ?? nil) != nil }
            let shrunk = Shrinker.shrink(
                steps,
                candidates: { steps in
                    steps.indices.map { index in
                        var fewer = steps
                        fewer.remove(at: index)
                        return fewer
                    }
                }, fails: fails)
            let reason = ((try? Self.failure(shrunk)) ?? nil) ?? found
            Issue.record("\(found)\nshrunk to the steps \(shrunk): \(reason)\n\(run.replay(index))")
            return
        }
    }
}
