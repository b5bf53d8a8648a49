/// What the line reader needs from a terminal: its input in blocks, and its width. The REPL's
/// is ``RawTerminal``; tests script one.
protocol TerminalInput: AnyObject {
    /// Waits for something to happen: input (at least one byte), a possible change of the
    /// window's size, or the end of the input.
    func next() -> TerminalEvent
    /// The bytes that have already arrived, without waiting (none when nothing is there).
    func available() -> [UInt8]
    /// The terminal's width in columns, asked for again each time (the window may have been
    /// resized since).
    var width: Int { get }
}

/// What ``TerminalInput/next()`` saw.
enum TerminalEvent: Equatable {
    /// Bytes read, as many as had arrived (a block, not one byte).
    case input([UInt8])
    /// The window may have changed size (`SIGWINCH`): read the width again and redraw.
    case resized
    /// End of input: the terminal is gone.
    case end
}
