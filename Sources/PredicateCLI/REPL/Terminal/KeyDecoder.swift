/// A key the line editor understands.
enum EditorKey: Equatable {
    /// Text to insert at the cursor: the printable characters that arrived together (a paste
    /// without brackets is one run per read), and in a bracketed paste its line breaks (`\n`)
    /// and tabs too.
    case text(String)
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
/// `ESC O H` home, …). Bytes come in blocks, as `read` returns them; a sequence split across
/// blocks is kept until it is complete, and printable characters next to each other become
/// one ``EditorKey/text(_:)``, so a pasted line is one insertion, not one per byte.
///
/// | bytes | keys |
/// |---|---|
/// | `1B 5B 44` | ``EditorKey/left`` |
/// | `1B 5B 31 7E`, `1B 5B 48`, `1B 4F 48`, `01` | ``EditorKey/home`` |
/// | `7F`, `08` | ``EditorKey/backspace`` |
/// | `61 C3 A9 62 0D` | `text("aéb")`, ``EditorKey/enter`` |
///
/// **Bracketed paste.** A terminal asked for it (``RawTerminal`` does) wraps what is pasted in
/// `ESC [ 200 ~` … `ESC [ 201 ~`. Between the markers nothing is a key: every character is
/// text, a line break (CR, LF or CR LF) is a `\n` in the text and a tab a `\t`, escape
/// sequences and other control bytes are dropped. So a pasted newline never submits half a
/// line; Enter after the paste submits all of it. The one exception is Control-C (`03`): it
/// interrupts even inside a paste and ends it, so a terminal that never sends the closing
/// marker cannot trap the user.
struct KeyDecoder {
    /// The bytes of the sequence read so far.
    private var pending: [UInt8] = []
    /// Between `ESC [ 200 ~` and `ESC [ 201 ~`.
    private(set) var isPasting = false
    /// In a paste, the byte before was a carriage return: a line feed now is the same break.
    private var afterCarriageReturn = false

    /// The most bytes a sequence may have; longer ones are dropped (a sequence the editor
    /// does not know, or noise).
    static let maximumSequence = 16

    /// Feeds bytes in order; returns every key they complete (a sequence left open waits for
    /// the next block).
    mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [EditorKey] where Bytes.Element == UInt8 {
        var keys = KeyList()
        for byte in bytes {
            feed(byte, into: &keys)
        }
        return keys.finish()
    }

    private mutating func feed(_ byte: UInt8, into keys: inout KeyList) {
        guard !pending.isEmpty else {
            start(byte, into: &keys)
            return
        }
        pending.append(byte)
        if pending[0] == 0x1B {
            escapeSequence(into: &keys)
        } else {
            utf8Sequence(into: &keys)
        }
    }

    private mutating func start(_ byte: UInt8, into keys: inout KeyList) {
        if isPasting {
            pasted(byte, into: &keys)
            return
        }
        switch byte {
        case 0x0D, 0x0A: keys.append(.enter)
        case 0x09: keys.append(.tab)
        case 0x7F, 0x08: keys.append(.backspace)
        case 0x01: keys.append(.home)
        case 0x05: keys.append(.end)
        case 0x02: keys.append(.left)
        case 0x06: keys.append(.right)
        case 0x10: keys.append(.up)
        case 0x0E: keys.append(.down)
        case 0x03: keys.append(.interrupt)
        case 0x04: keys.append(.endOfInput)
        case 0x0B: keys.append(.killToEnd)
        case 0x15: keys.append(.killToStart)
        case 0x17: keys.append(.deleteWord)
        case 0x0C: keys.append(.clearScreen)
        case 0x1B, 0xC0...0xF7: pending = [byte]
        case 0x20...0x7E: keys.append(text: Character(Unicode.Scalar(byte)))
        default: keys.append(.ignored)
        }
    }

    /// A byte of a bracketed paste: text, a line break, or Control-C.
    private mutating func pasted(_ byte: UInt8, into keys: inout KeyList) {
        let followsCarriageReturn = afterCarriageReturn
        afterCarriageReturn = false
        switch byte {
        case 0x0D:
            afterCarriageReturn = true
            keys.append(text: "\n")
        case 0x0A:
            if !followsCarriageReturn { keys.append(text: "\n") }
        case 0x09: keys.append(text: "\t")
        case 0x03:
            isPasting = false
            keys.append(.interrupt)
        case 0x1B, 0xC0...0xF7: pending = [byte]
        case 0x20...0x7E: keys.append(text: Character(Unicode.Scalar(byte)))
        default: break
        }
    }

    /// `ESC [ …` or `ESC O …`: complete at a final byte (`@`…`~`).
    private mutating func escapeSequence(into keys: inout KeyList) {
        guard pending.count >= 2 else { return }
        let introducer = pending[1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            // ESC then an ordinary key (Alt-key): ignore the escape, keep the key.
            pending = []
            if !isPasting { keys.append(.ignored) }
            start(introducer, into: &keys)
            return
        }
        guard pending.count >= 3, let last = pending.last else { return }
        guard (0x40...0x7E).contains(last) else {
            if pending.count >= Self.maximumSequence {
                pending = []
                if !isPasting { keys.append(.ignored) }
            }
            return
        }
        let body = String(decoding: pending[2...], as: UTF8.self)
        pending = []
        switch body {
        case "200~": isPasting = true
        case "201~": isPasting = false
        case _ where isPasting: break
        case "A": keys.append(.up)
        case "B": keys.append(.down)
        case "C": keys.append(.right)
        case "D": keys.append(.left)
        case "H", "1~", "7~": keys.append(.home)
        case "F", "4~", "8~": keys.append(.end)
        case "3~": keys.append(.delete)
        default: keys.append(.ignored)
        }
    }

    /// A multi-byte UTF-8 character: complete when its length is reached.
    private mutating func utf8Sequence(into keys: inout KeyList) {
        let lead = pending[0]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard let last = pending.last, last & 0xC0 == 0x80 else {
            // Not a continuation byte: drop the broken character, start over with this byte.
            let byte = pending.removeLast()
            pending = []
            if !isPasting { keys.append(.ignored) }
            start(byte, into: &keys)
            return
        }
        guard pending.count == length else { return }
        let text = String(decoding: pending, as: UTF8.self)
        pending = []
        guard let character = text.first, !text.contains("\u{FFFD}") else {
            if !isPasting { keys.append(.ignored) }
            return
        }
        keys.append(text: character)
    }
}

/// The keys decoded from one block, neighbouring text merged into one run.
private struct KeyList {
    private var keys: [EditorKey] = []
    private var text = ""

    mutating func append(_ key: EditorKey) {
        flushText()
        keys.append(key)
    }

    mutating func append(text character: Character) {
        text.append(character)
    }

    /// The keys, the text run at the end included.
    mutating func finish() -> [EditorKey] {
        flushText()
        return keys
    }

    private mutating func flushText() {
        guard !text.isEmpty else { return }
        keys.append(.text(text))
        text = ""
    }
}
