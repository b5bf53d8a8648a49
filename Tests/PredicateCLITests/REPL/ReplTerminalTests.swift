import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The REPL in a real pseudo-terminal: the built executable with a pty as its standard input
/// and output, driven by keystrokes. Type a predicate and see the table and the prompt again,
/// recall it with the up arrow, complete a key path with tab, quit; paste 100 KB and get the
/// prompt back within a second; edit a line wider than the terminal and resize the window,
/// checked on a model of the terminal (``TerminalScreen``).
@Suite("REPL: an interactive session in a pseudo-terminal", .serialized)
struct ReplTerminalTests {
    /// The REPL started in a fresh home directory (for its history file).
    static func start(rows: UInt16 = 40, columns: UInt16 = 160) throws -> (PseudoTerminal, home: String) {
        let executable = try #require(ToolRunner.executable, "the predicate executable is built by swift build")
        let home = NSTemporaryDirectory() + "predicate-pty-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let terminal = try PseudoTerminal(executable: executable, home: home, rows: rows, columns: columns)
        #expect(terminal.wait(for: "predicate> ") != nil, "the banner and the prompt: \(terminal.transcript)")
        return (terminal, home)
    }

    @Test("type, see the table and the prompt again; up arrow recalls; tab completes; :quit leaves")
    func interactive() throws {
        let (session, home) = try Self.start()
        defer { try? FileManager.default.removeItem(atPath: home) }
        #expect(session.transcript.contains("predicate REPL"))
        // Raw mode turned bracketed paste on.
        #expect(session.transcript.contains("\u{1B}[?2004h"))

        // Contents 2 (2048 bytes) and 5 (900 bytes) are over 800 (Samples/graph.json).
        var mark = session.output.count
        session.type("#size > 800\r")
        let table = session.wait(for: "2 objects", from: mark)
        #expect(table != nil, "\(session.transcript)")
        #expect(String(decoding: session.output[mark...], as: UTF8.self).contains("beach.png"))
        #expect(session.wait(for: "predicate> ", from: table ?? mark) != nil)

        // The up arrow brings the line back; Enter runs it again.
        mark = session.output.count
        session.type("\u{1B}[A")
        #expect(session.wait(for: "#size > 800", from: mark) != nil, "\(session.transcript)")
        session.type("\r")
        #expect(session.wait(for: "2 objects", from: mark) != nil)

        // Tab completes a key path from the schema: `buc` becomes `bucket`.
        mark = session.output.count
        session.type("buc\t")
        #expect(session.wait(for: "bucket", from: mark) != nil, "\(session.transcript)")
        session.type(".name == 'Photos'\r")
        // Contents 2 and 4 are in Photos.
        #expect(session.wait(for: "2 objects", from: mark) != nil, "\(session.transcript)")

        session.type(":quit\r")
        #expect(session.exitStatus() == 0)
        // Leaving raw mode turned bracketed paste off again.
        #expect(session.transcript.hasSuffix("\u{1B}[?2004l"))
        // The history file kept the lines typed.
        let history = (try? String(contentsOfFile: home + "/.predicate_history", encoding: .utf8)) ?? ""
        #expect(history.contains("#size > 800"))
    }

    /// 100 KB on one line: `name == 'x…x' OR #size > 800` (contents 2 and 5).
    static let longPredicate = "name == '" + String(repeating: "x", count: 100_000) + "' OR #size > 800"
    /// `00000`, `00001`, … `09999`.
    static let numbers: [String] = (0..<10_000).map { number in String(String(100_000 + number).dropFirst()) }
    /// 110 KB over 10,000 lines, a string across them: `#size > 800 OR name == 'line 00000⏎line
    /// 00001⏎…'`. Cheap to evaluate, so the time is the editor's, not the evaluator's.
    static let multiLinePredicate: String = {
        let lines: [String] = numbers.map { number in "line " + number }
        return "#size > 800 OR name == '" + lines.joined(separator: "\n") + "'"
    }()
    /// 100 KB over 10,000 lines: `#size > 800 OR name IN {'w00000',⏎'w00001',⏎…}`.
    static let inList: String = {
        let items: [String] = numbers.map { number in "'w" + number + "'" }
        return "#size > 800 OR name IN {" + items.joined(separator: ",\n") + "}"
    }()

