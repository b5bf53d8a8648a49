#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The two ways the REPL reads its input: a script (standard input is a pipe or a file: no
/// prompt, no banner, no colours, each reply printed as it comes) and a terminal (a line
/// editor with history and completion, a banner, colours when allowed).
enum ReplLoop {
    /// Runs the session over the lines of `io` until the end of input or `:quit`. Exit status
    /// 0 when every line succeeded, 2 when one failed (so scripts notice).
    static func runScript(_ session: inout ReplSession, io: ToolIO) -> Int32 {
        var failed = false
        while let line = io.readLine() {
            let reply = session.handle(line)
            io.writeError(reply.warnings)
            io.write(reply.text)
            failed = failed || reply.isError
            if reply.quits { return failed ? ExitStatus.invalidInput : ExitStatus.success }
            if reply.startsWatch {
                // Until a line (handled next, as any other) or the end of the input.
                let end = session.watch(write: io.write, wakingOn: io.inputDescriptor, stopRequested: io.hasInput)
                io.write(end.text)
                failed = failed || end.isError
            }
        }
        let last = session.finish()
        io.write(last.text)
        failed = failed || last.isError
        return failed ? ExitStatus.invalidInput : ExitStatus.success
    }

    /// Runs the session on the terminal; falls back to ``runScript(_:io:)`` when standard
    /// input cannot be put in raw mode.
    static func runInteractive(_ session: inout ReplSession, io: ToolIO) -> Int32 {
        let style = ReplStyle(enabled: io.terminal.usesColor)
        // The banner and the line being edited go where the user sees them: standard output
        // when it is the terminal, else standard error (`predicate > out.txt` keeps out.txt
        // to the replies).
        let draw = io.terminal.outputIsTerminal ? io.write : io.writeError
        draw(style.styled(ReplReply(session.banner)))
        guard let terminal = RawTerminal(output: draw) else { return runScript(&session, io: io) }
        var reader = TerminalLineReader(terminal: terminal, draw: draw, style: style)
        var history = ReplHistory(path: ReplHistory.defaultPath)
        defer {
            terminal.restore()
            history.save()
        }
        while true {
            let prompt = session.isContinuing ? "      ...> " : "predicate> "
            switch reader.readLine(prompt: prompt, history: history.entries, session: session) {
            case .line(let line):
                history.add(line)
                let reply = session.handle(line)
                io.writeError(reply.warnings)
                io.write(style.styled(reply))
                if reply.quits { return ExitStatus.success }
                if reply.startsWatch {
                    // Until Enter, q, Control-C or Control-D (the keys are dropped), or the end.
                    let end = session.watch(write: io.write, wakingOn: STDIN_FILENO) {
                        terminal.pendingInput().map(WatchKeys.stop) ?? true
                    }
                    io.write(style.styled(end))
                }
            case .interrupted:
                session.cancelInput()
            case .endOfInput:
                io.write(style.styled(session.finish()))
                return ExitStatus.success
            }
        }
    }
}
