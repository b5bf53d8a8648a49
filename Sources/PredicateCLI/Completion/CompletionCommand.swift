import KeyPaths

/// `predicate completion bash|zsh|fish` prints a completion script for that shell, made from
/// the command table (``CommandSpec``): the commands, their options, the values of options
/// that take a fixed set of words, file names where a file is expected, and the entities of
/// the schema given with `--schema` after `--entity`. For those the script runs
/// `predicate completion entities --schema FILE`, which prints the schema's entity names one
/// per line (the scripts ignore its errors, so a schema that cannot be read completes nothing).
struct CompletionCommand: ToolCommand {
    static let name = "completion"
    static let summary = "print a completion script for bash, zsh or fish"
    static let usage = """
        predicate completion bash|zsh|fish
        predicate completion entities --schema FILE
          bash    source <(predicate completion bash), or save it in ~/.local/share/bash-completion/completions/predicate
          zsh     source <(predicate completion zsh), or save it as _predicate in a folder of $fpath
          fish    predicate completion fish > ~/.config/fish/completions/predicate.fish
          entities  the entity names of the schema, one per line (what the scripts complete --entity with)
        The scripts complete commands, options, option values such as --mapping's and
        --dialect's, file names, and --entity with the entities of the --schema given.
        """

    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    enum Action {
        case script(Shell)
        case entities(schemaPath: String)
    }

    var action: Action

    init(arguments scanner: inout ArgumentScanner) throws(UsageError) {
        let word = try scanner.positional("a shell: bash, zsh or fish")
        if word == "entities" {
            action = .entities(schemaPath: try scanner.requiredValue(for: "--schema"))
        } else if let shell = Shell(rawValue: word) {
            action = .script(shell)
        } else {
            throw UsageError("expected bash, zsh, fish or entities, not '\(word)'")
        }
    }

    func run(io: ToolIO) -> Int32 {
        switch action {
        case .script(let shell):
            io.write(Self.script(for: shell, commands: CommandSpec.all))
            return ExitStatus.success
        case .entities(let schemaPath):
            // The scripts discard standard error: a schema that cannot be read completes nothing.
            switch StoreInputs.schema(schemaPath) {
            case .success(let schema):
                io.write(schema.entityNames.map { $0 + "\n" }.joined())
                return ExitStatus.success
            case .failure(let failure): return failure.report(io)
            }
        }
    }

    /// The script for `shell`.
    static func script(for shell: Shell, commands: [CommandSpec]) -> String {
        switch shell {
        case .bash: CompletionScript.bash(commands)
        case .zsh: CompletionScript.zsh(commands)
        case .fish: CompletionScript.fish(commands)
        }
    }
}
