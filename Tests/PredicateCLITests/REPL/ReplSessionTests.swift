import Foundation
import Testing

@testable import PredicateCLI

/// The REPL session without a terminal: lines in, replies out. Every expected table is
/// written by hand from Samples/graph.json (the bundled sample); the clock is stopped, so
/// every query takes 0.0 ms.
@Suite("REPL: session")
struct ReplSessionTests {
    static let samples = ToolRunner.packageRoot.appendingPathComponent("Samples")
    static func sample(_ name: String) -> String { samples.appendingPathComponent(name).path }

    /// A session on the bundled sample with a stopped clock.
    static func session() throws -> ReplSession {
        try ReplSession.bundledSample(clock: { 0 })
    }

    /// Feeds `lines` and returns everything printed.
    static func transcript(_ lines: [String], session: inout ReplSession) -> String {
        lines.map { session.handle($0).text }.joined() + session.finish().text
    }

    static func run(_ lines: String...) throws -> String {
        var session = try session()
        return transcript(lines, session: &session)
    }

    // MARK: - Predicates

    @Test("a predicate prints the matching objects as a table, then the count and the time")
    func table() throws {
        #expect(
            try Self.run("bucket.name == 'Inbox' AND #size > 100") == """
                id  entity   creationDate          name       size  bucket  owner  tags
                --  -------  --------------------  ---------  ----  ------  -----  -------
                1   Content  2024-02-01T10:00:00Z  notes.txt  120   Inbox   Ann    work
                3   Content  2024-02-03T10:00:00Z  plan.pdf   560   Inbox   Ben    work, x
                2 objects (0.0 ms)

                """)
    }

    @Test("relationships show their targets' names; nil stays visible; long cells are cut with …")
    func cells() throws {
        #expect(
            try Self.run(":entity User", "name == 'Ben'") == """
                entity User (3 objects)
                id  email  name  buckets  contents
                --  -----  ----  -------  ----------------------------
                2   nil    Ben   Photos   beach.png, plan.pdf, beach-…
                1 object (0.0 ms)

                """)
    }

    @Test("an empty result prints the count only")
    func empty() throws {
        #expect(try Self.run("name == 'nothing'") == "0 objects (0.0 ms)\n")
    }

    @Test("sub-entities are included and the entity column names each object's entity")
    func subentities() throws {
        #expect(
            try Self.run(":entity ImageContent", "width >= 800") == """
                entity ImageContent (3 objects)
                id  entity        creationDate          name       size  height  width  bucket   owner  tags
                --  ------------  --------------------  ---------  ----  ------  -----  -------  -----  ----------
                2   ImageContent  2024-02-02T10:00:00Z  beach.png  2048  600     800    Photos   Ben    holiday, x
                5   ImageContent  2024-02-05T10:00:00Z  scan.jpg   900   1600    1200   Archive  Cleo
                2 objects (0.0 ms)

                """)
    }

    // MARK: - Errors

    @Test(
        "errors print as eval prints them, and the session goes on",
        arguments: [
            (
                "a == )",
                """
                1:6: error: expected an expression after '==', found ')'
                a == )
                     ^

                """
            ),
            (
                "bucket.nmae == 'Inbox'",
                """
                1:8: error: 'Bucket' has no property 'nmae'
                bucket.nmae == 'Inbox'
                       ^^^^
                note: did you mean 'name'?

                """
            ),
            (":lod x", "error: unknown command ':lod'; did you mean ':load'? (:help lists the commands)\n"),
            (":ent", "error: ':ent' is ambiguous: :entity, :entities\n"),
            (":entity Usr", "error: no entity named 'Usr'; did you mean 'User'?\n"),
            (":limit x", "error: 'x': expected a number ≥ 0, or none\n"),
            (":let 1x = 2", "error: '1x' is not a variable name: use letters, digits and _, e.g. :let MIN = 100\n"),
            (":tree", "error: no predicate yet; type one first, e.g. bucket.name == 'Inbox'\n"),
            (":canonical", "error: no predicate yet; type one first, e.g. bucket.name == 'Inbox'\n"),
            (":explain", "error: no predicate yet; type one first, e.g. bucket.name == 'Inbox'\n"),
            (
                ":sort tags",
                """
                1:1: error: the sort key 'tags' goes through the to-many relationship 'tags'
                tags
                ^^^^
                note: sort keys and section key paths reach an attribute through to-one relationships

                """
            ),
            (
                ":sort bucket desc",
                """
                1:1: error: the sort key 'bucket' ends on the relationship 'bucket', not an attribute
                bucket
                ^^^^^^
                note: sort keys and section key paths end in an attribute, e.g. bucket.name

                """
            ),
            (
                ":sort nmae",
                """
                1:1: error: 'Content' has no property 'nmae'
                nmae
                ^^^^
                note: did you mean 'name'?

                """
            ),
        ])
    func errors(line: String, expected: String) throws {
        var session = try Self.session()
        let reply = session.handle(line)
        #expect(reply.text == expected)
        #expect(reply.isError)
        #expect(session.handle("name == 'todo.txt'").text.hasSuffix("1 object (0.0 ms)\n"))
    }

    @Test("bad JSON in :let and :args names the value")
    func badJSON() throws {
        var session = try Self.session()
        let variable = session.handle(":let X = nope")
        #expect(variable.isError)
        #expect(variable.text.hasPrefix("error: bad JSON for $X: "))
        let argument = session.handle(":args 1 nope")
        #expect(argument.isError)
        #expect(argument.text.hasPrefix("error: bad JSON in argument 2 'nope': "))
    }

    @Test("files that cannot be read, an object graph without a schema, nothing loaded")
    func loading() throws {
        var session = try Self.session()
        #expect(
            session.handle(":load /no/such/file.json").text == "error: cannot read '/no/such/file.json': no such file\n"
        )
        #expect(session.handle(":schema /no/such/model.json").isError)
        #expect(session.handle(":apply /no/such/changes.json").text == "error: cannot read '/no/such/changes.json'\n")
        var bare = ReplSession(schema: nil, schemaName: nil, objects: .none, entity: nil, clock: { 0 })
        #expect(
            bare.handle("name == 'x'").text
                == "error: nothing is loaded; :load FILE loads a JSON array or an object graph\n")
        #expect(
            bare.handle(":load \(Self.sample("graph.json"))").text
                == "error: '\(Self.sample("graph.json"))' is an object graph; load its schema first with :schema FILE\n"
        )
        #expect(bare.handle(":entities").text == "error: no schema is loaded; load one with :schema FILE\n")
    }

    // MARK: - Commands

    @Test(":help lists every command with one line, then what is loaded")
    func help() throws {
        let text = try Self.run(":help")
        for command in ReplCommand.all {
            #expect(text.contains("  :" + command.name), "\(command.name)")
        }
        #expect(text.hasPrefix("Commands (a unique prefix is enough: :q is :quit):\n  :help   "))
        #expect(
            text.hasSuffix(
                """
                Any other line is a predicate on the objects of the current entity,
                e.g. bucket.name == "Inbox" AND ANY tags.name == "work".
                A key that is a reserved word takes a # (#size, #in).
                Loaded: schema ContentModel.xcdatamodeld (bundled), 15 objects from graph.json (bundled), entity Content.

                """))
    }

    @Test(":entities shows the model at a glance, the current entity marked")
    func entities() throws {
        #expect(
            try Self.run(":entities") == """
                Bucket
                  creationDate  date
                  name          string
                  contents      → Content (to-many, inverse bucket)
                  owner         → User (to-one, inverse buckets)
                Content  *
                  creationDate  date
                  name          string
                  size          integer64
                  bucket        → Bucket (to-one, inverse contents)
                  owner         → User (to-one, inverse contents)
                  tags          → Tag (to-many, inverse contents)
                ImageContent : Content
                  height  integer32
                  width   integer32
                Tag
                  name      string
                  contents  → Content (to-many, inverse tags)
                ThumbnailContent : ImageContent
                  maxPixelSize  integer16
                User
                  email     string?
                  name      string
                  buckets   → Bucket (to-many, inverse owner)
                  contents  → Content (to-many, inverse owner)

                """)
    }

    @Test(":let sets, lists and unsets $variables")
    func variables() throws {
        var session = try Self.session()
        #expect(session.handle(":let").text == "no variables; set one with :let NAME = JSON\n")
        #expect(session.handle(":let MIN = 600").text == "$MIN = 600\n")
        #expect(session.handle(":let $NAME = \"Ann\"").text == "$NAME = \"Ann\"\n")
        #expect(session.handle(":let").text == "$MIN = 600\n$NAME = \"Ann\"\n")
        // beach.png (2048, Ben) and scan.jpg (900, Cleo); plan.pdf is 560.
        #expect(session.handle("#size > $MIN AND owner.name != $NAME").text.hasSuffix("\n2 objects (0.0 ms)\n"))
        #expect(session.handle(":let MIN =").text == "$MIN unset\n")
        let missing = session.handle("#size > $MIN")
        #expect(missing.isError)
        #expect(missing.text.hasSuffix("note: set it with :let NAME = JSON\n"))
    }

    @Test(":args gives the values of %@ and %K in order; nothing clears them")
    func arguments() throws {
        var session = try Self.session()
        #expect(session.handle(":args \"name\", \"todo.txt\"").text == "arguments: 1: \"name\", 2: \"todo.txt\"\n")
        #expect(session.handle("%K == %@").text.hasSuffix("\n1 object (0.0 ms)\n"))
        #expect(session.handle(":args").text == "no arguments\n")
        let missing = session.handle("name == %@")
        #expect(missing.isError)
        #expect(missing.text.hasPrefix("1:9: error: "))
    }

    /// The canonical form wraps a nested compound in parentheses, as Apple's printer does.
    @Test(":tree and :canonical show the last predicate that parsed")
    func treeAndCanonical() throws {
        #expect(
            try Self.run("name ==[c] 'x' OR NOT tags.@count > 1", ":tree", ":canonical")
                .hasSuffix(
                    """
                    or
                      ==[c]
                        (key name)
                        "x"
                      not
                        >
                          (key tags.@count)
                          1
                    name ==[c] "x" OR (NOT tags.@count > 1)

                    """))
    }

    @Test(":explain: key paths with hops, folded constants, variables and dependencies")
    func explain() throws {
        #expect(
            try Self.run(":let LIMIT = 1", "bucket.name == 'Inbox' AND #size > 10 * 10 + $LIMIT", ":explain")
                .hasSuffix(
                    """
                    predicate: bucket.name == "Inbox" AND #size > (10 * 10) + $LIMIT   (on Content)
                    key paths:
                      bucket.name  Content.bucket → Bucket (to-one, inverse contents); Bucket.name: string
                      size         Content.size: integer64
                    folded constants:
                      (10 * 10) + $LIMIT → 101
                    variables: $LIMIT = 1
                    dependencies (a change to these can alter the rows):
                      Bucket.contents          membership
                      Bucket.name              membership
                      Content.bucket           membership
                      Content.size             membership
                      ImageContent.bucket      membership
                      ImageContent.size        membership
                      ThumbnailContent.bucket  membership
                      ThumbnailContent.size    membership

                    """))
    }

    @Test(":sort orders the rows, :limit cuts them, none clears both")
    func sortAndLimit() throws {
        #expect(
            try Self.run(":sort #size desc", ":limit 2", "bucket.name != 'Inbox'", ":limit none", ":sort none", ":sort")
                == """
                sort: size:desc
                limit 2
                id  entity        creationDate          name       size  bucket   owner  tags
                --  ------------  --------------------  ---------  ----  -------  -----  ----------
                2   ImageContent  2024-02-02T10:00:00Z  beach.png  2048  Photos   Ben    holiday, x
                5   ImageContent  2024-02-05T10:00:00Z  scan.jpg   900   Archive  Cleo
                2 objects (0.0 ms, limit 2)
                no limit
                sort: by id
                sort: by id

                """)
    }

    @Test(":apply applies a change set and prints the diff of the current query and the new rows")
    func apply() throws {
        let changes = Self.sample("changes/move-content.json")
        #expect(
            try Self.run("bucket.name == 'Inbox'", ":apply \(changes)").hasSuffix(
                """
                applied \(changes):
                  removed  3  plan.pdf  (row 2)
                id  entity   creationDate          name       size  bucket  owner  tags
                --  -------  --------------------  ---------  ----  ------  -----  ----
                1   Content  2024-02-01T10:00:00Z  notes.txt  120   Inbox   Ann    work
                6   Content  2024-02-06T10:00:00Z  todo.txt   40    Inbox   Cleo
                2 objects (0.0 ms)

                """))
    }

    @Test(":apply keeps the change: the next query sees the moved object")
    func applyKeeps() throws {
        let changes = Self.sample("changes/move-content.json")
        let text = try Self.run(":apply \(changes)", "bucket.name == 'Photos'")
        #expect(text.hasSuffix("3 objects (0.0 ms)\n"))
        // The entity column is as wide as ThumbnailContent (beach-thumb.png is in Photos).
        #expect(text.contains("\n3   Content           2024-02-03T10:00:00Z  plan.pdf"))
    }

    @Test(":schema loads another schema and keeps the graph when it fits; :entity changes the entity")
    func schema() throws {
        var session = try Self.session()
        #expect(
            session.handle(":schema \(Self.sample("schema.json"))").text
                == "loaded the schema \(Self.sample("schema.json")): 6 entities; entity Content\n")
        #expect(session.handle(":entity Tag").text == "entity Tag (3 objects)\n")
        #expect(session.handle(":entity").text.hasPrefix("entity Tag (of "))
    }

    @Test(":quit ends the session")
    func quit() throws {
        var session = try Self.session()
        #expect(session.handle(":quit").quits)
        #expect(session.handle(":q").quits)
    }

    // MARK: - A JSON array

    @Test("a JSON array: # and the keys as columns, sorted and limited")
    func data() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("repl-data-\(UUID().uuidString).json")
        try Data(
            #"[{"id": 1, "name": "Ann", "age": 31}, {"id": 2, "name": "Ben", "age": 25}, {"name": "Cy", "age": 40, "tags": ["x"]}]"#
                .utf8
        ).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var session = try Self.session()
        #expect(session.handle(":load \(file.path)").text == "loaded 3 objects from \(file.path) (a JSON array)\n")
        #expect(
            session.handle("age > 30").text == """
                #  id  age  name  tags
                -  --  ---  ----  -----
                0  1   31   Ann
                2      40   Cy    ["x"]
                2 objects (0.0 ms)

                """)
        _ = session.handle(":sort age desc")
        _ = session.handle(":limit 1")
        #expect(
            session.handle("age > 30").text == """
                #  age  name  tags
                -  ---  ----  -----
                2  40   Cy    ["x"]
                1 object (0.0 ms, limit 1)

                """)
        #expect(session.handle("age > 'x'").isError)
    }

    // MARK: - Multi-line input

    @Test("an open parenthesis asks for more lines; the whole input is evaluated")
    func multiLine() throws {
        var session = try Self.session()
        let first = session.handle("name == 'notes.txt' OR (")
        #expect(first.needsMore && first.text.isEmpty)
        #expect(session.isContinuing)
        let second = session.handle("  name == \"todo.txt\"")
        #expect(second.needsMore)
        let last = session.handle(")")
        #expect(!last.needsMore && !session.isContinuing)
        #expect(last.text.hasSuffix("2 objects (0.0 ms)\n"))
    }

    @Test("an input still open at the end is evaluated and reports what is missing")
    func openAtEnd() throws {
        var session = try Self.session()
        #expect(session.handle("name == 'x' AND (#size > 3").needsMore)
        #expect(
            session.finish().text == """
                1:27: error: expected ')' to close '(', found the end of the input
                name == 'x' AND (#size > 3
                                          ^
                note: the '(' opened here at 1:17

                """)
    }

    @Test("Control-C drops an open input")
    func cancel() throws {
        var session = try Self.session()
        _ = session.handle("name == (")
        session.cancelInput()
        #expect(!session.isContinuing)
        #expect(session.handle("name == 'x'").text == "0 objects (0.0 ms)\n")
    }

    @Test(
        "InputCompleteness: brackets and quotes",
        arguments: [
            ("name == 'x' AND (size > 3", true), ("name IN {'a',", true), ("name == \"it's", true),
            ("name == 'x')", false), ("name == 'a\\'", true), ("name == 'a\\''", false), ("a[0] == 1", false),
            ("(a == 1) AND (", true), ("", false),
        ])
    func completeness(text: String, open: Bool) {
        #expect(InputCompleteness.isOpen(text) == open)
    }
}
