/// Keys: `name`, `#size` (an escaped reserved word), `@count` (a collection operator),
/// `%K` (a key path from an argument), and reserved words written where a key is expected.
///
/// | text | tree |
/// |---|---|
/// | `a.b.@count` | `(key a.b.@count)` |
/// | `SELF.a` | `(key a)` |
/// | `#size` | `(key size)` |
/// | `%K` with `"a.b"` | `(key a.b)` |
/// | `size` | error `reserved-word-as-key`: write `#size` |
extension Parser {
    /// The component(s) after a `.`; the cursor is just past the dot.
    func parseKeyComponentsAfterDot() throws -> ([KeyPathComponent], SourceRange) {
        let token = current
        switch token.kind {
        case .identifier(let name):
            try advance()
            return ([.key(name)], token.range)
        case .escapedKey(let name):
            try advance()
            return ([.key(name)], token.range)
        case .collectionOperator(let op):
            try advance()
            return ([.collectionOperator(op)], token.range)
        case .specifier(.keyPath):
            let node = try bindSpecifier(.keyPath, token: token)
            guard case .keyPath(let components) = node.kind else { return ([], token.range) }
            return (components, token.range)
        case .keyword:
            throw fail(DiagnosticCatalog.reservedWordAsKey(text(token.range), range: token.range))
        default:
            throw fail(DiagnosticCatalog.invalidKey("expected a key after '.', found \(describe(token))", range: token.range))
        }
    }
}
