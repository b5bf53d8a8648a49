/// How a SQL database spells what the lowering emits: identifier quoting, placeholders, the
/// null-safe comparisons, the helper functions and collations. SQLite and PostgreSQL are the
/// two conformances; a test dialect with odd spellings keeps golden tests honest.
///
/// Only the dialect writes identifiers, always quoted with embedded quote characters doubled:
/// `quote("we\"ird")` is `"we""ird"` for both databases.
public protocol SQLDialect: Sendable {
    /// `sqlite`, `postgres`.
    var name: String { get }
    /// The identifier quoted: `"name"`.
    func quote(_ identifier: String) -> String
    /// The placeholder of the `index`-th bound value (1-based): `?` or `$1`.
    func placeholder(_ index: Int) -> String
    /// `a IS NOT DISTINCT FROM b`: equal, two NULLs included.
    func nullSafeEquality(_ a: String, _ b: String) -> String
    /// A call of `function` with rendered arguments, or `nil` when the database lacks it.
    func call(_ function: SQLFunction, _ arguments: [String]) -> String?
    /// `subject MATCHES pattern` (``SQLRegexMatch``): a condition TRUE exactly when memory's
    /// `MATCHES` is, with the subject (and a pattern read from the row) already rendered, in
    /// that order, and `bind` binding values. The default calls `pe_matches` through
    /// ``call(_:_:)``; PostgreSQL translates the pattern (`PostgreSQLDialect+Regex.swift`).
    func regexMatch(
        _ match: SQLRegexMatch, subject: String, pattern: String?, bind: (SQLValue) -> String
    ) throws(SQLLoweringError) -> String
    /// `text` ordered as the engine orders strings in `mode`, or `nil` when the database
    /// cannot (the lowering then refuses).
    func collate(_ text: String, _ mode: StringSortMode) -> String?
    /// A condition an index on `text` can serve that holds when `text` starts with `prefix`
    /// (ASCII), binding values through `bind`; the exact test follows it.
    func prefixCondition(_ text: String, _ prefix: String, bind: (SQLValue) -> String) -> String
    /// `left op right` computed as memory computes `kind` numbers (operands already rendered
    /// and parenthesised): exact integers never wrap and `/` truncates toward zero; doubles
    /// are IEEE doubles. The default writes `left op right`.
    func arithmetic(_ left: String, _ op: SQLBinaryOperator, _ right: String, _ kind: SQLNumericKind) -> String
    /// What `LIMIT` takes for "no limit" when only an `OFFSET` is given (`ALL`; SQLite `-1`).
    var unboundedLimit: String { get }
    /// `TRUE`/`FALSE` as conditions.
    var trueCondition: String { get }
    var falseCondition: String { get }
    /// `condition IS TRUE` (or `IS NOT TRUE` when `negated`): a two-valued view of a
    /// condition that may be NULL.
    func truthTest(_ condition: String, negated: Bool) -> String
    /// The type name of a column of `type` in `CREATE TABLE` under the naming `convention`
    /// (Core Data's own names, `VARCHAR`, `TIMESTAMP`, … in SQLite).
    func columnType(_ type: SQLColumnType, convention: SQLNamingConvention) -> String
    /// The class of a column's declared type, as the database treats it: two declared types
    /// of one class store the same values (`SQLDialect+Catalogue.swift`).
    func typeClass(ofDeclaredType declared: String) -> String
    /// The form in which the database compares identifiers: two names with the same form
    /// name the same table (or column) (`SQLDialect+Catalogue.swift`).
    func identifierKey(_ identifier: String) -> String
    /// Why the database cannot create a table, index or column named `identifier`, or `nil`.
    func identifierProblem(_ identifier: String, naming kind: SQLIdentifierKind) -> String?
    /// The longest identifier the database keeps, in UTF-8 bytes; `nil` when unlimited.
    var maximumIdentifierLength: Int? { get }
    /// Whether a double column keeps NaN (SQLite stores it as NULL); writers refuse a NaN
    /// they cannot store rather than lose it. `true` unless a dialect says otherwise.
    var storesNaN: Bool { get }
    /// The statement that starts a transaction: `BEGIN` unless a dialect says otherwise.
    var beginTransaction: String { get }
    /// The most values one statement may bind; a longer insert is cut into several
    /// (``SQLInsert/batches(maximumBindings:)``). 999 unless a dialect says otherwise.
    var maximumBindings: Int { get }
    /// The query listing every table's columns with their declared types, one row of (table,
    /// column, declared type) per column in column order: what ``SQLDatabase/catalogue()``
    /// runs (`SQLDialect+Catalogue.swift`).
    var catalogueQuery: SQLSelect { get }
    /// The statement that announces `payload` to the listeners of `channel` when the current
    /// transaction commits (PostgreSQL: `SELECT pg_notify($1, $2)`), or `nil` when the database
    /// has no notifications (SQLite: readers poll ``dataVersionQuery`` instead). The change
    /// log announces each sequence number this way (`SQLDialect+Notification.swift`).
    func notification(channel: String, payload: String) -> SQLStatement?
    /// A query of one row and one integer column that changes whenever another connection
    /// commits a write to the database (SQLite: `PRAGMA data_version`), or `nil` when the
    /// database has none (PostgreSQL: it notifies instead).
    var dataVersionQuery: SQLStatement? { get }
    /// The settings of a connection that runs only short keyed queries — a change log
    /// follower's own (PostgreSQL: no parallel plans, `SQLDialect+Session.swift`); none unless
    /// a dialect says otherwise.
    var keyedReadSettings: [SQLStatement] { get }
    /// Whether the database understands `WITH "name" AS MATERIALIZED (…)`: the common table is
    /// computed once even when read once, never folded into the select that reads it
    /// (``SQLCommonTable``). PostgreSQL (12 and later) does; SQLite only since 3.35, which this
    /// project does not require, so it says no. `false` unless a dialect says otherwise.
    var materializesCommonTables: Bool { get }
}

