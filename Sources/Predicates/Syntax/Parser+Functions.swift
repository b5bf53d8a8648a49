import Foundation

/// Function forms.
///
/// | text | tree |
/// |---|---|
/// | `sum(a)`, `sum:(a)` | `(sum: (key a))` |
/// | `max(1, 5, 10)` | `(max: (aggregate 1 5 10))` |
/// | `now()` | `(now)` |
/// | `modulus:by:(7, 3)` | `(modulus:by: 7 3)` |
/// | `add:to:(1, 2)` | `(+ 1 2)` — operator selectors become operator nodes |
/// | `objectFrom:withIndex:(a, 'FIRST')` | `(index (key a) first)` |
/// | `FUNCTION(a, 'x:', 1)` | `(function (key a) "x:" 1)` |
/// | `SUBQUERY(c, $x, $x.a == 1)` | `(subquery (key c) $x (== (member $x a) 1))` |
/// | `CAST('1', 'NSNumber')` | `(cast "1" "NSNumber")` |
/// | `CAST(0, 'NSDate')` | `(date 0.0)` — a number cast to a date is folded |
/// | `TERNARY(a == 1, 'x', 'y')` | `(ternary (== (key a) 1) "x" "y")` |
extension Parser {
    /// Selectors that Apple prints as infix operators.
    static let operatorSelectors: [String: BinaryOperator] = [
        "add:to:": .add, "from:subtract:": .subtract, "multiply:by:": .multiply, "divide:by:": .divide,
        "raise:toPower:": .power, "bitwiseAnd:with:": .bitwiseAnd, "bitwiseOr:with:": .bitwiseOr,
        "bitwiseXor:with:": .bitwiseXor, "leftshift:by:": .leftShift, "rightshift:by:": .rightShift,
    ]

    /// Every selector accepted in the selector call form.
    static let knownSelectors: [String] =
        BuiltinFunction.allCases.map(\.selector).filter { $0.contains(":") }
        + operatorSelectors.keys.sorted() + ["onesComplement:", "objectFrom:withIndex:", "castObject:toType:"]

    /// `( [expression {, expression}] )`; the cursor is at `(`. Returns the arguments and the
    /// closing parenthesis.
    mutating func parseArgumentList() throws(PredicateSyntaxError) -> (arguments: [ExpressionNode], close: Token) {
        let open = current
        try expect(.leftParen, "'('")
        try enter(at: open)
        var arguments: [ExpressionNode] = []
        if !current.kind.isPunctuation(.rightParen) {
            arguments.append(try parseExpression())
            while current.kind.isPunctuation(.comma) {
                try advance()
                arguments.append(try parseExpression())
            }
        }
        let close = current
        try expectClosing(.rightParen, opening: open)
        leave()
        return (arguments, close)
    }

    /// `name(args)` with a ``BuiltinFunction`` name.
    mutating func parsePlainCall(name: String) throws(PredicateSyntaxError) -> ExpressionNode {
        let nameToken = current
        guard let function = BuiltinFunction(name: name) else {
            throw fail(DiagnosticCatalog.unknownFunction(name, candidates: BuiltinFunction.allCases.map(\.name), range: nameToken.range))
        }
        try advance()
        let (arguments, close) = try parseArgumentList()
        let range = nameToken.range.union(close.range)
        if function.takesCollection {
            switch arguments.count {
            case 0:
                throw fail(DiagnosticCatalog.wrongArgumentCount("'\(name)' needs at least 1 argument, 0 given", range: range))
            case 1:
                return ExpressionNode(.function(function, arguments), range: range)
            default:
                let list = ExpressionNode(.aggregate(arguments), range: Parser.span(arguments.first?.range, arguments.last?.range))
                return ExpressionNode(.function(function, [list]), range: range)
            }
        }
        guard arguments.count == function.arity else {
            throw fail(DiagnosticCatalog.wrongArgumentCount(
                "'\(name)' takes \(Parser.count(function.arity, "argument")), \(arguments.count) given", range: range))
        }
        return ExpressionNode(.function(function, arguments), range: range)
    }

