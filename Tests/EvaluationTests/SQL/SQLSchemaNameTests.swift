import Evaluation
import KeyPaths
import Testing

/// The names `db create` checks before it writes anything (``SQLSchemaDefinition/problems(for:dialect:)``):
/// what each database refuses, and names it takes for one.
@Suite("SQL: names a database cannot hold")
struct SQLSchemaNameTests {
    static func mapping(_ entities: String) throws -> SQLMapping {
        try SQLMapping.standard(try JSONSchemaLoader.load(string: #"{"entities": ["# + entities + "]}"))
    }

    @Test("SQLite reserves tables and indexes named sqlite_…, in any case; PostgreSQL does not")
    func sqlitePrefix() throws {
        let mapping = try Self.mapping(#"{"name": "sqlite_x"}, {"name": "SQLITE_y"}, {"name": "A"}"#)
        #expect(
            SQLSchemaDefinition.problems(for: mapping, dialect: SQLiteDialect()) == [
                "'sqlite_x': table \"sqlite_x\" starts with 'sqlite_', which SQLite reserves for its own tables",
                "'SQLITE_y': table \"SQLITE_y\" starts with 'sqlite_', which SQLite reserves for its own tables",
            ])
        #expect(SQLSchemaDefinition.problems(for: mapping, dialect: PostgreSQLDialect()).isEmpty)
    }

    @Test("PostgreSQL searches its system catalogs first: a table named pg_… would be hidden")
    func postgresPrefix() throws {
        let mapping = try Self.mapping(#"{"name": "pg_class"}, {"name": "Pg_x"}"#)
        #expect(
            SQLSchemaDefinition.problems(for: mapping, dialect: PostgreSQLDialect()) == [
                "'pg_class': table \"pg_class\" starts with 'pg_', the prefix of PostgreSQL's system catalogs, which "
                    + "would hide it"
            ])
        #expect(SQLSchemaDefinition.problems(for: mapping, dialect: SQLiteDialect()).isEmpty)
    }

    @Test("SQLite folds ASCII case: Tag and TAG are one table, name and Name one column")
    func caseFolding() throws {
        let mapping = try Self.mapping(
            #"{"name": "Tag", "attributes": [{"name": "name", "type": "string"}, {"name": "Name", "type": "string"}]},"#
                + #"{"name": "TAG"}"#)
        #expect(
            SQLSchemaDefinition.problems(for: mapping, dialect: SQLiteDialect()) == [
                "'Tag.Name': column \"Name\" of table \"Tag\" is the same name as column \"name\" to sqlite",
                "'TAG': table \"TAG\" is the same name as table \"Tag\" ('Tag') to sqlite",
            ])
        #expect(SQLSchemaDefinition.problems(for: mapping, dialect: PostgreSQLDialect()).isEmpty)
    }

    @Test("the metadata table's name is taken (folded in SQLite); quotes and spaces are fine")
    func reserved() throws {
        let mapping = try Self.mapping(#"{"name": "PE_metadata"}, {"name": "we\"ird 'name'"}"#)
        #expect(
            SQLSchemaDefinition.problems(for: mapping, dialect: SQLiteDialect()) == [
                "'PE_metadata': table \"PE_metadata\" is the same name as table \"pe_metadata\" (the engine's metadata) "
                    + "to sqlite"
            ])
        #expect(SQLSchemaDefinition.problems(for: mapping, dialect: PostgreSQLDialect()).isEmpty)
        let exact = try Self.mapping(#"{"name": "pe_metadata"}"#)
        #expect(SQLSchemaDefinition.problems(for: exact, dialect: PostgreSQLDialect()).count == 1)
    }

    @Test("the change log's tables are taken too: an entity cannot be stored in pe_change_log")
    func changeLogNames() throws {
        let mapping = try Self.mapping(#"{"name": "pe_change_log"}, {"name": "pe_change_log_head"}"#)
        #expect(
            SQLSchemaDefinition.problems(for: mapping, dialect: PostgreSQLDialect()) == [
                "'pe_change_log': table \"pe_change_log\" is the same name as table \"pe_change_log\" "
                    + "(the engine's change log) to postgres",
                "'pe_change_log_head': table \"pe_change_log_head\" is the same name as table "
                    + "\"pe_change_log_head\" (the engine's change log) to postgres",
            ])
    }

    @Test("the dialects announce a commit as the change log needs: pg_notify with bound values, SQLite's data version")
    func notifications() {
        #expect(
            PostgreSQLDialect().notification(channel: "pe_change_log", payload: "7")
                == SQLStatement(sql: "SELECT pg_notify($1, $2)", bindings: [.text("pe_change_log"), .text("7")]))
        #expect(PostgreSQLDialect().dataVersionQuery == nil)
        #expect(SQLiteDialect().notification(channel: "pe_change_log", payload: "7") == nil)
        #expect(SQLiteDialect().dataVersionQuery == SQLStatement(sql: "PRAGMA data_version"))
    }

    @Test("PostgreSQL keeps 63 bytes of a name: a longer table or column is refused, an index name shortened")
    func longNames() throws {
        let long = String(repeating: "é", count: 32)  // 64 bytes
        let column = String(repeating: "c", count: 60)
        let mapping = try Self.mapping(
            #"{"name": "\#(long)"}, {"name": "B", "attributes": [{"name": "\#(column)", "type": "string", "indexed": true}]}"#
        )
        #expect(
            SQLSchemaDefinition.problems(for: mapping, dialect: PostgreSQLDialect()) == [
                "'\(long)': table \"\(long)\" is 64 bytes long; PostgreSQL keeps 63 bytes of a name"
            ])
        #expect(SQLSchemaDefinition.problems(for: mapping, dialect: SQLiteDialect()).isEmpty)
        // B_ccc…_index is 68 bytes: cut and given a hash of the whole name, 63 bytes at most.
        let index = try #require(SQLSchemaDefinition.indexNames(for: mapping, dialect: PostgreSQLDialect()).first)
        #expect(index.utf8.count <= 63)
        #expect(index.hasPrefix("B_ccc"))
        #expect(index != "B_\(column)_index")
        #expect(SQLSchemaDefinition.indexNames(for: mapping, dialect: SQLiteDialect()) == ["B_\(column)_index"])
    }

    @Test("an index name that is a table's name clashes")
    func indexAndTable() throws {
        let mapping = try Self.mapping(
            #"{"name": "A", "relationships": [{"name": "b", "destination": "B"}]}, {"name": "B"}, {"name": "A_b_id_index"}"#
        )
        #expect(
            SQLSchemaDefinition.problems(for: mapping, dialect: PostgreSQLDialect()) == [
                "an index: index \"A_b_id_index\" is the same name as table \"A_b_id_index\" ('A_b_id_index') to postgres"
            ])
    }

    @Test("a NUL character is refused by both databases")
    func nul() throws {
        let mapping = try Self.mapping(#"{"name": "A\u0000B"}"#)
        for problems in [
            SQLSchemaDefinition.problems(for: mapping, dialect: SQLiteDialect()),
            SQLSchemaDefinition.problems(for: mapping, dialect: PostgreSQLDialect()),
        ] {
            #expect(problems == ["'A\u{0}B': table \"A\u{0}B\" contains a NUL character"])
        }
    }
}
