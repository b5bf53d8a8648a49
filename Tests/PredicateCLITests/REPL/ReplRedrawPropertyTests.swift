import TestSupport
import Testing

@testable import PredicateCLI

/// Issue 17 §16, the class of bug: "a line wider than the terminal or a resize fills the
/// screen with copies of the prompt". Random typing, pastes (with line breaks), cursor moves,
/// deletions and window resizes go through the real line reader onto a model terminal that
/// reflows on resize (``TerminalScreen``); whenever the reader waits for input, the terminal
/// must show what came before, then ONE prompt followed by the line wrapped at the current
/// width, and the cursor on its character. The expected rows are cut from the prompt and the
/// line by this file's own rule, not by the editor's layout.
@Suite("REPL: property — every redraw leaves one prompt and the line wrapped at the width")
struct ReplRedrawPropertyTests {
    static let prompt = "> "
    static let before = "hi"

    /// Rows of `prompt` + `line` at `width` and the cursor's place: cells filled left to
    /// right, a wide character (two cells) never split, a line break ending its row; the
    /// cursor is on the cell of its character, or after the last one (the start of the next
    /// row when the last row is full).
    static func expected(line: [Character], cursor: Int, width: Int) -> (rows: [String], cursor: (Int, Int)) {
        var rows: [String] = [""]
        var used = 0
        var place = (0, 0)
        func breakRow() {
            rows.append("")
            used = 0
        }
        for character in prompt { rows[0].append(character) }
        used = prompt.count
        for (index, character) in line.enumerated() {
            let cells = character.unicodeScalars.first.map { TerminalScreen.isWide($0) ? 2 : 1 } ?? 1
            if character != "\n", used + cells > width {
                if used < width { rows[rows.count - 1] += String(repeating: " ", count: width - used) }
                breakRow()
            }
            if index == cursor { place = used == width ? (rows.count, 0) : (rows.count - 1, used) }
            if character == "\n" {
                breakRow()
                continue
            }
            rows[rows.count - 1].append(character == "\t" ? " " : character)
            used += cells
        }
        if cursor >= line.count { place = used == width ? (rows.count, 0) : (rows.count - 1, used) }
        let trimmed = rows.map { row in String(row.reversed().drop { $0 == " " }.reversed()) }
        return (trimmed, place)
    }

    enum Step: CustomStringConvertible {
        case type(String)
        case paste(String)
        case key([UInt8], String)
        case resize(Int)

        var description: String {
            switch self {
            case .type(let text): "type \(text.debugDescription)"
            case .paste(let text): "paste \(text.debugDescription)"
            case .key(_, let name): name
            case .resize(let width): "resize to \(width)"
            }
        }

        var scripted: ScriptedTerminal.Step {
            switch self {
            case .type(let text): .block(Array(text.utf8))
            case .paste(let text): .block(Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8))
            case .key(let bytes, _): .block(bytes)
            case .resize(let width): .resize(width)
            }
        }
    }

    static let keys: [([UInt8], String)] = [
        ([0x1B, 0x5B, 0x44], "left"), ([0x1B, 0x5B, 0x43], "right"), ([0x01], "home"), ([0x05], "end"),
        ([0x7F], "backspace"), ([0x1B, 0x5B, 0x33, 0x7E], "delete"), ([0x0B], "kill to end"),
        ([0x1B, 0x5B, 0x44, 0x1B, 0x5B, 0x44, 0x1B, 0x5B, 0x44], "left × 3"),
    ]

    static func text(_ random: inout SplitMix64, lineBreaks: Bool) -> String {
        let alphabet: [Character] = ["a", "b", "x", " ", "'", "語", "é"] + (lineBreaks ? ["\n"] : [])
        return String((0..<random.int(in: 1...14)).map { _ in random.pick(alphabet) })
    }

    static func steps(_ random: inout SplitMix64) -> [Step] {
        (0..<random.int(in: 1...14)).map { _ in
            switch random.below(10) {
            case 0...3: return .type(text(&random, lineBreaks: false))
            case 4: return .paste(text(&random, lineBreaks: true))
            case 5: return .resize(random.int(in: 4...30))
            default:
                let key = random.pick(keys)
                return .key(key.0, key.1)
            }
        }
    }

    /// The mismatch between the screen and the expected one after `steps`, or nil.
    static func mismatch(_ steps: [Step], width: Int, session: ReplSession) -> String? {
        // Tall enough for any line the steps make: a line taller than the screen cannot be
        // drawn again in place (the cursor cannot go above the top).
        var screen = TerminalScreen(width: width, height: 300)
        screen.apply(Array((before + "\r\n").utf8))
        let terminal = ScriptedTerminal(width: width, steps: steps.map(\.scripted), screen: screen)
        var reader = TerminalLineReader(terminal: terminal, draw: terminal.draw, style: ReplStyle(enabled: false))
        let read = reader.readLine(prompt: prompt, history: [], session: session)
        guard read == .endOfInput, let final = terminal.finalScreen else { return "the reader answered \(read)" }
        let want = expected(line: reader.editor.buffer, cursor: reader.editor.cursor, width: terminal.width)
        var rows = [before] + want.rows
        while rows.last == "" { rows.removeLast() }
        let cursor = (row: want.cursor.0 + 1 - final.top, column: want.cursor.1)
        guard final.allRows == rows, final.cursor == cursor, final.unknown.isEmpty else {
            return "screen \(final.allRows) cursor \(final.cursor); expected \(rows) cursor \(cursor)"
                + (final.unknown.isEmpty ? "" : "; unknown sequences \(final.unknown)")
        }
        return nil
    }

    @Test("random typing, pastes, moves, deletions and resizes")
    func redraws() throws {
        let run = PropertyRun("ReplRedrawPropertyTests.redraws", defaultCases: 400)
        let session = try ReplSession.bundledSample(clock: { 0 })
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            let width = random.int(in: 4...30)
            let steps = Self.steps(&random)
            guard Self.mismatch(steps, width: width, session: session) != nil else { continue }
            let smallest = Shrinker.shrink(
                steps,
                candidates: { steps in steps.indices.map { index in Array(steps[..<index] + steps[(index + 1)...]) } },
                fails: { Self.mismatch($0, width: width, session: session) != nil })
            let message = Self.mismatch(smallest, width: width, session: session) ?? "?"
            Issue.record("width \(width), steps \(smallest): \(message) — \(run.replay(index))")
            return
        }
    }
}