    /// `part:part:(args)`: a built-in selector, or an operator selector turned into its node.
    mutating func parseSelectorCall() throws(PredicateSyntaxError) -> ExpressionNode {
        let start = current
        var parts: [String] = []
        var selectorEnd = start.range
        while case .identifier(let part) = current.kind, peek().kind.isPunctuation(.colon) {
            parts.append(part)
            try advance()
            selectorEnd = current.range
            try advance()
        }
        let selector = parts.map { $0 + ":" }.joined()
        let selectorRange = start.range.union(selectorEnd)
        let builtin = BuiltinFunction(selector: selector)
        guard builtin != nil || Parser.knownSelectors.contains(selector) else {
            throw fail(DiagnosticCatalog.unknownFunction(selector, candidates: Parser.knownSelectors, range: selectorRange))
        }
        guard current.kind.isPunctuation(.leftParen) else {
            throw fail(DiagnosticCatalog.unexpectedToken(expected: "'(' after '\(selector)'", found: describe(current), range: current.range))
        }
        let (arguments, close) = try parseArgumentList()
        let range = start.range.union(close.range)
        guard arguments.count == parts.count else {
            throw fail(DiagnosticCatalog.wrongArgumentCount(
                "'\(selector)' takes \(Parser.count(parts.count, "argument")), \(arguments.count) given", range: range))
        }
        if let builtin { return ExpressionNode(.function(builtin, arguments), range: range) }
        if let op = Parser.operatorSelectors[selector] {
            return ExpressionNode(.binary(op, arguments[0], arguments[1]), range: range)
        }
        switch selector {
        case "onesComplement:":
            return ExpressionNode(.unary(.onesComplement, arguments[0]), range: range)
        case "objectFrom:withIndex:":
            var index = IndexSelector.expression(arguments[1])
            if case .constant(.string(let name)) = arguments[1].kind, let symbolic = Parser.symbolicIndex(name.uppercased()) {
                index = symbolic
            }
            return ExpressionNode(.index(arguments[0], index), range: range)
        default:
            return try makeCast(arguments[0], type: arguments[1], range: range)
        }
    }

    /// `FUNCTION(receiver, 'selector', arguments…)`.
    mutating func parseCustomFunction() throws(PredicateSyntaxError) -> ExpressionNode {
        let keyword = current
        try advance()
        try expectOpening(after: "FUNCTION")
        let (arguments, close) = try parseArgumentList()
        let range = keyword.range.union(close.range)
        guard arguments.count >= 2 else {
            throw fail(DiagnosticCatalog.wrongArgumentCount(
                "FUNCTION needs a receiver and a selector, \(arguments.count) given", range: range,
                notes: ["write FUNCTION(receiver, 'selector', argument, …)"]))
        }
        guard case .constant(.string(let selector)) = arguments[1].kind else {
            throw fail(DiagnosticCatalog.wrongArgumentType(
                "FUNCTION's selector must be a string such as 'uppercaseString', found '\(snippet(arguments[1].range))'",
                range: arguments[1].range ?? range))
        }
        return ExpressionNode(.customFunction(receiver: arguments[0], selector: selector, arguments: Array(arguments.dropFirst(2))),
                              range: range)
    }

    /// `SUBQUERY(collection, $variable, predicate)`.
    mutating func parseSubquery() throws(PredicateSyntaxError) -> ExpressionNode {
        let keyword = current
        try advance()
        let open = current
        try expectOpening(after: "SUBQUERY")
        try advance()
        try enter(at: open)
        let usage = "SUBQUERY takes 3 arguments: SUBQUERY(collection, $variable, predicate)"
        let collection = try parseExpression()
        try expectArgumentComma(after: "SUBQUERY's collection", usage: usage, keyword: keyword)
        guard case .variable(let variable) = current.kind else {
            throw fail(DiagnosticCatalog.unexpectedToken(
                expected: "a variable such as $x as SUBQUERY's second argument", found: describe(current), range: current.range))
        }
        try advance()
        try expectArgumentComma(after: "SUBQUERY's variable", usage: usage, keyword: keyword)
        let predicate = try parsePredicate()
        let close = current
        try expectClosing(.rightParen, opening: open)
        leave()
        return ExpressionNode(.subquery(collection: collection, variable: variable, predicate: predicate),
                              range: keyword.range.union(close.range))
    }

