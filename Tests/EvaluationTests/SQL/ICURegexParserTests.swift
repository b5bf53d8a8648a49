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
            ("[^b]", .set(CodePointSet(ranges: [0...0x61, 0x63...0x10FFFF]))),
            (#"[^\x{0}-\x{10FFFF}]"#, .set(.empty)),
            (#"\t\x41\u00E9\0101"#, .sequence([.literal("\t"), .literal("A"), .literal("é"), .literal("A")])),
            ("(a|b)c", .sequence([.group(.alternation([.literal("a"), .literal("b")])), .literal("c")])),
            (
                "a+?b{2,5}",
                .sequence([
                    .repetition(
                        .literal("a"),
                        ICURegexQuantifier(minimum: 1, maximum: nil, lazy: true, spelling: "+?", offset: 1)),
                    .repetition(
                        .literal("b"),
                        ICURegexQuantifier(minimum: 2, maximum: 5, lazy: false, spelling: "{2,5}", offset: 4)),
                ])
            ),
            // A greedy loop may repeat a part that can match nothing; a lazy loop of one that cannot.
            (
                "(?:a*)+",
                .repetition(
                    .group(
                        .repetition(
                            .literal("a"),
                            ICURegexQuantifier(minimum: 0, maximum: nil, lazy: false, spelling: "*", offset: 4))),
                    ICURegexQuantifier(minimum: 1, maximum: nil, lazy: false, spelling: "+", offset: 6))
            ),
            (
                "(?:ab?)*?",
                .repetition(
                    .group(
                        .sequence([
                            .literal("a"),
                            .repetition(
                                .literal("b"),
                                ICURegexQuantifier(minimum: 0, maximum: 1, lazy: false, spelling: "?", offset: 5)),
                        ])),
                    ICURegexQuantifier(minimum: 0, maximum: nil, lazy: true, spelling: "*?", offset: 7))
            ),
        ])
    func tree(pattern: String, expected: ICURegex) throws {
        #expect(try ICURegexParser.parse(pattern) == expected)
    }

    @Test(
        "what the tree has no node for is refused, named, where it starts",
        arguments: [
            ("a(?=b)", "the lookahead '(?='", 1),
            ("(?<!a)", "the negative lookbehind '(?<!'", 0),
            ("a{2}+", "the possessive quantifier '{2}+'", 1),
            ("ab(?x)", "the inline flags '(?x'", 2),
            (#"(a)\1"#, "the back reference '\\1'", 3),
            (#"a\X"#, "the grapheme cluster '\\X'", 1),
            // ICU leaves a lazy loop whose body matched nothing, where other engines go on.
            ("(?:a*)+?", "the lazy quantifier '+?'", 6),
            ("(?:|a){2}?", "the lazy quantifier '{2}?'", 6),
            ("x(?:^)*?", "the lazy quantifier '*?'", 6),
            // An escaped surrogate, which ICU may pair with the next one.
            (#"a\x{D800}"#, "the escape '\\x{D800}'", 1),
        ])
    func refused(pattern: String, construct: String, offset: Int) {
        #expect {
            try ICURegexParser.parse(pattern)
        } throws: { error in
            let refusal = error as? ICURegexRefusal
            return refusal?.construct == construct && refusal?.offset == offset
        }
    }

    @Test("nesting beyond 100 groups is refused, not recursed into")
    func depth() {
        let deep = String(repeating: "(", count: 101) + "a" + String(repeating: ")", count: 101)
        #expect(throws: ICURegexRefusal.self) { try ICURegexParser.parse(deep) }
        let within = String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100)
        #expect(throws: Never.self) { try ICURegexParser.parse(within) }
        let million = String(repeating: "(", count: 1_000_000)
        #expect(throws: ICURegexRefusal.self) { try ICURegexParser.parse(million) }
    }
}
