/// The errors the grammar functions throw, built here.
///
/// The grammar functions recurse once per nesting level, and in a debug build every
/// temporary of a function gets its own stack slot for the whole call: building a message
/// inline (interpolations, arrays of notes, the diagnostic) made each level several kilobytes
/// deep. Keeping the construction in these separate, non-recursive functions keeps the
/// recursive frames small.
extension Parser {
    /// `nesting-too-deep` for a tree whose canonical text would nest too deeply, at the first
    /// token of the node where it does (the whole input when the node has no range).
    mutating func canonicalNestingError(at range: SourceRange?) -> PredicateSyntaxError {
        var place = SourceRange(0, bytes.count)
        if let range {
            let tokens = Lexer.tokenize(bytes).tokens
            place = tokens.first { $0.range.lowerBound == range.lowerBound }?.range ?? range
        }
        return fail(DiagnosticCatalog.canonicalNestingTooDeep(limit: limits.maximumDepth, range: place))
    }

    /// `expected an expression after '==', found ')'` at the current token.
    mutating func expectedExpressionError() -> PredicateSyntaxError {
        fail(
            DiagnosticCatalog.expectedExpression(
                after: previous.map { text($0.range) },
                found: describe(current), range: current.range))
    }

    /// `expected X, found 'y'` at the current token.
    mutating func unexpectedTokenError(expected: String) -> PredicateSyntaxError {
        fail(DiagnosticCatalog.unexpectedToken(expected: expected, found: describe(current), range: current.range))
    }

    /// The error for an integer literal that does not fit `Int`.
    mutating func integerOutOfRangeError(_ token: Token, negative: Bool, range: SourceRange) -> PredicateSyntaxError {
        fail(
            DiagnosticCatalog.numberOutOfRange((negative ? "-" : "") + text(token.range), isInteger: true, range: range)
        )
    }

    /// `comparison operators do not chain` at the current token.
    mutating func chainedComparisonError() -> PredicateSyntaxError {
        fail(DiagnosticCatalog.chainedComparison(text(current.range), range: current.range))
    }

    /// The error for an expression not followed by a comparison operator: `NOT IN`, a
    /// specifier standing for a predicate, an unknown operator word, or a plain "expected".
    mutating func missingComparisonOperator(after left: ExpressionNode) -> PredicateSyntaxError {
        let token = current
        if token.kind.isKeyword(.NOT), let op = peek().kind.comparisonOperator, case .keyword = peek().kind {
            return fail(
                DiagnosticCatalog.notIn(
                    Operators.spelling(of: op), left: snippet(left.range),
                    range: token.range.union(peek().range)))
        }
        if let range = left.range,
            case .specifier? = Lexer.tokenize(bytes).tokens.first(where: { $0.range == range })?.kind
        {
            return fail(DiagnosticCatalog.specifierAsPredicate(text(range), range: range))
        }
        switch token.kind {
        case .identifier:
            return fail(DiagnosticCatalog.unknownOperator(text(token.range), range: token.range))
        case .keyword(.TOKENMATCHES):
            return fail(DiagnosticCatalog.unknownOperator(text(token.range), range: token.range))
        default:
            return fail(
                DiagnosticCatalog.expectedComparisonOperator(
                    after: snippet(left.range), found: describe(token),
                    range: token.range))
        }
    }

    /// A reserved word where an expression starts. Words that read like keys (`size`,
    /// `first`, `ci`) get the `#` advice; connectives and operators are simply not an
    /// expression; FETCH is not supported.
    mutating func reservedWordError(_ word: Keyword) -> PredicateSyntaxError {
        let token = current
        if word == .FETCH {
            return fail(
                DiagnosticCatalog.unknownFunction(
                    text(token.range), candidates: [], range: token.range,
                    notes: ["FETCH (Core Data fetched properties) is not supported"]))
        }
        if word.isOperatorWord { return expectedExpressionError() }
        return fail(DiagnosticCatalog.reservedWordAsKey(text(token.range), range: token.range))
    }

    /// `unknown function 'foo'` with a did-you-mean over `candidates`.
    mutating func unknownFunctionError(_ name: String, candidates: [String], range: SourceRange) -> PredicateSyntaxError
    {
        fail(DiagnosticCatalog.unknownFunction(name, candidates: candidates, range: range))
    }

    /// `'sqrt' takes 1 argument, 2 given` and the like.
    mutating func argumentCountError(_ message: String, range: SourceRange, notes: [DiagnosticNote] = [])
        -> PredicateSyntaxError
    {
        fail(DiagnosticCatalog.wrongArgumentCount(message, range: range, notes: notes))
    }

    /// `'name' takes N arguments, M given`.
    mutating func arityError(_ name: String, expected: Int, given: Int, range: SourceRange) -> PredicateSyntaxError {
        argumentCountError("'\(name)' takes \(Parser.count(expected, "argument")), \(given) given", range: range)
    }

    /// `expected '(' after CAST, found …`.
    mutating func missingOpeningError(after keyword: String) -> PredicateSyntaxError {
        unexpectedTokenError(expected: "'(' after \(keyword)")
    }

    /// A non-string where FUNCTION's selector or CAST's type must be.
    mutating func notAStringError(_ what: String, example: String, node: ExpressionNode, fallback: SourceRange)
        -> PredicateSyntaxError
    {
        fail(
            DiagnosticCatalog.wrongArgumentType(
                "\(what) must be a string such as '\(example)', found '\(snippet(node.range))'",
                range: node.range ?? fallback))
    }

    /// `1 argument`, `2 arguments`.
    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}
