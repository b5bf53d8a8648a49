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
    /// Colours are allowed (``ColorPolicy``): standard output is a terminal, `NO_COLOR` is
    /// empty or unset, `TERM` is not `dumb`.
    package var usesColor: Bool
    /// Colours are allowed on standard error (the same conventions, for standard error): the
    /// diagnostics the commands print there.
    package var errorUsesColor = false

    /// Pipes and files: no prompt, no banner, no colours.
    package static let none = TerminalInfo(inputIsTerminal: false, outputIsTerminal: false, usesColor: false)

    /// Creates the information.
    package init(inputIsTerminal: Bool, outputIsTerminal: Bool, usesColor: Bool) {
        self.inputIsTerminal = inputIsTerminal
        self.outputIsTerminal = outputIsTerminal
        self.usesColor = usesColor
    }

    /// The streams of this process, and the colour conventions (``ColorPolicy``).
    package static var current: TerminalInfo {
        let output = isatty(STDOUT_FILENO) == 1
        var info = TerminalInfo(
            inputIsTerminal: isatty(STDIN_FILENO) == 1, outputIsTerminal: output,
            usesColor: ColorPolicy.allowsColor(outputIsTerminal: output))
        info.errorUsesColor = ColorPolicy.allowsColor(outputIsTerminal: isatty(STDERR_FILENO) == 1)
        return info
    }
}

/// Standard input in raw mode while the REPL runs: no echo, no line buffering, no signals
/// from Control-C (it arrives as a key), output post-processing kept (a newline still returns
/// the carriage). Entering raw mode also asks the terminal for bracketed paste
/// (`ESC [ ? 2004 h`, see ``KeyDecoder``) and wakes the reader on a window resize (`SIGWINCH`);
/// ``restore()`` undoes all three.
///
/// Input is read in blocks of up to ``blockSize`` bytes, whatever has arrived: a paste is a
/// few reads, not one per byte.
final class RawTerminal: TerminalInput {
    /// Turns bracketed paste on.
    static let bracketedPasteOn = "\u{1B}[?2004h"
    /// Turns bracketed paste off.
    static let bracketedPasteOff = "\u{1B}[?2004l"
    /// The most bytes one read takes.
    static let blockSize = 64 * 1024
    /// The width when the terminal does not say (a pseudo-terminal nobody sized).
    static let defaultWidth = 80

    private var saved = termios()
    private var savedResizeAction = sigaction()
    private var isRaw = false
    /// Where the bracketed paste switches go: the terminal the line is drawn on.
    private let output: (String) -> Void

    /// Switches standard input to raw mode; `nil` when it is not a terminal.
    init?(output: @escaping (String) -> Void) {
        self.output = output
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
        // The handler does nothing: its arrival makes a waiting poll(2) return EINTR, which
        // is the news (no state is shared with it). SA_RESTART keeps every other call that
        // the signal interrupts going, as if nothing happened.
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { _ in }
        #elseif canImport(Darwin)
            action.__sigaction_u.__sa_handler = { _ in }
        #endif
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGWINCH, &action, &savedResizeAction)
        output(Self.bracketedPasteOn)
    }

    func next() -> TerminalEvent {
        while true {
            var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, -1)
            if ready < 0 {
                // poll is never restarted after a signal handler ran: a resize, most likely.
                return errno == EINTR ? .resized : .end
            }
            switch readBlock() {
            case .some(let bytes) where !bytes.isEmpty: return .input(bytes)
            case .some: continue
            case .none: return .end
            }
        }
    }

    func available() -> [UInt8] {
        var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) > 0, poller.revents & Int16(POLLIN) != 0 else { return [] }
        return readBlock() ?? []
    }

    /// The bytes that have already arrived, without waiting (`[]` when none); `nil` once the
    /// input has ended (the terminal hung up), so that a caller polling for keys stops.
    func pendingInput() -> [UInt8]? {
        var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) > 0 else { return [] }
        guard poller.revents & Int16(POLLIN) != 0 else { return nil }
        return readBlock()
    }

    var width: Int {
        var size = winsize()
        for descriptor in [STDOUT_FILENO, STDERR_FILENO, STDIN_FILENO] {
            let status = withUnsafeMutablePointer(to: &size) { ioctl(descriptor, UInt(TIOCGWINSZ), $0) }
            if status == 0, size.ws_col > 0 { return Int(size.ws_col) }
        }
        return Self.defaultWidth
    }

    /// One read of what has arrived: the bytes (empty after an interrupted call), or `nil` at
    /// the end of input or on an error.
    private func readBlock() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: Self.blockSize)
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count > 0 { return Array(buffer[0..<count]) }
        if count < 0, errno == EINTR || errno == EAGAIN { return [] }
        return nil
    }

    /// Puts the terminal back as it was.
    func restore() {
        guard isRaw else { return }
        output(Self.bracketedPasteOff)
        sigaction(SIGWINCH, &savedResizeAction, nil)
        var settings = saved
        _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &settings)
        isRaw = false
    }

    deinit {
        restore()
    }
}