extension SQLDialect {
    /// Double quotes, embedded ones doubled (SQLite and PostgreSQL alike).
    public func quote(_ identifier: String) -> String {
        // Most identifiers hold no quote: no search-and-replace for them (statements are built
        // for every log entry a live query follows).
        guard identifier.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + identifier + "\"" }
        return "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    public var trueCondition: String { "1 = 1" }
    public var falseCondition: String { "1 = 0" }

    /// `condition IS TRUE` / `condition IS NOT TRUE`.
    public func truthTest(_ condition: String, negated: Bool) -> String {
        condition + (negated ? " IS NOT TRUE" : " IS TRUE")
    }
    /// Most databases keep NaN in a double column.
    public var storesNaN: Bool { true }
    public var unboundedLimit: String { "ALL" }
    public var beginTransaction: String { "BEGIN" }
    /// The lowest limit of the common databases (SQLite's before version 3.32).
    public var maximumBindings: Int { 999 }

    /// `left op right`: right where the database's own numbers behave as memory's (SQLite:
    /// 64-bit integers that continue as doubles on overflow, `/` truncating; doubles).
    public func arithmetic(_ left: String, _ op: SQLBinaryOperator, _ right: String, _ kind: SQLNumericKind)
        -> String
    {
        left + " " + op.rawValue + " " + right
    }

    /// The standard spellings of the aggregate functions; the string helpers by name.
    public func call(_ function: SQLFunction, _ arguments: [String]) -> String? {
        SQLFunctionSpelling.call(function, arguments)
    }

    /// `pe_matches(subject, pattern, options) = 1`: the engine's own regular expressions (the
    /// SQLite helper registers `pe_matches`).
    public func regexMatch(
        _ match: SQLRegexMatch, subject: String, pattern: String?, bind: (SQLValue) -> String
    ) throws(SQLLoweringError) -> String {
        var patternText = pattern ?? ""
        if case .constant(let text) = match.pattern { patternText = bind(.text(text)) }
        let options = bind(.text(match.options.letterString))
        guard let call = call(.matches, [subject, patternText, options]) else {
            throw match.refusal("MATCHES is not lowered for \(name): it has no pe_matches function here")
        }
        return call + " = 1"
    }
}

/// SQLite: `?` placeholders, `IS`/`IS NOT` as null-safe comparisons, the string helpers and
/// collations registered by the SQLite helper on each connection, byte ranges for prefixes.
public struct SQLiteDialect: SQLDialect {
    public init() {}

    public var name: String { "sqlite" }

    public func placeholder(_ index: Int) -> String { "?" }

    public func nullSafeEquality(_ a: String, _ b: String) -> String { "\(a) IS \(b)" }

    /// `condition IS 1` / `condition IS NOT 1`: SQLite takes `TRUE` and `FALSE` for the names
    /// of columns when a table of the query has a column so named (`"t0"."c" IS NOT TRUE`
    /// would compare with the column `true`), so the test compares with 1, which is what a
    /// condition (0, 1 or NULL) is when it holds.
    public func truthTest(_ condition: String, negated: Bool) -> String {
        condition + (negated ? " IS NOT 1" : " IS 1")
    }

