import Evaluation
import Foundation
import KeyPaths
import Testing

/// `SQLSchemaDefinition.statements` for small schemas, every statement written out: tables,
/// indexes, Core Data's bookkeeping and the engine's metadata, in SQLite, PostgreSQL and the
/// odd dialect.
@Suite("SQL: the definition of a mapping's tables, statement by statement")
struct SQLSchemaDefinitionGoldenTests {
    /// Buckets (with an indexed name) hold Contents; Contents and Tags share a join table.
    static let schemaText = """
        {"entities": [
          {"name": "Bucket", "attributes": [{"name": "name", "type": "string", "indexed": true}],
           "relationships": [{"name": "contents", "destination": "Content", "inverse": "bucket", "toMany": true}]},
          {"name": "Content", "attributes": [{"name": "size", "type": "integer64"}],
           "relationships": [{"name": "bucket", "destination": "Bucket", "inverse": "contents"},
                             {"name": "tags", "destination": "Tag", "inverse": "contents", "toMany": true}]},
          {"name": "Tag", "attributes": [{"name": "name", "type": "string"}],
           "relationships": [{"name": "contents", "destination": "Content", "inverse": "tags", "toMany": true}]}
        ]}
        """

    /// One entity, under Core Data's convention (which orders attribute columns by type group:
    /// dates before strings).
    static let coreDataText = """
        {"entities": [{"name": "Tag", "attributes": [{"name": "name", "type": "string"}, {"name": "created", "type": "date"}]}]}
        """

    /// The metadata rows of `mapping`, as `pe_metadata` keeps them.
    static func metadata(_ mapping: SQLMapping, keys: String) throws -> [SQLValue] {
        let schema = String(decoding: try mapping.schema.jsonData(), as: UTF8.self)
        return ["format", "1", "mapping", mapping.convention.rawValue, "keys", keys, "schema", schema].map {
            SQLValue.text($0)
        }
    }

