import Foundation

/// The engine's `[c]`, `[d]` and `[cd]` folding written as tables, derived from the folding
/// code itself (``SQLHelperFunctions/fold(_:_:)``, the function SQLite calls), so that a
/// database without that code (PostgreSQL) can fold exactly as memory does.
///
/// Memory folds a string cluster by cluster: a cluster is a character followed by the
/// characters that extend it (combining marks and the like, ``extending``). The first
/// character folds on its own (``mapped``); with `[d]`, what happens to the extending marks
/// depends on the first character:
///
/// | cluster start | its marks under `[d]`, `[cd]` | examples |
/// |---|---|---|
/// | folds to a Latin, Greek or Cyrillic letter (``dropsMarks``) | all removed | `e`+`◌́` → `e`, `Ｅ`+`◌́` → `e` |
/// | changed by the fold otherwise (``keepsMarks``) | all kept | `ｶ`+`ﾞ` → `カ`+`ﾞ` |
/// | any other | the first removed if below U+0510, the rest kept | `ש`+`◌ְ` → `ש`+`◌ְ` |
///
/// With `[c]` alone every character folds on its own. The result is then put in NFC. The
/// derivation asks the engine to fold each candidate character alone, after `a`, and followed
/// by two marks, and classifies it by the answers; ``irregular`` lists any character whose
/// answers fit none of the rules (the tests require it to be empty). Unassigned and
/// private-use code points, CJK ideographs and Hangul syllables are not asked: the fold leaves
/// them alone (NFC maps the compatibility ideographs).
package struct SQLFoldingTable: Sendable {
    /// A folding mode: the options' letters.
    package enum Mode: String, Sendable, CaseIterable {
        case c, d, cd
    }

    /// Per mode, every candidate character whose fold differs from itself, with its fold
    /// (in NFC), in code point order.
    package let mapped: [Mode: [(Unicode.Scalar, String)]]
    /// The characters that extend a cluster, in code point order.
    package let extending: [Unicode.Scalar]
    /// Per mode (`d`, `cd`), among the characters asked: cluster starts whose marks are all
    /// removed, all kept, or whose first mark is removed when below U+0510. A character not
    /// asked removes its marks when below U+0510 (ASCII included), else it is plain.
    package let dropsMarks: [Mode: [Unicode.Scalar]]
    package let keepsMarks: [Mode: [Unicode.Scalar]]
    package let plainMarks: [Mode: [Unicode.Scalar]]
    /// What happens to the marks after a cluster start under `[d]`/`[cd]`.
    package enum MarkRule: Sendable {
        /// All removed.
        case drop
        /// All kept.
        case keep
        /// The first removed when below U+0510, the rest kept.
        case plain
    }

    /// The mark rule of every character asked, per mode (`d`, `cd`).
    private let rules: [Mode: [UInt32: MarkRule]]
    /// ``mapped`` as dictionaries, and ``extending`` as a set, for ``fold(_:_:)``.
    let mappings: [Mode: [UInt32: String]]
    let extendingSet: Set<UInt32>

    /// The rule for the marks after `scalar` under `mode` (`d` or `cd`).
    package func markRule(_ scalar: Unicode.Scalar, _ mode: Mode) -> MarkRule {
        rules[mode]?[scalar.value] ?? (scalar.value < Self.romanLimit ? .drop : .plain)
    }

    /// Characters whose folding fits none of the rules, with the mode.
    package let irregular: [(Unicode.Scalar, Mode)]

    /// The table of this process's folding code, derived on first use.
    package static let shared = SQLFoldingTable(candidates: candidates(), everyCharacter: false)

    /// The limit below which an unchanged character counts as Latin, Greek or Cyrillic.
    package static let romanLimit: UInt32 = 0x510

    /// Derives the tables by asking the fold about each of `candidates`. Unless
    /// `everyCharacter`, a character is asked only when its Unicode properties say a fold
    /// could touch it (a case mapping, a decomposition, the fullwidth/halfwidth block, a
    /// mark or a format character): the others fold to themselves and follow the default
    /// rule, which a test checks by deriving with `everyCharacter` over all of them.
    package init(candidates: [Unicode.Scalar], everyCharacter: Bool) {
        var mapped: [Mode: [(Unicode.Scalar, String)]] = [:]
        var extending: [Unicode.Scalar] = []
        var drops: [Mode: [Unicode.Scalar]] = [:]
        var keeps: [Mode: [Unicode.Scalar]] = [:]
        var plain: [Mode: [Unicode.Scalar]] = [:]
        var irregular: [(Unicode.Scalar, Mode)] = []
        let marks = "\u{316}\u{316}"
        for scalar in candidates {
            let mayExtend = everyCharacter || Self.mayExtend(scalar)
            guard mayExtend || Self.mayFold(scalar) else { continue }
            let text = String(scalar)
            if mayExtend, Self.same(SQLHelperFunctions.fold("a" + text, Mode.d.rawValue), "a") {
                extending.append(scalar)
            }
            // What NFC alone does is left out: the database puts the result in NFC as well.
            let normalized = SQLHelperFunctions.canonicalComposition(text)
            for mode in Mode.allCases {
                let folded = SQLHelperFunctions.fold(text, mode.rawValue)
                if !Self.same(folded, normalized) { mapped[mode, default: []].append((scalar, folded)) }
                guard mode != .c else { continue }
                let followed = SQLHelperFunctions.fold(text + marks, mode.rawValue)
                if Self.same(followed, folded) {
                    drops[mode, default: []].append(scalar)
                } else if Self.same(followed, SQLHelperFunctions.canonicalComposition(folded + marks)) {
                    keeps[mode, default: []].append(scalar)
                } else if Self.same(followed, SQLHelperFunctions.canonicalComposition(folded + "\u{316}")) {
                    plain[mode, default: []].append(scalar)
                } else {
                    irregular.append((scalar, mode))
                }
            }
        }
        self.mapped = mapped
        self.extending = extending
        self.dropsMarks = drops
        self.keepsMarks = keeps
        self.plainMarks = plain
        self.irregular = irregular
        var rules: [Mode: [UInt32: MarkRule]] = [:]
        for (lists, rule) in [(drops, MarkRule.drop), (keeps, .keep), (plain, .plain)] {
            for (mode, scalars) in lists {
                for scalar in scalars { rules[mode, default: [:]][scalar.value] = rule }
            }
        }
        self.rules = rules
        mappings = mapped.mapValues { pairs in
            Dictionary(pairs.map { ($0.0.value, $0.1) }, uniquingKeysWith: { first, _ in first })
        }
        extendingSet = Set(extending.map(\.value))
    }

    /// The code points worth asking: every assigned, non-private character,
    /// except CJK ideographs and Hangul syllables (which no mode changes).
    package static func candidates() -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        for value in UInt32(0x01)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            switch properties.generalCategory {
            case .unassigned, .privateUse, .surrogate: continue
            default: break
            }
            if properties.isIdeographic || (0xAC00...0xD7A3).contains(value) { continue }
            result.append(scalar)
        }
        return result
    }

    /// Whether a fold could change `scalar`: it has a case mapping or folding, a compatibility
    /// or canonical decomposition, or it is in the fullwidth/halfwidth block.
    static func mayFold(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.changesWhenCaseMapped || properties.changesWhenCaseFolded
            || properties.changesWhenNFKCCaseFolded || (0xFF00...0xFFEF).contains(scalar.value)
        {
            return true
        }
        let text = String(scalar)
        return !text.decomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(text.unicodeScalars)
    }

    /// Whether `scalar` could extend a cluster: a mark, a format character, an emoji modifier.
    static func mayExtend(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return properties.isGraphemeExtend || properties.isEmojiModifier
        }
    }

    /// Equal code point by code point (not merely canonically equivalent).
    static func same(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.elementsEqual(b.unicodeScalars)
    }
}
