/// A rendered statement: SQL text with placeholders, and the values bound to them in order.
///
/// ```swift
/// let statement = try SQLiteDialect().render(select)
/// statement.sql        // SELECT "t0"."id" FROM "Content" AS "t0" WHERE "t0"."name" = ? ORDER BY "t0"."id"
/// statement.bindings   // ['x']
/// ```
public struct SQLStatement: Sendable, Hashable, CustomStringConvertible {
    /// The SQL text; it never contains a value.
    public var sql: String
    /// The bound values, in placeholder order.
    public var bindings: [SQLValue]

    /// Creates a statement.
    public init(sql: String, bindings: [SQLValue] = []) {
        self.sql = sql
        self.bindings = bindings
    }

    /// The text followed by the bindings, for logs.
    public var description: String {
        sql + "  -- " + bindings.map(\.description).joined(separator: ", ")
    }
}

extension SQLDialect {
    /// Renders a select: text with placeholders and the bindings, or a refusal when the
    /// dialect lacks a function or collation it needs.
    public func render(_ select: SQLSelect) throws(SQLLoweringError) -> SQLStatement {
        var renderer = SQLRenderer(dialect: self)
        let sql = try renderer.select(select)
        return SQLStatement(sql: sql, bindings: renderer.bindings)
    }

    /// Renders a condition on its own (for a `WHERE` clause built elsewhere).
    public func render(_ condition: SQLExpression) throws(SQLLoweringError) -> SQLStatement {
        var renderer = SQLRenderer(dialect: self)
        let sql = try renderer.expression(condition)
        return SQLStatement(sql: sql, bindings: renderer.bindings)
    }
}

/// Renders the lowering's SQL tree, appending bound values in placeholder order.
struct SQLRenderer {
    let dialect: any SQLDialect
    private(set) var bindings: [SQLValue] = []

    init(dialect: any SQLDialect) {
        self.dialect = dialect
    }

    mutating func bind(_ value: SQLValue) -> String {
        bindings.append(value)
        return dialect.placeholder(bindings.count)
    }

    mutating func select(_ select: SQLSelect) throws(SQLLoweringError) -> String {
        var columns: [String] = []
        for column in select.columns { columns.append(try expression(column)) }
        var sql = "SELECT " + (columns.isEmpty ? "1" : columns.joined(separator: ", "))
        sql += " FROM " + (try source(select.from))
        for join in select.joins {
            sql +=
                (join.inner ? " JOIN " : " LEFT JOIN ") + (try source(join.source)) + " ON " + (try expression(join.on))
        }
        sql += try whereClause(select.conditions)
        if !select.order.isEmpty {
            var terms: [String] = []
            for term in select.order {
                terms.append(try expression(term.expression) + (term.descending ? " DESC" : ""))
            }
            sql += " ORDER BY " + terms.joined(separator: ", ")
        }
        if let limit = select.limit { sql += " LIMIT " + bind(.integer(Int64(limit))) }
        if let offset = select.offset {
            if select.limit == nil { sql += " LIMIT " + dialect.unboundedLimit }
            sql += " OFFSET " + bind(.integer(Int64(offset)))
        }
        return sql
    }

    /// Whether an expression renders as one unit (needs no parentheses as an operand).
    private static func isAtomic(_ expression: SQLExpression) -> Bool {
        switch expression {
        case .column, .columnName, .value, .literal, .function, .namedFunction, .scalar, .caseWhen, .exists: true
        default: false
        }
    }

    /// An expression used as an operand: parenthesised unless atomic.
    private mutating func operand(_ expression: SQLExpression) throws(SQLLoweringError) -> String {
        let rendered = try self.expression(expression)
        return Self.isAtomic(expression) ? rendered : "(" + rendered + ")"
    }

    /// A term of an AND: parenthesised when it is an OR.
    mutating func conjunct(_ expression: SQLExpression) throws(SQLLoweringError) -> String {
        if case .or = expression { return "(" + (try self.expression(expression)) + ")" }
        return try self.expression(expression)
    }

