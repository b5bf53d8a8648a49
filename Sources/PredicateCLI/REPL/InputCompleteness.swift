/// Whether an input still has an open parenthesis, brace, bracket or quote, so that the REPL
/// reads another line before evaluating it:
///
/// | input | open? |
/// |---|---|
/// | `name == 'x' AND (size > 3` | yes: `(` |
/// | `name IN {'a',` | yes: `{` |
/// | `name == "it's` | yes: `"` |
/// | `name == 'x')` | no: the parser reports the stray `)` |
///
/// Quotes follow the lexer: `'…'` and `"…"` with backslash escapes; brackets inside quotes
/// do not count. A closing bracket without an opening one ends the scan: the input is complete
/// and the parser reports the mistake with a caret.
enum InputCompleteness {
    /// Whether `text` has a bracket or a quote still open at its end.
    static func isOpen(_ text: String) -> Bool {
        var scan = Scan()
        scan.read(text)
        return scan.isOpen
    }

    /// The state of a scan, carried from one line of an input to the next so that an input of
    /// many lines (a pasted document) is read once, not once per line.
    struct Scan: Equatable {
        private var depth = 0
        private var quote: Character?
        private var escaped = false
        /// A closing bracket had no opening one: the input is complete whatever follows.
        private var closedTooMany = false

        /// Whether a bracket or a quote is open after what was read.
        var isOpen: Bool { !closedTooMany && (quote != nil || depth > 0) }

        /// Reads more of the input.
        mutating func read(_ text: some StringProtocol) {
            guard !closedTooMany else { return }
            for character in text {
                if let open = quote {
                    if escaped {
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == open {
                        quote = nil
                    }
                    continue
                }
                switch character {
                case "'", "\"": quote = character
                case "(", "{", "[": depth += 1
                case ")", "}", "]":
                    depth -= 1
                    if depth < 0 {
                        closedTooMany = true
                        return
                    }
                default: break
                }
            }
        }
    }
}
