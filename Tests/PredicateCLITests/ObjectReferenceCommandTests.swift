import Foundation
import Testing

@testable import PredicateCLI

/// Objects as arguments on the command line and in the REPL: `--arg '{"$ref": …}'` for eval
/// on a graph, sql, query, watch, affected and check, and the REPL's `:args`. Expected output
/// worked out by hand from Samples/graph.json (Bucket 1 holds Contents 1, 3, 6; Bucket 2 holds
/// 2 and 4; Tag 3 is on Contents 2 and 3).
@Suite("Objects as arguments: the command line and the REPL", .serialized)
struct ObjectReferenceCommandTests {
    static let graph = [
        "--schema", "Samples/ContentModel.xcdatamodeld", "--graph", "Samples/graph.json", "--entity", "Content",
    ]
    static let bucket1 = #"{"$ref": {"entity": "Bucket", "id": 1}}"#
    static let bucket2 = #"{"$ref": {"entity": "Bucket", "id": 2}}"#
    static let tag3 = #"{"$ref": {"entity": "Tag", "id": 3}}"#

    /// The `id`s of the objects `eval` printed.
    static func ids(_ output: String) throws -> [Int] {
        let objects = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
        return objects.compactMap { $0["id"] as? Int }
    }

    @Test(
        "eval --graph with a reference argument",
        arguments: [
            ("bucket == %@", [bucket1], [1, 3, 6]),
            ("bucket != %@", [bucket1], [2, 4, 5]),
            ("ANY tags == %@", [tag3], [2, 3]),
            (
                "SELF IN %@",
                [#"[{"$ref": {"entity": "Content", "id": 1}}, {"$ref": {"entity": "ImageContent", "id": 4}}]"#], [1, 4]
            ),
            ("SUBQUERY(tags, $t, $t == %@).@count > 0 AND bucket == %@", [tag3, bucket2], [2]),
            ("bucket == %@", [#"{"$ref": {"entity": "Bucket", "id": 99}}"#], []),
        ])
    func eval(format: String, arguments: [String], expected: [Int]) throws {
        let result = ToolRunner.inProcess(["eval", format] + Self.graph + arguments.flatMap { ["--arg", $0] })
        #expect(result.errorOutput == "")
        #expect(result.status == 0)
        #expect(try Self.ids(result.output) == expected)
    }

    @Test("a type error is refused with exit status 2 and a caret; a malformed $ref is a usage error (64)")
    func refusals() {
        let numbers = ToolRunner.inProcess(["eval", "SELF IN %@"] + Self.graph + ["--arg", "[1, 2]"])
        #expect(numbers.status == 2)
        #expect(
            numbers.errorOutput == """
                1:9: error: {1, 2} (a collection of integers) can never contain SELF (a 'Content' object)
                SELF IN %@
                        ^^
                note: an object compares with nil or a reference to a 'Content': an ObjectID in Swift, {"$ref": {"entity": "Content", "id": …}} in JSON

                """)
        let tag = ToolRunner.inProcess(["eval", "bucket == %@"] + Self.graph + ["--arg", Self.tag3])
        #expect(tag.status == 2)
        #expect(
            tag.errorOutput == """
                1:1: error: cannot compare 'bucket' (a 'Bucket' object) with <x-coredata:///Tag/p3> (a 'Tag' object)
                bucket == %@
                ^^^^^^
                note: a 'Tag' is never a 'Bucket'

                """)
        let malformed = ToolRunner.inProcess(["eval", "bucket == %@"] + Self.graph + ["--arg", #"{"$ref": 2}"#])
        #expect(malformed.status == 64)
        #expect(
            malformed.errorOutput.hasPrefix(
                #"predicate eval: --arg {"$ref": 2}: "$ref" needs an object {"entity": "Bucket", "id": 2}, got the number 2"#
            ))
    }

    @Test("sql binds the key: no join, the value only in the bindings (standard and Core Data mappings)")
    func sql() {
        let standard = ToolRunner.inProcess(
            [
                "sql", "bucket == %@", "--schema", "Samples/ContentModel.xcdatamodeld", "--entity", "Content", "--arg",
                Self.bucket2,
            ])
        #expect(standard.status == 0)
        #expect(
            standard.output
                == #"{"sql": "SELECT \"t0\".\"id\" FROM \"Content\" AS \"t0\" WHERE \"t0\".\"bucket_id\" = ? ORDER BY \"t0\".\"id\"", "bindings": [2]}"#
                + "\n")
        let coreData = ToolRunner.inProcess(
            [
                "sql", "%@ IN tags", "--schema", "Samples/ContentModel.xcdatamodeld", "--entity", "Content", "--arg",
                Self.tag3, "--mapping", "coredata", "--dialect", "postgres",
            ])
        #expect(coreData.status == 0)
        #expect(
            coreData.output
                == #"{"sql": "SELECT \"t0\".\"Z_PK\" FROM \"ZCONTENT\" AS \"t0\" WHERE EXISTS (SELECT 1 FROM \"Z_2TAGS\" AS \"t2\" WHERE \"t2\".\"Z_2CONTENTS\" = \"t0\".\"Z_PK\" AND \"t2\".\"Z_5TAGS\" = $1) ORDER BY \"t0\".\"Z_PK\"", "bindings": [3]}"#
                + "\n")
    }

