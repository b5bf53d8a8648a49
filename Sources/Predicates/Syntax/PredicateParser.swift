/// Parses NSPredicate format strings into ``PredicateNode`` / ``ExpressionNode`` trees.
///
/// ```swift
/// let parser = PredicateParser()
/// let p = try parser.parsePredicate("name CONTAINS[cd] %@ AND age > 3", arguments: ["x"])
/// p.sExpression   // (and (contains[cd] (key name) "x") (> (key age) 3))
/// p.description   // name CONTAINS[cd] "x" AND age > 3
/// ```
///
/// Parsing takes time linear in the input and never backtracks. Nesting deeper than
/// ``ParserLimits/maximumDepth`` and inputs larger than ``ParserLimits/maximumInputBytes`` are
/// rejected with a ``PredicateSyntaxError``, like every other problem; the parser never traps.
public struct PredicateParser: Sendable {
    /// The limits applied to every input; see ``ParserLimits``.
    public var limits: ParserLimits

    /// Creates a parser; the default limits are 256 levels of nesting and 1 MiB of input.
    public init(limits: ParserLimits = ParserLimits()) {
        self.limits = limits
    }

    /// Parses a predicate, binding `%@`, `%K`, `%d`, `%f`, … to `arguments` in order.
    ///
    /// `"age > %d"` with `[.int(3)]` → `(> (key age) 3)`. Every specifier must have an argument
    /// (`missing-argument`); surplus arguments are ignored, as Apple ignores them (see
    /// ``surplusArgumentsWarning(format:arguments:)``).
    public func parsePredicate(_ format: String, arguments: [PredicateValue] = []) throws(PredicateSyntaxError)
        -> PredicateNode
    {
        try Parser.run(format) {
            try Parser.withParser(source: format, arguments: arguments, limits: limits) { parser in
                try parser.parseWholePredicate()
            }
        }
    }

    /// Parses an expression (an operand of a comparison): `"a + 1"` → `(+ (key a) 1)`.
    public func parseExpression(_ format: String, arguments: [PredicateValue] = []) throws(PredicateSyntaxError)
        -> ExpressionNode
    {
        try Parser.run(format) {
            try Parser.withParser(source: format, arguments: arguments, limits: limits) { parser in
                try parser.parseWholeExpression()
            }
        }
    }
}

extension PredicateNode {
    /// Parses `format` with the default limits, like `NSPredicate(format:_:)`:
    /// `try PredicateNode(format: "name == %@", "Ann")` → `name == "Ann"`.
    public init(format: String, _ arguments: PredicateValue...) throws(PredicateSyntaxError) {
        self = try PredicateParser().parsePredicate(format, arguments: arguments)
    }

    /// Parses `format` with the default limits, like `NSPredicate(format:argumentArray:)`.
    public init(format: String, argumentArray: [PredicateValue]) throws(PredicateSyntaxError) {
        self = try PredicateParser().parsePredicate(format, arguments: argumentArray)
    }
}
