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
    /// With common tables (``SQLSharedSubqueries``, ``SQLMultiplexedSelects``), the statement
    /// starts with `WITH "name"("column", …) AS (…), …`, whose bound values come first.
    public func render(unionAll selects: [SQLSelect], with tables: [SQLCommonTable] = []) throws(SQLLoweringError)
        -> SQLStatement
    {
        guard let first = selects.first else {
            throw SQLLoweringError(message: "a UNION ALL needs at least one SELECT", range: nil)
        }
        var renderer = SQLRenderer(dialect: self)
        let prefix = try renderer.with(tables)
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
