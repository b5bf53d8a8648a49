@testable import PredicateCLI

/// A terminal for ``TerminalLineReader`` without a terminal: it hands over scripted input and
/// resizes in order, records what the reader draws (and applies it to a ``TerminalScreen``
/// when given one), and ends the input when the script runs out.
final class ScriptedTerminal: TerminalInput {
    /// One step of the script.
    enum Step {
        /// Bytes that arrive on their own: one `next()` returns them.
        case block([UInt8])
        /// Blocks that have all arrived by the time the reader looks: the first from `next()`,
        /// the rest from `available()`.
        case together([[UInt8]])
        /// The window becomes this wide (the screen reflows), then `SIGWINCH`.
        case resize(Int)
    }

    private var steps: [Step]
    private var ready: [[UInt8]] = []
    private(set) var width: Int
    /// Everything drawn, one string per call.
    private(set) var drawn: [String] = []
    /// The model terminal the drawing goes to, if any.
    var screen: TerminalScreen?
    /// The screen when the script ran out: the reader had drawn everything it had.
    private(set) var finalScreen: TerminalScreen?

    init(width: Int, steps: [Step], screen: TerminalScreen? = nil) {
        self.width = width
        self.steps = steps
        self.screen = screen
    }

    /// Where the reader draws.
    func draw(_ text: String) {
        drawn.append(text)
        screen?.apply(Array(text.utf8))
    }

    /// How many times the reader drew the line again (each redraw starts with `CR … ESC [ J`).
    var redraws: Int { drawn.filter { $0.hasPrefix("\r") && $0.contains("\u{1B}[J") }.count }

    func next() -> TerminalEvent {
        guard !steps.isEmpty else {
            finalScreen = screen
            return .end
        }
        switch steps.removeFirst() {
        case .block(let bytes):
            return .input(bytes)
        case .together(let blocks):
            ready = Array(blocks.dropFirst())
            return .input(blocks.first ?? [])
        case .resize(let newWidth):
            width = newWidth
            screen?.resize(width: newWidth)
            return .resized
        }
    }

    func available() -> [UInt8] {
        ready.isEmpty ? [] : ready.removeFirst()
    }
}
