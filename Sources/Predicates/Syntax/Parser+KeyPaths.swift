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
    /// The component(s) after a `.` and the token they were read from; the cursor is just
    /// past the dot.
    mutating func parseKeyComponentsAfterDot() throws -> ([KeyPathComponent], SourceRange) {
        let token = current
        switch token.kind {
        case .identifier, .escapedKey:
            try advance()
            return ([.key(name(of: token))], token.range)
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
            throw fail(
                DiagnosticCatalog.invalidKey("expected a key after '.', found \(describe(token))", range: token.range))
        }
    }

    /// `.key` after `node`; counts a nesting level in `wraps` when it makes a new member.
    mutating func parseMemberStep(_ node: ExpressionNode, wraps: inout Int) throws -> ExpressionNode {
        let dot = current
        try advance()
        let (components, end) = try parseKeyComponentsAfterDot()
        if Parser.makesMember(node) {
            try enter(at: dot)
            wraps += 1
        }
        return Parser.applyKey(components, to: node, end: end)
    }

    /// Whether a key after `node` wraps it in a new member node (rather than extending a key
    /// path or member).
    static func makesMember(_ node: ExpressionNode) -> Bool {
        switch node.kind {
        case .keyPath, .evaluatedObject, .member: false
        default: true
        }
    }

    /// `node.components`: an extended key path or member, or a new member. The new
    /// components were written at `end` (one token: a key, an operator or a `%K`).
    static func applyKey(_ components: [KeyPathComponent], to node: ExpressionNode, end: SourceRange) -> ExpressionNode
    {
        let range = span(node.range, end)
        let added = [SourceRange](repeating: end, count: components.count)
        switch node.kind {
        case .keyPath(let existing):
            return ExpressionNode(
                .keyPath(existing + components), range: range, componentRanges: extended(node, existing.count, added))
        case .evaluatedObject:
            return ExpressionNode(.keyPath(components), range: range, componentRanges: added)
        case .member(let inner, let existing):
            return ExpressionNode(
                .member(inner, existing + components), range: range,
                componentRanges: extended(node, existing.count, added))
        default:
            return ExpressionNode(.member(node, components), range: range, componentRanges: added)
        }
    }

    /// The component ranges of `node` (which has `count` components) followed by `added`;
    /// `nil` when the node has none (it was built in code).
    private static func extended(_ node: ExpressionNode, _ count: Int, _ added: [SourceRange]) -> [SourceRange]? {
        guard node.componentRangeStorage.count == count, let ranges = node.componentRanges else { return nil }
        return ranges + added
    }
}
