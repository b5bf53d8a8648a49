import Foundation
import PredicateCLI
import Testing

/// `predicate resolve` and `predicate lint`, run in-process with a ``ToolIOBuffer``.
@Suite("CLI: resolve and lint")
struct ResolveLintCommandTests {
    /// `<package>/Samples`, found from this file's path.
    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // PredicateCLITests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Samples")
    static let bundle = samples.appendingPathComponent("ContentModel.xcdatamodeld").path
    static let version = samples.appendingPathComponent("ContentModel.xcdatamodeld/ContentModel.xcdatamodel").path
    static let contents = samples.appendingPathComponent("ContentModel.xcdatamodeld/ContentModel.xcdatamodel/contents")
        .path
    static let json = samples.appendingPathComponent("schema.json").path

    /// Runs the tool; returns (status, stdout, stderr).
    static func run(_ arguments: [String]) -> (Int32, String, String) {
        let buffer = ToolIOBuffer()
        let status = PredicateTool.run(arguments, io: buffer.io)
        return (status, buffer.output, buffer.errorOutput)
    }

    // MARK: - resolve

    /// (key path, entity, schema file, expected JSON written by hand)
    static let resolutions: [(String, String, String, String)] = [
        (
            "bucket.owner.name", "Content", bundle,
            """
            {"root": "Content", "keyPath": "bucket.owner.name", "collection": false,
             "hops": [
               {"sourceEntity": "Content", "sourceProperty": "bucket", "destinationEntity": "Bucket",
                "inverse": "contents", "toMany": false},
               {"sourceEntity": "Bucket", "sourceProperty": "owner", "destinationEntity": "User",
                "inverse": "buckets", "toMany": false}],
             "destination": {"kind": "attribute", "entity": "User", "property": "name", "type": "string",
                             "optional": false}}
            """
        ),
        (
            "contents.@sum.#size", "Bucket", json,
            """
            {"root": "Bucket", "keyPath": "contents.@sum.size", "collection": false,
             "hops": [{"sourceEntity": "Bucket", "sourceProperty": "contents", "destinationEntity": "Content",
                       "inverse": "bucket", "toMany": true}],
             "destination": {"kind": "aggregate", "operator": "@sum", "entity": "Content", "property": "size",
                             "type": "integer64"}}
            """
        ),
        (
            "contents.@count", "Bucket", version,
            """
            {"root": "Bucket", "keyPath": "contents.@count", "collection": false,
             "hops": [{"sourceEntity": "Bucket", "sourceProperty": "contents", "destinationEntity": "Content",
                       "inverse": "bucket", "toMany": true}],
             "destination": {"kind": "aggregate", "operator": "@count", "entity": "Content", "type": "integer64"}}
            """
        ),
        (
            "bucket.owner", "Content", contents,
            """
            {"root": "Content", "keyPath": "bucket.owner", "collection": false,
             "hops": [{"sourceEntity": "Content", "sourceProperty": "bucket", "destinationEntity": "Bucket",
                       "inverse": "contents", "toMany": false}],
             "destination": {"kind": "relationship", "entity": "Bucket", "property": "owner",
                             "destinationEntity": "User", "inverse": "buckets", "toMany": false, "optional": true}}
            """
        ),
        (
            "tags.name", "ImageContent", bundle,
            """
            {"root": "ImageContent", "keyPath": "tags.name", "collection": true,
             "hops": [{"sourceEntity": "ImageContent", "sourceProperty": "tags", "destinationEntity": "Tag",
                       "inverse": "contents", "toMany": true}],
             "destination": {"kind": "attribute", "entity": "Tag", "property": "name", "type": "string",
                             "optional": false}}
            """
        ),
        (
            "name", "ImageContent", json,
            """
            {"root": "ImageContent", "keyPath": "name", "collection": false, "hops": [],
             "destination": {"kind": "attribute", "entity": "ImageContent", "property": "name", "type": "string",
                             "optional": false}}
            """
        ),
    ]

