/// The completion scripts, written from the command specs: one function per shell.
enum CompletionScript {
    /// The bash script: `_predicate` completes the command word, then per command the value
    /// of the option before the cursor (entities, fixed words; nothing, hence file names, for
    /// files and free text), else its options or its first word. `complete -o default` falls
    /// back to file names when nothing is offered.
    static func bash(_ commands: [CommandSpec]) -> String {
        var text = """
            # bash completion for predicate (written by 'predicate completion bash').
            # Load it with: source <(predicate completion bash)

            _predicate_entities() {
                local i schema=""
                for ((i = 1; i < COMP_CWORD; i++)); do
                    if [[ ${COMP_WORDS[i]} == --schema ]]; then schema=${COMP_WORDS[i + 1]}; fi
                done
                [[ -n $schema ]] || return 0
                "${COMP_WORDS[0]}" completion entities --schema "${schema/#\\~/$HOME}" 2>/dev/null
            }

            _predicate() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
                local command=repl options="" words=""
                COMPREPLY=()
                if ((COMP_CWORD == 1)) && [[ $cur != -* ]]; then
                    COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " "))" -- "$cur"))
                    return 0
                fi
                [[ ${COMP_WORDS[1]} == -* ]] || command=${COMP_WORDS[1]}
                case $command in

            """
        for command in commands {
            text += "    \(command.name))\n"
            text += "        case $prev in\n"
            for (pattern, action) in bashValueCases(command) {
                text += "        \(pattern)) \(action); return 0 ;;\n"
            }
            text += "        esac\n"
            text += "        options=\"\(command.options.map(\.name).joined(separator: " "))\"\n"
            if !command.words.isEmpty { text += "        words=\"\(command.words.joined(separator: " "))\"\n" }
            text += "        ;;\n"
        }
        text += """
                esac
                if [[ $cur == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                elif [[ -n $words ]] && ((COMP_CWORD == 2)); then
                    COMPREPLY=($(compgen -W "$words" -- "$cur"))
                fi
                return 0
            }

            complete -o default -F _predicate predicate

            """
        return text
    }

    /// The `case $prev in` branches of a command: a pattern of options and what completes
    /// their value.
    private static func bashValueCases(_ command: CommandSpec) -> [(String, String)] {
        var cases: [(String, String)] = []
        func add(_ names: [String], _ action: String) {
            if !names.isEmpty { cases.append((names.joined(separator: "|"), action)) }
        }
        let valued = command.options.filter { $0.value != nil }
        add(valued.filter { $0.value == .file || $0.value == .text }.map(\.name), ":")
        add(
            valued.filter { $0.value == .entity }.map(\.name),
            #"COMPREPLY=($(compgen -W "$(_predicate_entities)" -- "$cur"))"#)
        for option in valued {
            if case .choices(let words)? = option.value {
                add([option.name], "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))")
            }
        }
        return cases
    }
}
