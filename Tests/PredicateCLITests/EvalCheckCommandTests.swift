import Foundation
import Testing

@Suite("predicate eval")
struct EvalCommandTests {
    /// The names of the objects printed by `eval`, in order.
    private func names(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "\"name\":\"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    @Test(
        "filters the bundled sample people",
        arguments: [
            // Ages 53, 31, 59, 37 are over 30 with a "swift" tag (Samples/people.json, by hand).
            (["age > 30 AND ANY tags == 'swift'"], ["Frank", "Jana", "Nils", "René"]),
            // [cd]: "Émile" starts with an e once case and accents are folded.
            (["name BEGINSWITH[cd] 'e'"], ["Émile"]),
            (["address.city == %@", "--arg", "\"Montréal\""], ["Chloé", "Greta", "Karl", "Olga", "Sara"]),
            (["age > $MIN", "--var", "MIN=60"], ["Hana", "Olga"]),
            (["email == nil"], ["Dana", "Ivan", "Nils", "Sara"]),
            (["tags.@count == 0 AND score < 3"], ["Chloé", "Karl", "Sara"]),
        ])
    func filters(arguments: [String], expected: [String]) {
        let result = ToolRunner.inProcess(["eval"] + arguments + ["--data", "Samples/people.json"])
        #expect(result.errorOutput == "")
        #expect(result.status == 0)
        #expect(names(result.output) == expected)
    }

    @Test("no match prints an empty array")
    func empty() {
        let result = ToolRunner.inProcess(["eval", "age > 1000", "--data", "Samples/people.json"])
        #expect(result.status == 0)
        #expect(result.output == "[]\n")
    }

    @Test("errors: parse (2), compile (2), evaluation (1), unreadable file (1)")
    func errors() {
        let parse = ToolRunner.inProcess(["eval", "age >", "--data", "Samples/people.json"])
        #expect(parse.status == 2)
        #expect(parse.errorOutput.hasPrefix("1:6: error: expected an expression after '>'"))
        let compile = ToolRunner.inProcess(["eval", "FUNCTION(SELF, 'boom:')", "--data", "Samples/people.json"])
        #expect(compile.status == 2)
        let evaluation = ToolRunner.inProcess(["eval", "name > 3", "--data", "Samples/people.json"])
        #expect(evaluation.status == 1)
        #expect(evaluation.errorOutput.hasPrefix("error: object 0 of 'Samples/people.json': "))
        let missing = ToolRunner.inProcess(["eval", "a == 1", "--data", "no/such/file.json"])
        #expect(missing.status == 1)
        #expect(missing.errorOutput == "cannot read 'no/such/file.json'\n")
    }

    @Test("usage mistakes exit 64")
    func usage() {
        #expect(ToolRunner.inProcess(["eval", "a == 1"]).status == 64)
        #expect(ToolRunner.inProcess(["eval", "a == 1", "--data", "x", "--var", "NOEQUALS"]).status == 64)
        #expect(ToolRunner.inProcess(["eval", "a == %@", "--data", "x", "--arg", "[1,"]).status == 64)
    }

    @Test("the built executable filters the sample data end to end")
    func endToEnd() throws {
        let result = try ToolRunner.process(["eval", "age >= 60", "--data", "Samples/people.json"])
        #expect(result.status == 0)
        #expect(names(result.output) == ["Greta", "Hana", "Olga"])
    }
}

@Suite("predicate check (JSON Lines protocol)")
struct CheckCommandTests {
    static let input = [
        #"{"id": 1, "format": "name BEGINSWITH[c] %@", "args": ["a"], "object": {"name": "Anna"}}"#,
        #"{"id": "two", "format": "SELF > 3", "object": 5}"#,
        #"{"id": 3, "format": "ALL SELF > 1", "object": []}"#,
        #"{"id": 4, "format": "SELF CONTAINS 'b'", "object": "abc"}"#,
        #"{"id": 5, "format": "SELF == nil", "object": null}"#,
        #"{"id": 6, "format": "ANY SELF == 2", "object": [1, 2, 3]}"#,
        "",
        "not json",
        #"{"id": 7, "format": "a ==", "object": {}}"#,
        #"{"id": 8, "format": "SELF > 3", "object": "text"}"#,
        #"{"id": 9, "format": "d > %@", "args": [{"$date": "2001-01-01T00:00:00Z"}], "object": {"d": {"$date": "2001-01-02T00:00:00Z"}}}"#,
        #"{"id": 10, "format": "x == $V", "vars": {"V": 2.0}, "object": {"x": 2}}"#,
        #"{"id": 11}"#,
    ]

