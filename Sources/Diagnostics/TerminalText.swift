/// Text from the input as it may be shown on a terminal: control characters (C0, DEL, C1)
/// and the bidirectional formatting characters, which a terminal would obey (clear the
/// screen, move the cursor, reorder the line) instead of showing, are written as escapes in
/// the predicate language's own spelling:
///
/// | character | shown as |
/// |---|---|
/// | tab, carriage return, line feed | `\t`, `\r`, `\n` |
/// | other C0 controls and DEL | `\x1B`, `\x00`, `\x7F` |
/// | C1 controls, bidirectional marks and overrides | `\u0085`, `\u202E` |
///
/// Everything else (letters of any script, emoji, combining marks) is shown as it is.
///
/// ```swift
/// TerminalText.escaped("name == '\u{1B}[2J'")   // name == '\x1B[2J'
/// ```
public enum TerminalText {
    /// `text` with every character a terminal would obey escaped; line feeds (and tabs) are
    /// kept when `keepingLines` (a message of several lines).
    public static func escaped(_ text: String, keepingLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLines: keepingLines) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingLines: keepingLines) {
                result += spelling(of: scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// How `character` is shown: itself, or the escapes of the scalars that need them.
    static func shown(_ character: Character) -> String {
        guard character.unicodeScalars.contains(where: { needsEscape($0, keepingLines: false) }) else {
            return String(character)
        }
        return escaped(String(character))
    }

    /// Whether a terminal would obey `scalar` rather than show it.
    static func needsEscape(_ scalar: Unicode.Scalar, keepingLines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !keepingLines
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func spelling(of scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x00...0x1F, 0x7F: return "\\x" + hex(scalar.value, digits: 2)
        default: return "\\u" + hex(scalar.value, digits: 4)
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: Swift.max(0, digits - text.count)) + text
    }
}
