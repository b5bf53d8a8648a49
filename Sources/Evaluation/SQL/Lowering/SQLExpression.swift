/// A SQL expression built by the lowering, rendered to text by a ``SQLDialect``.
///
/// The tree has no place for an identifier or a value written as text: columns name a table
/// alias and a column from the storage mapping, values are ``SQLValue``s bound to placeholders,
/// and the only literals are the fixed ones of ``SQLExpression/Literal``.
public indirect enum SQLExpression: Sendable, Hashable {
    /// The literals the lowering writes itself.
    public enum Literal: String, Sendable, Hashable {
        case null = "NULL"
        case zero = "0"
        case one = "1"
        case zeroPointZero = "0.0"
        case onePointZero = "1.0"
    }

    /// Boolean results that do not depend on any row.
    public enum Truth: Sendable, Hashable {
        case alwaysTrue, alwaysFalse
    }

    /// `alias.column`.
    case column(alias: String, name: String)
    /// A placeholder bound to a value.
    case value(SQLValue)
    /// A fixed literal.
    case literal(Literal)
    /// A constant truth (`1 = 1`, `1 = 0`).
    case truth(Truth)
    /// `left op right` for the comparison operators (and the lowering's own arithmetic on
    /// values that cannot overflow, such as an average's sum and count).
    case binary(SQLExpression, SQLBinaryOperator, SQLExpression)
    /// `left op right` for `+`, `-`, `*`, `/` of the predicate, computed as memory computes
    /// `kind` numbers: integers exactly (never wrapping, division truncating toward zero),
    /// doubles as IEEE doubles. The dialect spells it (``SQLDialect/arithmetic(_:_:_:_:)``).
    case arithmetic(SQLExpression, SQLBinaryOperator, SQLExpression, SQLNumericKind)
    /// `a AND b AND …`.
    case and([SQLExpression])
    /// `a OR b OR …`.
    case or([SQLExpression])
    /// `NOT a`.
    case not(SQLExpression)
    /// `a IS NULL`, `a IS NOT NULL`.
    case isNull(SQLExpression, negated: Bool)
    /// `a IS TRUE` / `a IS NOT TRUE`: two-valued views of a possibly NULL condition.
    case isTrue(SQLExpression, negated: Bool)
    /// Null-safe equality (two NULLs are equal): `a IS NOT DISTINCT FROM b`, SQLite's `a IS b`.
    case nullSafeEqual(SQLExpression, SQLExpression)
    /// `a IN (b, c, …)` (never empty).
    case inList(SQLExpression, [SQLExpression])
    /// `a BETWEEN low AND high`.
    case between(SQLExpression, low: SQLExpression, high: SQLExpression)
    /// A call of a SQL function the dialect knows (``SQLFunction``).
    case function(SQLFunction, [SQLExpression])
    /// `CASE WHEN c1 THEN r1 … ELSE e END`.
    case caseWhen([SQLWhen], otherwise: SQLExpression)
    /// `EXISTS (select)`.
    case exists(SQLSelect)
    /// `(select)` returning one value.
    case scalar(SQLSelect)
    /// `text` starts with the bytes of `prefix`: a condition an index on `text` can serve
    /// (SQLite: a range `>= prefix AND < prefix+1`; PostgreSQL: `LIKE 'prefix%'`). Only a
    /// pre-filter: the exact test follows it.
    case prefix(SQLExpression, String)
    /// A string expression ordered as the engine orders strings in `mode` (a collation the
    /// dialect provides).
    case collate(SQLExpression, StringSortMode)
    /// `MATCHES`: a condition TRUE exactly when the subject matches the pattern in memory,
    /// spelled by the dialect (``SQLDialect/regexMatch(_:subject:pattern:bind:)``).
    case regexMatch(SQLRegexMatch)
    /// `"name"`: a column of the statement's only table, unqualified (plain selects, `UPDATE`,
    /// `DELETE`; ``SQLSelect/columns(_:from:)``).
    case columnName(String)
    /// A call of one of the database's own functions by its name in `schema`, quoted like an
    /// identifier: `"pg_catalog"."format_type"(…)` in a dialect's catalogue query. The lowering
    /// calls only ``SQLFunction``s.
    case namedFunction(schema: String?, name: String, [SQLExpression])
}

/// One `WHEN condition THEN result` of a ``SQLExpression/caseWhen(_:otherwise:)``.
public struct SQLWhen: Sendable, Hashable {
    public var condition: SQLExpression
    public var result: SQLExpression

