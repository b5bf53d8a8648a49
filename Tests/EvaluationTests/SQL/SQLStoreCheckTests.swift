import Evaluation
import KeyPaths
import Testing

/// The check of a database against a mapping before the first query
/// (``SQLMapping/verified(_:convention:database:dialect:)``), on catalogues written by hand
/// from the mapping rules of Docs/sql-mapping.md: no database is involved.
@Suite("SQL: a database checked against the mapping")
struct SQLStoreCheckTests {
    static let schemaText = """
        {"entities": [
          {"name": "Bucket", "attributes": [{"name": "name", "type": "string"}],
           "relationships": [{"name": "contents", "destination": "Content", "inverse": "bucket", "toMany": true}]},
          {"name": "Content", "attributes": [{"name": "name", "type": "string"}, {"name": "size", "type": "integer64"}],
           "relationships": [{"name": "bucket", "destination": "Bucket", "inverse": "contents"},
                             {"name": "tags", "destination": "Tag", "inverse": "contents", "toMany": true}]},
          {"name": "ImageContent", "parent": "Content", "attributes": [{"name": "width", "type": "integer32"}]},
          {"name": "Tag", "attributes": [{"name": "name", "type": "string"}],
           "relationships": [{"name": "contents", "destination": "Content", "inverse": "tags", "toMany": true}]}
        ]}
        """
    static func schema(_ text: String = schemaText) throws -> Schema { try JSONSchemaLoader.load(string: text) }

    static func table(_ columns: [(String, String)]) -> [SQLCatalogue.Column] {
        columns.map { SQLCatalogue.Column(name: $0.0, declaredType: $0.1) }
    }

    /// The standard mapping's tables in SQLite, by the rules: a table per hierarchy, `id`,
    /// `entity` for a hierarchy with sub-entities, `<relationship>_id`, the join table
    /// `Content_tags` (owner: `Content.tags` sorts before `Tag.contents`).
    static func standardTables(keyType: String = "INTEGER") -> [String: [SQLCatalogue.Column]] {
        [
            "Bucket": table([("id", keyType), ("name", "TEXT")]),
            "Content": table([
                ("id", "INTEGER"), ("entity", "TEXT"), ("name", "TEXT"), ("size", "INTEGER"), ("bucket_id", keyType),
                ("width", "INTEGER"),
            ]),
            "Tag": table([("id", "INTEGER"), ("name", "TEXT")]),
            "Content_tags": table([("source_id", "INTEGER"), ("destination_id", "INTEGER")]),
        ]
    }

    static func metadata(
        schema: String = schemaText, mapping: String = "standard", keys: String = "{}", format: String = "1"
    )
        -> [[SQLValue]]
    {
        [
            [.text("format"), .text(format)], [.text("mapping"), .text(mapping)], [.text("keys"), .text(keys)],
            [.text("schema"), .text(schema)],
        ]
    }

    static func verify(
        _ tables: [String: [SQLCatalogue.Column]], metadata: [[SQLValue]]? = nil, entities: [[SQLValue]]? = nil,
        convention: SQLNamingConvention = .standard, schema: Schema? = nil, dialect: any SQLDialect = SQLiteDialect()
    ) throws -> SQLMapping {
        let description = SQLDatabaseDescription(
            catalogue: SQLCatalogue(tables: tables), metadataRows: metadata, entityRows: entities)
        return try SQLMapping.verified(
            try schema ?? Self.schema(), convention: convention, database: description, dialect: dialect)
    }

    /// The message of the mismatch `body` throws.
    static func refusal(_ body: () throws -> SQLMapping) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("the tables the rules describe pass; extra tables and columns are ignored")
    func matching() throws {
        var tables = Self.standardTables()
        tables["Other"] = Self.table([("x", "BLOB")])
        tables["Tag", default: []].append(SQLCatalogue.Column(name: "extra", declaredType: "TEXT"))
        let mapping = try Self.verify(tables)
        #expect(mapping.keyTypes == ["Bucket": .integer, "Content": .integer, "Tag": .integer])
    }