    /// `CAST(value, 'Type')`.
    mutating func parseCast() throws(PredicateSyntaxError) -> ExpressionNode {
        let keyword = current
        try advance()
        try expectOpening(after: "CAST")
        let (arguments, close) = try parseArgumentList()
        let range = keyword.range.union(close.range)
        guard arguments.count == 2 else {
            throw fail(DiagnosticCatalog.wrongArgumentCount(
                "CAST takes 2 arguments, \(arguments.count) given", range: range, notes: ["write CAST(value, 'TypeName')"]))
        }
        return try makeCast(arguments[0], type: arguments[1], range: range)
    }

    /// A cast node; a number constant cast to `"NSDate"` becomes a date constant (seconds
    /// since 2001-01-01), which is how dates are printed.
    func makeCast(_ value: ExpressionNode, type: ExpressionNode, range: SourceRange) throws(PredicateSyntaxError) -> ExpressionNode {
        guard case .constant(.string(let typeName)) = type.kind else {
            throw fail(DiagnosticCatalog.wrongArgumentType(
                "CAST's type must be a string such as 'NSNumber', found '\(snippet(type.range))'", range: type.range ?? range))
        }
        if typeName == "NSDate", case .constant(let constant) = value.kind {
            switch constant {
            case .int(let seconds):
                return ExpressionNode(.constant(.date(Date(timeIntervalSinceReferenceDate: Double(seconds)))), range: range)
            case .double(let seconds):
                return ExpressionNode(.constant(.date(Date(timeIntervalSinceReferenceDate: seconds))), range: range)
            default:
                break
            }
        }
        return ExpressionNode(.cast(value, type: typeName), range: range)
    }

    /// `TERNARY(predicate, whenTrue, whenFalse)`.
    mutating func parseTernary() throws(PredicateSyntaxError) -> ExpressionNode {
        let keyword = current
        try advance()
        let open = current
        try expectOpening(after: "TERNARY")
        try advance()
        try enter(at: open)
        let usage = "TERNARY takes 3 arguments: TERNARY(predicate, valueIfTrue, valueIfFalse)"
        let condition = try parsePredicate()
        try expectArgumentComma(after: "TERNARY's predicate", usage: usage, keyword: keyword)
        let whenTrue = try parseExpression()
        try expectArgumentComma(after: "TERNARY's second argument", usage: usage, keyword: keyword)
        let whenFalse = try parseExpression()
        let close = current
        try expectClosing(.rightParen, opening: open)
        leave()
        return ExpressionNode(.ternary(condition, whenTrue, whenFalse), range: keyword.range.union(close.range))
    }

    /// Checks (without consuming) that a `(` follows a function keyword.
    func expectOpening(after keyword: String) throws(PredicateSyntaxError) {
        guard current.kind.isPunctuation(.leftParen) else {
            throw fail(DiagnosticCatalog.unexpectedToken(expected: "'(' after \(keyword)", found: describe(current), range: current.range))
        }
    }

    /// A `,` between the fixed arguments of SUBQUERY / TERNARY; a `)` there means too few.
    mutating func expectArgumentComma(after what: String, usage: String, keyword: Token) throws(PredicateSyntaxError) {
        if current.kind.isPunctuation(.comma) {
            try advance()
            return
        }
        if current.kind.isPunctuation(.rightParen) {
            throw fail(DiagnosticCatalog.wrongArgumentCount(usage, range: keyword.range.union(current.range)))
        }
        throw fail(DiagnosticCatalog.unexpectedToken(expected: "',' after \(what)", found: describe(current), range: current.range))
    }

    /// `1 argument`, `2 arguments`.
    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}
