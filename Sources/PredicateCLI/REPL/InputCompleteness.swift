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
        var depth = 0
        var quote: Character?
        var escaped = false
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
                if depth < 0 { return false }
            default: break
            }
        }
        return quote != nil || depth > 0
    }
}