    /// SQLite stores a NaN double as NULL.
    public var storesNaN: Bool { false }
    /// SQLite has no `LIMIT ALL`; a negative limit means none.
    public var unboundedLimit: String { "-1" }
    /// `BEGIN IMMEDIATE`: a writer takes the write lock when its transaction starts, so that two
    /// writers wait for each other there (or fail with "database is locked") instead of one
    /// failing at its first write after reading.
    public var beginTransaction: String { "BEGIN IMMEDIATE" }
    /// SQLite's `SQLITE_MAX_VARIABLE_NUMBER` before version 3.32, which a build may still keep.
    public var maximumBindings: Int { 999 }

    /// The standard spellings, except `SUM`: `pe_sum`, the SQLite helper's sum with memory's
    /// overflow rule (SQLite's `SUM` fails with "integer overflow" where memory's `@sum`
    /// continues as a double).
    public func call(_ function: SQLFunction, _ arguments: [String]) -> String? {
        if function == .sum { return "pe_sum(" + arguments.joined(separator: ", ") + ")" }
        return SQLFunctionSpelling.call(function, arguments)
    }

    /// SQLite's type affinities; under the Core Data convention, the names Core Data writes.
    public func columnType(_ type: SQLColumnType, convention: SQLNamingConvention) -> String {
        switch (type, convention) {
        case (.integer16, _), (.integer32, _), (.integer64, _), (.boolean, _): "INTEGER"
        case (.double, .standard), (.date, .standard): "REAL"
        case (.double, .coreData): "FLOAT"
        case (.date, .coreData): "TIMESTAMP"
        case (.decimal, .standard): "NUMERIC"
        case (.decimal, .coreData): "DECIMAL"
        case (.text, .standard), (.json, _): "TEXT"
        case (.text, .coreData): "VARCHAR"
        case (.uuid, .standard): "TEXT"
        case (.uuid, .coreData), (.blob, _): "BLOB"
        }
    }

    /// The collations `pe_plain`, `pe_c`, `pe_d`, `pe_cd`, `pe_localized` registered by the
    /// SQLite helper.
    public func collate(_ text: String, _ mode: StringSortMode) -> String? {
        "\(text) COLLATE \(Self.collationName(mode))"
    }

    /// The name of the collation ordering strings as `mode` does.
    public static func collationName(_ mode: StringSortMode) -> String {
        switch mode {
        case .plain: "pe_plain"
        case .caseInsensitive: "pe_c"
        case .diacriticInsensitive: "pe_d"
        case .caseDiacriticInsensitive: "pe_cd"
        case .localizedStandard: "pe_localized"
        }
    }

    /// `text >= 'ab' AND text < 'ac'`: SQLite compares text byte by byte (BINARY), so an index
    /// on the column serves the range.
    public func prefixCondition(_ text: String, _ prefix: String, bind: (SQLValue) -> String) -> String {
        var bytes = Array(prefix.utf8)
        guard let last = bytes.popLast(), last < 0x7F else { return trueCondition }
        bytes.append(last + 1)
        let upper = String(decoding: bytes, as: UTF8.self)
        return "\(text) >= \(bind(.text(prefix))) AND \(text) < \(bind(.text(upper)))"
    }
}

/// PostgreSQL: `$n` placeholders, `IS [NOT] DISTINCT FROM`, the helper functions installed by
/// the PostgreSQL helper (one documented install statement), `LIKE 'prefix%'` for prefixes.
public struct PostgreSQLDialect: SQLDialect {
    /// What a PostgreSQL-speaking engine supports (distributed engines differ).
    public struct Capabilities: Sendable, Hashable {
        /// Whether the engine's helper functions and collations are installed (`pe_*`).
        public var helperFunctions: Bool
        /// Whether correlated `EXISTS` subqueries are supported (Citus prefers `IN (SELECT …)`).
        public var correlatedExists: Bool

        /// Creates capabilities; the defaults are those of a plain PostgreSQL server.
        public init(helperFunctions: Bool = true, correlatedExists: Bool = true) {
            self.helperFunctions = helperFunctions
            self.correlatedExists = correlatedExists
        }
    }

    /// What the server supports.
    public var capabilities: Capabilities

    /// A dialect for a server with `capabilities`.
    public init(capabilities: Capabilities = Capabilities()) {
        self.capabilities = capabilities
    }

    public var name: String { "postgres" }

    public func placeholder(_ index: Int) -> String { "$\(index)" }