    @Test("resolve --json prints the hops and the destination as JSON", arguments: resolutions)
    func resolve(keyPath: String, entity: String, schema: String, expected: String) throws {
        let (status, output, errors) = Self.run(["resolve", keyPath, "--schema", schema, "--entity", entity, "--json"])
        #expect(status == 0)
        #expect(errors.isEmpty)
        #expect(try JSONValue(output) == JSONValue(expected))
        #expect(output.hasSuffix("}\n"))
    }

    /// (key path, entity, the table and destination written by hand from the sample model)
    static let resolveTables: [(String, String, String)] = [
        (
            "bucket.owner.name", "Content",
            """
            Content.bucket.owner.name
            from            to      shape   inverse
            --------------  ------  ------  --------
            Content.bucket  Bucket  to-one  contents
            Bucket.owner    User    to-one  buckets
            destination: User.name, an attribute of type string

            """
        ),
        (
            "contents.@sum.#size", "Bucket",
            """
            Bucket.contents.@sum.size
            from             to       shape    inverse
            ---------------  -------  -------  -------
            Bucket.contents  Content  to-many  bucket
            destination: @sum of Content.size, of type integer64

            """
        ),
        (
            "tags.name", "ImageContent",
            """
            ImageContent.tags.name
            from               to   shape    inverse
            -----------------  ---  -------  --------
            ImageContent.tags  Tag  to-many  contents
            destination: Tag.name, an attribute of type string
            many values: compare them with ANY, ALL or NONE, or count them with @count

            """
        ),
        (
            "bucket.owner", "Content",
            """
            Content.bucket.owner
            from            to      shape   inverse
            --------------  ------  ------  --------
            Content.bucket  Bucket  to-one  contents
            destination: Bucket.owner, a to-one relationship to User (inverse buckets)

            """
        ),
        ("email", "User", "User.email\ndestination: User.email, an attribute of type string (optional)\n"),
    ]

    @Test("resolve prints a table of hops and the destination by default", arguments: resolveTables)
    func resolveTable(keyPath: String, entity: String, expected: String) {
        let (status, output, errors) = Self.run(["resolve", keyPath, "--schema", Self.bundle, "--entity", entity])
        #expect(status == 0)
        #expect(errors.isEmpty)
        #expect(output == expected)
    }

