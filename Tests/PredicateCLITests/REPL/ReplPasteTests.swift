import Testing

@testable import PredicateCLI

/// Issue 17 §16: the REPL froze on a paste (it drew the line again after every byte) and
/// Control-C waited behind it. Input is decoded in blocks, bracketed pastes are text, the line
/// is drawn once per block, and a Control-C drops what was typed ahead of it.
@Suite("REPL: pastes, blocks of input and Control-C")
struct ReplPasteTests {
    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// The keys with neighbouring text runs merged (how blocks are split does not matter).
    static func merged(_ keys: [EditorKey]) -> [EditorKey] {
        var result: [EditorKey] = []
        for key in keys {
            if case .text(let more) = key, case .text(let text)? = result.last {
                result[result.count - 1] = .text(text + more)
            } else {
                result.append(key)
            }
        }
        return result
    }

    @Test(
        "a bracketed paste is text: line breaks and tabs kept, keys and escapes inside it not keys",
        arguments: [
            // CR, CR LF and LF are each one line break; Enter after the paste submits.
            (Array("a\rb\r\nc\nd\te".utf8), [UInt8](Array("\r".utf8)), [EditorKey.text("a\nb\nc\nd\te"), .enter]),
            // An arrow, Control-A and backspace inside a paste are dropped, not obeyed.
            (Array("a\u{1B}[Ab\u{01}c\u{7F}".utf8), [], [.text("abc")]),
            // UTF-8 inside a paste.
            (Array("é語".utf8), [], [.text("é語")]),
            // Nothing pasted.
            ([], [], []),
        ] as [([UInt8], [UInt8], [EditorKey])])
    func bracketedPaste(content: [UInt8], after: [UInt8], keys: [EditorKey]) {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Self.pasteStart + content + Self.pasteEnd + after) == keys)
        #expect(!decoder.isPasting)
    }

    @Test("Control-C inside a paste interrupts and ends the paste; a stray end marker is nothing")
    func interruptInPaste() {
        var decoder = KeyDecoder()
        #expect(
            decoder.feed(Self.pasteStart + Array("ab\u{03}cd\r".utf8)) == [
                .text("ab"), .interrupt, .text("cd"), .enter,
            ])
        #expect(!decoder.isPasting)
        #expect(decoder.feed(Self.pasteEnd + Array("x".utf8)) == [.text("x")])
    }

    /// Bytes covering every kind of sequence: paste markers, an arrow, UTF-8 of two and three
    /// bytes, line breaks inside and outside a paste.
    static let mixed: [UInt8] =
        Array("ab".utf8) + pasteStart + Array("c\r\nd語é".utf8) + pasteEnd + Array("\u{1B}[Dé\r語\u{1B}[3~".utf8)
    static let mixedKeys: [EditorKey] = [.text("abc\nd語é"), .left, .text("é"), .enter, .text("語"), .delete]

    @Test("split anywhere across reads (markers, UTF-8, arrows), the keys are the same")
    func splitAnywhere() {
        var whole = KeyDecoder()
        #expect(whole.feed(Self.mixed) == Self.mixedKeys)
        for first in 0...Self.mixed.count {
            for second in first...Self.mixed.count {
                var decoder = KeyDecoder()
                let keys =
                    decoder.feed(Self.mixed[..<first]) + decoder.feed(Self.mixed[first..<second])
                    + decoder.feed(Self.mixed[second...])
                #expect(Self.merged(keys) == Self.mixedKeys, "split at \(first) and \(second)")
            }
        }
    }

    static func reader(_ terminal: ScriptedTerminal) -> TerminalLineReader {
        TerminalLineReader(terminal: terminal, draw: terminal.draw, style: ReplStyle(enabled: false))
    }

    static func session() throws -> ReplSession { try ReplSession.bundledSample(clock: { 0 }) }

    /// 100 KB of a predicate: `name == 'x…x' OR #size > 800`.
    static let longLine = "name == '" + String(repeating: "x", count: 100_000) + "' OR #size > 800"

    static func blocks(_ text: String, size: Int) -> [[UInt8]] {
        let bytes = Array(text.utf8)
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    /// 4 KB of a predicate, for counting redraws (at one per byte, as before, this is
    /// thousands; 100 KB would take minutes to fail).
    static let line4K = "name == '" + String(repeating: "y", count: 4_000) + "' OR #size > 800"

    @Test("input arriving in 16 reads is drawn once per read (it was once per byte)")
    func oneRedrawPerRead() throws {
        let blocks = Self.blocks(Self.line4K + "\r", size: 256)
        let terminal = ScriptedTerminal(width: 80, steps: blocks.map { .block($0) })
        var reader = Self.reader(terminal)
        let submittedWhole =
            reader.readLine(prompt: "> ", history: [], session: try Self.session()) == .line(Self.line4K)
        #expect(submittedWhole)
        // The prompt, one redraw after each read but the last, and the line as it is submitted.
        #expect(blocks.count == 16)
        #expect(terminal.redraws <= 17)
    }

    @Test("reads that have all arrived are handled together and drawn once")
    func oneRedrawForWhatHasArrived() throws {
        let terminal = ScriptedTerminal(width: 80, steps: [.together(Self.blocks(Self.line4K + "\r", size: 256))])
        var reader = Self.reader(terminal)
        let submittedWhole =
            reader.readLine(prompt: "> ", history: [], session: try Self.session()) == .line(Self.line4K)
        #expect(submittedWhole)
        // The prompt, and the line as it is submitted.
        #expect(terminal.redraws == 2)
    }

    @Test("a pasted line break does not submit: Enter after the paste submits all of it")
    func pastedNewline() throws {
        let paste = Self.pasteStart + Array("name == 'a' OR\nname == 'b'".utf8) + Self.pasteEnd
        let terminal = ScriptedTerminal(width: 80, steps: [.block(paste), .block(Array("\r".utf8))])
        var reader = Self.reader(terminal)
        #expect(
            reader.readLine(prompt: "> ", history: [], session: try Self.session())
                == .line("name == 'a' OR\nname == 'b'"))
    }

    @Test("lines typed ahead are read one after the other")
    func typedAhead() throws {
        let terminal = ScriptedTerminal(width: 80, steps: [.block(Array("one\rtwo\rthr".utf8))])
        var reader = Self.reader(terminal)
        let session = try Self.session()
        #expect(reader.readLine(prompt: "> ", history: [], session: session) == .line("one"))
        #expect(reader.readLine(prompt: "> ", history: [], session: session) == .line("two"))
        #expect(reader.readLine(prompt: "> ", history: [], session: session) == .endOfInput)
        #expect(reader.editor.line == "thr")
    }

    @Test("Control-C drops the line and everything typed ahead of it, at once")
    func interruptDropsTypedAhead() throws {
        let session = try Self.session()
        // In one block: two lines, then Control-C, then a line typed after it.
        let terminal = ScriptedTerminal(width: 80, steps: [.block(Array("one\rtwo\r\u{03}three\r".utf8))])
        var reader = Self.reader(terminal)
        #expect(reader.readLine(prompt: "> ", history: [], session: session) == .interrupted)
        #expect(reader.readLine(prompt: "> ", history: [], session: session) == .line("three"))
        // Behind a 100 KB paste that has all arrived: the paste is dropped with the line.
        let blocks = Self.blocks(Self.longLine + "\r" + Self.longLine + "\u{03}", size: 4096)
        let flooded = ScriptedTerminal(width: 80, steps: [.together(blocks)])
        var floodedReader = Self.reader(flooded)
        // (Compared as Booleans here and above: a failure would print 100 KB.)
        let interrupted = floodedReader.readLine(prompt: "> ", history: [], session: session) == .interrupted
        #expect(interrupted)
        #expect(floodedReader.editor.line.isEmpty)
        #expect(flooded.drawn.last?.hasSuffix("^C\r\n") == true)
    }

    @Test("a resize redraws at the new width, where the terminal reflowed the old drawing")
    func resize() throws {
        let screen = TerminalScreen(width: 20, height: 10)
        let line = String(repeating: "abcde", count: 6)
        let terminal = ScriptedTerminal(
            width: 20, steps: [.block(Array(line.utf8)), .resize(12), .block(Array("X".utf8)), .resize(30)],
            screen: screen)
        var reader = Self.reader(terminal)
        #expect(reader.readLine(prompt: "> ", history: [], session: try Self.session()) == .endOfInput)
        let final = try #require(terminal.finalScreen)
        // "> " and 31 characters at 30 columns: one prompt, two rows.
        #expect(final.allRows == ["> " + String(line.prefix(28)), "deX"])
        #expect(final.cursor == (row: 1, column: 3))
        #expect(final.unknown == [])
    }
}
