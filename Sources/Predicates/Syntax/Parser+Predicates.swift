/// Predicate level: `predicate := or ; or := and {OR and} ; and := not {AND not} ;
/// not := NOT not | primary ; primary := ( … ) | TRUEPREDICATE | FALSEPREDICATE | comparison`.
///
/// A chain of one connective is one n-ary node (`a AND b AND c` is `and[a, b, c]`); a
/// parenthesised chain is not merged into the outer one (`a AND (b AND c)` is
/// `and[a, and[b, c]]`); a one-element chain is the element itself.
///
/// The functions on the recursive path keep few locals (see `Parser+Errors`).
extension Parser {
    /// What a parenthesis at predicate level turned out to hold.
    enum PredicateOrExpression {
        /// `(a == 1)`, `(NOT a)`, `(TRUEPREDICATE)`.
        case predicate(PredicateNode)
        /// `(a + b)`, `(a)`: the first operand of a comparison, continued after the `)`.
        case expression(ExpressionNode)
    }

    /// A predicate: an OR chain.
    mutating func parsePredicate() throws -> PredicateNode {
        try parseOr(first: nil)
    }

    /// `and {OR and}`; `first`, when given, is the already parsed first NOT-level operand.
    mutating func parseOr(first: PredicateNode?) throws -> PredicateNode {
        let head = try parseAnd(first: first)
        guard current.kind.isOr else { return head }
        var items: [PredicateNode] = []
        items.reserveCapacity(4)
        items.append(head)
        while current.kind.isOr {
            try advance()
            items.append(try parseAnd(first: nil))
        }
        return Parser.chain(items, or: true)
    }

    /// `not {AND not}`; `first`, when given, is the already parsed first operand.
    mutating func parseAnd(first: PredicateNode?) throws -> PredicateNode {
        let head = try first ?? parseNot()
        guard current.kind.isAnd else { return head }
        var items: [PredicateNode] = []
        items.reserveCapacity(4)
        items.append(head)
        while current.kind.isAnd {
            try advance()
            items.append(try parseNot())
        }
        return Parser.chain(items, or: false)
    }

    /// The n-ary node of a chain.
    static func chain(_ items: [PredicateNode], or: Bool) -> PredicateNode {
        let range = span(items.first?.range, items.last?.range)
        return PredicateNode(or ? .or(items) : .and(items), range: range)
    }

    /// `{NOT | !} primary`: each NOT is one nesting level; no recursion per NOT.
    mutating func parseNot() throws -> PredicateNode {
        var nots: [SourceRange] = []
        while current.kind.isNot {
            nots.append(current.range)
            try enter(at: current)
            try advance()
        }
        let node = try parsePrimaryPredicate()
        if nots.isEmpty { return node }
        leave(nots.count)
        return Parser.negate(node, nots)
    }

    static func negate(_ operand: PredicateNode, _ nots: [SourceRange]) -> PredicateNode {
        var node = operand
        for range in nots.reversed() {
            node = PredicateNode(.not(node), range: span(range, node.range))
        }
        return node
    }

    /// `( … )`, `TRUEPREDICATE`, `FALSEPREDICATE` or a comparison.
    mutating func parsePrimaryPredicate() throws -> PredicateNode {
        if current.kind.isPunctuation(.leftParen) {
            let start = current
            switch try parseParenthesized() {
            case .predicate(let predicate):
                return predicate
            case .expression(let expression):
                return try parseComparisonRest(left: try continueExpression(expression), start: start, quantifier: nil)
            }
        }
        if let constant = try parseConstantPredicate() { return constant }
        return try parseComparison()
    }

    /// `TRUEPREDICATE` / `FALSEPREDICATE`, or nil.
    mutating func parseConstantPredicate() throws -> PredicateNode? {
        let token = current
        guard case .keyword(let word) = token.kind, word == .TRUEPREDICATE || word == .FALSEPREDICATE else {
            return nil
        }
        try advance()
        return PredicateNode(.constant(word == .TRUEPREDICATE), range: token.range)
    }

    /// `( content )` at predicate level, where the content may be a predicate or an expression.
    mutating func parseParenthesized() throws -> PredicateOrExpression {
        let open = current
        try enter(at: open)
        try advance()
        var content = try parseFirstOperandInParentheses()
        if case .predicate(let first) = content {
            content = .predicate(try parseOr(first: first))
        }
        try expectClosing(.rightParen, opening: open)
        leave()
        return content
    }

    /// The first NOT-level operand inside a parenthesis: a predicate, or — when an
    /// expression is followed directly by `)` — that expression.
    mutating func parseFirstOperandInParentheses() throws -> PredicateOrExpression {
        let start = current
        if Parser.startsOnlyAPredicate(start.kind) {
            return .predicate(try parseNot())
        }
        var operand: ExpressionNode
        if start.kind.isPunctuation(.leftParen) {
            switch try parseParenthesized() {
            case .predicate(let predicate): return .predicate(predicate)
            case .expression(let expression): operand = try continueExpression(expression)
            }
        } else {
            operand = try parseExpression()
        }
        if current.kind.isPunctuation(.rightParen) { return .expression(operand) }
        return .predicate(try parseComparisonRest(left: operand, start: start, quantifier: nil))
    }

