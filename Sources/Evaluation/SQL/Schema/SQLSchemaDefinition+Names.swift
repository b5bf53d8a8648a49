extension SQLSchemaDefinition {
    /// Why a database of `dialect` cannot hold the tables, indexes and columns of `mapping`
    /// under their names, one sentence each; empty when it can. `predicate db create` asks
    /// before it writes anything:
    ///
    /// - a name the database refuses (``SQLDialect/identifierProblem(_:naming:)``): SQLite's
    ///   `sqlite_` prefix, a NUL character, a name longer than PostgreSQL keeps;
    /// - two tables or indexes (one namespace in both databases), or two columns of a table,
    ///   that the database takes for one name (``SQLDialect/identifierKey(_:)``): `Tag` and
    ///   `TAG` in SQLite, which folds ASCII case;
    /// - a table named like the engine's metadata table `pe_metadata` or its change log
    ///   (`pe_change_log`, `pe_change_log_head`: ``SQLChangeLogTables``), or like Core Data's
    ///   bookkeeping tables under its convention.
    ///
    /// `'sqlite_x': table "sqlite_x" starts with 'sqlite_', which SQLite reserves for its own tables`
    public static func problems(for mapping: SQLMapping, dialect: some SQLDialect) -> [String] {
        var problems: [String] = []
        var namespace: [String: String] = [:]
        func claim(_ name: String, _ kind: SQLIdentifierKind, _ what: String) {
            if let problem = dialect.identifierProblem(name, naming: kind) {
                problems.append("\(what): \(kind.rawValue) \"\(name)\" \(problem)")
            }
            let key = dialect.identifierKey(name)
            if let other = namespace[key] {
                problems.append("\(what): \(kind.rawValue) \"\(name)\" is the same name as \(other) to \(dialect.name)")
            } else {
                namespace[key] = "\(kind.rawValue) \"\(name)\" (\(what))"
            }
        }
        claim(SQLStoreMetadata.tableName, .table, "the engine's metadata")
        claim(SQLChangeLogTables.logTable, .table, "the engine's change log")
        claim(SQLChangeLogTables.headTable, .table, "the engine's change log")
        if mapping.convention == .coreData {
            claim("Z_PRIMARYKEY", .table, "Core Data's entity numbers")
            claim("Z_METADATA", .table, "Core Data's metadata")
        }
        for table in mapping.entityTables {
            claim(table.name, .table, "'\(table.rootEntity)'")
            problems += columnProblems(
                table.columns.map { ($0.name, describe($0.role, root: table.rootEntity)) }, of: table.name,
                dialect: dialect)
        }
        for join in mapping.joinTables {
            let what = "'\(join.entity).\(join.relationship)'"
            claim(join.name, .table, what)
            let columns =
                [join.sourceColumn, join.destinationColumn]
                + [join.destinationOrderColumn, join.sourceOrderColumn].compactMap { $0 }
            problems += columnProblems(columns.map { ($0, what) }, of: join.name, dialect: dialect)
        }
        for name in indexNames(for: mapping, dialect: dialect) { claim(name, .index, "an index") }
        return problems
    }

    private static func columnProblems(
        _ columns: [(name: String, what: String)], of table: String, dialect: some SQLDialect
    ) -> [String] {
        var problems: [String] = []
        var seen: [String: String] = [:]
        for (name, what) in columns {
            if let problem = dialect.identifierProblem(name, naming: .column) {
                problems.append("\(what): column \"\(name)\" of table \"\(table)\" \(problem)")
            }
            let key = dialect.identifierKey(name)
            if let other = seen[key], other != name {
                problems.append(
                    "\(what): column \"\(name)\" of table \"\(table)\" is the same name as column \"\(other)\" to "
                        + dialect.name)
            }
            seen[key] = seen[key] ?? name
        }
        return problems
    }

    private static func describe(_ role: SQLColumn.Role, root: String) -> String {
        switch role {
        case .key, .entity, .version: "'\(root)'"
        case .attribute(let entity, let name), .foreignKey(let entity, let name), .order(let entity, let name):
            "'\(entity).\(name)'"
        }
    }
}