    mutating func expression(_ expression: SQLExpression) throws(SQLLoweringError) -> String {
        switch expression {
        case .column(let alias, let name):
            return dialect.quote(alias) + "." + dialect.quote(name)
        case .columnName(let name):
            return dialect.quote(name)
        case .namedFunction(let schema, let name, let arguments):
            var rendered: [String] = []
            for argument in arguments { rendered.append(try self.expression(argument)) }
            return qualified(schema, name) + "(" + rendered.joined(separator: ", ") + ")"
        case .value(let value):
            return bind(value)
        case .literal(let literal):
            return literal.rawValue
        case .truth(let truth):
            return truth == .alwaysTrue ? dialect.trueCondition : dialect.falseCondition
        case .binary(let a, let op, let b):
            return (try operand(a)) + " " + op.rawValue + " " + (try operand(b))
        case .arithmetic(let a, let op, let b, let kind):
            return dialect.arithmetic(try operand(a), op, try operand(b), kind)
        case .and(let parts):
            var rendered: [String] = []
            for part in parts { rendered.append(try conjunct(part)) }
            return rendered.joined(separator: " AND ")
        case .or(let parts):
            var rendered: [String] = []
            for part in parts {
                let text = try self.expression(part)
                if case .and = part { rendered.append("(" + text + ")") } else { rendered.append(text) }
            }
            return rendered.joined(separator: " OR ")
        case .not(let inner):
            return "NOT " + (try operand(inner))
        case .isNull(let inner, let negated):
            return (try operand(inner)) + (negated ? " IS NOT NULL" : " IS NULL")
        case .isTrue(let inner, let negated):
            return dialect.truthTest(try operand(inner), negated: negated)
        case .nullSafeEqual(let a, let b):
            return dialect.nullSafeEquality(try operand(a), try operand(b))
        case .inList(let value, let items):
            // The value first: its bound values come before the list's (`?` placeholders are
            // positional).
            let subject = try operand(value)
            var rendered: [String] = []
            for item in items { rendered.append(try self.operand(item)) }
            return subject + " IN (" + rendered.joined(separator: ", ") + ")"
        case .between(let value, let low, let high):
            return (try operand(value)) + " BETWEEN " + (try operand(low)) + " AND " + (try operand(high))
        case .function(let function, let arguments):
            var rendered: [String] = []
            for argument in arguments { rendered.append(try self.expression(argument)) }
            guard let call = dialect.call(function, rendered) else {
                throw SQLLoweringError(
                    id: "sql-dialect",
                    message:
                        "\(dialect.name) has no \(function.rawValue) function here (install the engine's helper functions)",
                    range: nil)
            }
            return call
        case .regexMatch(let match):
            // The subject's bound values come first, then the pattern's (`?` placeholders are
            // positional).
            let subject = try self.expression(match.subject)
            var pattern: String?
            if case .expression(let expression) = match.pattern { pattern = try self.expression(expression) }
            return try dialect.regexMatch(match, subject: subject, pattern: pattern) { value in self.bind(value) }
        case .caseWhen(let branches, let otherwise):
            var sql = "CASE"
            for branch in branches {
                sql +=
                    " WHEN " + (try self.expression(branch.condition)) + " THEN " + (try self.expression(branch.result))
            }
            return sql + " ELSE " + (try self.expression(otherwise)) + " END"
        case .exists(let inner):
            return "EXISTS (" + (try select(inner)) + ")"
        case .scalar(let inner):
            return "(" + (try select(inner)) + ")"
        case .prefix(let text, let prefix):
            let rendered = try self.expression(text)
            return dialect.prefixCondition(rendered, prefix) { value in self.bind(value) }
        case .collate(let text, let mode):
            guard let collated = dialect.collate(try self.expression(text), mode) else {
                throw SQLLoweringError(
                    id: "sql-dialect", message: "\(dialect.name) cannot order strings as '\(mode.rawValue)' here",
                    range: nil)
            }
            return collated
        }
    }
}
