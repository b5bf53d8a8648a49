import Foundation
import ObjectStore
import PredicateCLI
import Testing

@Suite("predicate affected")
struct AffectedCommandTests {
    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // PredicateCLITests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Samples")

    static func path(_ name: String) -> String { samples.appendingPathComponent(name).path }

    /// Runs `predicate affected` on the sample model and graph.
    static func run(
        format: String, entity: String = "Content", changes: String, extra: [String] = [],
        schema: String = "ContentModel.xcdatamodeld", json: Bool = true
    ) -> (status: Int32, output: String, error: String) {
        let buffer = ToolIOBuffer()
        let arguments =
            [
                "affected", "--schema", schema.hasPrefix("/") ? schema : path(schema), "--graph", path("graph.json"),
                "--entity", entity, "--format",
                format,
                "--changes", changes.hasPrefix("/") ? changes : path("changes/\(changes).json"),
            ] + extra + (json ? ["--json"] : [])
        let status = PredicateTool.run(arguments, io: buffer.io)
        return (status, buffer.output, buffer.errorOutput)
    }

    @Test(
        "prints the affected roots as JSON",
        arguments: [
            ("bucket.name == 'Inbox'", [String](), "rename-bucket", #"{"reevaluate": [1, 3, 6], "refresh": []}"#),
            ("owner.name == %@", ["--arg", #""Ben""#], "rename-user", #"{"reevaluate": [2, 3, 4], "refresh": []}"#),
            ("owner.name == 'Ben'", [], "change-email", #"{"reevaluate": [], "refresh": []}"#),
            (
                "bucket.name == 'Photos'", ["--sort", "creationDate"], "move-content",
                #"{"reevaluate": [3], "refresh": []}"#
            ),
            (
                "name BEGINSWITH 'p'", ["--refresh", "bucket.name"], "rename-bucket",
                #"{"reevaluate": [], "refresh": [1, 3, 6]}"#
            ),
            (
                "bucket.name == 'Inbox'", ["--refresh", "bucket.owner.name"], "rename-user",
                #"{"reevaluate": [], "refresh": [2, 4]}"#
            ),
            ("ANY tags.name == 'x'", [], "rename-tag", #"{"reevaluate": [2, 3], "refresh": []}"#),
            ("bucket.name == 'Archive'", [], "delete-bucket", #"{"reevaluate": [5], "refresh": []}"#),
            // User 1 and, by the sample's Cascade rules, Buckets 1 and 3 and Content 1 are deleted:
            // Content 1 is a deleted root, Contents 3, 6 (Bucket 1) and 5 (Bucket 3) lose their Bucket.
            ("bucket.name == 'Inbox'", [], "delete-user", #"{"reevaluate": [1, 3, 5, 6], "refresh": []}"#),
            ("bucket.name == 'Photos'", [], "insert-content", #"{"reevaluate": [7], "refresh": []}"#),
        ])
    func affected(format: String, extra: [String], changes: String, expected: String) {
        let result = Self.run(format: format, changes: changes, extra: extra)
        #expect(result.error == "")
        #expect(result.output == expected + "\n")
        #expect(result.status == 0)
    }

    @Test(
        "without --json it prints the two lists in words",
        arguments: [
            (
                "bucket.name == 'Inbox'", [String](), "rename-bucket",
                """
                reevaluate: 1, 3, 6   (membership or order may have changed)
                refresh: none   (only what the rows display changed)

                """
            ),
            (
                "bucket.name == 'Inbox'", ["--refresh", "bucket.owner.name"], "rename-user",
                """
                reevaluate: none   (membership or order may have changed)
                refresh: 2, 4   (only what the rows display changed)

                """
            ),
        ])
    func words(format: String, extra: [String], changes: String, expected: String) {
        let result = Self.run(format: format, changes: changes, extra: extra, json: false)
        #expect(result.output == expected)
        #expect(result.status == 0)
    }

    @Test("the JSON schema gives the same answer as the Xcode model")
    func jsonSchema() {
        let result = Self.run(format: "bucket.name == 'Inbox'", changes: "rename-bucket", schema: "schema.json")
        #expect(result.output == #"{"reevaluate": [1, 3, 6], "refresh": []}"# + "\n")
    }

    @Test("IDs are those of the root entity: a query over Buckets")
    func bucketRoots() {
        let result = Self.run(format: "contents.@count > 2", entity: "Bucket", changes: "move-content")
        #expect(result.output == #"{"reevaluate": [1, 2], "refresh": []}"# + "\n")
    }

    @Test("Buckets deleted by a Cascade rule (User.buckets) are deleted roots")
    func cascadedRoots() {
        let result = Self.run(format: "owner.name == 'Ann'", entity: "Bucket", changes: "delete-user")
        #expect(result.output == #"{"reevaluate": [1, 3], "refresh": []}"# + "\n")
        let json = Self.run(
            format: "owner.name == 'Ann'", entity: "Bucket", changes: "delete-user", schema: "schema.json")
        #expect(json.output == result.output)
    }

    @Test("a deletion a Deny rule refuses: the object, the relationship and a destination, status 2")
    func denied() throws {
        let sample = try String(contentsOfFile: Self.path("schema.json"), encoding: .utf8)
        let denying = sample.replacingOccurrences(
            of:
                #"{"name": "contents", "destination": "Content", "inverse": "bucket", "toMany": true, "optional": true}"#,
            with:
                #"{"name": "contents", "destination": "Content", "inverse": "bucket", "toMany": true, "optional": true, "deleteRule": "deny"}"#
        )
        #expect(denying != sample)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("deny-\(UUID().uuidString).json")
        try Data(denying.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = Self.run(format: "bucket.name == 'x'", changes: "delete-bucket", schema: file.path)
        #expect(result.status == 2)
        #expect(
            result.error == Self.path("changes/delete-bucket.json")
                + ": Bucket 3, 'contents': cannot delete Bucket 3 while 'contents' (delete rule Deny) holds ImageContent 5\n"
        )
    }

    @Test("a key path that does not resolve: caret rendering, status 2")
    func unresolved() {
        let result = Self.run(format: "bucket.nmae == 'Inbox'", changes: "rename-bucket")
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(
            result.error == """
                1:8: error: 'Bucket' has no property 'nmae'
                bucket.nmae == 'Inbox'
                       ^^^^
                note: did you mean 'name'?

                """)
    }

    @Test("a predicate that does not parse: status 2")
    func syntaxError() {
        let result = Self.run(format: "bucket.name ==", changes: "rename-bucket")
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("1:15: error:"))
    }

    @Test("a stale change set: every problem, status 2")
    func staleChangeSet() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "affected-stale-\(UUID().uuidString).json")
        try Data(#"{"Content": {"updated": [{"id": 3, "relationships": {"bucket": {"old": 2, "new": 9}}}]}}"#.utf8)
            .write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = Self.run(format: "bucket.name == 'x'", changes: file.path)
        #expect(result.status == 2)
        #expect(
            result.error == """
                \(file.path): Content 3, 'bucket': the change says the old destination is 2, but it is 1
                \(file.path): Content 3, 'bucket': no Bucket with id 9

                """)
    }

    @Test("a --sort key path follows the rule of every sort key: an attribute through to-one hops (status 2)")
    func sortRule() {
        let result = Self.run(format: "bucket.name == 'x'", changes: "move-content", extra: ["--sort", "bucket"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("1:1: error: the sort key 'bucket' ends on the relationship 'bucket'"))
    }

    @Test("an unreadable change set: status 1")
    func unreadable() {
        let result = Self.run(format: "bucket.name == 'x'", changes: "/nonexistent/changes.json")
        #expect(result.status == 1)
        #expect(result.error == "cannot read '/nonexistent/changes.json': no such file\n")
    }

    @Test("a missing option is a usage error")
    func usage() {
        let buffer = ToolIOBuffer()
        let status = PredicateTool.run(["affected", "--format", "a == 1"], io: buffer.io)
        #expect(status == 64)
        #expect(buffer.errorOutput.hasPrefix("predicate affected: missing required option '--schema'"))
    }
}
