/// Predicate level: `predicate := or ; or := and {OR and} ; and := not {AND not} ;
/// not := NOT not | primary ; primary := ( … ) | TRUEPREDICATE | FALSEPREDICATE | comparison`.
///
/// A chain of one connective is one n-ary node (`a AND b AND c` is `and[a, b, c]`); a
/// parenthesised chain is not merged into the outer one (`a AND (b AND c)` is
/// `and[a, and[b, c]]`); a one-element chain is the element itself.
extension Parser {
    /// What a parenthesis at predicate level turned out to hold.
    enum PredicateOrExpression {
        /// `(a == 1)`, `(NOT a)`, `(TRUEPREDICATE)`.
        case predicate(PredicateNode)
        /// `(a + b)`, `(a)`: the first operand of a comparison, continued after the `)`.
        case expression(ExpressionNode)
    }

    /// A predicate: an OR chain.
    mutating func parsePredicate() throws(PredicateSyntaxError) -> PredicateNode {
        try parseOr(first: nil)
    }

    /// `and {OR and}`; `first`, when given, is the already parsed first NOT-level operand.
    mutating func parseOr(first: PredicateNode?) throws(PredicateSyntaxError) -> PredicateNode {
        let head = try parseAnd(first: first)
        guard current.kind.isOr else { return head }
        var items = [head]
        while current.kind.isOr {
            try advance()
            items.append(try parseAnd(first: nil))
        }
        return PredicateNode(.or(items), range: Parser.span(head.range, items.last?.range))
    }

    /// `not {AND not}`; `first`, when given, is the already parsed first operand.
    mutating func parseAnd(first: PredicateNode?) throws(PredicateSyntaxError) -> PredicateNode {
        let head: PredicateNode
        if let first { head = first } else { head = try parseNot() }
        guard current.kind.isAnd else { return head }
        var items = [head]
        while current.kind.isAnd {
            try advance()
            items.append(try parseNot())
        }
        return PredicateNode(.and(items), range: Parser.span(head.range, items.last?.range))
    }

    /// `{NOT | !} primary`: each NOT is one nesting level; no recursion per NOT.
    mutating func parseNot() throws(PredicateSyntaxError) -> PredicateNode {
        var nots: [Token] = []
        while current.kind.isNot {
            nots.append(current)
            try enter(at: current)
            try advance()
        }
        var node = try parsePrimaryPredicate()
        leave(nots.count)
        for token in nots.reversed() {
            node = PredicateNode(.not(node), range: Parser.span(token.range, node.range))
        }
        return node
    }

    /// `( … )`, `TRUEPREDICATE`, `FALSEPREDICATE` or a comparison.
    mutating func parsePrimaryPredicate() throws(PredicateSyntaxError) -> PredicateNode {
        let token = current
        switch token.kind {
        case .keyword("TRUEPREDICATE"):
            try advance()
            return PredicateNode(.constant(true), range: token.range)
        case .keyword("FALSEPREDICATE"):
            try advance()
            return PredicateNode(.constant(false), range: token.range)
        case .punctuation(.leftParen):
            switch try parseParenthesized() {
            case .predicate(let predicate):
                return predicate
            case .expression(let expression):
                let left = try continueExpression(expression)
                return try parseComparisonRest(modifier: .direct, isNone: false, left: left, start: token)
            }
        default:
            return try parseComparison()
        }
    }

    /// `( content )` at predicate level, where the content may be a predicate or an expression.
    mutating func parseParenthesized() throws(PredicateSyntaxError) -> PredicateOrExpression {
        let open = current
        try enter(at: open)
        try advance()
        let content: PredicateOrExpression
        switch try parseFirstOperandInParentheses() {
        case .predicate(let first):
            content = .predicate(try parseOr(first: first))
        case .expression(let expression):
            content = .expression(expression)
        }
        try expectClosing(.rightParen, opening: open)
        leave()
        return content
    }

    /// The first NOT-level operand inside a parenthesis: a predicate, or — when an
    /// expression is followed directly by `)` — that expression.
    mutating func parseFirstOperandInParentheses() throws(PredicateSyntaxError) -> PredicateOrExpression {
        let start = current
        switch start.kind {
        case .keyword("NOT"), .punctuation(.bang), .keyword("TRUEPREDICATE"), .keyword("FALSEPREDICATE"),
            .keyword("ANY"), .keyword("SOME"), .keyword("ALL"), .keyword("NONE"):
            return .predicate(try parseNot())
        case .punctuation(.leftParen):
            switch try parseParenthesized() {
            case .predicate(let predicate):
                return .predicate(predicate)
            case .expression(let expression):
                return try finishOperand(try continueExpression(expression), start: start)
            }
        default:
            return try finishOperand(try parseExpression(), start: start)
        }
    }

