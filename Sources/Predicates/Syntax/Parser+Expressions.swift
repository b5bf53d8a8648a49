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
    mutating func parseExpression() throws(PredicateSyntaxError) -> ExpressionNode {
        try parseAssignment()
    }

    /// `$var := value` (right-associative: each assignment is one nesting level) or an infix
    /// expression.
    mutating func parseAssignment() throws(PredicateSyntaxError) -> ExpressionNode {
        let token = current
        if case .variable(let name) = token.kind, peek().kind.isPunctuation(.assign) {
            try advance()
            let assign = current
            try advance()
            try enter(at: assign)
            let value = try parseAssignment()
            leave()
            return ExpressionNode(.assignment(variable: name, value: value), range: Parser.span(token.range, value.range))
        }
        return try parseInfix(minimum: 1, left: nil)
    }

    /// Continues an expression whose first operand (the content of a parenthesis at predicate
    /// level) is already parsed: postfix operators, then infix operators.
    mutating func continueExpression(_ operand: ExpressionNode) throws(PredicateSyntaxError) -> ExpressionNode {
        try parseInfix(minimum: 1, left: try parsePostfix(operand))
    }

    /// The Pratt loop: operators binding at least as tightly as `minimum`, left-associative.
    /// Each operator wrapping the left operand is one nesting level, so a long chain is
    /// bounded like deep parentheses are (the tree it makes is as deep).
    mutating func parseInfix(minimum: Int, left start: ExpressionNode?) throws(PredicateSyntaxError) -> ExpressionNode {
        var left: ExpressionNode
        if let start { left = start } else { left = try parsePrefix() }
        var wraps = 0
        while let op = current.kind.binaryOperator {
            let precedence = Operators.precedence(of: op)
            guard precedence >= minimum else { break }
            let operatorToken = current
            try advance()
            try enter(at: operatorToken)
            wraps += 1
            let right = try parseInfix(minimum: precedence + 1, left: nil)
            left = ExpressionNode(.binary(op, left, right), range: Parser.span(left.range, right.range))
        }
        leave(wraps)
        return left
    }

    /// Prefix `-` and `~`. A minus directly before a number literal is folded into the
    /// constant: `-5` is the constant -5 (and `-9223372036854775808` is `Int.min`), while
    /// `-(5)` stays a negation.
    mutating func parsePrefix() throws(PredicateSyntaxError) -> ExpressionNode {
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
    mutating func foldNegativeLiteral() throws(PredicateSyntaxError) -> ExpressionNode? {
        let minus = current
        let number = peek()
        let range = minus.range.union(number.range)
        switch number.kind {
        case .integer(let magnitude):
            let value: Int
            if magnitude <= UInt64(Int.max) {
                value = -Int(magnitude)
            } else if magnitude == UInt64(Int.max) + 1 {
                value = Int.min
            } else {
                throw fail(DiagnosticCatalog.numberOutOfRange("-" + text(number.range), isInteger: true, range: range))
            }
            try advance()
            try advance()
            return ExpressionNode(.constant(.int(value)), range: range)
        case .double(let magnitude):
            try advance()
            try advance()
            return ExpressionNode(.constant(.double(-magnitude)), range: range)
        default:
            return nil
        }
    }

    /// Postfix `.key`, `.@op`, `.#word`, `.%K` and `[index]` after `base`.
    ///
    /// A key applied to a key path or to `SELF` extends the key path (`SELF.a.b` is the key
    /// path `a.b`); applied to a member it extends the member; applied to anything else it
    /// makes a member (`$x.name`). Each member or index wrapping is one nesting level.
    mutating func parsePostfix(_ base: ExpressionNode) throws(PredicateSyntaxError) -> ExpressionNode {
        var node = base
        var wraps = 0
        while true {
            let token = current
            if token.kind.isPunctuation(.dot) {
                try advance()
                let (components, end) = try parseKeyComponentsAfterDot(dot: token)
                let range = Parser.span(node.range, end)
                switch node.kind {
                case .keyPath(let existing):
                    node = ExpressionNode(.keyPath(existing + components), range: range)
                case .evaluatedObject:
                    node = ExpressionNode(.keyPath(components), range: range)
                case .member(let inner, let existing):
                    node = ExpressionNode(.member(inner, existing + components), range: range)
                default:
                    try enter(at: token)
                    wraps += 1
                    node = ExpressionNode(.member(node, components), range: range)
                }
            } else if token.kind.isPunctuation(.leftBracket) {
                let selector = try parseIndexSelector()
                try enter(at: token)
                wraps += 1
                node = ExpressionNode(.index(node, selector), range: Parser.span(node.range, previous?.range))
            } else {
                break
            }
        }
        leave(wraps)
        return node
    }

    /// `[FIRST]`, `[LAST]`, `[SIZE]` (any case) or `[expression]`; the cursor is at `[`.
    mutating func parseIndexSelector() throws(PredicateSyntaxError) -> IndexSelector {
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
    static func symbolicIndex(_ word: String) -> IndexSelector? {
        switch word {
        case "FIRST": .first
        case "LAST": .last
        case "SIZE": .size
        default: nil
        }
    }
}
