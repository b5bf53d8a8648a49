import Foundation
import TestSupport
import Testing

@testable import Evaluation

/// The folding tables a database without the engine's code folds by (PostgreSQL), derived
/// from that code: folding by the tables must give exactly what memory gives.
@Suite("SQL folding tables: derived from the engine's folding")
struct SQLFoldingTableTests {
    static let table = SQLFoldingTable.shared

    static let pool = DelicateText.characters + DelicateText.marks + DelicateText.words

    @Test("every character asked fits one of the cluster rules")
    func noIrregularCharacter() {
        #expect(
            Self.table.irregular.isEmpty,
            "\(Self.table.irregular.map { (String(format: "U+%04X", $0.0.value), $0.1.rawValue) })")
    }

    @Test(
        "under [d] and [cd] no character that starts a cluster folds to text ending in a mark (PostgreSQL's function relies on it)"
    )
    func startsEndInBaseCharacters() {
        let extending = Set(Self.table.extending.map(\.value))
        for mode in [SQLFoldingTable.Mode.d, .cd] {
            for (scalar, folded) in Self.table.mapped[mode] ?? [] where !extending.contains(scalar.value) {
                #expect(
                    folded.unicodeScalars.last.map { !extending.contains($0.value) } ?? true,
                    "U+\(String(format: "%04X", scalar.value)) [\(mode.rawValue)] folds to \(Self.codePoints(folded))")
            }
        }
    }

    @Test("folding by the tables equals the engine's fold on random strings of delicate characters")
    func clustersAgree() {
        let run = PropertyRun("SQLFoldingTableTests.clustersAgree", defaultCases: 4_000)
        let mapped = SQLFoldingTable.Mode.allCases.flatMap { Self.table.mapped[$0] ?? [] }.map { String($0.0) }
        let marks = Self.table.extending.map { String($0) }
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            var text = ""
            for _ in 0..<random.int(in: 1...6) {
                switch random.int(in: 0...3) {
                case 0: text += random.pick(mapped)
                case 1: text += random.pick(marks)
                default: text += random.pick(Self.pool)
                }
            }
            for mode in SQLFoldingTable.Mode.allCases {
                let expected = SQLHelperFunctions.fold(text, mode.rawValue)
                let actual = Self.table.fold(text, mode)
                guard !expected.unicodeScalars.elementsEqual(actual.unicodeScalars) else { continue }
                Issue.record(
                    "[\(mode.rawValue)] \(Self.codePoints(text)): engine \(Self.codePoints(expected)), tables \(Self.codePoints(actual)); \(run.replay(index))"
                )
                return
            }
        }
    }

    @Test(
        "examples, written from Apple's folding rules",
        arguments: [
            ("ΣΑΣ", "c", "σασ"), ("σας", "c", "σασ"), ("İ", "c", "i\u{307}"), ("İ", "cd", "i"), ("ı", "cd", "ı"),
            ("Straße", "c", "strasse"), ("ẞ", "c", "ss"), ("\u{212A}", "c", "k"), ("\u{2126}", "c", "ω"),
            ("\u{212B}", "d", "A"), ("ﬁ", "c", "fi"), ("Ꭰ", "c", "ꭰ"), ("Ａ", "d", "A"), ("ϐ", "c", "β"),
            ("e\u{301}", "d", "e"), ("ש\u{5B0}", "d", "ש\u{5B0}"), ("a\u{5B0}", "d", "a"),
            ("\u{301}\u{301}", "d", "\u{301}"),
            ("ｶﾞ", "d", "カﾞ"), ("ｶﾞ", "c", "ガ"), ("が", "d", "が"),
        ])
    func examples(text: String, options: String, folded: String) throws {
        let mode = try #require(SQLFoldingTable.Mode(rawValue: options))
        #expect(Self.codePoints(SQLHelperFunctions.fold(text, options)) == Self.codePoints(folded))
        #expect(Self.codePoints(Self.table.fold(text, mode)) == Self.codePoints(folded))
    }

    @Test("asking only the characters whose Unicode properties allow a change gives the tables of asking all")
    func prefilterLosesNothing() {
        let full = SQLFoldingTable(candidates: SQLFoldingTable.candidates(), everyCharacter: true)
        for mode in SQLFoldingTable.Mode.allCases {
            #expect(Self.describe(full.mapped[mode]) == Self.describe(Self.table.mapped[mode]), "mapped \(mode)")
            #expect(full.dropsMarks[mode]?.count ?? 0 >= Self.table.dropsMarks[mode]?.count ?? 0)
        }
        #expect(full.extending == Self.table.extending)
        for scalar in SQLFoldingTable.candidates() {
            for mode in [SQLFoldingTable.Mode.d, .cd]
            where full.markRule(scalar, mode) != Self.table.markRule(scalar, mode) {
                Issue.record(
                    "U+\(String(format: "%04X", scalar.value)) [\(mode.rawValue)]: \(full.markRule(scalar, mode)) when asked"
                )
                return
            }
        }
    }

    static func describe(_ pairs: [(Unicode.Scalar, String)]?) -> [String] {
        (pairs ?? []).map { "\($0.0.value)=\(codePoints($0.1))" }
    }

    static func codePoints(_ text: String) -> String {
        text.unicodeScalars.map { String(format: "%04X", $0.value) }.joined(separator: " ")
    }
}
