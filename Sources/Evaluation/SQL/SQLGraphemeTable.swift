import Foundation

/// Where memory's string search may match, as tables a database can use: memory searches
/// non-ASCII text by whole characters (`'İ' CONTAINS[c] 'i'` is false: `İ` folds to `i` and
/// a combining dot, one character), so a match must start and end between two characters.
/// Every table is derived from the standard library's own character boundaries (by asking how
/// many characters a short string has), never written by hand, so a database applying the
/// rules below in order finds the boundaries memory finds:
///
/// | rule (Unicode's extended grapheme clusters) | tables |
/// |---|---|
/// | no boundary between CR and LF | — |
/// | a boundary before and after a control character | ``controls`` |
/// | no boundary inside a Hangul syllable written with conjoining jamo | ``hangulL``, ``hangulAfterL``, ``hangulLVOrV``, ``hangulVOrT``, ``hangulLVTOrT``, ``hangulT`` |
/// | no boundary before a character that joins the one before it (combining marks, joiners, spacing marks) | ``joinsPrevious`` |
/// | no boundary after a character that joins the one after it (Arabic number signs and other prepended marks) | ``joinsNext`` |
/// | no boundary between a zero-width joiner and an emoji, when a pictograph (then extending marks) comes before the joiner | ``joinsAfterJoiner``, ``pictographs``, ``emojiExtenders`` |
/// | no boundary inside a pair of regional indicators (a flag), counted from the start of their run | ``regionalIndicators`` |
///
/// Not covered (Docs/sql-mapping.md, "Known differences"): the boundaries of Indic conjuncts
/// where the standard library applies them, and memory's byte search of text below U+0300,
/// which does not keep CR LF together.
package struct SQLGraphemeTable: Sendable {
    /// Characters that join the character before them (`("a" + x).count == 1`).
    package let joinsPrevious: [Unicode.Scalar]
    /// Characters that join the character after them (`(x + "a").count == 1`).
    package let joinsNext: [Unicode.Scalar]
    /// Emoji that a zero-width joiner joins to a pictograph before it.
    package let joinsAfterJoiner: [Unicode.Scalar]
    /// Pictographs that a zero-width joiner can join to a following emoji.
    package let pictographs: [Unicode.Scalar]
    /// Characters (skin tones, variation selectors, …) that may stand between a pictograph and
    /// the zero-width joiner that joins it to the next emoji.
    package let emojiExtenders: [Unicode.Scalar]
    /// Control characters: a boundary before and after each (but inside CR LF).
    package let controls: [Unicode.Scalar]
    /// Regional indicators, joined two by two.
    package let regionalIndicators: [Unicode.Scalar]
    /// Leading conjoining jamo (L).
    package let hangulL: [Unicode.Scalar]
    /// What joins a leading jamo before it (L, V, LV and LVT).
    package let hangulAfterL: [Unicode.Scalar]
    /// Vowel jamo and syllables without a trailing consonant (V, LV).
    package let hangulLVOrV: [Unicode.Scalar]
    /// What joins a vowel jamo before it (V, T).
    package let hangulVOrT: [Unicode.Scalar]
    /// Trailing jamo and syllables with a trailing consonant (T, LVT).
    package let hangulLVTOrT: [Unicode.Scalar]
    /// Trailing conjoining jamo (T).
    package let hangulT: [Unicode.Scalar]

    /// The table of this process's standard library, derived on first use.
    package static let shared = SQLGraphemeTable()

    private init() {
        var previous: [Unicode.Scalar] = []
        var next: [Unicode.Scalar] = []
        var afterJoiner: [Unicode.Scalar] = []
        var pictographs: [Unicode.Scalar] = []
        var controls: [Unicode.Scalar] = []
        for scalar in SQLFoldingTable.candidates() {
            let text = String(scalar)
            if ("a" + text).count == 1 { previous.append(scalar) }
            if (text + "a").count == 1 { next.append(scalar) }
            let properties = scalar.properties
            if properties.isEmoji || properties.generalCategory == .otherSymbol {
                if ("\u{1F600}\u{200D}" + text).count == 1 { afterJoiner.append(scalar) }
                if (text + "\u{200D}\u{1F600}").count == 1 { pictographs.append(scalar) }
            }
            switch properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                if ("a" + text + "\u{301}").count == 3 { controls.append(scalar) }
            default: break
            }
        }
        joinsPrevious = previous
        joinsNext = next
        joinsAfterJoiner = afterJoiner
        self.pictographs = pictographs
        self.controls = controls
        emojiExtenders = previous.filter { ("\u{1F600}" + String($0) + "\u{200D}\u{1F600}").count == 1 }
        regionalIndicators = Self.scalars(0x1F1E6...0x1F1FF).filter { (String($0) + String($0)).count == 1 }
        // Hangul: the conjoining jamo blocks and the precomposed syllables (the candidates of
        // the folding table leave the syllables out).
        let hangul =
            Self.scalars(0x1100...0x11FF) + Self.scalars(0xA960...0xA97F) + Self.scalars(0xAC00...0xD7A3)
            + Self.scalars(0xD7B0...0xD7FF)
        let joins = { (left: String, right: String) in (left + right).count == 1 }
        let alone = hangul.filter { !joins(String($0), "a") && !joins("a", String($0)) }
        hangulL = alone.filter { joins(String($0), "\u{1100}") }
        hangulAfterL = alone.filter { joins("\u{1100}", String($0)) }
        hangulLVOrV = alone.filter { joins(String($0), "\u{1161}") && !joins(String($0), "\u{1100}") }
        hangulVOrT = alone.filter { joins("\u{1161}", String($0)) }
        hangulLVTOrT = alone.filter { joins(String($0), "\u{11A8}") && !joins(String($0), "\u{1161}") }
        hangulT = alone.filter { joins("\u{11A8}", String($0)) }
    }

    private static func scalars(_ range: ClosedRange<UInt32>) -> [Unicode.Scalar] {
        range.compactMap(Unicode.Scalar.init)
    }
}
