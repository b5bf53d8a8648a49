extension SQLDialect {
    /// Renders any statement of the engine: text with placeholders and the bindings, or a
    /// refusal when a condition needs a function or collation the dialect lacks.
    ///
    /// ```swift
    /// try PostgreSQLDialect().render(.update(SQLUpdate(
    ///     table: "Tag", set: [.init("name", .value(.text("home")))],
    ///     where: [.binary(.columnName("id"), .equal, .value(.integer(1)))])))
    /// // UPDATE "Tag" SET "name" = $1 WHERE "id" = $2    -- bindings 'home', 1
    /// ```
    public func render(_ command: SQLCommand) throws(SQLLoweringError) -> SQLStatement {
        var renderer = SQLRenderer(dialect: self)
        let sql = try renderer.command(command)
        return SQLStatement(sql: sql, bindings: renderer.bindings)
    }

    /// Renders a table definition (it binds nothing and cannot fail).
    public func render(_ table: SQLCreateTable) -> SQLStatement {
        SQLStatement(sql: SQLRenderer(dialect: self).createTable(table))
    }

    /// Renders an index definition.
    public func render(_ index: SQLCreateIndex) -> SQLStatement {
        SQLStatement(sql: SQLRenderer(dialect: self).createIndex(index))
    }

    /// Renders a `DROP TABLE`.
    public func render(_ drop: SQLDropTable) -> SQLStatement {
        SQLStatement(sql: SQLRenderer(dialect: self).dropTable(drop))
    }

    /// Renders an insert with every value bound (it cannot fail). One statement, whatever the
    /// number of rows: cut them first with ``SQLInsert/batches(maximumBindings:)``.
    public func render(_ insert: SQLInsert) -> SQLStatement {
        var renderer = SQLRenderer(dialect: self)
        let sql = renderer.insert(insert)
        return SQLStatement(sql: sql, bindings: renderer.bindings)
    }
}

/// The statements other than `SELECT`: definitions, writes, transactions.
extension SQLRenderer {
    mutating func command(_ command: SQLCommand) throws(SQLLoweringError) -> String {
        switch command {
        case .select(let select): return try self.select(select)
        case .createTable(let table): return createTable(table)
        case .createIndex(let index): return createIndex(index)
        case .dropTable(let drop): return dropTable(drop)
        case .insert(let insert): return self.insert(insert)
        case .update(let update): return try self.update(update)
        case .delete(let delete): return try self.delete(delete)
        case .begin: return dialect.beginTransaction
        case .commit: return "COMMIT"
        case .rollback: return "ROLLBACK"
        }
    }

    /// `"schema"."name"`, or `"name"` without a schema.
    func qualified(_ schema: String?, _ name: String) -> String {
        (schema.map { dialect.quote($0) + "." } ?? "") + dialect.quote(name)
    }

    /// `"a", "b"`.
    func names(_ names: [String]) -> String {
        names.map { dialect.quote($0) }.joined(separator: ", ")
    }

    /// A source of a `FROM` or a join: the table (or table-valued function call) and its alias
    /// unless the alias is the table's own name.
    mutating func source(_ source: SQLSelect.Source) throws(SQLLoweringError) -> String {
        var sql = qualified(source.schema, source.table)
        if let arguments = source.arguments {
            var rendered: [String] = []
            for argument in arguments { rendered.append(try expression(argument)) }
            sql += "(" + rendered.joined(separator: ", ") + ")"
        }
        if source.alias != source.table { sql += " AS " + dialect.quote(source.alias) }
        return sql
    }

    func createTable(_ table: SQLCreateTable) -> String {
        var parts = table.columns.map { column in
            dialect.quote(column.name) + " " + dialect.columnType(column.type, convention: table.typeNames)
                + (column.isPrimaryKey ? " PRIMARY KEY" : "") + (column.isNotNull ? " NOT NULL" : "")
        }
        if !table.primaryKey.isEmpty { parts.append("PRIMARY KEY (" + names(table.primaryKey) + ")") }
        return "CREATE TABLE " + (table.ifNotExists ? "IF NOT EXISTS " : "") + dialect.quote(table.name) + " ("
            + parts.joined(separator: ", ") + ")"
    }

    func createIndex(_ index: SQLCreateIndex) -> String {
        "CREATE INDEX " + (index.ifNotExists ? "IF NOT EXISTS " : "") + dialect.quote(index.name) + " ON "
            + dialect.quote(index.table) + " (" + names(index.columns) + ")"
    }

    func dropTable(_ drop: SQLDropTable) -> String {
        "DROP TABLE " + (drop.ifExists ? "IF EXISTS " : "") + dialect.quote(drop.name)
    }

    mutating func insert(_ insert: SQLInsert) -> String {
        var rows: [String] = []
        for row in insert.rows {
            var placeholders: [String] = []
            for value in row { placeholders.append(bind(value)) }
            rows.append("(" + placeholders.joined(separator: ", ") + ")")
        }
        return "INSERT INTO " + dialect.quote(insert.table) + " (" + names(insert.columns) + ") VALUES "
            + rows.joined(separator: ", ")
    }

    mutating func update(_ update: SQLUpdate) throws(SQLLoweringError) -> String {
        var assignments: [String] = []
        for assignment in update.assignments {
            assignments.append(dialect.quote(assignment.column) + " = " + (try expression(assignment.value)))
        }
        return "UPDATE " + dialect.quote(update.table) + " SET " + assignments.joined(separator: ", ")
            + (try whereClause(update.conditions))
    }

    mutating func delete(_ delete: SQLDelete) throws(SQLLoweringError) -> String {
        "DELETE FROM " + dialect.quote(delete.table) + (try whereClause(delete.conditions))
    }

    /// ` WHERE a AND b`, or nothing without conditions.
    mutating func whereClause(_ conditions: [SQLExpression]) throws(SQLLoweringError) -> String {
        guard !conditions.isEmpty else { return "" }
        var parts: [String] = []
        for condition in conditions { parts.append(try conjunct(condition)) }
        return " WHERE " + parts.joined(separator: " AND ")
    }
}
