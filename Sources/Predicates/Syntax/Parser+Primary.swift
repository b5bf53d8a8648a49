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
extension Parser {
    /// A primary expression.
    mutating func parsePrimary() throws(PredicateSyntaxError) -> ExpressionNode {
        let token = current
        switch token.kind {
        case .string(let value):
            try advance()
            return ExpressionNode(.constant(.string(value)), range: token.range)
        case .integer(let magnitude):
            guard magnitude <= UInt64(Int.max) else {
                throw fail(DiagnosticCatalog.numberOutOfRange(text(token.range), isInteger: true, range: token.range))
            }
            try advance()
            return ExpressionNode(.constant(.int(Int(magnitude))), range: token.range)
        case .double(let value):
            try advance()
            return ExpressionNode(.constant(.double(value)), range: token.range)
        case .keyword(let word):
            return try parseKeywordPrimary(word, token: token)
        case .identifier(let name):
            if peek().kind.isPunctuation(.leftParen) { return try parsePlainCall(name: name) }
            if peek().kind.isPunctuation(.colon) { return try parseSelectorCall() }
            try advance()
            return ExpressionNode(.keyPath([.key(name)]), range: token.range)
        case .escapedKey(let name):
            try advance()
            return ExpressionNode(.keyPath([.key(name)]), range: token.range)
        case .collectionOperator(let op):
            try advance()
            return ExpressionNode(.keyPath([.collectionOperator(op)]), range: token.range)
        case .variable(let name):
            try advance()
            return ExpressionNode(.variable(name), range: token.range)
        case .specifier(let specifier):
            return try bindSpecifier(specifier, token: token)
        case .punctuation(.leftParen):
            try enter(at: token)
            try advance()
            let inner = try parseExpression()
            try expectClosing(.rightParen, opening: token)
            leave()
            return inner
        case .punctuation(.leftBrace):
            return try parseAggregate()
        default:
            throw fail(DiagnosticCatalog.expectedExpression(after: previous.map { text($0.range) },
                                                            found: describe(token), range: token.range))
        }
    }

    /// Literal keywords, `SELF`, `ANYKEY`, the keyword function forms; other reserved words
    /// are errors.
    mutating func parseKeywordPrimary(_ word: String, token: Token) throws(PredicateSyntaxError) -> ExpressionNode {
        let value: PredicateValue
        switch word {
        case "TRUE", "YES": value = .bool(true)
        case "FALSE", "NO": value = .bool(false)
        case "NULL", "NIL": value = .null
        case "SELF":
            try advance()
            return ExpressionNode(.evaluatedObject, range: token.range)
        case "ANYKEY":
            try advance()
            return ExpressionNode(.anyKey, range: token.range)
        case "FUNCTION": return try parseCustomFunction()
        case "SUBQUERY": return try parseSubquery()
        case "CAST": return try parseCast()
        case "TERNARY": return try parseTernary()
        case "FETCH":
            throw fail(DiagnosticCatalog.unknownFunction(text(token.range), candidates: [], range: token.range,
                                                         notes: ["FETCH (Core Data fetched properties) is not supported"]))
        default:
            throw reservedWordError(token, word: word)
        }
        try advance()
        return ExpressionNode(.constant(value), range: token.range)
    }

    /// `{}` or `{e, e, …}`; the cursor is at `{`.
    mutating func parseAggregate() throws(PredicateSyntaxError) -> ExpressionNode {
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
        let close = current
        try expectClosing(.rightBrace, opening: open)
        leave()
        return ExpressionNode(.aggregate(elements), range: open.range.union(close.range))
    }
}
