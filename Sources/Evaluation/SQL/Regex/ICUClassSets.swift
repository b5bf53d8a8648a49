import Foundation

/// The code points an ICU character class matches, asked of ICU itself — the engine memory's
/// `MATCHES` runs — so that a translation of the class into explicit ranges means exactly what
/// it means in memory, whatever the other database's locale or Unicode version says `\w` is.
///
/// ICU's `\d` is every decimal digit of Unicode (`٣` included), `\w` letters, marks, digits,
/// connector punctuation and the joiners, `\s` the white space property; PostgreSQL's depend
/// on the server's locale (under `C.UTF-8`, `\d` is `[0-9]` alone). So the translation writes
/// the sets out.
///
/// A set is found by one pass of the class over a text holding every code point once (tens of
/// milliseconds): `\d`, `\s` and `\w` are found once per process (``shared``); other classes
/// (`\p{…}`, `[[:alpha:]]`, set operations) each time they are translated.
struct ICUClassSets: Sendable {
    /// `\d`, `\s`, `\w`.
    let digit: CodePointSet
    let space: CodePointSet
    let word: CodePointSet

    /// The sets of this process's ICU, found on first use.
    static let shared = ICUClassSets()

    private init() {
        let text = Self.everyCodePointText()
        digit = Self.scan("[\\d]", in: text) ?? .empty
        space = Self.scan("[\\s]", in: text) ?? .empty
        word = Self.scan("[\\w]", in: text) ?? .empty
    }

    /// The code points the one-character class `set` (a bracket expression such as
    /// `[\p{L}&&[^a-z]]`) matches; `nil` when ICU does not compile it.
    static func codePoints(of set: String) -> CodePointSet? {
        scan(set, in: everyCodePointText())
    }

    /// Runs of `set` over `text`, as code points.
    private static func scan(_ set: String, in text: NSString) -> CodePointSet? {
        guard let regex = try? NSRegularExpression(pattern: "(?:" + set + ")+", options: []) else { return nil }
        var ranges: [ClosedRange<UInt32>] = []
        regex.enumerateMatches(in: text as String, options: [], range: NSRange(location: 0, length: text.length)) {
            match, _, _ in
            guard let range = match?.range, range.length > 0 else { return }
            ranges.append(codePoint(at: range.location)...codePoint(at: range.location + range.length - 1))
        }
        return CodePointSet(ranges: ranges)
    }

    /// Every code point but the surrogates, in order, as UTF-16: U+0000–U+D7FF at their own
    /// offsets, U+E000–U+FFFF 0x800 lower, then two units for each code point from U+10000.
    /// Built on first use and kept (4 MB), as every class outside `\d \s \w` scans it.
    private static let everyCodePoint: [UInt16] = {
        let count = 0xF800 + 2 * 0x10_0000
        let units = [UInt16](unsafeUninitializedCapacity: count) { buffer, initialized in
            var index = 0
            for value in 0..<0xD800 {
                buffer[index] = UInt16(value)
                index += 1
            }
            for value in 0xE000...0xFFFF {
                buffer[index] = UInt16(value)
                index += 1
            }
            for offset in 0..<0x10_0000 {
                buffer[index] = UInt16(0xD800 + (offset >> 10))
                buffer[index + 1] = UInt16(0xDC00 + (offset & 0x3FF))
                index += 2
            }
            initialized = index
        }
        return units
    }()

    /// ``everyCodePoint`` as a string ICU can search.
    private static func everyCodePointText() -> NSString {
        NSString(characters: everyCodePoint, length: everyCodePoint.count)
    }

    /// The code point whose UTF-16 form covers `offset` in ``everyCodePoint``.
    private static func codePoint(at offset: Int) -> UInt32 {
        let offset = UInt32(offset)
        if offset < 0xD800 { return offset }
        if offset < 0xF800 { return offset + 0x800 }
        return 0x1_0000 + (offset - 0xF800) / 2
    }
}