    @Test("query answers from a database as eval does")
    func query() {
        let path = SQLCommandTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let model = ["--schema", "Samples/ContentModel.xcdatamodeld"]
        #expect(
            ToolRunner.inProcess(["db", "create", "--graph", "Samples/graph.json", "--db", path] + model).status == 0)
        let query = ToolRunner.inProcess(
            [
                "query", "ANY tags == %@ OR bucket == %@", "--entity", "Content", "--db", path, "--arg", Self.tag3,
                "--arg", Self.bucket1,
            ]
                + model)
        #expect(query.errorOutput == "")
        #expect(query.output == "[1, 2, 3, 6]\n")
    }

    @Test("watch: a Content moved out of the Bucket is removed; renaming the Bucket changes nothing")
    func watch() {
        let result = ToolRunner.inProcess(
            ["watch"] + Self.graph + [
                "--format", "bucket == %@", "--arg", Self.bucket1, "--changes", "Samples/changes/move-content.json",
                "--changes", "Samples/changes/rename-bucket.json",
            ])
        #expect(result.status == 0)
        #expect(
            result.output == """
                {"step":0,"rows":[1,3,6]}
                {"step":1,"changes":"Samples/changes/move-content.json","removed":[[1,3]],"inserted":[],"moved":[],"updated":[],"sectionsRemoved":[],"sectionsInserted":[],"rows":[1,6]}
                {"step":2,"changes":"Samples/changes/rename-bucket.json","removed":[],"inserted":[],"moved":[],"updated":[],"sectionsRemoved":[],"sectionsInserted":[],"rows":[1,6]}

                """)
    }

    @Test(
        "affected: bucket == %@ depends on the relationship only",
        arguments: [
            ("rename-bucket", #"{"reevaluate": [], "refresh": []}"#),
            ("move-content", #"{"reevaluate": [3], "refresh": []}"#),
        ])
    func affected(changes: String, expected: String) {
        let result = AffectedCommandTests.run(format: "bucket == %@", changes: changes, extra: ["--arg", Self.bucket1])
        #expect(result.error == "")
        #expect(result.status == 0)
        #expect(result.output == expected + "\n")
    }

    @Test("check: references in args and in the object compare; the canonical text prints them")
    func check() {
        let result = ToolRunner.inProcess(
            ["check"],
            input: [
                #"{"id": "a", "format": "owner == %@", "args": [{"$ref": {"entity": "User", "id": 1}}], "object": {"owner": {"$ref": {"entity": "User", "id": 1}}}}"#,
                #"{"id": "b", "format": "SELF IN %@", "args": [[{"$ref": {"entity": "User", "id": "u1"}}]], "object": {"$ref": {"entity": "User", "id": 1}}}"#,
            ])
        #expect(result.status == 0)
        #expect(
            result.output == """
                {"id":"a","canonical":"owner == <x-coredata:///User/p1>","result":true,"error":null}
                {"id":"b","canonical":"SELF IN {<x-coredata:///User/\\"u1\\">}","result":false,"error":null}

                """)
    }

    @Test("the REPL's :args takes references; the canonical form prints them; a type error is shown")
    func repl() throws {
        var session = try ReplSessionTests.session()
        #expect(
            session.handle(":args " + Self.tag3).text == #"arguments: 1: {"$ref":{"entity":"Tag","id":3}}"# + "\n")
        let matches = session.handle("ANY tags == %@")
        #expect(!matches.isError)
        #expect(matches.text.hasSuffix("\n2 objects (0.0 ms)\n"))
        #expect(session.handle(":canonical").text == "ANY tags == <x-coredata:///Tag/p3>\n")
        let refused = session.handle("bucket == %@")
        #expect(refused.isError)
        #expect(
            refused.text.hasPrefix(
                "1:1: error: cannot compare 'bucket' (a 'Bucket' object) with <x-coredata:///Tag/p3>"))
        let bad = session.handle(#":args {"$ref": {"entity": "Tag"}}"#)
        #expect(bad.isError)
        #expect(
            bad.text
                == #"error: bad JSON in argument 1 '{"$ref": {"entity": "Tag"}}': "$ref" needs "id": the object's key, an integer or a string"#
                + "\n")
    }
}
