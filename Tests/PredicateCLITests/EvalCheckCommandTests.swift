import Foundation
import Testing

@testable import PredicateCLI

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
        #expect(missing.errorOutput == "cannot read 'no/such/file.json': no such file\n")
    }

    @Test("usage mistakes exit 64")
    func usage() {
        #expect(ToolRunner.inProcess(["eval", "a == 1"]).status == 64)
        #expect(ToolRunner.inProcess(["eval", "a == 1", "--data", "x", "--var", "NOEQUALS"]).status == 64)
        #expect(ToolRunner.inProcess(["eval", "a == %@", "--data", "x", "--arg", "[1,"]).status == 64)
    }

    @Test("non-finite doubles print as {\"$double\": …} tags, never as null")
    func nonFinite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("eval-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data.json")
        try Data(#"[{"a": {"$double": "inf"}, "b": {"$double": "-inf"}, "c": {"$double": "nan"}}, {"a": 1}]"#.utf8)
            .write(to: data)
        let result = ToolRunner.inProcess(["eval", "a > 1e308", "--data", data.path])
        #expect(result.status == 0)
        #expect(
            result.output
                == "[\n  {\"a\":{\"$double\":\"inf\"},\"b\":{\"$double\":\"-inf\"},\"c\":{\"$double\":\"nan\"}}\n]\n")
    }

    @Test("a data file read as it is filtered still reports a later syntax error before an earlier evaluation error")
    func streamedErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("eval-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data.json")
        try Data(#"[{"a": "s"}, {"a": 1}, {"a": 2} {"a": 3}]"#.utf8).write(to: data)
        let syntax = ToolRunner.inProcess(["eval", "a > 1", "--data", data.path])
        #expect(syntax.status == 2)
        #expect(syntax.errorOutput == "'\(data.path)': line 1, column 33: expected ',' or ']', found '{'\n")
        try Data(#"[{"a": 5}, {"a": "s"}, {"a": 2}]"#.utf8).write(to: data)
        let evaluation = ToolRunner.inProcess(["eval", "a > 1", "--data", data.path])
        #expect(evaluation.status == 1)
        #expect(evaluation.errorOutput.hasPrefix("error: object 1 of '\(data.path)': "))
        try Data(#"{"a": 5}"#.utf8).write(to: data)
        let object = ToolRunner.inProcess(["eval", "a > 1", "--data", data.path])
        #expect(object.status == 2)
        #expect(object.errorOutput == "'\(data.path)' must hold a JSON array of objects\n")
        try Data(#"[{"a": 5}, {"a": 0}, {"a": 7}]"#.utf8).write(to: data)
        let matches = ToolRunner.inProcess(["eval", "a > 1", "--data", data.path])
        #expect(matches.output == "[\n  {\"a\":5},\n  {\"a\":7}\n]\n")
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
        #"{"id":null,"canonical":null,"result":null,"error":"line 8: not valid JSON: line 1, column 2: expected 'null', found 'o'"}"#,
        #"{"id":7,"canonical":null,"result":null,"error":"parse error: 1:5: expected an expression after '==', found the end of the input"}"#,
        #"{"id":8,"canonical":"SELF > 3","result":null,"error":"evaluation error: cannot order \"text\" (string) against 3 (number)"}"#,
        #"{"id":9,"canonical":"d > CAST(0.000000, \"NSDate\")","result":true,"error":null}"#,
        #"{"id":10,"canonical":"x == $V","result":true,"error":null}"#,
        // An invalid case keeps its id when the line is a JSON object with one.
        #"{"id":11,"canonical":null,"result":null,"error":"line 13: \"format\" must be a string"}"#,
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

extension EvalGraphCommandTests {
    @Test("a property named 'entity' that holds a value is refused (status 2), never printed as a second 'entity' key")
    func propertyNamedEntity() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("eval-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("schema.json")
        let graph = folder.appendingPathComponent("graph.json")
        try Data(
            #"{"entities": [{"name": "T", "attributes": [{"name": "entity", "type": "string", "optional": true}]}]}"#
                .utf8
        ).write(to: schema)
        try Data(#"{"T": [{"id": 1, "entity": "x"}, {"id": 2}]}"#.utf8).write(to: graph)
        let common = ["--schema", schema.path, "--graph", graph.path, "--entity", "T"]
        // Object 2 has no value there: it prints as any object does.
        let empty = ToolRunner.inProcess(["eval", "entity == nil"] + common)
        #expect(empty.status == 0)
        #expect(empty.output == "[\n  {\"entity\":\"T\",\"id\":2}\n]\n")
        let valued = ToolRunner.inProcess(["eval", "entity == 'x'"] + common)
        #expect(valued.status == 2)
        #expect(valued.output.isEmpty)
        #expect(valued.errorOutput.hasPrefix("T 1, 'entity': an object is printed as {\"entity\", \"id\", …}"))
    }
}

@Suite("predicate check: hardening (issue 9)")
struct CheckHardeningTests {
    /// Lines that trapped or answered wrongly before, each followed by nothing special: the
    /// run must answer every one of them, then the ordinary line after them.
    static let formerlyCrashing = [
        #"{"id": "median", "format": "median:({9223372036854775807, 9223372036854775805}) > 0"}"#,
        #"{"id": "sum", "format": "{9223372036854775807, 1}.@sum > 0"}"#,
        #"{"id": "keysum", "format": "vals.@sum > 0", "object": {"vals": [9223372036854775807, 9223372036854775807]}}"#,
        #"{"id": "avg", "format": "{9223372036854775807, 9223372036854775807}.@avg > 0"}"#,
        #"{"id": "neg", "format": "-(-9223372036854775807 - 1) > 0"}"#,
        #"{"id": "div", "format": "(-9223372036854775807 - 1) / -1 > 0"}"#,
        #"{"id": "inf", "format": "CAST(SELF, 'NSDate') + SELF > CAST(0, 'NSDate')", "object": {"$double": "inf"}}"#,
        "{\"id\": \"regex\", \"format\": \"SELF MATCHES '(a|b)*'\", \"object\": \""
            + String(repeating: "ab", count: 1_000_000) + "\"}",
        #"{"id": "after", "format": "SELF == 1", "object": 1}"#,
    ]

    /// Written by hand: every integer answer is the mathematically right one (never wrapped).
    static let formerlyCrashingAnswers = [
        #"{"id":"median","canonical":"median:({9223372036854775807, 9223372036854775805}) > 0","result":true,"error":null}"#,
        #"{"id":"sum","canonical":"{9223372036854775807, 1}.@sum > 0","result":true,"error":null}"#,
        #"{"id":"keysum","canonical":"vals.@sum > 0","result":true,"error":null}"#,
        #"{"id":"avg","canonical":"{9223372036854775807, 9223372036854775807}.@avg > 0","result":true,"error":null}"#,
        #"{"id":"neg","canonical":"-(-9223372036854775807 - 1) > 0","result":true,"error":null}"#,
        #"{"id":"div","canonical":"(-9223372036854775807 - 1) / -1 > 0","result":true,"error":null}"#,
        #"{"id":"inf","canonical":"CAST(SELF, \"NSDate\") + SELF > CAST(0.000000, \"NSDate\")","result":true,"error":null}"#,
        #"{"id":"regex","canonical":"SELF MATCHES \"(a|b)*\"","result":null,"error":"evaluation error: MATCHES pattern '(a|b)*' could not be evaluated on a string of 2000000 characters: the regular expression engine ran out of backtracking space"}"#,
        #"{"id":"after","canonical":"SELF == 1","result":true,"error":null}"#,
    ]

    @Test("lines that trapped or wrapped are answered, and the run goes on", arguments: ["compiled", "interpreter"])
    func formerlyCrashingLines(engine: String) {
        let result = ToolRunner.inProcess(["check", "--engine", engine], input: Self.formerlyCrashing)
        #expect(result.status == 0)
        #expect(result.output == Self.formerlyCrashingAnswers.joined(separator: "\n") + "\n")
    }

    @Test(
        "a line that is not a valid case keeps its id and names the problem",
        arguments: [
            (
                #"{"id": 1, "format": "SELF == 1", "variables": {"x": 1}}"#,
                #"{"id":1,"canonical":null,"result":null,"error":"line 1: unknown field \"variables\"; did you mean \"vars\"? (a line has the fields id, format, args, object, vars)"}"#
            ),
            (
                #"{"id": 2, "format": "SELF == 1", "fromat": "x"}"#,
                #"{"id":2,"canonical":null,"result":null,"error":"line 1: unknown field \"fromat\"; did you mean \"format\"? (a line has the fields id, format, args, object, vars)"}"#
            ),
            (
                #"{"id": 3, "format": "SELF == 1", "zzz": 0}"#,
                #"{"id":3,"canonical":null,"result":null,"error":"line 1: unknown field \"zzz\" (a line has the fields id, format, args, object, vars)"}"#
            ),
            (
                #"{"id": 4, "format": "SELF == %@", "args": [{"$uuid": "nope"}]}"#,
                #"{"id":4,"canonical":null,"result":null,"error":"line 1: \"args\": 'nope' is not a UUID (E621E1F8-C36C-495A-93FC-0C247A3E6E5F)"}"#
            ),
            (
                #"{"id": "five", "format": "SELF == 1", "object": {"$date": "2020-02-30"}}"#,
                #"{"id":"five","canonical":null,"result":null,"error":"line 1: \"object\": '2020-02-30' is not an ISO 8601 date"}"#
            ),
            (
                #"{"id": 6, "format": "x == $V", "vars": {"V": {"$date": 1}}, "object": {"x": 1}}"#,
                #"{"id":6,"canonical":"x == $V","result":false,"error":null}"#
            ),
            (
                #"{"id": {"$uuid": "bad"}, "format": 1}"#,
                #"{"id":{"$uuid":"bad"},"canonical":null,"result":null,"error":"line 1: \"format\" must be a string"}"#
            ),
        ])
    func invalidLines(_ line: String, _ answer: String) {
        let result = ToolRunner.inProcess(["check"], input: [line, #"{"id": "next", "format": "TRUEPREDICATE"}"#])
        #expect(result.status == 0)
        #expect(
            result.output == answer + "\n" + #"{"id":"next","canonical":"TRUEPREDICATE","result":true,"error":null}"#
                + "\n")
    }

    @Test("a line over 16 MiB is answered with an error and the run goes on")
    func longLine() {
        let long = String(repeating: "x", count: CheckCommand.maximumLineBytes + 1)
        let result = ToolRunner.inProcess(["check"], input: [long, #"{"id": 1, "format": "TRUEPREDICATE"}"#])
        #expect(
            result.output
                == #"{"id":null,"canonical":null,"result":null,"error":"line 1: the line is 16777217 bytes long; the limit is 16777216 bytes (16 MiB)"}"#
                + "\n" + #"{"id":1,"canonical":"TRUEPREDICATE","result":true,"error":null}"# + "\n")
    }

    @Test("the built executable skips a 20 MB line without a newline in bounded chunks")
    func longLineEndToEnd() throws {
        let input = String(repeating: "y", count: 20_000_000) + "\n" + #"{"id": 2, "format": "1 + 1 == 2"}"# + "\n"
        let result = try ToolRunner.process(["check"], input: input)
        #expect(result.status == 0)
        #expect(
            result.output
                == #"{"id":null,"canonical":null,"result":null,"error":"line 1: the line is 20000000 bytes long; the limit is 16777216 bytes (16 MiB)"}"#
                + "\n" + #"{"id":2,"canonical":"1 + 1 == 2","result":true,"error":null}"# + "\n")
    }
}

@Suite("Bounded line reading")
struct BoundedLineReaderTests {
    /// A source serving `bytes` in reads of at most `chunk` bytes, counting what it served.
    final class ChunkedSource {
        let bytes: [UInt8]
        let chunk: Int
        var position = 0

        init(_ text: String, chunk: Int) {
            bytes = Array(text.utf8)
            self.chunk = chunk
        }

        func read(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
            let count = Swift.min(chunk, buffer.count, bytes.count - position)
            for offset in 0..<count { buffer[offset] = bytes[position + offset] }
            position += count
            return count
        }
    }

    @Test(
        "lines, CRLF, a last line without a newline, and lines over the limit",
        arguments: [1, 3, 64, 100_000])
    func lines(chunk: Int) {
        let source = ChunkedSource("ab\r\n\nabcdefghij\nxyz\n0123456789ABC\nlast", chunk: chunk)
        let reader = BoundedLineReader(read: source.read)
        var lines: [InputLine] = []
        while let line = reader.nextLine(maximumBytes: 10) { lines.append(line) }
        #expect(
            lines == [
                .line("ab"), .line(""), .line("abcdefghij"), .line("xyz"), .tooLong(bytes: 13), .line("last"),
            ])
    }

    @Test("a stream without a newline is skipped without being held: memory stays within the limit")
    func noNewline() {
        let source = ChunkedSource(String(repeating: "z", count: 1_000_000), chunk: 4_096)
        let reader = BoundedLineReader(read: source.read)
        #expect(reader.nextLine(maximumBytes: 1_000) == .tooLong(bytes: 1_000_000))
        #expect(reader.bufferCapacity <= 1_000 + 2 * BoundedLineReader.chunkSize)
        #expect(reader.nextLine(maximumBytes: 1_000) == nil)
    }
}