    /// Sends `bytes`, then waits for the reply (`2 objects (`) and the prompt after it; the
    /// seconds from when the last byte was written to the prompt.
    static func secondsToPrompt(_ session: PseudoTerminal, after bytes: [UInt8]) -> Double? {
        #expect(session.send(bytes))
        let written = Date()
        // Output after this point answers the last write (send reads nothing after it).
        let mark = session.output.count
        guard let reply = session.wait(for: "2 objects (", from: mark),
            session.wait(for: "predicate> ", from: reply) != nil
        else { return nil }
        return Date().timeIntervalSince(written)
    }

    @Test("a 100 KB paste, one line or 10,000 in a bracketed paste, gives the prompt back within a second")
    func paste() throws {
        let (session, home) = try Self.start()
        defer { try? FileManager.default.removeItem(atPath: home) }
        // The one timing bound of these tests (issue 17 §16 asks for exactly it). It is
        // measured from when the terminal has taken the last byte, not from the first: the
        // REPL reads while the test writes, so what is left then is at most the pty's buffer
        // of input, the redraw of the line, evaluating the predicate and printing the table.
        // How long a loaded machine takes to let the test write 100 KB is not measured. Before
        // the fix, each byte redrew the whole line: 30 KB took 27 s, 100 KB 8 minutes.
        let long = Self.secondsToPrompt(session, after: Array((Self.longPredicate + "\r").utf8))
        #expect(long.map { $0 < 1 } == true, "one 100 KB line: \(long.map { "\($0) s" } ?? "no prompt")")

        let paste = "\u{1B}[200~" + Self.multiLinePredicate + "\u{1B}[201~\r"
        #expect(paste.utf8.count > 100_000)
        let lines = Self.secondsToPrompt(session, after: Array(paste.utf8))
        #expect(lines.map { $0 < 1 } == true, "10,000 pasted lines: \(lines.map { "\($0) s" } ?? "no prompt")")

        // Control-C right behind a 100 KB paste drops it, and the REPL answers the next line.
        var mark = session.output.count
        session.send(Array(("\u{1B}[200~" + Self.inList + "\u{1B}[201~\u{03}").utf8))
        let interrupted = session.wait(for: "^C", from: mark)
        #expect(interrupted != nil)
        #expect(session.wait(for: "predicate> ", from: interrupted ?? mark) != nil)
        mark = session.output.count
        session.type("#size > 800\r")
        #expect(session.wait(for: "2 objects (", from: mark) != nil)
    }

    /// A model terminal kept up to date with what the REPL wrote.
    final class Screen {
        let pty: PseudoTerminal
        var model: TerminalScreen
        private var applied = 0

        init(_ pty: PseudoTerminal, width: Int, height: Int) {
            self.pty = pty
            model = TerminalScreen(width: width, height: height)
        }

        /// Applies what the REPL wrote since the last time.
        func catchUp() {
            model.apply(pty.output[applied...])
            applied = pty.output.count
        }

        /// The rows from the prompt on, when exactly one row of everything written (scrollback
        /// included) holds `predicate>`; nil when none or several do.
        var lineRows: [String]? {
            let rows = model.allRows
            // (A prompt alone on its row ends in a space, which rows do not keep.)
            let prompts = rows.indices.filter { rows[$0].contains("predicate>") }
            guard prompts.count == 1, let first = prompts.first else { return nil }
            return Array(rows[first...])
        }

        /// Reads until the rows from the prompt on are `rows` (or 20 s pass); whether they are.
        func waitFor(_ rows: [String]) -> Bool {
            pty.read {
                catchUp()
                return lineRows == rows
            }
        }

