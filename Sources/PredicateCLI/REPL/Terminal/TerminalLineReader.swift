/// Reads lines from a terminal in raw mode through a ``LineEditor``, drawing them with
/// ``LineRenderer``.
///
/// - **Blocks, one redraw.** Input is taken in as it comes, a block per read, and everything
///   that has already arrived is handled before the line is drawn again: a pasted document
///   costs a few redraws, not one per byte.
/// - **Control-C first.** A Control-C anywhere in what has arrived wins: the keys before it
///   that were not handled yet (the rest of a paste, lines typed ahead) are dropped with the
///   line, as the terminal's own interrupt drops its unread input, and the reader answers
///   ``Read/interrupted`` at once.
/// - **Resizes.** The width is asked for before every redraw. After a resize (`SIGWINCH`
///   wakes the reader) the line is drawn again at the new width; the old drawing is looked
///   for where a terminal that reflows its text (most do) has moved it. On one that does not
///   (xterm), the first redraw after a resize of a line that wraps may leave stale rows above
///   it (wider) or clear as many rows of earlier output (narrower); later redraws are exact.
/// - **Typed ahead.** Keys after a submitted line stay queued for the next line.
///
/// A line taller than the window cannot be redrawn in place (the cursor cannot go above the
/// top row): the window then shows the end of the line, and its earlier rows are repeated in
/// the scrollback.
struct TerminalLineReader {
    /// What the user did with the line.
    enum Read: Equatable {
        case line(String)
        case interrupted
        case endOfInput
    }

    /// The most bytes taken in before they are handled, so a flood of input is handled (and
    /// shown) as it comes.
    static let maximumIntake = 1 << 20

    private let terminal: any TerminalInput
    private let draw: (String) -> Void
    private let style: ReplStyle
    private var decoder = KeyDecoder()
    /// The line being edited (tests read it).
    private(set) var editor = LineEditor()
    /// Keys decoded and not handled yet, from `queueStart` on.
    private var queue: [EditorKey] = []
    private var queueStart = 0
    /// The prompt of the line being read, styled.
    private var prompt = ""
    /// What is on the screen: the line and cursor drawn and their layout (`nil` before the
    /// first drawing of a line).
    private var drawn: (line: [Character], cursor: Int, layout: LineLayout)?
    /// The editor changed since the last drawing.
    private var isDirty = false

    init(terminal: any TerminalInput, draw: @escaping (String) -> Void, style: ReplStyle) {
        self.terminal = terminal
        self.draw = draw
        self.style = style
    }

    /// Shows `prompt` and edits a line until enter, Control-C or Control-D.
    mutating func readLine(prompt: String, history: [String], session: ReplSession) -> Read {
        let completion = ReplCompletion(session: session)
        self.prompt = style.prompt(prompt)
        editor.reset(history: history)
        drawn = nil
        redraw()
        while true {
            takeInAvailableInput()
            if let read = handleQueuedKeys(complete: completion.complete) { return read }
            if isDirty { redraw() }
            switch terminal.next() {
            case .input(let bytes):
                enqueue(bytes)
            case .resized:
                if terminal.width != drawn?.layout.width { redraw() }
            case .end:
                leave()
                return .endOfInput
            }
        }
    }

    /// Takes in what has already arrived, up to ``maximumIntake`` bytes.
    private mutating func takeInAvailableInput() {
        var taken = 0
        while taken < Self.maximumIntake {
            let bytes = terminal.available()
            guard !bytes.isEmpty else { return }
            taken += bytes.count
            enqueue(bytes)
        }
    }

    /// Decodes a block; a Control-C in it drops every key before it that is still queued.
    private mutating func enqueue(_ bytes: [UInt8]) {
        let keys = decoder.feed(bytes)
        if let interrupt = keys.lastIndex(of: .interrupt) {
            queue = Array(keys[interrupt...])
            queueStart = 0
        } else {
            queue.append(contentsOf: keys)
        }
    }

    /// Hands the queued keys to the editor until a line is done (its answer) or none is left.
    private mutating func handleQueuedKeys(complete: (String, Int) -> ReplCompletion.Result) -> Read? {
        var rang = false
        defer { compactQueue() }
        while queueStart < queue.count {
            let key = queue[queueStart]
            queueStart += 1
            switch editor.handle(key, complete: complete) {
            case .editing:
                isDirty = true
            case .submitted(let line):
                leave()
                return .line(line)
            case .interrupted:
                leave(marker: "^C")
                return .interrupted
            case .endOfInput:
                leave()
                return .endOfInput
            case .candidates(let candidates):
                leave()
                draw(candidates.joined(separator: "  ") + "\r\n")
                drawn = nil
                redraw()
            case .bell:
                // One bell for a block, however many keys had nothing to do.
                if !rang { draw("\u{07}") }
                rang = true
            case .clearScreen:
                draw("\u{1B}[H\u{1B}[2J")
                drawn = nil
                redraw()
            }
        }
        return nil
    }

    private mutating func compactQueue() {
        guard queueStart > 0, queueStart * 2 >= queue.count else { return }
        queue.removeFirst(queueStart)
        queueStart = 0
    }

    /// Draws the line again at the terminal's current width.
    private mutating func redraw() {
        let width = terminal.width
        var previousRow = 0
        if let drawn {
            // After a resize, the old drawing is where a reflowing terminal put it: laid out
            // again at the new width.
            previousRow =
                drawn.layout.width == width
                ? drawn.layout.cursor.row
                : LineLayout(
                    promptWidth: DisplayWidth.of(prompt), line: drawn.line, cursor: drawn.cursor, width: width
                ).cursor.row
        }
        let frame = LineRenderer.redraw(
            prompt: prompt, line: editor.buffer, cursor: editor.cursor, width: width, previousCursorRow: previousRow)
        draw(frame.text)
        drawn = (editor.buffer, editor.cursor, frame.layout)
        isDirty = false
    }

    /// Shows the line as it ends (drawn again if it changed) and moves below it.
    private mutating func leave(marker: String = "") {
        if isDirty || drawn == nil { redraw() }
        if let drawn { draw(LineRenderer.leave(drawn.layout, marker: marker)) }
        drawn = nil
    }
}
