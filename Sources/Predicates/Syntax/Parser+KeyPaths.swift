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
    mutating func parseKeyComponentsAfterDot(dot: Token) throws(PredicateSyntaxError) -> ([KeyPathComponent], SourceRange) {
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

    /// A reserved word where an expression starts. Words that read like keys (`size`,
    /// `first`, `self`-like) get the `#` advice; connectives and operators are simply not an
    /// expression.
    func reservedWordError(_ token: Token, word: String) -> PredicateSyntaxError {
        if Parser.operatorWords.contains(word) {
            return fail(DiagnosticCatalog.expectedExpression(after: previous.map { text($0.range) },
                                                             found: describe(token), range: token.range))
        }
        return fail(DiagnosticCatalog.reservedWordAsKey(text(token.range), range: token.range))
    }

    /// Reserved words that are connectives, quantifiers or operators: never mistaken for keys.
    static let operatorWords: Set<String> = [
        "AND", "OR", "NOT", "ANY", "ALL", "SOME", "NONE", "IN", "LIKE", "MATCHES", "CONTAINS",
        "BEGINSWITH", "ENDSWITH", "BETWEEN", "UTI-CONFORMS-TO", "UTI-EQUALS", "UNION", "INTERSECT",
        "MINUS", "TOKENMATCHES", "TRUEPREDICATE", "FALSEPREDICATE",
    ]
}
