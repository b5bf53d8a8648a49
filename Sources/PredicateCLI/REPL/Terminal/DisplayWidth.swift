/// How many columns of a terminal text takes, so the line editor knows where a long line wraps
/// and where the cursor lands:
///
/// | text | columns |
/// |---|---|
/// | `a`, `é`, `σ` | 1 |
/// | `語`, `한`, `Ａ` (fullwidth), `😀` (an emoji shown as a picture) | 2 |
/// | U+0301 on its own (a combining accent), U+200B (zero width space) | 0 |
/// | `\u{1B}[1mpredicate> \u{1B}[0m` (a styled prompt) | 11: escape sequences take none |
///
/// The wide ranges follow Unicode's East Asian Width (wide and fullwidth) for the scripts that
/// use them; a terminal that disagrees about a rare character shifts the rest of that row, and
/// the next redraw after the cursor leaves it puts things right again.
enum DisplayWidth {
    /// The columns `character` takes.
    static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii != 0x7F ? 1 : 0 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // An emoji shown as a picture: by default, or asked for by variation selector 16.
        if first.properties.isEmojiPresentation
            || (first.properties.isEmoji && scalars.contains("\u{FE0F}"))
        {
            return 2
        }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return 0
        default:
            return isWide(first.value) ? 2 : 1
        }
    }

    /// The columns `text` takes, its escape sequences (`ESC [ … final byte`) counting none.
    static func of(_ text: String) -> Int {
        var columns = 0
        var inEscape = false
        var afterIntroducer = false
        for character in text {
            if inEscape {
                // `ESC [` then parameters, ended by a final byte `@`…`~`.
                if afterIntroducer, let value = character.asciiValue, (0x40...0x7E).contains(value) {
                    inEscape = false
                }
                afterIntroducer = afterIntroducer || character == "["
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                afterIntroducer = false
                continue
            }
            columns += of(character)
        }
        return columns
    }

    /// Wide and fullwidth blocks: Hangul Jamo, CJK radicals to Yi, Hangul syllables, CJK
    /// compatibility ideographs, vertical and small forms, fullwidth forms, the supplementary
    /// ideographic planes, and the emoji blocks of the supplementary multilingual plane.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        wideRanges.contains { $0.contains(value) }
    }
}
