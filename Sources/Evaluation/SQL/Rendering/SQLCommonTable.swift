/// A common table of a statement: `WITH "name"("column", …) AS (body)`, read by the statement's
/// selects as a table (``SQLSharedSubqueries``, ``SQLMultiplexedSelects``).
public struct SQLCommonTable: Sendable, Hashable {
    /// What computes the rows.
    public enum Body: Sendable, Hashable {
        /// A select.
        case select(SQLSelect)
        /// `VALUES (…), (…)`: rows of expressions (bound values), each as wide as the columns.
        case values([[SQLExpression]])
    }

    /// The table's name.
    public var name: String
    /// The names of its columns.
    public var columns: [String]
    /// Its rows.
    public var body: Body

    /// A common table `name` with `columns` computed by `body`.
    public init(name: String, columns: [String], body: Body) {
        self.name = name
        self.columns = columns
        self.body = body
    }
}

extension SQLRenderer {
    /// `WITH "a"("x", …) AS (…), "b"(…) AS (…) `, or nothing without tables; a table whose
    /// body is not as wide as its columns is an error.
    mutating func with(_ tables: [SQLCommonTable]) throws(SQLLoweringError) -> String {
        guard !tables.isEmpty else { return "" }
        var rendered: [String] = []
        for table in tables {
            let widths: [Int]
            switch table.body {
            case .select(let select): widths = [select.columns.count]
            case .values(let rows): widths = rows.isEmpty ? [0] : rows.map(\.count)
            }
            guard !table.columns.isEmpty, widths.allSatisfy({ $0 == table.columns.count }) else {
                throw SQLLoweringError(
                    message:
                        "the common table '\(table.name)' names \(table.columns.count) columns for rows of \(widths.first ?? 0)",
                    range: nil)
            }
            var sql = dialect.quote(table.name) + "(" + names(table.columns) + ") AS "
            switch table.body {
            case .select(let select):
                // Computed once where the database can be told so (else: when read twice).
                sql += (dialect.materializesCommonTables ? "MATERIALIZED (" : "(") + (try self.select(select))
            case .values(let rows):
                sql += "("
                var renderedRows: [String] = []
                for row in rows {
                    var values: [String] = []
                    for value in row { values.append(try expression(value)) }
                    renderedRows.append("(" + values.joined(separator: ", ") + ")")
                }
                sql += "VALUES " + renderedRows.joined(separator: ", ")
            }
            rendered.append(sql + ")")
        }
        return "WITH " + rendered.joined(separator: ", ") + " "
    }
}
