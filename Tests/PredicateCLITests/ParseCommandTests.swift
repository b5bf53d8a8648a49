import Testing

@Suite("predicate parse")
struct ParseCommandTests {
    @Test(
        "prints the canonical format",
        arguments: [
            (["parse", "name = 'x'"], "name == \"x\"\n"),
            (["parse", "a <> 1 && b =< 2"], "a != 1 AND b <= 2\n"),
            (["parse", "name contains[dc] %@", "--arg", "\"Zoë\""], "name CONTAINS[cd] \"Zoë\"\n"),
            (["parse", "%K == %d", "--arg", "\"bucket.name\"", "--arg", "7"], "bucket.name == 7\n"),
            (["parse", "SOME tags == 'x'"], "ANY tags == \"x\"\n"),
            (
                ["parse", "created > %@", "--arg", "{\"$date\": \"2001-01-01T00:01:00Z\"}"],
                "created > CAST(60.000000, \"NSDate\")\n"
            ),
        ])
    func canonical(arguments: [String], expected: String) {
        let result = ToolRunner.inProcess(arguments)
        #expect(result.status == 0)
        #expect(result.output == expected)
        #expect(result.errorOutput == "")
    }

    @Test("--tree prints the indented syntax tree")
    func tree() {
        let ok = ToolRunner.inProcess(["parse", "a > 1 AND b < 2", "--tree"])
        #expect(ok.status == 0)
        #expect(
            ok.output == """
                and
                  >
                    (key a)
                    1
                  <
                    (key b)
                    2

                """)
    }

    @Test("a parse error prints the caret rendering and exits with status 2")
    func parseError() {
        let result = ToolRunner.inProcess(["parse", "name == 'x' AND (age > 3"])
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(
            result.errorOutput == """
                1:25: error: expected ')' to close '(', found the end of the input
                name == 'x' AND (age > 3
                                        ^
                1:17: note: the '(' opened here

                """)
    }

    @Test("usage mistakes exit with status 64 and name the problem")
    func usage() {
        let missing = ToolRunner.inProcess(["parse"])
        #expect(missing.status == 64)
        #expect(missing.errorOutput.hasPrefix("predicate parse: missing FORMAT"))
        let badJSON = ToolRunner.inProcess(["parse", "a == %@", "--arg", "{nope"])
        #expect(badJSON.status == 64)
        #expect(badJSON.errorOutput.hasPrefix("predicate parse: --arg {nope:"))
        let unknown = ToolRunner.inProcess(["frobnicate"])
        #expect(unknown.status == 64)
        #expect(unknown.errorOutput.hasPrefix("predicate: unknown command 'frobnicate'"))
    }

    @Test("the built executable answers the same way")
    func endToEnd() throws {
        let result = try ToolRunner.process(["parse", "a =< 1 || b => 2"])
        #expect(result.status == 0)
        #expect(result.output == "a <= 1 OR b >= 2\n")
        let failure = try ToolRunner.process(["parse", "a ==="])
        #expect(failure.status == 2)
        #expect(failure.errorOutput.contains("^"))
    }
}
