import Testing

@testable import Evaluation

/// The parser's trees, and its own nesting limit (deeper than ICU compiles, so only a pattern
/// that never went through ICU reaches it: the limit keeps the printer's recursion bounded).
@Suite("ICU patterns parsed into trees")
struct ICURegexParserTests {
    static let star = ICURegexQuantifier(minimum: 0, maximum: nil, lazy: false, spelling: "*", offset: 1)

    @Test(
        "trees",
        arguments: [
            ("a", ICURegex.literal("a")),
            ("ab", .sequence([.literal("a"), .literal("b")])),
            ("a*", .repetition(.literal("a"), star)),
            ("a|", .alternation([.literal("a"), .sequence([])])),
            ("(?:a)", .group(.literal("a"))),
            ("(?<n>a)", .group(.literal("a"))),
            ("(?#c)", .sequence([])),
            (#"\Qa*\E"#, .sequence([.literal("a"), .literal("*")])),
            (".", .anyCharacter),
            (
                #"^\A$\z\Z"#,
                .sequence([
                    .anchor(.lineStart), .anchor(.inputStart), .anchor(.lineEnd), .anchor(.inputEnd),
                    .anchor(.inputEndBeforeTerminator),
                ])
            ),
            ("[b-da]", .set(CodePointSet(ranges: [0x61...0x64]))),
            (#"[^\x{0}-\x{10FFFF}]"#, .set(.empty)),
        ])
    func tree(pattern: String, expected: ICURegex) throws {
        #expect(try ICURegexParser.parse(pattern) == expected)
    }

    @Test("nesting beyond 100 groups is refused, not recursed into")
    func depth() {
        let deep = String(repeating: "(", count: 101) + "a" + String(repeating: ")", count: 101)
        #expect(throws: ICURegexRefusal.self) { try ICURegexParser.parse(deep) }
        let within = String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100)
        #expect(throws: Never.self) { try ICURegexParser.parse(within) }
        let million = String(repeating: "(", count: 1_000_000)
        #expect(throws: ICURegexRefusal.self) { try ICURegexParser.parse(million) }
        // An escaped surrogate (ICU may pair two of them) is refused.
        #expect(throws: ICURegexRefusal.self) { try ICURegexParser.parse(#"\x{D800}"#) }
    }
}
