import Foundation
import Predicates
import TestSupport
import Testing

@testable import Evaluation

/// The table-driven folding for text below U+0300 must give exactly what Foundation's
/// whole-string folding gives (the tables are built per character; folding must not depend
/// on neighbours in that range), and the NFKC shortcut must only skip strings NFKC leaves alone.
@Suite("Folding fast paths agree with Foundation")
struct FoldingTests {
    static let modes: [(ComparisonOptions, String.CompareOptions)] = [
        (.caseInsensitive, [.caseInsensitive, .widthInsensitive]),
        (.diacriticInsensitive, [.diacriticInsensitive, .widthInsensitive]),
        ([.caseInsensitive, .diacriticInsensitive], [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]),
    ]

    @Test("Random strings below U+0300, every mode")
    func latinTables() {
        var random = SplitMix64(seed: 2024)
        let scalars = (0x20..<0x300).compactMap(Unicode.Scalar.init)
        for _ in 0..<3_000 {
            let text = String(String.UnicodeScalarView((0..<random.int(in: 0...8)).map { _ in random.pick(scalars) }))
            for (options, foundation) in Self.modes {
                let mode = StringMatchMode(options)
                let expected = text.folding(options: foundation, locale: nil)
                if let fast = LatinFolding.fold(text, mode) {
                    #expect(
                        StringComparison.literalEquals(fast, expected),
                        "\(text.unicodeScalars.map { String($0.value, radix: 16) }) \(options)")
                }
                #expect(StringComparison.literalEquals(StringFolding.fold(text, mode), expected))
            }
            if LatinFolding.isCompatibilityStable(text) {
                #expect(StringComparison.literalEquals(text.precomposedStringWithCompatibilityMapping, text))
            }
        }
    }

    @Test("Byte search on folded Latin text equals character search on Foundation's folding")
    func searchAgrees() {
        var random = SplitMix64(seed: 77)
        let pool = ["a", "n", "D", "à", "Å", "ß", "ss", "ø", "Ł", "é", "É", "x", "ǅ", "ŉ", "ĳ", "Ÿ", "ı", "İ", " "]
        for _ in 0..<3_000 {
            let haystack = (0..<random.int(in: 0...6)).map { _ in random.pick(pool) }.joined()
            let needleText = (0..<random.int(in: 1...2)).map { _ in random.pick(pool) }.joined()
            for (options, foundation) in Self.modes {
                let needle = StringNeedle(needleText, options)
                let folded = haystack.folding(options: foundation, locale: nil)
                let target = needleText.folding(options: foundation, locale: nil)
                #expect(
                    StringSearch.matches(haystack, needle, .anywhere)
                        == (!target.isEmpty && folded.firstRange(of: target) != nil),
                    "\(haystack) CONTAINS \(needleText) \(options)")
                #expect(
                    StringSearch.matches(haystack, needle, .prefix) == (!target.isEmpty && folded.hasPrefix(target)))
                #expect(
                    StringSearch.matches(haystack, needle, .suffix) == (!target.isEmpty && folded.hasSuffix(target)))
            }
        }
    }
}

@Suite("Literal string sets")
struct LiteralStringSetTests {
    @Test("Membership is literal byte equality")
    func literal() throws {
        let set = try #require(LiteralStringSet(["Ann", "\u{e9}", "", "Zoë", "Ann"]))
        #expect(set.contains("Ann"))
        #expect(!set.contains("ann"))
        #expect(set.contains(""))
        #expect(set.contains("\u{e9}"))
        #expect(!set.contains("e\u{301}"))
        #expect(set.contains("Zoë"))
        #expect(!set.contains("Zoe"))
        #expect(!set.contains(String(repeating: "x", count: 100)))
        #expect(try #require(LiteralStringSet([])).contains("a") == false)
    }

    @Test("Long members or crowded lengths fall back to hashing")
    func limits() {
        #expect(LiteralStringSet([String(repeating: "x", count: 64)]) == nil)
        #expect(LiteralStringSet((0..<17).map { String(format: "%03d", $0) }) == nil)
        #expect(LiteralStringSet((0..<16).map { String(format: "%03d", $0) }) != nil)
    }
}
