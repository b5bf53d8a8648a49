extension CompletionScript {
    /// The zsh script: `_describe` for the command word, then `_arguments` with one spec per
    /// option of the command (`_files` for files, the schema's entities, fixed words) and its
    /// first word. Options may be repeated (`*`), as `--arg` and `--sort` are.
    static func zsh(_ commands: [CommandSpec]) -> String {
        var text = """
            #compdef predicate
            # zsh completion for predicate (written by 'predicate completion zsh').
            # Load it with: source <(predicate completion zsh); or save it as _predicate in $fpath.

            _predicate_entities() {
              local i schema
              for ((i = 2; i < CURRENT; i++)); do
                [[ ${words[i]} == --schema ]] && schema=${words[i + 1]}
              done
              [[ -n $schema ]] || return 1
              local -a names
              names=(${(f)"$(${words[1]} completion entities --schema ${~schema} 2>/dev/null)"})
              compadd -a names
            }

            _predicate() {
              local -a commands
              commands=(

            """
        for command in commands {
            text +=
                "    " + zshQuoted(command.name + ":" + command.summary.replacingOccurrences(of: ":", with: "\\:"))
                + "\n"
        }
        text += """
              )
              if (( CURRENT == 2 )) && [[ ${words[2]} != -* ]]; then
                _describe -t commands 'predicate command' commands
                return
              fi
              local command=repl
              if [[ ${words[2]} != -* ]]; then
                command=${words[2]}
                shift words
                (( CURRENT-- ))
              fi
              case $command in

            """
        for command in commands {
            var specs = command.options.map(zshSpec)
            if !command.words.isEmpty {
                specs.append(zshQuoted("1:\(command.name):(\(command.words.joined(separator: " ")))"))
            }
            text += "    \(command.name))\n      _arguments \\\n"
            text += specs.map { "        " + $0 }.joined(separator: " \\\n") + "\n      ;;\n"
        }
        text += """
              esac
            }

            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
              _predicate "$@"
            else
              compdef _predicate predicate
            fi

            """
        return text
    }

    /// `'*--schema:file:_files'`, `'*--mapping:mapping:(default coredata)'`, `'--json'`.
    private static func zshSpec(_ option: OptionSpec) -> String {
        let label = option.name.dropFirst(2)
        switch option.value {
        case nil: return zshQuoted(option.name)
        case .file?: return zshQuoted("*\(option.name):\(label):_files")
        case .entity?: return zshQuoted("*\(option.name):\(label):_predicate_entities")
        case .choices(let words)?: return zshQuoted("*\(option.name):\(label):(\(words.joined(separator: " ")))")
        case .text?: return zshQuoted("*\(option.name):\(label): ")
        }
    }

    /// `text` in single quotes for zsh (a quote inside written `'\''`).
    private static func zshQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
