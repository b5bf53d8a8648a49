#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the process's standard streams are connected to, decided once at start-up.
package struct TerminalInfo: Sendable, Equatable {
    /// Standard input is a terminal: the REPL edits lines, prompts and prints a banner.
    package var inputIsTerminal: Bool
    /// Standard output is a terminal.
    package var outputIsTerminal: Bool
    /// Colours are allowed: standard output is a terminal and `NO_COLOR` is not set.
    package var usesColor: Bool

    /// Pipes and files: no prompt, no banner, no colours.
    package static let none = TerminalInfo(inputIsTerminal: false, outputIsTerminal: false, usesColor: false)

    /// Creates the information.
    package init(inputIsTerminal: Bool, outputIsTerminal: Bool, usesColor: Bool) {
        self.inputIsTerminal = inputIsTerminal
        self.outputIsTerminal = outputIsTerminal
        self.usesColor = usesColor
    }

    /// The streams of this process, and the `NO_COLOR` convention (any value, even empty,
    /// turns colours off).
    package static var current: TerminalInfo {
        let output = isatty(STDOUT_FILENO) == 1
        return TerminalInfo(
            inputIsTerminal: isatty(STDIN_FILENO) == 1, outputIsTerminal: output,
            usesColor: output && getenv("NO_COLOR") == nil)
    }
}

/// Standard input in raw mode while the REPL reads a line: no echo, no line buffering, no
/// signals from Control-C (it arrives as a key), output post-processing kept (a newline still
/// returns the carriage). ``restore()`` puts the saved settings back.
final class RawTerminal {
    private var saved = termios()
    private var isRaw = false

    /// Switches standard input to raw mode; `nil` when it is not a terminal.
    init?() {
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSADRAIN, &raw) == 0 else { return nil }
        isRaw = true
    }

    /// Reads one byte of standard input; `nil` at end of input or on an error.
    func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 1 { return byte }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }

    /// Puts the terminal back as it was.
    func restore() {
        guard isRaw else { return }
        var settings = saved
        _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &settings)
        isRaw = false
    }

    deinit {
        restore()
    }
}
