import Predicates
import TestSupport
import Testing

/// Diagnostics never send the input's control characters to the terminal (issue 17, item 19):
/// they are shown escaped, and the caret stands under the escaped text.
@Suite("Diagnostics escape control characters")
struct TerminalEscapeTests {
    static func rendered(_ format: String) -> String? {
        do {
            _ = try PredicateParser().parsePredicate(format, arguments: [])
            return nil
        } catch {
            return error.rendered
        }
    }

    @Test(
        "the message, the echoed line and the caret",
        arguments: [
            (
                "name == \u{1B}[31m",
                ["1:9: error: unexpected character U+001B", #"name == \x1B[31m"#, "        ^^^^"]
            ),
            (
                "a == 'x\u{1B}[2J' AND\tb ==",
                [
                    "1:22: error: expected an expression after '==', found the end of the input",
                    #"a == 'x\x1B[2J' AND\tb =="#, String(repeating: " ", count: 25) + "^",
                ]
            ),
            (
                "a ==\u{202E} 1",
                ["1:5: error: unexpected character U+202E", #"a ==\u202E 1"#, "    ^^^^^^"]
            ),
        ])
    func escaped(format: String, expected: [String]) {
        #expect(Self.rendered(format) == expected.joined(separator: "\n"))
    }

    @Test("TerminalText keeps lines when asked and is idempotent")
    func terminalText() {
        #expect(TerminalText.escaped("a\u{7}b\nc\td\u{85}") == #"a\x07b\nc\td\u0085"#)
        #expect(TerminalText.escaped("a\u{7}b\nc\td", keepingLines: true) == "a\\x07b\nc\td")
        let once = TerminalText.escaped("\u{1B}[0m\u{2066}é日本")
        #expect(once == #"\x1B[0m\u2066é日本"#)
        #expect(TerminalText.escaped(once) == once)
    }

    /// The width a character takes once shown, from the table of ``TerminalText`` (written
    /// here again by hand, not computed by it).
    static func shownWidth(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: 2
        case 0x00...0x1F, 0x7F: 4
        case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: 6
        default: 1
        }
    }

    @Test("on random lines with control characters, nothing raw is printed and the caret is under the token (seeded)")
    func randomLines() {
        let run = PropertyRun("TerminalEscapeTests.randomLines", defaultCases: 2_000)
        let pieces = [
            "a", "b", " ", "==", "'", "x", "é", "日", "\u{1B}", "\t", "\u{7}", "\u{7F}", "\u{85}", "\u{202E}", "\r",
        ]
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            let text = (0..<random.int(in: 1...12)).map { _ in random.pick(pieces) }.joined()
            let scalars = Array(text.unicodeScalars)
            let start = random.below(scalars.count)
            let length = random.int(in: 1...3)
            let prefix = String(String.UnicodeScalarView(scalars[0..<start]))
            let range = SourceRange(prefix.utf8.count, prefix.utf8.count + length)
            // A line break ends the echoed line: keep single lines.
            guard !text.contains("\r") else { continue }
            let output = Diagnostic(id: "test", message: "bad \u{1B}[2J thing", range: range).render(in: text)
            let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
            let raw = output.unicodeScalars.contains {
                $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value)
            }
            let caret = lines.count > 2 ? lines[2].prefix { $0 == " " }.count : -1
            let expectedCaret = prefix.unicodeScalars.reduce(0) { $0 + Self.shownWidth($1) }
            guard !raw, lines.count == 3, caret == expectedCaret else {
                Issue.record("\(text.debugDescription) at \(start):\n\(output)\n\(run.replay(index))")
                return
            }
        }
    }
}
