extension SQLDialect {
    /// `SELECT … UNION ALL SELECT …`: the selects rendered as one statement, their bound values
    /// numbered in order (so that PostgreSQL's `$n` placeholders run on from one select to the
    /// next). Each select must return as many columns as the first, and none may have an order,
    /// a limit or an offset (in SQL they would apply to the whole statement): that is an error.
    /// An empty list is an error too.
    ///
    /// What live queries over a database use to evaluate several queries' roots in one round
    /// trip, each query planned as it is alone.
    ///
    /// With a common table (``SQLSharedSubqueries``), the statement starts with
    /// `WITH "name"("column", …) AS (select)`, whose bound values come first.
    public func render(unionAll selects: [SQLSelect], with common: SQLCommonTable? = nil) throws(SQLLoweringError)
        -> SQLStatement
    {
        guard let first = selects.first else {
            throw SQLLoweringError(message: "a UNION ALL needs at least one SELECT", range: nil)
        }
        var renderer = SQLRenderer(dialect: self)
        var prefix = ""
        if let common {
            guard common.columns.count == common.select.columns.count, !common.columns.isEmpty else {
                throw SQLLoweringError(
                    message:
                        "the common table '\(common.name)' names \(common.columns.count) columns for \(common.select.columns.count)",
                    range: nil)
            }
            prefix =
                "WITH " + quote(common.name) + "(" + common.columns.map { quote($0) }.joined(separator: ", ") + ") AS ("
                + (try renderer.select(common.select)) + ") "
        }
        var parts: [String] = []
        for select in selects {
            guard select.order.isEmpty, select.limit == nil, select.offset == nil else {
                throw SQLLoweringError(
                    message: "a SELECT of a UNION ALL cannot have an order, a limit or an offset",
                    range: nil)
            }
            guard select.columns.count == first.columns.count else {
                throw SQLLoweringError(
                    message:
                        "the SELECTs of a UNION ALL return \(first.columns.count) and \(select.columns.count) columns",
                    range: nil)
            }
            parts.append(try renderer.select(select))
        }
        return SQLStatement(sql: prefix + parts.joined(separator: " UNION ALL "), bindings: renderer.bindings)
    }
}