        /// The window becomes `columns` wide: the model reflows, then the REPL is told.
        func resize(columns: Int, rows: Int) {
            catchUp()
            model.resize(width: columns)
            pty.resize(rows: UInt16(rows), columns: UInt16(columns))
        }
    }

    static let wideLine = "name == 'abcdefghijklmnopqrstuvwxyz0123456789' OR #size > 800"

    @Test("a line wider than the terminal, edited with arrows and backspace: one prompt, the line wrapped")
    func wideLine() throws {
        let (session, home) = try Self.start(rows: 24, columns: 40)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let screen = Screen(session, width: 40, height: 24)
        // "predicate> " and 61 characters: 40 columns, then 32.
        session.type(Self.wideLine)
        let typed = ["predicate> name == 'abcdefghijklmnopqrst", "uvwxyz0123456789' OR #size > 800"]
        #expect(screen.waitFor(typed), "\(screen.model.allRows)")
        #expect(screen.model.cursor.column == 32)

        // 20 left (onto the 6), three backspaces (3, 4, 5 go), Z, then ( at the start and )
        // at the end, each key on its own.
        for _ in 0..<20 { session.type("\u{1B}[D") }
        for key in ["\u{7F}", "\u{7F}", "\u{7F}", "Z", "\u{01}", "(", "\u{05}", ")"] { session.type(key) }
        let edited = ["predicate> (name == 'abcdefghijklmnopqrs", "tuvwxyz012Z6789' OR #size > 800)"]
        #expect(screen.waitFor(edited), "\(screen.model.allRows)")
        #expect(screen.model.unknown == [])

        // Enter: the line stays as it was drawn, the table follows, then one new prompt.
        let mark = session.output.count
        session.type("\r")
        let reply = session.wait(for: "2 objects (", from: mark)
        #expect(reply != nil)
        #expect(session.wait(for: "predicate> ", from: reply ?? mark) != nil)
        screen.catchUp()
        let rows = screen.model.allRows
        #expect(rows.filter { $0.hasPrefix("predicate>") }.count == 2, "\(rows)")
        if let first = rows.firstIndex(of: edited[0]) {
            #expect(rows[first + 1] == edited[1])
            #expect(rows[first + 2].hasPrefix("id "), "the table's header follows: \(rows)")
        } else {
            Issue.record("the submitted line is not on the screen: \(rows)")
        }
    }

    @Test("resizing the window (TIOCSWINSZ, SIGWINCH) redraws the line at the new width, and typing after it")
    func resize() throws {
        let (session, home) = try Self.start(rows: 24, columns: 40)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let screen = Screen(session, width: 40, height: 24)
        session.type(Self.wideLine)
        #expect(screen.waitFor(["predicate> name == 'abcdefghijklmnopqrst", "uvwxyz0123456789' OR #size > 800"]))

        // Narrower: 72 columns in rows of 25; drawn again without a key being pressed.
        screen.resize(columns: 25, rows: 24)
        let narrow = ["predicate> name == 'abcde", "fghijklmnopqrstuvwxyz0123", "456789' OR #size > 800"]
        #expect(screen.waitFor(narrow), "\(screen.model.allRows)")
        session.type("0")
        #expect(screen.waitFor(narrow.dropLast() + ["456789' OR #size > 8000"]), "\(screen.model.allRows)")

        // Wider: 73 columns in rows of 60.
        screen.resize(columns: 60, rows: 24)
        let wide = ["predicate> name == 'abcdefghijklmnopqrstuvwxyz0123456789' OR", " #size > 8000"]
        #expect(screen.waitFor(wide), "\(screen.model.allRows)")
        session.type("\u{7F}")
        #expect(screen.waitFor([wide[0], " #size > 800"]), "\(screen.model.allRows)")
        #expect(screen.model.unknown == [])
    }
}
