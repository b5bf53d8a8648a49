import PostgresDatabase

/// The `predicate` command-line tool as a library: `run` takes the arguments (without the
/// program name) and an IO, and returns the exit status. The executable only forwards to it.
///
/// Exit status: 0 success, 1 a failure while running (unreadable file, evaluation error),
/// 2 the input predicate or data is invalid (the diagnostic is printed with a caret),
/// 64 the tool was called wrongly.
package enum PredicateTool {
    /// Every subcommand, in the order `help` lists them.
    static var commands: [any ToolCommand.Type] {
        [
            ParseCommand.self,
            EvalCommand.self,
            CheckCommand.self,
            ResolveCommand.self,
            LintCommand.self,
            AffectedCommand.self,
            WatchCommand.self,
            SQLCommand.self,
            QueryCommand.self,
            DBCommand.self,
            ReplToolCommand.self,
            CompletionCommand.self,
        ]
    }

    /// Runs the tool; without arguments, the REPL on the bundled sample.
    package static func run(_ arguments: [String], io: ToolIO) -> Int32 {
        guard let name = arguments.first else {
            return ReplToolCommand.sample.run(io: io)
        }
        if name == "help" { return help(Array(arguments.dropFirst()), io: io) }
        guard name != "--help", name != "-h" else {
            io.write(overview)
            return ExitStatus.success
        }
        // `predicate --schema … --db …`: options without a command are the REPL's.
        if name.hasPrefix("--") { return run(["repl"] + arguments, io: io) }
        guard let command = commands.first(where: { $0.name == name }) else {
            let shown = PostgresConnection.Configuration.masked(name)  // a URL typed first keeps its password
            io.reportError("predicate: unknown command '\(shown)'\n\n" + overview)
            return ExitStatus.usage
        }
        var scanner = ArgumentScanner(Array(arguments.dropFirst()))
        if scanner.flag("--help") {
            io.write(command.usage + "\n")
            return ExitStatus.success
        }
        do {
            let instance = try command.init(arguments: &scanner)
            try scanner.finish()
            return instance.run(io: io)
        } catch {
            io.reportError("predicate \(name): \(error.message)\nrun 'predicate \(name) --help' for its options\n")
            return ExitStatus.usage
        }
    }

    /// `predicate help`: the overview; `predicate help COMMAND`: the command's usage, as
    /// `predicate COMMAND --help` prints it. An unknown command is a usage error.
    static func help(_ arguments: [String], io: ToolIO) -> Int32 {
        guard let name = arguments.first else {
            io.write(overview)
            return ExitStatus.success
        }
        if name == "help", arguments.count == 1 {
            io.write(overview)
            return ExitStatus.success
        }
        guard arguments.count == 1, let command = commands.first(where: { $0.name == name }) else {
            let shown = PostgresConnection.Configuration.masked(arguments.joined(separator: " "))
            io.reportError("predicate help: expected one command name, not '\(shown)'\n\n" + overview)
            return ExitStatus.usage
        }
        io.write(command.usage + "\n")
        return ExitStatus.success
    }

    static var overview: String {
        var text = "usage: predicate [COMMAND [OPTIONS]]\n\ncommands:\n"
        for command in commands {
            text += "  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += "\nWithout a command, 'predicate' starts the REPL on the bundled sample.\n"
        text += "Run 'predicate help COMMAND' (or 'predicate COMMAND --help') for a command's options.\n"
        return text
    }
}

/// The exit statuses of the tool.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let invalidInput: Int32 = 2
    static let usage: Int32 = 64
}

/// One subcommand: it reads its arguments in `init` and does its work in `run`.
protocol ToolCommand {
    /// The word that selects the command.
    static var name: String { get }
    /// One line for the overview.
    static var summary: String { get }
    /// The synopsis and options.
    static var usage: String { get }
    /// Reads the command's arguments.
    init(arguments: inout ArgumentScanner) throws(UsageError)
    /// Does the work and returns the exit status.
    func run(io: ToolIO) -> Int32
}