    /// Written by hand from the protocol in DESIGN.md and Apple's rules for each case.
    static let expected = [
        #"{"id":1,"canonical":"name BEGINSWITH[c] \"a\"","result":true,"error":null}"#,
        #"{"id":"two","canonical":"SELF > 3","result":true,"error":null}"#,
        #"{"id":3,"canonical":"ALL SELF > 1","result":true,"error":null}"#,
        #"{"id":4,"canonical":"SELF CONTAINS \"b\"","result":true,"error":null}"#,
        #"{"id":5,"canonical":"SELF == nil","result":true,"error":null}"#,
        #"{"id":6,"canonical":"ANY SELF == 2","result":true,"error":null}"#,
        #"{"id":null,"canonical":null,"result":null,"error":"line 8: not valid JSON: expected 'null' at byte 1"}"#,
        #"{"id":7,"canonical":null,"result":null,"error":"parse error: 1:5: expected an expression after '==', found the end of the input"}"#,
        #"{"id":8,"canonical":"SELF > 3","result":null,"error":"evaluation error: cannot order \"text\" (string) against 3 (number)"}"#,
        #"{"id":9,"canonical":"d > CAST(0.000000, \"NSDate\")","result":true,"error":null}"#,
        #"{"id":10,"canonical":"x == $V","result":true,"error":null}"#,
        #"{"id":null,"canonical":null,"result":null,"error":"line 13: \"format\" must be a string"}"#,
    ]

    @Test("answers one line per case and never stops at a bad line", arguments: ["compiled", "interpreter"])
    func protocolAnswers(engine: String) {
        let result = ToolRunner.inProcess(["check", "--engine", engine], input: Self.input)
        #expect(result.status == 0)
        #expect(result.errorOutput == "")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines == Self.expected + [""])
    }

    @Test("the built executable answers on standard input")
    func endToEnd() throws {
        let result = try ToolRunner.process(["check"], input: Self.input.joined(separator: "\n") + "\n")
        #expect(result.status == 0)
        #expect(result.output == Self.expected.joined(separator: "\n") + "\n")
    }
}

@Suite("predicate eval on an object graph")
struct EvalGraphCommandTests {
    static let graph = [
        "--schema", "Samples/ContentModel.xcdatamodeld", "--graph", "Samples/graph.json", "--entity", "Content",
    ]

    @Test("prints the matching objects with their entity, id, attributes and relationships")
    func matches() {
        let result = ToolRunner.inProcess(["eval", "bucket.name == 'Inbox' AND #size > 100"] + Self.graph)
        #expect(result.errorOutput == "")
        #expect(result.status == 0)
        // Contents 1 and 3 are in Bucket 1 ("Inbox") with sizes 120 and 560 (Samples/graph.json).
        #expect(
            result.output == """
                [
                  {"entity":"Content","id":1,"bucket":1,"creationDate":{"$date":"2024-02-01T10:00:00Z"},"name":"notes.txt","owner":1,"size":120,"tags":[1]},
                  {"entity":"Content","id":3,"bucket":1,"creationDate":{"$date":"2024-02-03T10:00:00Z"},"name":"plan.pdf","owner":2,"size":560,"tags":[1,3]}
                ]

                """)
    }

    @Test("sub-entities are included, with their own attributes")
    func subEntities() {
        let result = ToolRunner.inProcess(["eval", "owner.name == %@", "--arg", "\"Cleo\""] + Self.graph)
        #expect(result.status == 0)
        #expect(result.output.contains(#"{"entity":"ImageContent","id":5,"#))
        #expect(result.output.contains(#""width":1200"#))
        #expect(result.output.contains(#"{"entity":"Content","id":6,"#))
    }

    @Test("a key that is not in the schema is pointed at (status 2); --data and --graph do not mix (64)")
    func errors() {
        let unknown = ToolRunner.inProcess(["eval", "bucket.nmae == 'Inbox'"] + Self.graph)
        #expect(unknown.status == 2)
        #expect(
            unknown.errorOutput == """
                1:8: error: 'Bucket' has no property 'nmae'
                bucket.nmae == 'Inbox'
                       ^^^^
                note: did you mean 'name'?

                """)
        let mixed = ToolRunner.inProcess(["eval", "TRUEPREDICATE", "--data", "Samples/people.json"] + Self.graph)
        #expect(mixed.status == 64)
    }
}
