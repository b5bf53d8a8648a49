/// A key the line editor understands.
enum EditorKey: Equatable {
    /// A printable character (UTF-8 decoded).
    case character(Character)
    case enter
    case tab
    case backspace
    case delete
    case left
    case right
    case up
    case down
    case home
    case end
    /// Control-C: drop the line.
    case interrupt
    /// Control-D: end of input on an empty line, else delete.
    case endOfInput
    /// Control-K: delete to the end of the line.
    case killToEnd
    /// Control-U: delete to the start of the line.
    case killToStart
    /// Control-W: delete the word before the cursor.
    case deleteWord
    /// Control-L: clear the screen.
    case clearScreen
    /// A sequence the editor ignores.
    case ignored
}

/// Turns the bytes a terminal sends in raw mode into keys: UTF-8 characters, control keys
/// and the escape sequences of the arrow and editing keys (`ESC [ A` up, `ESC [ 3 ~` delete,
/// `ESC O H` home, …). Bytes are fed one at a time; a sequence split across reads is kept
/// until it is complete.
///
/// | bytes | key |
/// |---|---|
/// | `1B 5B 44` | ``EditorKey/left`` |
/// | `1B 5B 31 7E`, `1B 5B 48`, `1B 4F 48`, `01` | ``EditorKey/home`` |
/// | `7F`, `08` | ``EditorKey/backspace`` |
/// | `C3 A9` | `é` |
struct KeyDecoder {
    /// The bytes of the sequence read so far.
    private var pending: [UInt8] = []

    /// The most bytes a sequence may have; longer ones are dropped (a sequence the editor
    /// does not know, or noise).
    static let maximumSequence = 16

    /// Feeds one byte; returns the keys it completes (none while a sequence is open).
    mutating func feed(_ byte: UInt8) -> [EditorKey] {
        if pending.isEmpty {
            return start(byte)
        }
        pending.append(byte)
        if pending[0] == 0x1B {
            return escapeSequence()
        }
        return utf8Sequence()
    }

    /// Feeds bytes in order; returns every key they complete.
    mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [EditorKey] where Bytes.Element == UInt8 {
        bytes.flatMap { feed($0) }
    }

    private mutating func start(_ byte: UInt8) -> [EditorKey] {
        switch byte {
        case 0x0D, 0x0A: return [.enter]
        case 0x09: return [.tab]
        case 0x7F, 0x08: return [.backspace]
        case 0x01: return [.home]
        case 0x05: return [.end]
        case 0x02: return [.left]
        case 0x06: return [.right]
        case 0x10: return [.up]
        case 0x0E: return [.down]
        case 0x03: return [.interrupt]
        case 0x04: return [.endOfInput]
        case 0x0B: return [.killToEnd]
        case 0x15: return [.killToStart]
        case 0x17: return [.deleteWord]
        case 0x0C: return [.clearScreen]
        case 0x1B, 0xC0...0xF7:
            pending = [byte]
            return []
        case 0x20...0x7E: return [.character(Character(Unicode.Scalar(byte)))]
        default: return [.ignored]
        }
    }

    /// `ESC [ …` or `ESC O …`: complete at a final byte (`@`…`~`).
    private mutating func escapeSequence() -> [EditorKey] {
        guard pending.count >= 2 else { return [] }
        let introducer = pending[1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            // ESC then an ordinary key (Alt-key): ignore the escape, keep the key.
            let byte = pending[1]
            pending = []
            return [.ignored] + start(byte)
        }
        guard pending.count >= 3, let last = pending.last else { return [] }
        guard (0x40...0x7E).contains(last) else {
            if pending.count >= Self.maximumSequence { pending = [] }
            return pending.isEmpty ? [.ignored] : []
        }
        let body = String(decoding: pending[2...], as: UTF8.self)
        pending = []
        switch body {
        case "A": return [.up]
        case "B": return [.down]
        case "C": return [.right]
        case "D": return [.left]
        case "H", "1~", "7~": return [.home]
        case "F", "4~", "8~": return [.end]
        case "3~": return [.delete]
        default: return [.ignored]
        }
    }

    /// A multi-byte UTF-8 character: complete when its length is reached.
    private mutating func utf8Sequence() -> [EditorKey] {
        let lead = pending[0]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard let last = pending.last, last & 0xC0 == 0x80 else {
            // Not a continuation byte: drop the broken character, start over with this byte.
            let byte = pending.removeLast()
            pending = []
            return [.ignored] + start(byte)
        }
        guard pending.count == length else { return [] }
        let text = String(decoding: pending, as: UTF8.self)
        pending = []
        guard let character = text.first, !text.contains("\u{FFFD}") else { return [.ignored] }
        return [.character(character)]
    }
}
