/// Expression level: `expression := assignment ; assignment := $var ':=' assignment | infix`,
/// infix operators by a Pratt loop over ``Operators/precedence(of:)`` (all left-associative,
/// `**` included), prefix `-` `~` (tighter than every infix operator), postfix `.key` and
/// `[index]` (tightest).
///
/// | text | tree |
/// |---|---|
/// | `1 + 2 * 3` | `(+ 1 (* 2 3))` |
/// | `2 ** 3 ** 2` | `(** (** 2 3) 2)` |
/// | `-2 ** 2` | `(** -2 2)` — the minus is part of the literal |
/// | `-a ** 2` | `(** (neg (key a)) 2)` |
/// | `$x := 1 + 2` | `(:= $x (+ 1 2))` |
extension Parser {
    /// An expression.
    mutating func parseExpression() throws -> ExpressionNode {
        try parseAssignment()
    }

    /// `$var := value` (right-associative: each assignment is one nesting level) or an infix
    /// expression.
    mutating func parseAssignment() throws -> ExpressionNode {
        if nextIs(.assign), case .variable = current.kind {
            return try parseAssignmentTail()
        }
        return try parseInfix(minimum: 1)
    }

    /// `$var := value`, at the variable.
    mutating func parseAssignmentTail() throws -> ExpressionNode {
        let variable = current
        try advance()
        try enter(at: current)
        try advance()
        let value = try parseAssignment()
        leave()
        return assignment(variable, value)
    }

    mutating func assignment(_ variable: Token, _ value: ExpressionNode) -> ExpressionNode {
        ExpressionNode(
            .assignment(variable: name(of: variable), value: value), range: Parser.span(variable.range, value.range))
    }

    /// Continues an expression whose first operand (the content of a parenthesis at predicate
    /// level) is already parsed: postfix operators, then infix operators.
    mutating func continueExpression(_ operand: consuming ExpressionNode) throws -> ExpressionNode {
        try parseInfixTail(minimum: 1, left: try parsePostfix(operand))
    }

    /// An operand and the operators binding at least as tightly as `minimum` after it.
    mutating func parseInfix(minimum: Int) throws -> ExpressionNode {
        try parseInfixTail(minimum: minimum, left: try parsePrefix())
    }

    /// The Pratt loop after the first operand `left`: operators binding at least as tightly as
    /// `minimum`, left-associative. Each operator wrapping the left operand is one nesting
    /// level, so a long chain is bounded like deep parentheses are (the tree it makes is as
    /// deep). The operand is consumed, not copied (most operands have no operator after them).
    mutating func parseInfixTail(minimum: Int, left start: consuming ExpressionNode) throws -> ExpressionNode {
        guard current.kind.binaryOperator != nil else { return start }
        var left = start
        var wraps = 0
        while let op = current.kind.binaryOperator {
            let precedence = Operators.precedence(of: op)
            guard precedence >= minimum else { break }
            let operatorToken = current
            try advance()
            try enter(at: operatorToken)
            wraps += 1
            let right = try parseInfix(minimum: precedence + 1)
            left = ExpressionNode(.binary(op, left, right), range: Parser.span(left.range, right.range))
        }
        leave(wraps)
        return left
    }

    /// Prefix `-` and `~`. A minus directly before a number literal is folded into the
    /// constant: `-5` is the constant -5 (and `-9223372036854775808` is `Int.min`), while
    /// `-(5)` stays a negation.
    mutating func parsePrefix() throws -> ExpressionNode {
        let token = current
        let op: UnaryOperator
        switch token.kind {
        case .punctuation(.minus): op = .negate
        case .punctuation(.tilde): op = .onesComplement
        default: return try parsePostfix(try parsePrimary())
        }
        if op == .negate, let folded = try foldNegativeLiteral() {
            return try parsePostfix(folded)
        }
        try advance()
        try enter(at: token)
        let operand = try parsePrefix()
        leave()
        return ExpressionNode(.unary(op, operand), range: Parser.span(token.range, operand.range))
    }

    /// At a `-` followed by a number literal: consumes both and returns the negative constant.
    mutating func foldNegativeLiteral() throws -> ExpressionNode? {
        let minus = current
        let number = peek()
        let range = minus.range.union(number.range)
        let value: PredicateValue
        switch number.kind {
        case .integer(let magnitude):
            if magnitude <= UInt64(Int.max) {
                value = .int(-Int(magnitude))
            } else if magnitude == UInt64(Int.max) + 1 {
                value = .int(Int.min)
            } else {
                throw integerOutOfRangeError(number, negative: true, range: range)
            }
        case .double(let magnitude):
            value = .double(-magnitude)
        default:
            return nil
        }
        try advance()
        try advance()
        return ExpressionNode(.constant(value), range: range)
    }

    /// Postfix `.key`, `.@op`, `.#word`, `.%K` and `[index]` after `base`.
    ///
    /// A key applied to a key path or to `SELF` extends the key path (`SELF.a.b` is the key
    /// path `a.b`); applied to a member it extends the member; applied to anything else it
    /// makes a member (`$x.name`). Each member or index wrapping is one nesting level.
    mutating func parsePostfix(_ base: consuming ExpressionNode) throws -> ExpressionNode {
        guard at(.dot) || at(.leftBracket) else { return base }
        var node = base
        var wraps = 0
        while true {
            if at(.dot) {
                node = try parseMemberStep(node, wraps: &wraps)
            } else if at(.leftBracket) {
                node = try parseIndexStep(node)
                wraps += 1
            } else {
                break
            }
        }
        leave(wraps)
        return node
    }

    /// `[index]` after `node`; enters one nesting level (left by the caller).
    mutating func parseIndexStep(_ node: ExpressionNode) throws -> ExpressionNode {
        let open = current
        let selector = try parseIndexSelector()
        try enter(at: open)
        return ExpressionNode(.index(node, selector), range: Parser.span(node.range, previous?.range))
    }

    /// `[FIRST]`, `[LAST]`, `[SIZE]` (any case) or `[expression]`; the cursor is at `[`.
    mutating func parseIndexSelector() throws -> IndexSelector {
        let open = current
        try advance()
        try enter(at: open)
        let selector: IndexSelector
        if peek().kind.isPunctuation(.rightBracket), case .keyword(let word) = current.kind,
            let symbolic = Parser.symbolicIndex(word)
        {
            try advance()
            selector = symbolic
        } else {
            selector = .expression(try parseExpression())
        }
        try expectClosing(.rightBracket, opening: open)
        leave()
        return selector
    }

    /// `FIRST`, `LAST`, `SIZE` (upper-cased) as index selectors.
    static func symbolicIndex(_ word: Keyword) -> IndexSelector? {
        switch word {
        case .FIRST: .first
        case .LAST: .last
        case .SIZE: .size
        default: nil
        }
    }

    /// `"FIRST"`, `"LAST"`, `"SIZE"` (upper-cased strings, from `objectFrom:withIndex:`).
    static func symbolicIndex(named word: String) -> IndexSelector? {
        switch word {
        case "FIRST": .first
        case "LAST": .last
        case "SIZE": .size
        default: nil
        }
    }
}