    public func nullSafeEquality(_ a: String, _ b: String) -> String { "\(a) IS NOT DISTINCT FROM \(b)" }

    public var trueCondition: String { "TRUE" }
    public var falseCondition: String { "FALSE" }
    /// The protocol counts a statement's parameters in 16 bits.
    public var maximumBindings: Int { 65_535 }

    /// PostgreSQL's integer operators keep the narrower operand's type and raise on overflow
    /// (`smallint + smallint` fails at 32768; memory's integers are 64-bit and continue in
    /// doubles), and a bound double is a `numeric`: integer arithmetic is done in `numeric`
    /// (exact, never overflowing; `/` is `div`, which truncates toward zero as memory does),
    /// floating-point arithmetic in `double precision` (IEEE, as memory's doubles).
    ///
    /// ```sql
    /// CAST("t0"."size" AS numeric) * $1                        -- #size * 2
    /// div(CAST("t0"."size" AS numeric), $1)                    -- #size / 2
    /// CAST("t0"."size" AS double precision) * CAST($1 AS double precision)   -- #size * 1.5
    /// ```
    public func arithmetic(_ left: String, _ op: SQLBinaryOperator, _ right: String, _ kind: SQLNumericKind)
        -> String
    {
        switch kind {
        case .integer:
            let exact = "CAST(\(left) AS numeric)"
            if op == .divide { return "div(\(exact), \(right))" }
            return exact + " " + op.rawValue + " " + right
        case .floating:
            return "CAST(\(left) AS double precision) " + op.rawValue + " CAST(\(right) AS double precision)"
        }
    }

    /// PostgreSQL's types. Booleans are `smallint` 0/1, as in SQLite and in memory (where a
    /// Boolean is a number that `@sum` adds and `== 1` compares); UUIDs are `uuid`, or `bytea`
    /// under the Core Data convention, which stores (and binds) a UUID as its 16 bytes.
    public func columnType(_ type: SQLColumnType, convention: SQLNamingConvention) -> String {
        switch (type, convention) {
        case (.integer16, _), (.boolean, _): "smallint"
        case (.integer32, _): "integer"
        case (.integer64, _): "bigint"
        case (.double, _), (.date, _): "double precision"
        case (.decimal, _): "numeric"
        case (.text, _), (.json, _): "text"
        case (.uuid, .standard): "uuid"
        case (.uuid, .coreData), (.blob, _): "bytea"
        }
    }

    public func call(_ function: SQLFunction, _ arguments: [String]) -> String? {
        switch function {
        case .matches:
            // No `pe_matches` on PostgreSQL: MATCHES is translated (`regexMatch`).
            return nil
        case .contains, .beginsWith, .endsWith, .like, .compare, .fold, .raise:
            guard capabilities.helperFunctions else { return nil }
            return function.rawValue + "(" + arguments.joined(separator: ", ") + ")"
        default:
            return "\(SQLFunctionSpelling.standard(function))("
                + (arguments.isEmpty && function == .count ? "*" : arguments.joined(separator: ", ")) + ")"
        }
    }

    /// Plain order only: the NFC form compared byte by byte (`COLLATE "C"`), which is the
    /// engine's plain string order. The folding orders are refused.
    public func collate(_ text: String, _ mode: StringSortMode) -> String? {
        guard mode == .plain else { return nil }
        return "normalize(\(text), NFC) COLLATE \"C\""
    }

    /// `text LIKE 'ab%'` with `%`, `_` and `\` escaped: served by an index built with
    /// `text_pattern_ops` or the C collation.
    public func prefixCondition(_ text: String, _ prefix: String, bind: (SQLValue) -> String) -> String {
        var escaped = ""
        for character in prefix {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "\(text) LIKE \(bind(.text(escaped + "%")))"
    }
}

/// The standard names of the aggregate functions.
enum SQLFunctionSpelling {
    /// `COUNT(*)`, `SUM(x)`, …, `pe_fold(x, o)`: the standard call of `function`.
    static func call(_ function: SQLFunction, _ arguments: [String]) -> String {
        let list = function == .count && arguments.isEmpty ? "*" : arguments.joined(separator: ", ")
        return standard(function) + "(" + list + ")"
    }

    static func standard(_ function: SQLFunction) -> String {
        switch function {
        case .count: "COUNT"
        case .sum: "SUM"
        case .min: "MIN"
        case .max: "MAX"
        case .coalesce: "COALESCE"
        case .abs: "ABS"
        case .contains, .beginsWith, .endsWith, .like, .matches, .compare, .fold, .raise: function.rawValue
        }
    }
}
