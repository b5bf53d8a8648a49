import Testing

@testable import PredicateCLI

/// Issue 17 §16: a line wider than the terminal. Where the prompt and the line land at a given
/// width, the exact bytes a redraw writes, and — checked on a model of the terminal — that
/// whatever was on the screen before, a redraw leaves one prompt, the line wrapped at the
/// width and the cursor on its character.
@Suite("REPL: the layout and drawing of a line wider than the terminal")
struct ReplLayoutTests {
    typealias Position = LineLayout.Position

    @Test(
        "where the cursor and the end of the line land (width 10 unless said, prompt of 2 unless said)",
        arguments: [
            // line, cursor, width, prompt width, cursor (row, column), end (row, column)
            ("abc", 3, 10, 2, (0, 5), (0, 5)),
            ("abc", 0, 10, 2, (0, 2), (0, 5)),
            // Fills row 0: the terminal waits in column 10; the cursor shows on row 1.
            ("abcdefgh", 8, 10, 2, (1, 0), (0, 10)),
            ("abcdefgh", 7, 10, 2, (0, 9), (0, 10)),
            ("abcdefghi", 2, 10, 2, (0, 4), (1, 1)),
            ("abcdefghi", 8, 10, 2, (1, 0), (1, 1)),
            // 25 characters after the prompt: rows of 10, 10 and 7 columns.
            (String(repeating: "x", count: 25), 25, 10, 2, (2, 7), (2, 7)),
            (String(repeating: "x", count: 25), 18, 10, 2, (2, 0), (2, 7)),
            // A pasted line break ends its row.
            ("ab\ncd", 5, 10, 2, (1, 2), (1, 2)),
            ("ab\ncd", 2, 10, 2, (0, 4), (1, 2)),
            ("ab\ncd", 3, 10, 2, (1, 0), (1, 2)),
            ("abcdefgh\nx", 10, 10, 2, (1, 1), (1, 1)),
            // A wide character does not fit in the last column: it starts the next row.
            ("abcdefg語", 7, 10, 2, (1, 0), (1, 2)),
            ("abcdefg語", 8, 10, 2, (1, 2), (1, 2)),
            ("語語語語", 4, 10, 2, (1, 0), (0, 10)),
            // Accented letters take one column, a tab shows as one space.
            ("é\tb", 3, 10, 2, (0, 5), (0, 5)),
            // A prompt wider than the terminal.
            ("", 0, 10, 12, (1, 2), (1, 2)),
            ("", 0, 10, 10, (1, 0), (0, 10)),
            ("ab", 1, 4, 11, (3, 0), (3, 1)),
        ] as [(String, Int, Int, Int, (Int, Int), (Int, Int))])
    func layout(
        line: String, cursor: Int, width: Int, promptWidth: Int, expectedCursor: (Int, Int), expectedEnd: (Int, Int)
    ) {
        let layout = LineLayout(promptWidth: promptWidth, line: Array(line), cursor: cursor, width: width)
        #expect(layout.cursor == Position(row: expectedCursor.0, column: expectedCursor.1))
        #expect(layout.end == Position(row: expectedEnd.0, column: expectedEnd.1))
    }