    @Test("a missing column, a column of another type class, a missing join table: the first named, the rest counted")
    func catalogueDifferences() {
        var tables = Self.standardTables()
        tables["Content"] = Self.table([
            ("id", "INTEGER"), ("entity", "TEXT"), ("name", "TEXT"), ("bucket_id", "INTEGER"), ("width", "TEXT"),
        ])
        tables["Content_tags"] = nil
        #expect(
            Self.refusal { try Self.verify(tables) }
                == "the database does not match the schema: table \"Content\" has no column \"size\" (the attribute "
                + "'Content.size') (and 2 other differences)")
        tables = Self.standardTables()
        tables["Content_tags"] = nil
        #expect(
            Self.refusal { try Self.verify(tables) }
                == "the database does not match the schema: it has no table \"Content_tags\" (the links of 'Content.tags')"
        )
        tables = Self.standardTables()
        tables["Bucket"] = Self.table([("id", "INTEGER"), ("name", "BLOB")])
        #expect(
            Self.refusal { try Self.verify(tables) }
                == "the database does not match the schema: column \"Bucket\".\"name\" is declared as BLOB, but the "
                + "attribute 'Bucket.name' needs TEXT")
        #expect(
            Self.refusal { try Self.verify([:]) }
                == "the database does not match the schema: it has none of the schema's tables (\"Bucket\", \"Content\", "
                + "\"Tag\")")
    }

    @Test(
        "SQLite's type affinity decides the class: VARCHAR(255) is text, BIGINT integer, DOUBLE real, DECIMAL numeric")
    func sqliteAffinity() throws {
        var tables = Self.standardTables()
        tables["Bucket"] = Self.table([("id", "BIGINT"), ("name", "VARCHAR(255)")])
        _ = try Self.verify(tables)
        tables["Bucket"] = Self.table([("id", "INTEGER"), ("name", "")])
        #expect(Self.refusal { try Self.verify(tables) }?.contains("is declared without a type") == true)
        let dialect = SQLiteDialect()
        #expect(
            [
                "INTEGER", "BIGINT", "VARCHAR(255)", "CLOB", "BLOB", "", "REAL", "DOUBLE", "FLOAT", "DECIMAL",
                "TIMESTAMP",
            ]
            .map(dialect.typeClass(ofDeclaredType:)) == [
                "integer", "integer", "text", "text", "blob", "blob", "real", "real", "real", "numeric", "numeric",
            ])
    }

    @Test("SQLite matches names without ASCII case; PostgreSQL exactly, with its own type names")
    func identifiers() throws {
        var tables = Self.standardTables()
        tables["bucket"] = tables.removeValue(forKey: "Bucket")?.map {
            SQLCatalogue.Column(name: $0.name.uppercased(), declaredType: $0.declaredType)
        }
        _ = try Self.verify(tables)
        #expect(
            Self.refusal { try Self.verify(tables, dialect: PostgreSQLDialect()) }?.hasPrefix(
                "the database does not match the schema: it has no table \"Bucket\"") == true)
        let postgres: [String: [SQLCatalogue.Column]] = [
            "Bucket": Self.table([("id", "bigint"), ("name", "character varying(40)")]),
            "Content": Self.table([
                ("id", "integer"), ("entity", "text"), ("name", "text"), ("size", "bigint"), ("bucket_id", "bigint"),
                ("width", "smallint"),
            ]),
            "Tag": Self.table([("id", "bigint"), ("name", "text")]),
            "Content_tags": Self.table([("source_id", "bigint"), ("destination_id", "bigint")]),
        ]
        _ = try Self.verify(postgres, dialect: PostgreSQLDialect())
        var wrong = postgres
        wrong["Tag"] = Self.table([("id", "bigint"), ("name", "bytea")])
        #expect(
            Self.refusal { try Self.verify(wrong, dialect: PostgreSQLDialect()) }
                == "the database does not match the schema: column \"Tag\".\"name\" is declared as bytea, but the "
                + "attribute 'Tag.name' needs text")
    }

    @Test("a recorded schema that differs is refused even when the tables look alike")
    func recordedSchema() throws {
        // The database was made from a schema whose Content.bucket pointed at Tag.
        let other = Self.schemaText.replacingOccurrences(
            of: #"{"name": "bucket", "destination": "Bucket", "inverse": "contents"}"#,
            with: #"{"name": "bucket", "destination": "Tag"}"#)
        #expect(other != Self.schemaText)
        #expect(
            Self.refusal { try Self.verify(Self.standardTables(), metadata: Self.metadata(schema: other)) }
                == "the database does not match the schema: it was created from another schema: 'Content.bucket': its "
                + "\"destination\" is \"Tag\" in the database's schema, \"Bucket\" in the given one (and 1 other "
                + "difference)")
        // The same schema, written in another order and with other className/optional/indexed: accepted.
        let same = """
            {"entities": [
              {"name": "Tag", "className": "TagObject", "attributes": [{"name": "name", "type": "string", "indexed": true}],
               "relationships": [{"name": "contents", "destination": "Content", "inverse": "tags", "toMany": true}]},
              {"name": "ImageContent", "parent": "Content", "attributes": [{"name": "width", "type": "integer32"}]},
              {"name": "Content", "attributes": [{"name": "size", "type": "integer64", "optional": true}, {"name": "name", "type": "string"}],
               "relationships": [{"name": "tags", "destination": "Tag", "inverse": "contents", "toMany": true},
                                 {"name": "bucket", "destination": "Bucket", "inverse": "contents"}]},
              {"name": "Bucket", "attributes": [{"name": "name", "type": "string"}],
               "relationships": [{"name": "contents", "destination": "Content", "inverse": "bucket", "toMany": true}]}
            ]}
            """
        _ = try Self.verify(Self.standardTables(), metadata: Self.metadata(schema: same))
    }

    @Test("the metadata: another mapping, a newer format, a missing entry")
    func metadata() {
        #expect(
            Self.refusal { try Self.verify(Self.standardTables(), metadata: Self.metadata(mapping: "coreData")) }
                == "the database does not match the schema: it was created with the coredata mapping, not the default "
                + "one (--mapping coredata)")
        #expect(
            Self.refusal { try Self.verify(Self.standardTables(), metadata: Self.metadata(format: "2")) }
                == "the database does not match the schema: its table \"pe_metadata\" cannot be read: it was written "
                + "in format 2 by a newer version of this engine, which reads format 1")
        #expect(
            Self.refusal { try Self.verify(Self.standardTables(), metadata: []) }
                == "the database does not match the schema: its table \"pe_metadata\" cannot be read: it has no "
                + "\"format\" entry")
    }

    @Test("key types: recorded ones rule; without metadata, a text key column means string ids")
    func keyTypes() throws {
        let text = Self.standardTables(keyType: "TEXT")
        let recorded = try Self.verify(text, metadata: Self.metadata(keys: #"{"Bucket": "mixed"}"#))
        #expect(recorded.keyType(ofHierarchyOf: "Bucket") == .mixed)
        #expect(recorded.keyType(ofHierarchyOf: "ImageContent") == .integer)
        let inferred = try Self.verify(text)
        #expect(inferred.keyType(ofHierarchyOf: "Bucket") == .text)
        // Recorded as integers, but the key column is text: refused.
        #expect(
            Self.refusal { try Self.verify(text, metadata: Self.metadata(keys: #"{"Bucket": "integer"}"#)) }
                == "the database does not match the schema: column \"Bucket\".\"id\" is declared as TEXT, but the key "
                + "needs INTEGER (and 1 other difference)")
    }
}