    public init(_ condition: SQLExpression, then result: SQLExpression) {
        self.condition = condition
        self.result = result
    }
}

/// The infix operators the lowering emits.
public enum SQLBinaryOperator: String, Sendable, Hashable {
    case equal = "="
    case notEqual = "<>"
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case concatenate = "||"
}

/// What an arithmetic expression computes, as the predicate's static types say: both operands
/// integers (Booleans included), or at least one a double or a date.
public enum SQLNumericKind: Sendable, Hashable {
    /// Integer arithmetic: exact (memory continues beyond 64 bits in doubles), `/` truncates.
    case integer
    /// Floating-point arithmetic in IEEE doubles.
    case floating
}

/// The functions the lowering calls; each dialect spells them (and the string helpers are
/// the ones its helper target registers or installs, see Docs/sql-mapping.md).
public enum SQLFunction: String, Sendable, Hashable, CaseIterable {
    /// `COUNT(*)` (no argument) or `COUNT(x)`.
    case count
    /// `SUM(x)`.
    case sum
    /// `MIN(x)`, `MAX(x)`.
    case min, max
    /// `COALESCE(a, b)`.
    case coalesce
    /// `ABS(x)`.
    case abs
    /// The engine's string helpers, exact with the in-memory semantics:
    /// `pe_contains(haystack, needle, options)` etc. return 1 or 0 (NULL when an operand is).
    case contains = "pe_contains"
    case beginsWith = "pe_beginswith"
    case endsWith = "pe_endswith"
    case like = "pe_like"
    case matches = "pe_matches"
    /// `pe_compare(a, b, options)`: -1, 0 or 1, as the in-memory string order.
    case compare = "pe_compare"
    /// `pe_fold(text, options)`: the string folded as `[c]`/`[d]` fold it.
    case fold = "pe_fold"
    /// `pe_raise(condition, key)`: 0 when `condition` is not TRUE; otherwise an error naming
    /// the object's `key` — the evaluation error memory raises for that object (arithmetic on
    /// nil, see `PredicateLowering`).
    case raise = "pe_raise"
}

/// A `SELECT` built by the lowering: the root query or a correlated subquery.
public struct SQLSelect: Sendable, Hashable {
    /// A table in the `FROM` clause: `"table" AS "alias"`, `"schema"."table" AS "alias"`, or
    /// a table-valued function `"table"(arguments…) AS "alias"`.
    public struct Source: Sendable, Hashable {
        /// The table's name.
        public var table: String
        /// Its alias; the table's own name when none is written (`FROM "pe_metadata"`).
        public var alias: String
        /// The schema the table is in (`pg_catalog`); `nil` for the search path.
        public var schema: String?
        /// The arguments of a table-valued function (SQLite's `pragma_table_info(name)`);
        /// `nil` for a table.
        public var arguments: [SQLExpression]?

        /// A source named `table` in `schema`, under `alias` (none when `nil`).
        public init(table: String, alias: String? = nil, schema: String? = nil, arguments: [SQLExpression]? = nil) {
            self.table = table
            self.alias = alias ?? table
            self.schema = schema
            self.arguments = arguments
        }
    }

    /// A `LEFT JOIN` (to-one hops keep their rows when the relationship is empty).
    public struct Join: Sendable, Hashable {
        public var source: Source
        public var on: SQLExpression
        /// `true` for an inner join (join tables inside an EXISTS, where no row means none).
        public var inner: Bool

        /// A join of `source` on the condition `on`; a `LEFT JOIN` unless `inner`.
        public init(source: Source, on: SQLExpression, inner: Bool) {
            self.source = source
            self.on = on
            self.inner = inner
        }
    }

    /// One `ORDER BY` term.
    public struct Order: Sendable, Hashable {
        public var expression: SQLExpression
        public var descending: Bool

        /// `expression`, descending when `descending`.
        public init(expression: SQLExpression, descending: Bool) {
            self.expression = expression
            self.descending = descending
        }
    }

    /// The selected expressions (`1` for an EXISTS).
    public var columns: [SQLExpression]
    /// The first table.
    public var from: Source
    /// Joins, in order.
    public var joins: [Join] = []
    /// The `WHERE` conditions, joined with AND.
    public var conditions: [SQLExpression] = []
    /// `ORDER BY`.
    public var order: [Order] = []
    /// `LIMIT`.
    public var limit: Int?
    /// `OFFSET`.
    public var offset: Int?

    /// Creates a select.
    public init(columns: [SQLExpression], from: Source) {
        self.columns = columns
        self.from = from
    }
}