    @Test("the default mapping in SQLite: tables, the indexes of foreign keys, join and indexed columns, metadata")
    func standardSQLite() throws {
        let mapping = try SQLMapping.standard(try JSONSchemaLoader.load(string: Self.schemaText))
        let statements = SQLSchemaDefinition.statements(for: mapping, dialect: SQLiteDialect())
        #expect(
            statements.map(\.sql) == [
                #"CREATE TABLE "Bucket" ("id" INTEGER PRIMARY KEY, "name" TEXT)"#,
                #"CREATE INDEX "Bucket_name_index" ON "Bucket" ("name")"#,
                #"CREATE TABLE "Content" ("id" INTEGER PRIMARY KEY, "size" INTEGER, "bucket_id" INTEGER)"#,
                #"CREATE INDEX "Content_bucket_id_index" ON "Content" ("bucket_id")"#,
                #"CREATE TABLE "Tag" ("id" INTEGER PRIMARY KEY, "name" TEXT)"#,
                #"CREATE TABLE "Content_tags" ("source_id" INTEGER NOT NULL, "destination_id" INTEGER NOT NULL, PRIMARY KEY ("source_id", "destination_id"))"#,
                #"CREATE INDEX "Content_tags_destination_id_index" ON "Content_tags" ("destination_id")"#,
                #"CREATE TABLE "pe_metadata" ("key" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL)"#,
                #"INSERT INTO "pe_metadata" ("key", "value") VALUES (?, ?), (?, ?), (?, ?), (?, ?)"#,
            ])
        let keys = #"{"Bucket":"integer","Content":"integer","Tag":"integer"}"#
        #expect(statements.last?.bindings == (try Self.metadata(mapping, keys: keys)))
        #expect(statements.dropLast().allSatisfy { $0.bindings.isEmpty })
    }

    @Test("with ifNotExists: every CREATE says IF NOT EXISTS, and no row is inserted")
    func ifNotExists() throws {
        let mapping = try SQLMapping.standard(try JSONSchemaLoader.load(string: Self.schemaText))
        let statements = SQLSchemaDefinition.statements(for: mapping, dialect: PostgreSQLDialect(), ifNotExists: true)
        #expect(
            statements.map(\.sql) == [
                #"CREATE TABLE IF NOT EXISTS "Bucket" ("id" bigint PRIMARY KEY, "name" text)"#,
                #"CREATE INDEX IF NOT EXISTS "Bucket_name_index" ON "Bucket" ("name")"#,
                #"CREATE TABLE IF NOT EXISTS "Content" ("id" bigint PRIMARY KEY, "size" bigint, "bucket_id" bigint)"#,
                #"CREATE INDEX IF NOT EXISTS "Content_bucket_id_index" ON "Content" ("bucket_id")"#,
                #"CREATE TABLE IF NOT EXISTS "Tag" ("id" bigint PRIMARY KEY, "name" text)"#,
                #"CREATE TABLE IF NOT EXISTS "Content_tags" ("source_id" bigint NOT NULL, "destination_id" bigint NOT NULL, PRIMARY KEY ("source_id", "destination_id"))"#,
                #"CREATE INDEX IF NOT EXISTS "Content_tags_destination_id_index" ON "Content_tags" ("destination_id")"#,
                #"CREATE TABLE IF NOT EXISTS "pe_metadata" ("key" text PRIMARY KEY NOT NULL, "value" text NOT NULL)"#,
            ])
    }

    @Test("Core Data's convention in SQLite and PostgreSQL: its type names, Z_PRIMARYKEY, Z_METADATA")
    func coreData() throws {
        let mapping = try SQLMapping.coreData(try JSONSchemaLoader.load(string: Self.coreDataText))
        let sqlite = SQLSchemaDefinition.statements(for: mapping, dialect: SQLiteDialect())
        #expect(
            sqlite.map(\.sql) == [
                #"CREATE TABLE "ZTAG" ("Z_PK" INTEGER PRIMARY KEY, "Z_ENT" INTEGER, "Z_OPT" INTEGER, "ZCREATED" TIMESTAMP, "ZNAME" VARCHAR)"#,
                #"CREATE TABLE "Z_PRIMARYKEY" ("Z_ENT" INTEGER PRIMARY KEY, "Z_NAME" VARCHAR, "Z_SUPER" INTEGER, "Z_MAX" INTEGER)"#,
                #"CREATE TABLE "Z_METADATA" ("Z_VERSION" INTEGER PRIMARY KEY, "Z_UUID" VARCHAR, "Z_PLIST" BLOB)"#,
                #"INSERT INTO "Z_PRIMARYKEY" ("Z_ENT", "Z_NAME", "Z_SUPER", "Z_MAX") VALUES (?, ?, ?, ?)"#,
                #"CREATE TABLE "pe_metadata" ("key" VARCHAR PRIMARY KEY NOT NULL, "value" VARCHAR NOT NULL)"#,
                #"INSERT INTO "pe_metadata" ("key", "value") VALUES (?, ?), (?, ?), (?, ?), (?, ?)"#,
            ])
        #expect(sqlite[3].bindings == [.integer(1), .text("Tag"), .integer(0), .integer(0)])
        #expect(sqlite[5].bindings == (try Self.metadata(mapping, keys: #"{"Tag":"integer"}"#)))
        let postgres = SQLSchemaDefinition.statements(for: mapping, dialect: PostgreSQLDialect())
        #expect(
            postgres.map(\.sql) == [
                #"CREATE TABLE "ZTAG" ("Z_PK" bigint PRIMARY KEY, "Z_ENT" bigint, "Z_OPT" bigint, "ZCREATED" double precision, "ZNAME" text)"#,
                #"CREATE TABLE "Z_PRIMARYKEY" ("Z_ENT" bigint PRIMARY KEY, "Z_NAME" text, "Z_SUPER" bigint, "Z_MAX" bigint)"#,
                #"CREATE TABLE "Z_METADATA" ("Z_VERSION" bigint PRIMARY KEY, "Z_UUID" text, "Z_PLIST" bytea)"#,
                #"INSERT INTO "Z_PRIMARYKEY" ("Z_ENT", "Z_NAME", "Z_SUPER", "Z_MAX") VALUES ($1, $2, $3, $4)"#,
                #"CREATE TABLE "pe_metadata" ("key" text PRIMARY KEY NOT NULL, "value" text NOT NULL)"#,
                #"INSERT INTO "pe_metadata" ("key", "value") VALUES ($1, $2), ($3, $4), ($5, $6), ($7, $8)"#,
            ])
    }

    @Test("in the odd dialect every name, type and placeholder is the dialect's, and the metadata goes in two")
    func odd() throws {
        let mapping = try SQLMapping.coreData(try JSONSchemaLoader.load(string: Self.coreDataText))
        let statements = SQLSchemaDefinition.statements(for: mapping, dialect: LoweringGoldenTests.OddDialect())
        #expect(
            statements.map(\.sql) == [
                "CREATE TABLE `ZTAG` (`Z_PK` T_integer64 PRIMARY KEY, `Z_ENT` T_integer64, `Z_OPT` T_integer64, `ZCREATED` T_date, `ZNAME` T_text)",
                "CREATE TABLE `Z_PRIMARYKEY` (`Z_ENT` T_integer64 PRIMARY KEY, `Z_NAME` T_text, `Z_SUPER` T_integer64, `Z_MAX` T_integer64)",
                "CREATE TABLE `Z_METADATA` (`Z_VERSION` T_integer64 PRIMARY KEY, `Z_UUID` T_text, `Z_PLIST` T_blob)",
                "INSERT INTO `Z_PRIMARYKEY` (`Z_ENT`, `Z_NAME`, `Z_SUPER`, `Z_MAX`) VALUES (:p1, :p2, :p3, :p4)",
                "CREATE TABLE `pe_metadata` (`key` T_text PRIMARY KEY NOT NULL, `value` T_text NOT NULL)",
                "INSERT INTO `pe_metadata` (`key`, `value`) VALUES (:p1, :p2), (:p3, :p4)",
                "INSERT INTO `pe_metadata` (`key`, `value`) VALUES (:p1, :p2), (:p3, :p4)",
            ])
        let metadata = try Self.metadata(mapping, keys: #"{"Tag":"integer"}"#)
        #expect(statements[5].bindings + statements[6].bindings == metadata)
        #expect(SQLStoreMetadata.select == .columns(["key", "value"], from: "pe_metadata"))
    }
}
