#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The width of the terminal standard output is connected to, as the terminal reports it
/// (`TIOCGWINSZ`), read each time it is asked so that a resized window is followed.
enum TerminalWidth {
    /// The number of columns of standard output's terminal; `nil` when standard output is not
    /// a terminal (a pipe, a file) or the terminal does not say (a width of 0).
    static func standardOutput() -> Int? {
        var size = winsize()
        let status = withUnsafeMutablePointer(to: &size) { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }
        guard status == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
