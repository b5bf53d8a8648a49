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
///
/// The parsing functions read the arguments; the node is built (and checked) by a separate
/// `make…` function so that the recursive frames stay small.
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
    /// range of the closing parenthesis.
    mutating func parseArgumentList() throws -> (arguments: [ExpressionNode], end: SourceRange) {
        let open = current
        try advance()
        try enter(at: open)
        var arguments: [ExpressionNode] = []
        if !current.kind.isPunctuation(.rightParen) {
            arguments.append(try parseExpression())
            while current.kind.isPunctuation(.comma) {
                try advance()
                arguments.append(try parseExpression())
            }
        }
        let end = current.range
        try expectClosing(.rightParen, opening: open)
        leave()
        return (arguments, end)
    }

    // MARK: - name(args)

    /// `name(args)` with a ``BuiltinFunction`` name; the cursor is at the name.
    mutating func parsePlainCall() throws -> ExpressionNode {
        let nameToken = current
        let function = try plainFunction()
        try advance()
        let (arguments, end) = try parseArgumentList()
        return try makePlainCall(function, arguments: arguments, range: nameToken.range.union(end))
    }

    /// The built-in function named by the current identifier.
    mutating func plainFunction() throws -> BuiltinFunction {
        let name = text(current.range)
        guard let function = BuiltinFunction(name: name) else {
            throw unknownFunctionError(name, candidates: BuiltinFunction.allCases.map(\.name), range: current.range)
        }
        return function
    }

    /// Checks the argument count; several arguments of a collection function become one
    /// array: `max(1, 5, 10)` is `max:({1, 5, 10})`.
    mutating func makePlainCall(_ function: BuiltinFunction, arguments: [ExpressionNode], range: SourceRange) throws
        -> ExpressionNode
    {
        if function.takesCollection {
            switch arguments.count {
            case 0:
                throw argumentCountError("'\(function.name)' needs at least 1 argument, 0 given", range: range)
            case 1:
                return ExpressionNode(.function(function, arguments), range: range)
            default:
                let list = ExpressionNode(
                    .aggregate(arguments), range: Parser.span(arguments.first?.range, arguments.last?.range))
                return ExpressionNode(.function(function, [list]), range: range)
            }
        }
        guard arguments.count == function.arity else {
            throw arityError(function.name, expected: function.arity, given: arguments.count, range: range)
        }
        return ExpressionNode(.function(function, arguments), range: range)
    }

    // MARK: - part:part:(args)

    /// `part:part:(args)`: a built-in selector, or an operator selector turned into its node.
    mutating func parseSelectorCall() throws -> ExpressionNode {
        let start = current.range
        let selector = try readSelector()
        let (arguments, end) = try parseArgumentList()
        return try makeSelectorCall(selector, arguments: arguments, range: start.union(end))
    }

    /// Reads `part:part:` up to the `(` and checks that the selector is known.
    mutating func readSelector() throws -> String {
        let start = current.range
        var selector = ""
        var end = start
        while case .identifier = current.kind, peek().kind.isPunctuation(.colon) {
            selector += text(current.range) + ":"
            try advance()
            end = current.range
            try advance()
        }
        guard BuiltinFunction(selector: selector) != nil || Parser.knownSelectors.contains(selector) else {
            throw unknownFunctionError(selector, candidates: Parser.knownSelectors, range: start.union(end))
        }
        guard current.kind.isPunctuation(.leftParen) else {
            throw unexpectedTokenError(expected: "'(' after '\(selector)'")
        }
        return selector
    }

    /// The node of a selector call: a function, an operator, an index or a cast.
    mutating func makeSelectorCall(_ selector: String, arguments: [ExpressionNode], range: SourceRange) throws
        -> ExpressionNode
    {
        let arity = selector.filter { $0 == ":" }.count
        guard arguments.count == arity else {
            throw arityError(selector, expected: arity, given: arguments.count, range: range)
        }
        if let builtin = BuiltinFunction(selector: selector) {
            return ExpressionNode(.function(builtin, arguments), range: range)
        }
        if let op = Parser.operatorSelectors[selector] {
            return ExpressionNode(.binary(op, arguments[0], arguments[1]), range: range)
        }
        switch selector {
        case "onesComplement:":
            return ExpressionNode(.unary(.onesComplement, arguments[0]), range: range)
        case "objectFrom:withIndex:":
            var index = IndexSelector.expression(arguments[1])
            if case .constant(.string(let name)) = arguments[1].kind,
                let symbolic = Parser.symbolicIndex(named: name.uppercased())
            {
                index = symbolic
            }
            return ExpressionNode(.index(arguments[0], index), range: range)
        default:
            return try makeCast(arguments[0], type: arguments[1], range: range)
        }
    }

    // MARK: - FUNCTION, CAST

    /// `FUNCTION(receiver, 'selector', arguments…)`.
    mutating func parseCustomFunction() throws -> ExpressionNode {
        let start = current.range
        try advance()
        guard current.kind.isPunctuation(.leftParen) else { throw missingOpeningError(after: "FUNCTION") }
        let (arguments, end) = try parseArgumentList()
        return try makeCustomFunction(arguments, range: start.union(end))
    }

    mutating func makeCustomFunction(_ arguments: [ExpressionNode], range: SourceRange) throws -> ExpressionNode {
        guard arguments.count >= 2 else {
            throw argumentCountError(
                "FUNCTION needs a receiver and a selector, \(arguments.count) given", range: range,
                notes: ["write FUNCTION(receiver, 'selector', argument, …)"])
        }
        guard case .constant(.string(let selector)) = arguments[1].kind else {
            throw notAStringError(
                "FUNCTION's selector", example: "uppercaseString", node: arguments[1], fallback: range)
        }
        return ExpressionNode(
            .customFunction(receiver: arguments[0], selector: selector, arguments: Array(arguments.dropFirst(2))),
            range: range)
    }

    /// `CAST(value, 'Type')`.
    mutating func parseCast() throws -> ExpressionNode {
        let start = current.range
        try advance()
        guard current.kind.isPunctuation(.leftParen) else { throw missingOpeningError(after: "CAST") }
        let (arguments, end) = try parseArgumentList()
        let range = start.union(end)
        guard arguments.count == 2 else {
            throw argumentCountError(
                "CAST takes 2 arguments, \(arguments.count) given", range: range,
                notes: ["write CAST(value, 'TypeName')"])
        }
        return try makeCast(arguments[0], type: arguments[1], range: range)
    }

    /// A cast node; a number constant cast to `"NSDate"` becomes a date constant (seconds
    /// since 2001-01-01), which is how dates are printed.
    mutating func makeCast(_ value: ExpressionNode, type: ExpressionNode, range: SourceRange) throws -> ExpressionNode {
        guard case .constant(.string(let typeName)) = type.kind else {
            throw notAStringError("CAST's type", example: "NSNumber", node: type, fallback: range)
        }
        if typeName == "NSDate", case .constant(let constant) = value.kind {
            switch constant {
            case .int(let seconds):
                return ExpressionNode(
                    .constant(.date(Date(timeIntervalSinceReferenceDate: Double(seconds)))), range: range)
            case .double(let seconds):
                return ExpressionNode(.constant(.date(Date(timeIntervalSinceReferenceDate: seconds))), range: range)
            default:
                break
            }
        }
        return ExpressionNode(.cast(value, type: typeName), range: range)
    }

    // MARK: - SUBQUERY, TERNARY

    /// `SUBQUERY(collection, $variable, predicate)`.
    mutating func parseSubquery() throws -> ExpressionNode {
        let keyword = current
        try advance()
        let open = current
        guard open.kind.isPunctuation(.leftParen) else { throw missingOpeningError(after: "SUBQUERY") }
        try advance()
        try enter(at: open)
        let collection = try parseExpression()
        try expectArgumentComma(after: "SUBQUERY's collection", keyword: keyword)
        let variable = try subqueryVariable()
        try expectArgumentComma(after: "SUBQUERY's variable", keyword: keyword)
        let predicate = try parsePredicate()
        let end = current.range
        try expectClosing(.rightParen, opening: open)
        leave()
        return ExpressionNode(
            .subquery(collection: collection, variable: variable, predicate: predicate),
            range: keyword.range.union(end))
    }

    /// The `$variable` of a SUBQUERY.
    mutating func subqueryVariable() throws -> String {
        guard case .variable = current.kind else {
            throw unexpectedTokenError(expected: "a variable such as $x as SUBQUERY's second argument")
        }
        let variable = name(of: current)
        try advance()
        return variable
    }

    /// `TERNARY(predicate, whenTrue, whenFalse)`.
    mutating func parseTernary() throws -> ExpressionNode {
        let keyword = current
        try advance()
        let open = current
        guard open.kind.isPunctuation(.leftParen) else { throw missingOpeningError(after: "TERNARY") }
        try advance()
        try enter(at: open)
        let condition = try parsePredicate()
        try expectArgumentComma(after: "TERNARY's predicate", keyword: keyword)
        let whenTrue = try parseExpression()
        try expectArgumentComma(after: "TERNARY's second argument", keyword: keyword)
        let whenFalse = try parseExpression()
        let end = current.range
        try expectClosing(.rightParen, opening: open)
        leave()
        return ExpressionNode(.ternary(condition, whenTrue, whenFalse), range: keyword.range.union(end))
    }

    /// A `,` between the fixed arguments of SUBQUERY / TERNARY; a `)` there means too few.
    mutating func expectArgumentComma(after what: String, keyword: Token) throws {
        if current.kind.isPunctuation(.comma) {
            try advance()
            return
        }
        if current.kind.isPunctuation(.rightParen) {
            let usage =
                keyword.kind.isKeyword(.SUBQUERY)
                ? "SUBQUERY takes 3 arguments: SUBQUERY(collection, $variable, predicate)"
                : "TERNARY takes 3 arguments: TERNARY(predicate, valueIfTrue, valueIfFalse)"
            throw argumentCountError(usage, range: keyword.range.union(current.range))
        }
        throw unexpectedTokenError(expected: "',' after \(what)")
    }
}
