import Foundation

/// What an identifier names, for ``SQLDialect/identifierProblem(_:naming:)``.
public enum SQLIdentifierKind: String, Sendable, Hashable {
    /// A table.
    case table
    /// An index.
    case index
    /// A column.
    case column
}

/// How a database compares names and types in its catalogue: what `db create` checks before
/// writing anything, and what the check of a database against a mapping compares.
extension SQLDialect {
    /// The declared type trimmed and in lower case (a dialect without type classes).
    public func typeClass(ofDeclaredType declared: String) -> String {
        declared.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The identifier as written (a dialect with exact, unlimited names).
    public func identifierKey(_ identifier: String) -> String { identifier }

    /// A NUL character, which no database keeps in a name.
    public func identifierProblem(_ identifier: String, naming kind: SQLIdentifierKind) -> String? {
        identifier.utf8.contains(0) ? "contains a NUL character" : nil
    }

    public var maximumIdentifierLength: Int? { nil }

    /// The SQL standard's information schema:
    ///
    /// ```sql
    /// SELECT "table_name", "column_name", "data_type" FROM "information_schema"."columns"
    ///     ORDER BY "table_name", "ordinal_position"
    /// ```
    public var catalogueQuery: SQLSelect {
        var select = SQLSelect(
            columns: [.columnName("table_name"), .columnName("column_name"), .columnName("data_type")],
            from: .init(table: "columns", schema: "information_schema"))
        select.order = [
            .init(expression: .columnName("table_name"), descending: false),
            .init(expression: .columnName("ordinal_position"), descending: false),
        ]
        return select
    }
}

extension SQLiteDialect {
    /// SQLite's type affinity of a declared type (its documented rules, in order): `INT`
    /// anywhere gives `integer`; `CHAR`, `CLOB`, `TEXT` give `text`; `BLOB` or no type gives
    /// `blob`; `REAL`, `FLOA`, `DOUB` give `real`; anything else `numeric` (so Core Data's
    /// `TIMESTAMP` and `DECIMAL` are `numeric`, its `VARCHAR` is `text`).
    public func typeClass(ofDeclaredType declared: String) -> String {
        let type = declared.uppercased()
        if type.contains("INT") { return "integer" }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return "text" }
        if type.contains("BLOB") || type.trimmingCharacters(in: .whitespaces).isEmpty { return "blob" }
        if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { return "real" }
        return "numeric"
    }

