/// The state of the line being typed: its characters, the cursor, and the place in the
/// history. Keys in, outcomes out — no terminal: ``TerminalLineReader`` feeds it the keys
/// and draws it with ``LineRenderer``.
///
/// | key | effect |
/// |---|---|
/// | text (typed or pasted) | inserted at the cursor, all of it at once; a pasted line break stays in the line |
/// | left, right, home, end | move the cursor |
/// | backspace, delete | delete before / under the cursor |
/// | up, down | the previous / next history entry (the line typed so far is kept) |
/// | tab | complete the word before the cursor (``ReplCompletion``) |
/// | enter | submit the line |
/// | Control-C | drop the line; Control-D on an empty line: end of input |
struct LineEditor {
    /// What a key did.
    enum Outcome: Equatable {
        /// The line changed or the cursor moved: redraw.
        case editing
        /// Enter: the line is complete.
        case submitted(String)
        /// Control-C.
        case interrupted
        /// Control-D on an empty line.
        case endOfInput
        /// Tab found several candidates that share no more letters: show them.
        case candidates([String])
        /// Nothing to do (no completion, no older history entry): ring the bell.
        case bell
        /// Control-L.
        case clearScreen
    }

    /// The characters of the line.
    private(set) var buffer: [Character] = []
    /// Where the cursor is: a character offset in ``buffer``.
    private(set) var cursor = 0
    /// The history, oldest first.
    private(set) var history: [String]
    /// The history entry shown, when browsing.
    private var historyIndex: Int?
    /// The line typed before browsing the history.
    private var draft: [Character] = []

    init(history: [String] = []) {
        self.history = history
    }

    /// The line as text.
    var line: String { String(buffer) }

    /// Starts a new empty line with `history` (oldest first).
    mutating func reset(history: [String]) {
        self.history = history
        buffer = []
        cursor = 0
        historyIndex = nil
        draft = []
    }

    /// Applies one key; `complete` answers tab.
    mutating func handle(_ key: EditorKey, complete: (String, Int) -> ReplCompletion.Result) -> Outcome {
        switch key {
        case .text(let text):
            let characters = Array(text)
            buffer.insert(contentsOf: characters, at: cursor)
            cursor += characters.count
        case .enter:
            return .submitted(line)
        case .tab:
            return completeWord(complete)
        case .backspace:
            guard cursor > 0 else { return .bell }
            cursor -= 1
            buffer.remove(at: cursor)
        case .delete:
            guard cursor < buffer.count else { return .bell }
            buffer.remove(at: cursor)
        case .endOfInput:
            if buffer.isEmpty { return .endOfInput }
            guard cursor < buffer.count else { return .bell }
            buffer.remove(at: cursor)
        case .left:
            guard cursor > 0 else { return .bell }
            cursor -= 1
        case .right:
            guard cursor < buffer.count else { return .bell }
            cursor += 1
        case .home: cursor = 0
        case .end: cursor = buffer.count
        case .up: return showHistory(older: true)
        case .down: return showHistory(older: false)
        case .interrupt: return .interrupted
        case .killToEnd: buffer.removeSubrange(cursor...)
        case .killToStart:
            buffer.removeSubrange(..<cursor)
            cursor = 0
        case .deleteWord:
            var start = cursor
            while start > 0, buffer[start - 1].isWhitespace { start -= 1 }
            while start > 0, !buffer[start - 1].isWhitespace { start -= 1 }
            buffer.removeSubrange(start..<cursor)
            cursor = start
        case .clearScreen: return .clearScreen
        case .ignored: return .bell
        }
        return .editing
    }

    /// Up (`older`) or down through the history; the line being typed comes back below the
    /// newest entry.
    private mutating func showHistory(older: Bool) -> Outcome {
        let index: Int
        switch (historyIndex, older) {
        case (nil, true):
            guard !history.isEmpty else { return .bell }
            draft = buffer
            index = history.count - 1
        case (nil, false):
            return .bell
        case (let current?, true):
            guard current > 0 else { return .bell }
            index = current - 1
        case (let current?, false):
            guard current + 1 < history.count else {
                historyIndex = nil
                buffer = draft
                cursor = buffer.count
                return .editing
            }
            index = current + 1
        }
        historyIndex = index
        buffer = Array(history[index])
        cursor = buffer.count
        return .editing
    }

    /// Tab: one candidate replaces the word; several insert the letters they share, or are
    /// listed when they share no more.
    private mutating func completeWord(_ complete: (String, Int) -> ReplCompletion.Result) -> Outcome {
        let result = complete(line, cursor)
        guard let first = result.candidates.first, result.start <= cursor else { return .bell }
        let shared = result.candidates.dropFirst().reduce(first) { common, next in
            String(zip(common, next).prefix { $0 == $1 }.map(\.0))
        }
        let word = String(buffer[result.start..<cursor])
        let replacement = result.candidates.count == 1 ? first : shared
        if replacement != word, replacement.count >= word.count {
            buffer.replaceSubrange(result.start..<cursor, with: Array(replacement))
            cursor = result.start + replacement.count
            return .editing
        }
        return result.candidates.count > 1 ? .candidates(result.candidates) : .bell
    }
}
