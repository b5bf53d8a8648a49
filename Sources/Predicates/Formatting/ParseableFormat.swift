/// Canonical text that is known to read back.
///
/// ``PredicateNode/predicateFormat`` prints any tree, as Apple's `predicateFormat` does. For a
/// tree the parser returned, that text always parses back to an equal tree (a collection bound
/// to `%@` comes back as the aggregate of its elements, which prints the same), unless the tree
/// holds a value with no literal form (below) or its text is longer than
/// ``ParserLimits/maximumInputBytes`` (a large argument can make it so). A tree built in code
/// may also be deeper than the parser accepts, or hold a name that is not an identifier.
/// `parseableFormat(limits:)` prints only what reads back under `limits`, and otherwise says why.
extension PredicateNode {
    /// ``predicateFormat``, checked to parse back under `limits`; otherwise throws:
    ///
    /// - `nesting-too-deep` when the text would nest deeper than ``ParserLimits/maximumDepth``
    ///   (counted as the parser counts: `NOT (NOT a == 1)` is three levels);
    /// - `no-literal-form` for a part printed as text that reads back as something else or not
    ///   at all: `inf` / `nan`, data, a UUID, a dictionary, a key or variable name that is not
    ///   an identifier, an empty key path, a built-in function with the wrong argument count;
    /// - `input-too-large` when the text is longer than ``ParserLimits/maximumInputBytes``.
    ///
    /// The error's range is the offending node's (`0..<0` for nodes built in code) and its
    /// source is empty. The check never recurses, so a tree of any depth is refused, not
    /// crashed on:
    /// ```swift
    /// var p = try PredicateNode(format: "a == 1")
    /// for _ in 0..<200 { p = PredicateNode(.not(p)) }
    /// try p.parseableFormat()  // throws nesting-too-deep: NOT (NOT (… nests 399 levels
    /// ```
    public func parseableFormat(limits: ParserLimits = ParserLimits()) throws(PredicateSyntaxError) -> String {
        if let problem = CanonicalFormWalk.problem(of: self, limit: limits.maximumDepth) {
            throw PredicateSyntaxError(problem, source: "")
        }
        return try Self.checkedSize(predicateFormat, limits: limits)
    }

    /// Throws `input-too-large` when `text` is longer than the parser accepts.
    static func checkedSize(_ text: String, limits: ParserLimits) throws(PredicateSyntaxError) -> String {
        let count = text.utf8.count
        guard count <= limits.maximumInputBytes else {
            throw PredicateSyntaxError(
                DiagnosticCatalog.inputTooLarge(
                    bytes: count, limit: limits.maximumInputBytes, range: SourceRange(limits.maximumInputBytes, count)),
                source: "")
        }
        return text
    }
}

extension ExpressionNode {
    /// ``expressionFormat``, checked to parse back under `limits` with
    /// ``PredicateParser/parseExpression(_:arguments:)``; throws as
    /// ``PredicateNode/parseableFormat(limits:)`` does.
    public func parseableFormat(limits: ParserLimits = ParserLimits()) throws(PredicateSyntaxError) -> String {
        if let problem = CanonicalFormWalk.problem(of: self, limit: limits.maximumDepth) {
            throw PredicateSyntaxError(problem, source: "")
        }
        return try PredicateNode.checkedSize(expressionFormat, limits: limits)
    }
}
