extension CompletionScript {
    /// The fish script: one `complete` line per command (offered while no command is given)
    /// and per option of each command (with `-F` for files, the schema's entities or fixed
    /// words, `-x` for free text), and the first words of commands that have them.
    static func fish(_ commands: [CommandSpec]) -> String {
        let names = commands.map(\.name).joined(separator: " ")
        var text = """
            # fish completion for predicate (written by 'predicate completion fish').
            # Load it with: predicate completion fish | source
            # or save it as ~/.config/fish/completions/predicate.fish

            function __predicate_entities
                set -l tokens (commandline -opc)
                set -l index (contains -i -- --schema $tokens)
                and test (count $tokens) -gt $index
                and $tokens[1] completion entities --schema $tokens[(math $index + 1)] 2>/dev/null
            end

            function __predicate_command
                set -l tokens (commandline -opc)
                if test (count $tokens) -lt 2; or string match -q -- '-*' $tokens[2]
                    echo repl
                else
                    echo $tokens[2]
                end
            end

            complete -c predicate -f

            """
        for command in commands {
            text +=
                "complete -c predicate -n 'not __fish_seen_subcommand_from \(names)' -a \(command.name) -d "
                + fishQuoted(command.summary) + "\n"
        }
        for command in commands {
            let test = "test (__predicate_command) = \(command.name)"
            let condition = "-n '\(test)'"
            for option in command.options {
                let long = "-l \(option.name.dropFirst(2))"
                switch option.value {
                case nil: text += "complete -c predicate \(condition) \(long)\n"
                case .file?: text += "complete -c predicate \(condition) \(long) -r -F\n"
                case .entity?: text += "complete -c predicate \(condition) \(long) -x -a '(__predicate_entities)'\n"
                case .choices(let words)?:
                    text += "complete -c predicate \(condition) \(long) -x -a '\(words.joined(separator: " "))'\n"
                case .text?: text += "complete -c predicate \(condition) \(long) -x\n"
                }
            }
            if !command.words.isEmpty {
                text +=
                    "complete -c predicate -n '\(test); and test (count (commandline -opc)) -eq 2' -a '"
                    + command.words.joined(separator: " ") + "'\n"
            }
        }
        return text
    }

    /// `text` in single quotes for fish (`\` and `'` escaped).
    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