    /// NOT, `!`, TRUEPREDICATE, FALSEPREDICATE and the quantifiers start a predicate, never
    /// an expression.
    static func startsOnlyAPredicate(_ kind: TokenKind) -> Bool {
        if kind.isNot { return true }
        guard case .keyword(let word) = kind else { return false }
        return word == .TRUEPREDICATE || word == .FALSEPREDICATE || quantifier(word) != nil
    }

    /// `ANY`/`SOME` → `.any`, `ALL` → `.all`, `NONE` → `.any` negated.
    static func quantifier(_ word: Keyword) -> (modifier: ComparisonModifier, isNone: Bool)? {
        switch word {
        case .ANY, .SOME: (.any, false)
        case .ALL: (.all, false)
        case .NONE: (.any, true)
        default: nil
        }
    }

    /// `[ANY|SOME|ALL|NONE] expression operator[options] expression`.
    mutating func parseComparison() throws -> PredicateNode {
        let start = current
        var quantifier: (modifier: ComparisonModifier, isNone: Bool)?
        if case .keyword(let word) = start.kind, let found = Parser.quantifier(word) {
            quantifier = found
            try advance()
        }
        return try parseComparisonRest(left: try parseExpression(), start: start, quantifier: quantifier)
    }

    /// The operator, its options and the right operand of a comparison whose left operand is
    /// parsed. `NONE` becomes `NOT (ANY …)`.
    mutating func parseComparisonRest(
        left: consuming ExpressionNode, start: Token,
        quantifier: (modifier: ComparisonModifier, isNone: Bool)?
    ) throws -> PredicateNode {
        guard let op = current.kind.comparisonOperator else {
            throw missingComparisonOperator(after: left)
        }
        let operatorToken = current
        try advance()
        let options = try parseOptions(after: operatorToken, for: op)
        let right = try parseExpression()
        if current.kind.comparisonOperator != nil { throw chainedComparisonError() }
        return Parser.comparison(
            left: left, op: op, options: options, right: right, start: start.range, quantifier: quantifier)
    }

    /// Builds the comparison node (wrapped in NOT for `NONE`).
    static func comparison(
        left: consuming ExpressionNode, op: ComparisonOperator, options: ComparisonOptions,
        right: consuming ExpressionNode,
        start: SourceRange, quantifier: (modifier: ComparisonModifier, isNone: Bool)?
    ) -> PredicateNode {
        let range = span(start, right.range)
        let comparison = Comparison(
            modifier: quantifier?.modifier ?? .direct, left: left, operator: op,
            options: options, right: right)
        let node = PredicateNode(.comparison(comparison), range: range)
        return quantifier?.isNone == true ? PredicateNode(.not(node), range: range) : node
    }

    /// `[letters]` after a comparison operator: any of c d n l w, in any order and case.
    /// Options after BETWEEN are accepted and dropped, as Apple does.
    mutating func parseOptions(after operatorToken: Token, for op: ComparisonOperator) throws -> ComparisonOptions {
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
            throw unexpectedTokenError(expected: "option letters (c, d, n, l, w) after '\(text(operatorToken.range))['")
        }
        let options = try optionLetters(lettersToken.range)
        try expectClosing(.rightBracket, opening: open)
        return op == .between ? [] : options
    }

    /// The options spelled by the letters at `range` (`cd` → case and diacritic insensitive);
    /// throws `unknown-option` at the first other character.
    mutating func optionLetters(_ range: SourceRange) throws -> ComparisonOptions {
        var options = ComparisonOptions()
        // Plain ASCII letters (the usual case) are read byte by byte.
        var index = range.lowerBound
        while index < range.upperBound, index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "c"), UInt8(ascii: "C"): options.insert(.caseInsensitive)
            case UInt8(ascii: "d"), UInt8(ascii: "D"): options.insert(.diacriticInsensitive)
            case UInt8(ascii: "n"), UInt8(ascii: "N"): options.insert(.normalized)
            case UInt8(ascii: "l"), UInt8(ascii: "L"): options.insert(.localeSensitive)
            case UInt8(ascii: "w"), UInt8(ascii: "W"): options.insert(.widthInsensitive)
            default: return try optionCharacters(range)
            }
            index += 1
        }
        return options
    }

    /// ``optionLetters(_:)`` character by character, for text with other characters.
    mutating func optionCharacters(_ range: SourceRange) throws -> ComparisonOptions {
        let letters = text(range)
        var options = ComparisonOptions()
        var offset = range.lowerBound
        for character in letters {
            let length = String(character).utf8.count
            switch character.lowercased() {
            case "c": options.insert(.caseInsensitive)
            case "d": options.insert(.diacriticInsensitive)
            case "n": options.insert(.normalized)
            case "l": options.insert(.localeSensitive)
            case "w": options.insert(.widthInsensitive)
            default:
                throw fail(
                    DiagnosticCatalog.unknownOption(
                        String(character), in: "[\(letters)]",
                        range: SourceRange(offset, offset + length)))
            }
            offset += length
        }
        return options
    }
}