    /// SQLite compares names with ASCII letters folded to lower case (`"Tag"` and `"TAG"` are
    /// one table).
    public func identifierKey(_ identifier: String) -> String {
        String(
            decoding: identifier.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// SQLite refuses a table or index whose name starts with `sqlite_` (any case); no name
    /// may hold a NUL character.
    public func identifierProblem(_ identifier: String, naming kind: SQLIdentifierKind) -> String? {
        if identifier.utf8.contains(0) { return "contains a NUL character" }
        switch kind {
        case .table, .index:
            if identifierKey(identifier).hasPrefix("sqlite_") {
                return "starts with 'sqlite_', which SQLite reserves for its own tables"
            }
            return nil
        case .column:
            return nil
        }
    }
}

extension SQLiteDialect {
    /// Every table of `sqlite_schema` joined with its `pragma_table_info` (declared types as
    /// written: `INTEGER`, `VARCHAR(255)`, empty when none):
    ///
    /// ```sql
    /// SELECT "m"."name", "p"."name", "p"."type" FROM "sqlite_schema" AS "m"
    ///     JOIN "pragma_table_info"("m"."name") AS "p" ON 1 = 1
    ///     WHERE "m"."type" = ? ORDER BY "m"."name", "p"."cid"      -- 'table'
    /// ```
    public var catalogueQuery: SQLSelect {
        let table = SQLExpression.column(alias: "m", name: "name")
        var select = SQLSelect(
            columns: [table, .column(alias: "p", name: "name"), .column(alias: "p", name: "type")],
            from: .init(table: "sqlite_schema", alias: "m"))
        select.joins = [
            .init(
                source: .init(table: "pragma_table_info", alias: "p", arguments: [table]), on: .truth(.alwaysTrue),
                inner: true)
        ]
        select.conditions = [.binary(.column(alias: "m", name: "type"), .equal, .value(.text("table")))]
        select.order = [
            .init(expression: table, descending: false),
            .init(expression: .column(alias: "p", name: "cid"), descending: false),
        ]
        return select
    }
}

extension PostgreSQLDialect {
    /// The ordinary and partitioned tables visible on the search path (the system catalogs
    /// left out), with `format_type`'s spelling of each column's type (`bigint`,
    /// `character varying(255)`):
    ///
    /// ```sql
    /// SELECT "c"."relname", "a"."attname", "pg_catalog"."format_type"("a"."atttypid", "a"."atttypmod")
    ///     FROM "pg_catalog"."pg_class" AS "c"
    ///     JOIN "pg_catalog"."pg_attribute" AS "a" ON "a"."attrelid" = "c"."oid"
    ///     JOIN "pg_catalog"."pg_namespace" AS "n" ON "n"."oid" = "c"."relnamespace"
    ///     WHERE "c"."relkind" IN ($1, $2) AND "a"."attnum" > 0 AND NOT "a"."attisdropped"
    ///     AND NOT ("n"."nspname" IN ($3, $4)) AND "pg_catalog"."pg_table_is_visible"("c"."oid")
    ///     ORDER BY "c"."relname", "a"."attnum"         -- 'r', 'p', 'pg_catalog', 'information_schema'
    /// ```
    public var catalogueQuery: SQLSelect {
        func c(_ name: String) -> SQLExpression { .column(alias: "c", name: name) }
        func a(_ name: String) -> SQLExpression { .column(alias: "a", name: name) }
        func n(_ name: String) -> SQLExpression { .column(alias: "n", name: name) }
        var select = SQLSelect(
            columns: [
                c("relname"), a("attname"),
                .namedFunction(schema: "pg_catalog", name: "format_type", [a("atttypid"), a("atttypmod")]),
            ],
            from: .init(table: "pg_class", alias: "c", schema: "pg_catalog"))
        select.joins = [
            .init(
                source: .init(table: "pg_attribute", alias: "a", schema: "pg_catalog"),
                on: .binary(a("attrelid"), .equal, c("oid")), inner: true),
            .init(
                source: .init(table: "pg_namespace", alias: "n", schema: "pg_catalog"),
                on: .binary(n("oid"), .equal, c("relnamespace")), inner: true),
        ]
        select.conditions = [
            .inList(c("relkind"), [.value(.text("r")), .value(.text("p"))]),
            .binary(a("attnum"), .greater, .literal(.zero)),
            .not(a("attisdropped")),
            .not(.inList(n("nspname"), [.value(.text("pg_catalog")), .value(.text("information_schema"))])),
            .namedFunction(schema: "pg_catalog", name: "pg_table_is_visible", [c("oid")]),
        ]
        select.order = [
            .init(expression: c("relname"), descending: false), .init(expression: a("attnum"), descending: false),
        ]
        return select
    }

    /// The declared type (`format_type`'s spelling, or the dialect's own) without its
    /// modifiers, synonyms joined: every integer type is `integer`, `double precision` and
    /// `real` are `real`, `numeric`/`decimal` are `numeric`, `text`, `character varying` and
    /// `character` are `text`; other types keep their name (`uuid`, `bytea`, `boolean`, …).
    public func typeClass(ofDeclaredType declared: String) -> String {
        var type = declared.lowercased().trimmingCharacters(in: .whitespaces)
        if let open = type.firstIndex(of: "(") {
            let close = type[open...].firstIndex(of: ")").map { type.index(after: $0) } ?? type.endIndex
            type.removeSubrange(open..<close)
            type = type.split(separator: " ").joined(separator: " ")
        }
        switch type {
        case "smallint", "integer", "bigint", "int", "int2", "int4", "int8", "smallserial", "serial", "bigserial":
            return "integer"
        case "double precision", "real", "float4", "float8", "float": return "real"
        case "numeric", "decimal": return "numeric"
        case "text", "character varying", "varchar", "character", "char", "bpchar": return "text"
        default: return type
        }
    }

    /// PostgreSQL compares quoted names exactly, after cutting them to 63 bytes (its
    /// `NAMEDATALEN` less one) at a character boundary.
    public func identifierKey(_ identifier: String) -> String {
        guard identifier.utf8.count > 63 else { return identifier }
        var bytes = 0
        var kept = ""
        for scalar in identifier.unicodeScalars {
            let size = String(scalar).utf8.count
            guard bytes + size <= 63 else { break }
            bytes += size
            kept.unicodeScalars.append(scalar)
        }
        return kept
    }

    /// A name longer than 63 bytes (PostgreSQL would cut it, so that two long names could
    /// become one), a table or index named `pg_…` (the system catalogs, searched first, would
    /// hide it), or a name holding a NUL character. Index names are shortened by the schema
    /// definition instead (``SQLSchemaDefinition``).
    public func identifierProblem(_ identifier: String, naming kind: SQLIdentifierKind) -> String? {
        if identifier.utf8.contains(0) { return "contains a NUL character" }
        if kind != .column, identifier.hasPrefix("pg_") {
            return "starts with 'pg_', the prefix of PostgreSQL's system catalogs, which would hide it"
        }
        switch kind {
        case .table, .column:
            guard let limit = maximumIdentifierLength, identifier.utf8.count > limit else { return nil }
            return "is \(identifier.utf8.count) bytes long; PostgreSQL keeps \(limit) bytes of a name"
        case .index:
            return nil
        }
    }

    public var maximumIdentifierLength: Int? { 63 }
}