    @Test(
        "display widths: one column, two for wide characters, none for escapes and combining marks",
        arguments: [
            ("abc", 3), ("é", 1), ("σας", 3), ("語", 2), ("한글", 4), ("Ａ", 2), ("😀", 2), ("\u{0301}", 0),
            ("\u{200B}", 0), ("\u{1B}[1mpredicate> \u{1B}[0m", 11), ("", 0),
        ] as [(String, Int)])
    func widths(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    static func redraw(_ line: String, cursor: Int, width: Int = 10, previous: Int = 0, prompt: String = "> ")
        -> LineRenderer.Frame
    {
        LineRenderer.redraw(
            prompt: prompt, line: Array(line), cursor: cursor, width: width, previousCursorRow: previous)
    }

    static let x25 = String(repeating: "x", count: 25)

    @Test("the bytes of a redraw: back to the first row, erase below, prompt and line, cursor into place")
    func redrawBytes() {
        #expect(Self.redraw("abc", cursor: 1).text == "\r\u{1B}[J> abc\r\u{1B}[3C")
        // From the cursor's row (1) of the previous drawing up to its first row.
        #expect(Self.redraw("abcdefghij", cursor: 10, previous: 1).text == "\r\u{1B}[1A\u{1B}[J> abcdefghij\r\u{1B}[2C")
        // A full last row with the cursor after it: a space and CR make the terminal wrap.
        #expect(Self.redraw("abcdefgh", cursor: 8).text == "\r\u{1B}[J> abcdefgh \r")
        // The cursor on the first of three rows.
        #expect(
            Self.redraw(Self.x25, cursor: 0, previous: 2).text
                == "\r\u{1B}[2A\u{1B}[J> " + Self.x25 + "\r\u{1B}[2A\u{1B}[2C")
        // Colour escapes in the prompt take no column.
        #expect(
            Self.redraw("ab", cursor: 2, prompt: "\u{1B}[1m> \u{1B}[0m").text
                == "\r\u{1B}[J\u{1B}[1m> \u{1B}[0mab\r\u{1B}[4C")
        // A pasted line break is CR LF; a tab a space.
        #expect(Self.redraw("ab\ncd", cursor: 1).text == "\r\u{1B}[J> ab\r\ncd\r\u{1B}[1A\u{1B}[3C")
        #expect(Self.redraw("a\tb", cursor: 3).text == "\r\u{1B}[J> a b\r\u{1B}[5C")
    }

    @Test("leaving a line: below its last row, with ^C after its end when interrupted")
    func leaveBytes() {
        let threeRows = Self.redraw(Self.x25, cursor: 0).layout
        #expect(LineRenderer.leave(threeRows) == "\u{1B}[2B\r\n")
        #expect(LineRenderer.leave(threeRows, marker: "^C") == "\u{1B}[2B\r\u{1B}[7C^C\r\n")
        // The cursor already waits on the row below a full last row.
        let full = Self.redraw("abcdefgh", cursor: 8).layout
        #expect(LineRenderer.leave(full) == "")
        #expect(LineRenderer.leave(full, marker: "^C") == "^C\r\n")
        // A full last row, the cursor elsewhere: ^C goes on the row below.
        let fullCursorAtStart = Self.redraw("abcdefgh", cursor: 0).layout
        #expect(LineRenderer.leave(fullCursorAtStart) == "\r\n")
        #expect(LineRenderer.leave(fullCursorAtStart, marker: "^C") == "\r\n^C\r\n")
    }

    @Test("on a model terminal: a line edited across three rows shows one prompt and its rows")
    func screenExample() {
        var screen = TerminalScreen(width: 10, height: 6)
        screen.apply(Array("out\r\n".utf8))
        var previous = 0
        // Typed one character at a time, then the cursor moved to the start, a character
        // deleted in the middle.
        var states: [(String, Int)] = (0...25).map { (String(Self.x25.prefix($0)), $0) }
        states += [(Self.x25, 0), (Self.x25, 12), (String(repeating: "x", count: 24), 11)]
        for (line, cursor) in states {
            let frame = Self.redraw(line, cursor: cursor, previous: previous)
            screen.apply(Array(frame.text.utf8))
            previous = frame.layout.cursor.row
        }
        #expect(screen.screen == ["out", "> xxxxxxxx", "xxxxxxxxxx", "xxxxxx", "", ""])
        #expect(screen.cursor == (row: 2, column: 3))
        #expect(screen.unknown == [])
    }

    @Test("on a model terminal: tab's candidates go below the line, Control-L clears the screen")
    func candidatesAndClear() throws {
        var screen = TerminalScreen(width: 12, height: 6)
        screen.apply(Array("out\r\n".utf8))
        // ":entit" is 8 columns with the prompt; the candidates share no more letters.
        let steps: [ScriptedTerminal.Step] = [
            .block(Array(":entit".utf8)), .block([0x09]), .block([0x1B, 0x5B, 0x44]), .block([0x0C]),
        ]
        let terminal = ScriptedTerminal(width: 12, steps: steps, screen: screen)
        var reader = TerminalLineReader(terminal: terminal, draw: terminal.draw, style: ReplStyle(enabled: false))
        let session = try ReplSession.bundledSample(clock: { 0 })
        #expect(reader.readLine(prompt: "> ", history: [], session: session) == .endOfInput)
        let final = try #require(terminal.finalScreen)
        // After Control-L only the line is left, at the top, the cursor on its last letter.
        #expect(final.screen == ["> :entit", "", "", "", "", ""])
        #expect(final.cursor == (row: 0, column: 7))
        // Before it: the line, the candidates (wrapped at 12 columns), the line again.
        var beforeClear = TerminalScreen(width: 12, height: 6)
        beforeClear.apply(Array("out\r\n".utf8))
        beforeClear.apply(terminal.drawn.prefix { !$0.contains("\u{1B}[2J") }.joined().utf8)
        #expect(beforeClear.screen == ["out", "> :entit", ":entities  :", "entity", "> :entit", ""])
    }
}
