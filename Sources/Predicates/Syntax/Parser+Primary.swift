/// Primary expressions: literals, `SELF`, keys, variables, format specifiers, `( expression )`,
/// `{ aggregate }`, `ANYKEY` and the function forms.
///
/// | text | tree |
/// |---|---|
/// | `"a"`, `'a'` | `"a"` |
/// | `42`, `0x2A`, `0o52`, `0b101010` | `42` |
/// | `2.5`, `1e3` | `2.5`, `1000.0` |
/// | `TRUE` `YES` / `FALSE` `NO` / `NULL` `NIL` | `yes` / `no` / `nil` |
/// | `SELF` | `self` |
/// | `$x` | `$x` |
/// | `{1, 'a'}` | `(aggregate 1 "a")` |
///
/// ``parsePrimary()`` only dispatches, so that its frame — one per nesting level — stays small.
extension Parser {
    /// A primary expression.
    mutating func parsePrimary() throws -> ExpressionNode {
        switch primaryForm() {
        case .parenthesis: return try parseParenthesizedExpression()
        case .aggregate: return try parseAggregate()
        case .customFunction: return try parseCustomFunction()
        case .subquery: return try parseSubquery()
        case .cast: return try parseCast()
        case .ternary: return try parseTernary()
        case .keyword: return try parseKeywordLiteral()
        case .plainCall: return try parsePlainCall()
        case .selectorCall: return try parseSelectorCall()
        case .leaf: return try parseLeaf()
        }
    }

    /// The kinds of primary expressions, as chosen by the current token (and the next).
    enum PrimaryForm {
        case parenthesis, aggregate, customFunction, subquery, cast, ternary, keyword, plainCall, selectorCall, leaf
    }

    /// Which primary starts at the current token.
    mutating func primaryForm() -> PrimaryForm {
        switch current.kind {
        case .punctuation(.leftParen): return .parenthesis
        case .punctuation(.leftBrace): return .aggregate
        case .keyword(let word):
            switch word {
            case .FUNCTION: return .customFunction
            case .SUBQUERY: return .subquery
            case .CAST: return .cast
            case .TERNARY: return .ternary
            default: return .keyword
            }
        case .identifier:
            if nextIs(.leftParen) { return .plainCall }
            if nextIs(.colon) { return .selectorCall }
            return .leaf
        default:
            return .leaf
        }
    }

    /// `( expression )` inside an expression.
    mutating func parseParenthesizedExpression() throws -> ExpressionNode {
        let open = current
        try enter(at: open)
        try advance()
        let inner = try parseExpression()
        try expectClosing(.rightParen, opening: open)
        leave()
        return inner
    }

    /// The one-token primaries: literals, keys, variables and specifiers.
    mutating func parseLeaf() throws -> ExpressionNode {
        let token = current
        let kind: ExpressionNode.Kind
        switch token.kind {
        case .string(let decoded):
            kind = .constant(.string(stringValue(decoded: decoded, range: token.range)))
        case .integer(let magnitude):
            guard magnitude <= UInt64(Int.max) else {
                throw integerOutOfRangeError(token, negative: false, range: token.range)
            }
            kind = .constant(.int(Int(magnitude)))
        case .double(let value):
            kind = .constant(.double(value))
        case .identifier, .escapedKey:
            return try parseKeyPathLeaf(.key(name(of: token)))
        case .collectionOperator(let op):
            return try parseKeyPathLeaf(.collectionOperator(op))
        case .variable:
            kind = .variable(name(of: token))
        case .specifier(let specifier):
            return try bindSpecifier(specifier, token: token)
        default:
            throw expectedExpressionError()
        }
        try advance()
        return ExpressionNode(kind, range: token.range)
    }

    /// A key path starting with `first` (the current token): takes the plain `.key`, `.#key`
    /// and `.@op` steps that follow at once, so that the path's array is built once.
    /// (``parsePostfix(_:)`` would extend it the same way, one copy per step; it handles the
    /// rest: `%K`, indexes, and the errors.) A one-component path keeps its range without an
    /// array (``ComponentRanges``).
    mutating func parseKeyPathLeaf(_ first: KeyPathComponent) throws -> ExpressionNode {
        let start = current.range
        try advance()
        guard at(.dot), Parser.isPlainKeyStep(peek().kind) else {
            return ExpressionNode(.keyPath([first]), range: start, componentRangeStorage: .uniform(start, count: 1))
        }
        var end = start
        var components: [KeyPathComponent] = []
        var ranges: [SourceRange] = []
        components.reserveCapacity(4)
        ranges.reserveCapacity(4)
        components.append(first)
        ranges.append(start)
        while at(.dot) {
            let next = peek()
            switch next.kind {
            case .identifier, .escapedKey: components.append(.key(name(of: next)))
            case .collectionOperator(let op): components.append(.collectionOperator(op))
            default:
                return ExpressionNode(
                    .keyPath(components), range: start.union(end), componentRangeStorage: .list(ranges))
            }
            try advance()
            try advance()
            end = next.range
            ranges.append(end)
        }
        return ExpressionNode(.keyPath(components), range: start.union(end), componentRangeStorage: .list(ranges))
    }

    /// Whether a token after a `.` is a step ``parseKeyPathLeaf(_:)`` takes: a key, an escaped
    /// key or a collection operator.
    static func isPlainKeyStep(_ kind: TokenKind) -> Bool {
        switch kind {
        case .identifier, .escapedKey, .collectionOperator: true
        default: false
        }
    }

    /// `TRUE` `YES` `FALSE` `NO` `NULL` `NIL` `SELF` `ANYKEY`; other reserved words are errors.
    mutating func parseKeywordLiteral() throws -> ExpressionNode {
        let token = current
        guard case .keyword(let word) = token.kind else { throw expectedExpressionError() }
        let kind: ExpressionNode.Kind
        switch word {
        case .TRUE, .YES: kind = .constant(.bool(true))
        case .FALSE, .NO: kind = .constant(.bool(false))
        case .NULL, .NIL: kind = .constant(.null)
        case .SELF: kind = .evaluatedObject
        case .ANYKEY: kind = .anyKey
        default: throw reservedWordError(word)
        }
        try advance()
        return ExpressionNode(kind, range: token.range)
    }

    /// `{}` or `{e, e, …}`; the cursor is at `{`.
    mutating func parseAggregate() throws -> ExpressionNode {
        let open = current
        try enter(at: open)
        try advance()
        var elements: [ExpressionNode] = []
        if !current.kind.isPunctuation(.rightBrace) {
            elements.append(try parseExpression())
            while current.kind.isPunctuation(.comma) {
                try advance()
                elements.append(try parseExpression())
            }
        }
        let end = current.range
        try expectClosing(.rightBrace, opening: open)
        leave()
        return ExpressionNode(.aggregate(elements), range: open.range.union(end))
    }
}
