import Foundation

/// Where memory's string search may match, as tables a database can use: memory searches
/// non-ASCII text by whole characters (`'İ' CONTAINS[c] 'i'` is false: `İ` folds to `i` and
/// a combining dot, one character), so a match must start and end between two characters.
/// The tables are derived from the standard library's own character boundaries:
///
/// | rule | table |
/// |---|---|
/// | no boundary before a character that joins the one before it (combining marks, joiners, spacing marks) | ``joinsPrevious`` |
/// | no boundary after a character that joins the one after it (Arabic number signs and other prepended marks) | ``joinsNext`` |
/// | no boundary between a zero-width joiner and an emoji it joins | ``joinsAfterJoiner`` |
///
/// Rarer rules of Unicode's segmentation are not in the tables (see `Docs/sql-mapping.md`):
/// conjoining Hangul jamo left uncomposed by NFC, pairs of regional indicators, and CR LF.
package struct SQLGraphemeTable: Sendable {
    /// Characters that join the character before them (`("a" + x).count == 1`).
    package let joinsPrevious: [Unicode.Scalar]
    /// Characters that join the character after them (`(x + "a").count == 1`).
    package let joinsNext: [Unicode.Scalar]
    /// Characters that a zero-width joiner joins to the emoji before it.
    package let joinsAfterJoiner: [Unicode.Scalar]

    /// The table of this process's standard library, derived on first use.
    package static let shared = SQLGraphemeTable()

    private init() {
        var previous: [Unicode.Scalar] = []
        var next: [Unicode.Scalar] = []
        var afterJoiner: [Unicode.Scalar] = []
        for scalar in SQLFoldingTable.candidates() {
            let text = String(scalar)
            if ("a" + text).count == 1 { previous.append(scalar) }
            if (text + "a").count == 1 { next.append(scalar) }
            if scalar.properties.isEmoji, ("\u{1F600}\u{200D}" + text).count == 1 { afterJoiner.append(scalar) }
        }
        joinsPrevious = previous
        joinsNext = next
        joinsAfterJoiner = afterJoiner
    }
}