    @Test("resolve prints pretty JSON with sorted keys and an explicit null inverse")
    func resolveLayout() throws {
        let schema = try temporaryFile(
            "schema.json",
            """
            {"entities": [{"name": "A", "relationships": [{"name": "b", "destination": "B"}]},
                          {"name": "B", "attributes": [{"name": "x", "type": "double"}]}]}
            """)
        let (status, output, _) = Self.run(["resolve", "b.x", "--schema", schema, "--entity", "A", "--json"])
        #expect(status == 0)
        let keys = ["\"collection\"", "\"destination\"", "\"hops\"", "\"keyPath\"", "\"root\""]
        let positions = keys.compactMap { output.range(of: $0)?.lowerBound }
        #expect(positions.count == keys.count && positions == positions.sorted())
        #expect(output.contains("\n"))
        #expect(
            try JSONValue(output)
                == JSONValue(
                    """
                    {"root": "A", "keyPath": "b.x", "collection": false,
                     "hops": [{"sourceEntity": "A", "sourceProperty": "b", "destinationEntity": "B",
                               "inverse": null, "toMany": false}],
                     "destination": {"kind": "attribute", "entity": "B", "property": "x", "type": "double",
                                     "optional": false}}
                    """))
    }

    /// (arguments after `resolve`, status, standard error written by hand)
    static let resolveErrors: [([String], Int32, String)] = [
        (
            ["bucket.nmae", "--schema", bundle, "--entity", "Content"], 2,
            """
            1:8: error: 'Bucket' has no property 'nmae'
            bucket.nmae
                   ^^^^
            note: did you mean 'name'?

            """
        ),
        (
            ["bucket.name.first", "--schema", bundle, "--entity", "Content"], 2,
            """
            1:13: error: 'first' is a reserved word; write '#first' to use it as a key
            bucket.name.first
                        ^^^^^
            note: FIRST, LAST and SIZE select an element or the count only inside brackets: a[FIRST]

            """
        ),
        (
            ["name", "--schema", bundle, "--entity", "Contnet"], 2,
            "predicate resolve: no entity named 'Contnet'; did you mean 'Content'?\n"
        ),
    ]

    @Test("resolve errors: caret and did-you-mean on standard error, exit 2", arguments: resolveErrors)
    func resolveError(arguments: [String], status expected: Int32, errors expectedErrors: String) {
        let (status, output, errors) = Self.run(["resolve"] + arguments)
        #expect(status == expected)
        #expect(output.isEmpty)
        #expect(errors == expectedErrors)
    }

    @Test(
        "an unreadable schema exits 1, a malformed one 2 (the exit-status table); a missing option is a usage error (64)"
    )
    func resolveSchemaProblems() throws {
        let missing = Self.samples.appendingPathComponent("no-such-schema.json").path
        let (status, output, errors) = Self.run(["resolve", "name", "--schema", missing, "--entity", "Content"])
        #expect(status == 1)
        #expect(output.isEmpty)
        #expect(errors.hasPrefix("predicate resolve: \(missing): "))

        let malformed = try temporaryFile("contents", "<model><entity name=\"A\"></model>")
        #expect(Self.run(["resolve", "x", "--schema", malformed, "--entity", "A"]).0 == 2)
        #expect(Self.run(["lint", "x == 1", "--schema", malformed, "--entity", "A"]).0 == 2)

        #expect(Self.run(["resolve", "name", "--schema", Self.bundle]).0 == 64)
        #expect(Self.run(["lint", "--schema", Self.bundle, "--entity", "Content"]).0 == 64)
    }

    // MARK: - lint

    /// (format, entity, --arg values)
    static let cleanLints: [(String, String, [String])] = [
        ("ANY tags.name == 'swift' AND bucket.owner.name BEGINSWITH[c] %@", "Content", ["\"a\""]),
        ("contents.@count > 10 AND SUBQUERY(contents, $c, $c.#size > 1).@count > 0", "Bucket", []),
        ("width > 100 AND name == %@", "ImageContent", ["\"x\""]),
        ("creationDate > %@", "Content", ["{\"$date\": \"2020-01-01T00:00:00Z\"}"]),
    ]

    @Test("lint prints nothing and exits 0 for a valid predicate", arguments: cleanLints)
    func lintClean(format: String, entity: String, arguments: [String]) {
        let options = arguments.flatMap { ["--arg", $0] }
        let (status, output, errors) = Self.run(
            ["lint", format, "--schema", Self.bundle, "--entity", entity] + options)
        #expect(status == 0)
        #expect(output.isEmpty)
        #expect(errors.isEmpty)
    }

    /// (format, entity, --arg values, standard error written by hand)
    static let failingLints: [(String, String, [String], String)] = [
        (
            "bucket.nmae == 'Inbox' AND tags.name == 'swift'", "Content", [],
            """
            1:8: error: 'Bucket' has no property 'nmae'
            bucket.nmae == 'Inbox' AND tags.name == 'swift'
                   ^^^^
            note: did you mean 'name'?
            1:28: error: 'tags.name' is a to-many key path; use ANY, ALL, NONE, @count or SUBQUERY
            bucket.nmae == 'Inbox' AND tags.name == 'swift'
                                       ^^^^^^^^^
            note: for example: ANY tags.name == …

            """
        ),
        (
            "name == %@", "Content", ["42"],
            """
            1:1: error: cannot compare 'name' (a string) with 42 (an integer)
            name == %@
            ^^^^

            """
        ),
        (
            "%K == 'x'", "Content", ["\"bucket.nmae\""],
            """
            1:1: error: 'Bucket' has no property 'nmae'
            %K == 'x'
            ^^
            note: did you mean 'name'?

            """
        ),
        (
            "name == 'x'", "Contnet", [],
            "predicate lint: no entity named 'Contnet'; did you mean 'Content'?\n"
        ),
    ]

    @Test("lint prints every problem with its caret on standard error, exit 2", arguments: failingLints)
    func lintProblems(format: String, entity: String, arguments: [String], expected: String) {
        let options = arguments.flatMap { ["--arg", $0] }
        let (status, output, errors) = Self.run(
            ["lint", format, "--schema", Self.bundle, "--entity", entity] + options)
        #expect(status == 2)
        #expect(output.isEmpty)
        #expect(errors == expected)
    }

    @Test("lint reports a parse error like parse does, exit 2")
    func lintParseError() {
        let (status, output, errors) = Self.run(["lint", "name ==", "--schema", Self.bundle, "--entity", "Content"])
        let (parseStatus, _, parseErrors) = Self.run(["parse", "name =="])
        #expect(status == 2 && parseStatus == 2)
        #expect(output.isEmpty)
        #expect(errors == parseErrors)
        #expect(errors.hasPrefix("1:8: error: "))
    }

    /// Apple's argument rule: surplus arguments are ignored, and lint says so (exit status
    /// unchanged: 0 when the predicate is otherwise valid).
    @Test("lint warns about surplus arguments")
    func lintSurplusArguments() {
        let (status, output, errors) = Self.run(
            ["lint", "name == '%@'", "--arg", "\"Inbox\"", "--schema", Self.bundle, "--entity", "Bucket"])
        #expect(status == 0)
        #expect(output.isEmpty)
        #expect(
            errors == """
                1:1: warning: 1 argument given but the format uses 0; argument 1 is ignored
                name == '%@'
                ^^^^^^^^^^^^
                note: Apple ignores surplus arguments; quoted text such as '%@' is not a specifier

                """)
    }

    @Test("lint --json lists every problem with its position on standard output, exit 2")
    func lintJSON() throws {
        let (status, output, errors) = Self.run([
            "lint", "bucket.nmae == 'Inbox' AND tags.name == 'swift'", "--schema", Self.bundle, "--entity", "Content",
            "--json",
        ])
        #expect(status == 2)
        #expect(errors == "")
        #expect(
            try JSONValue(output)
                == JSONValue(
                    """
                    {"problems": [
                      {"severity": "error", "id": "unknown-key", "message": "'Bucket' has no property 'nmae'",
                       "line": 1, "column": 8, "start": 7, "end": 11, "notes": ["did you mean 'name'?"]},
                      {"severity": "error", "id": "to-many-not-allowed",
                       "message": "'tags.name' is a to-many key path; use ANY, ALL, NONE, @count or SUBQUERY",
                       "line": 1, "column": 28, "start": 27, "end": 36, "notes": ["for example: ANY tags.name == …"]}]}
                    """))
        let clean = Self.run(["lint", "name == 'x'", "--schema", Self.bundle, "--entity", "Tag", "--json"])
        #expect(clean.0 == 0)
        #expect(clean.1 == "{\"problems\":[]}\n")
    }

    @Test("help lists resolve and lint")
    func help() {
        let (status, output, _) = Self.run(["help"])
        #expect(status == 0)
        #expect(output.contains("  resolve   "))
        #expect(output.contains("  lint      "))
        #expect(Self.run(["resolve", "--help"]).1.hasPrefix("predicate resolve KEYPATH --schema FILE --entity NAME"))
    }

    // MARK: - Helpers

    /// Writes `text` to a fresh temporary folder as `name` and returns its path.
    func temporaryFile(_ name: String, _ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resolve-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }
}

/// Any JSON value, compared structurally (object key order and layout do not matter).
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses JSON text.
    init(_ text: String) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}
