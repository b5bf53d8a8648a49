import Evaluation

/// A dialect with unusual spellings — backquoted names, `:pN` placeholders, `T_` type names,
/// its own way of starting a transaction, four values per statement — so that SQL written
/// anywhere but in a dialect shows in the text of what the store layer sends.
package struct OddDialect: SQLDialect {
    package init() {}

    package var name: String { "odd" }
    package func quote(_ identifier: String) -> String {
        "`" + identifier.replacingOccurrences(of: "`", with: "``") + "`"
    }
    package func placeholder(_ index: Int) -> String { ":p\(index)" }
    package func nullSafeEquality(_ a: String, _ b: String) -> String { "\(a) <=> \(b)" }
    package func collate(_ text: String, _ mode: StringSortMode) -> String? { nil }
    package func prefixCondition(_ text: String, _ prefix: String, bind: (SQLValue) -> String) -> String {
        "starts(\(text), \(bind(.text(prefix))))"
    }
    package func columnType(_ type: SQLColumnType, convention: SQLNamingConvention) -> String {
        "T_" + type.rawValue
    }
    package var beginTransaction: String { "START ODD TRANSACTION" }
    package var maximumBindings: Int { 4 }
}

/// A database without a database: reads are answered from rows given per table (the rows of
/// `SELECT … FROM "table"`, whatever columns are asked) and the catalogue from rows given as
/// they are; every statement is recorded, so that a test sees exactly the SQL the store layer
/// sends, in any dialect.
package final class ScriptedDatabase: SQLDatabase {
    package let dialect: any SQLDialect
    /// The rows a read of each table returns.
    package var tables: [String: [[SQLValue]]]
    /// The rows the dialect's catalogue query returns: (table, column, declared type).
    package var catalogueRows: [[SQLValue]]
    /// Every statement run or queried, in order.
    package private(set) var statements: [SQLStatement] = []

    package init(
        dialect: any SQLDialect = OddDialect(), tables: [String: [[SQLValue]]] = [:], catalogueRows: [[SQLValue]] = []
    ) {
        self.dialect = dialect
        self.tables = tables
        self.catalogueRows = catalogueRows
    }

    package func execute(_ statement: SQLStatement) throws -> Int {
        statements.append(statement)
        return 0
    }

    package func rows(_ statement: SQLStatement) throws -> [[SQLValue]] {
        statements.append(statement)
        if statement == (try dialect.render(dialect.catalogueQuery)) { return catalogueRows }
        for (table, rows) in tables where statement.sql.hasSuffix(" FROM " + dialect.quote(table)) { return rows }
        return []
    }

    package func installHelperFunctions() throws {}
}