    /// After an expression inside a parenthesis: `)` keeps it an expression; anything else
    /// must make it the left side of a comparison.
    mutating func finishOperand(_ expression: ExpressionNode, start: Token) throws(PredicateSyntaxError) -> PredicateOrExpression {
        if current.kind.isPunctuation(.rightParen) { return .expression(expression) }
        return .predicate(try parseComparisonRest(modifier: .direct, isNone: false, left: expression, start: start))
    }

    /// `[ANY|SOME|ALL|NONE] expression operator[options] expression`.
    mutating func parseComparison() throws(PredicateSyntaxError) -> PredicateNode {
        let start = current
        var modifier = ComparisonModifier.direct
        var isNone = false
        switch start.kind {
        case .keyword("ANY"), .keyword("SOME"): modifier = .any
        case .keyword("ALL"): modifier = .all
        case .keyword("NONE"):
            modifier = .any
            isNone = true
        default: break
        }
        if modifier != .direct { try advance() }
        let left = try parseExpression()
        return try parseComparisonRest(modifier: modifier, isNone: isNone, left: left, start: start)
    }

    /// The operator, its options and the right operand of a comparison whose left operand is
    /// parsed. `NONE` becomes `NOT (ANY …)`.
    mutating func parseComparisonRest(modifier: ComparisonModifier, isNone: Bool, left: ExpressionNode,
                                      start: Token) throws(PredicateSyntaxError) -> PredicateNode {
        let operatorToken = current
        guard let op = operatorToken.kind.comparisonOperator else {
            throw missingComparisonOperator(after: left)
        }
        try advance()
        var options = try parseOptions(after: operatorToken)
        if op == .between { options = [] }
        let right = try parseExpression()
        if current.kind.comparisonOperator != nil {
            throw fail(DiagnosticCatalog.chainedComparison(text(current.range), range: current.range))
        }
        let range = Parser.span(start.range, right.range)
        let comparison = Comparison(modifier: modifier, left: left, operator: op, options: options, right: right)
        let node = PredicateNode(.comparison(comparison), range: range)
        return isNone ? PredicateNode(.not(node), range: range) : node
    }

    /// The error for an expression not followed by a comparison operator.
    func missingComparisonOperator(after left: ExpressionNode) -> PredicateSyntaxError {
        let token = current
        if token.kind.isKeyword("NOT"), let op = peek().kind.comparisonOperator, case .keyword = peek().kind {
            return fail(DiagnosticCatalog.notIn(Operators.spelling(of: op), left: snippet(left.range),
                                                range: token.range.union(peek().range)))
        }
        if let range = left.range, case .specifier(let specifier)? = tokens.first(where: { $0.range == range })?.kind {
            return fail(DiagnosticCatalog.specifierAsPredicate(specifier.spelling, range: range))
        }
        switch token.kind {
        case .identifier(let word):
            return fail(DiagnosticCatalog.unknownOperator(word, range: token.range))
        case .keyword("TOKENMATCHES"):
            return fail(DiagnosticCatalog.unknownOperator(text(token.range), range: token.range))
        default:
            return fail(DiagnosticCatalog.expectedComparisonOperator(after: snippet(left.range), found: describe(token),
                                                                     range: token.range))
        }
    }

    /// `[letters]` after a comparison operator: any of c d n l w, in any order and case.
    mutating func parseOptions(after operatorToken: Token) throws(PredicateSyntaxError) -> ComparisonOptions {
        guard current.kind.isPunctuation(.leftBracket) else { return [] }
        let open = current
        try advance()
        let lettersToken = current
        switch lettersToken.kind {
        case .identifier, .keyword:
            try advance()
        case .punctuation(.rightBracket):
            throw fail(DiagnosticCatalog.unknownOption("", in: "[]", range: open.range.union(lettersToken.range)))
        default:
            throw fail(DiagnosticCatalog.unexpectedToken(
                expected: "option letters (c, d, n, l, w) after '\(text(operatorToken.range))['",
                found: describe(lettersToken), range: lettersToken.range))
        }
        let letters = text(lettersToken.range)
        var options = ComparisonOptions()
        var offset = lettersToken.range.lowerBound
        for character in letters {
            let length = String(character).utf8.count
            switch character.lowercased() {
            case "c": options.insert(.caseInsensitive)
            case "d": options.insert(.diacriticInsensitive)
            case "n": options.insert(.normalized)
            case "l": options.insert(.localeSensitive)
            case "w": options.insert(.widthInsensitive)
            default:
                throw fail(DiagnosticCatalog.unknownOption(String(character), in: "[\(letters)]",
                                                           range: SourceRange(offset, offset + length)))
            }
            offset += length
        }
        try expectClosing(.rightBracket, opening: open)
        return options
    }
}
