import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import SQLiteDatabase
import Testing

/// The check of a real database against a mapping before the first query: the catalogue
/// each helper reads (names and declared types), a database the engine made, the same after
/// a column was dropped or retyped, and Core Data stores whose `Z_PRIMARYKEY` differs from
/// the model.
@Suite("SQL: databases checked before the first query", .serialized)
struct DatabaseCheckTests {
    static func check(_ schema: Schema, _ database: some TestDatabase, convention: SQLNamingConvention = .standard)
        throws -> SQLMapping
    {
        let description = try SQLDatabaseDescription.read(from: database.sqlDatabase, convention: convention)
        return try SQLMapping.verified(schema, convention: convention, database: description, dialect: database.dialect)
    }

    /// The message of the mismatch `body` throws, or `nil`.
    static func refusal(_ body: () throws -> SQLMapping) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    static func sample(_ database: some TestDatabase, types: [String: String]) throws {
        let (graph, mapping) = try SampleQueryTests.sample()
        try database.load(graph, mapping: mapping)
        let connection = database.sqlDatabase
        // The declared types, as each catalogue spells the dialect's names.
        let content = try #require(try connection.catalogue().tables["Content"])
        for (column, type) in types {
            #expect(content.first { $0.name == column }?.declaredType == type, "\(column)")
        }
        #expect(try check(graph.schema, database).keyTypes.values.allSatisfy { $0 == .integer })
        // A retyped column, then a dropped one: refused with the column named.
        try database.run([SQLStatement(sql: #"ALTER TABLE "Tag" DROP COLUMN "name""#)])
        try database.run([SQLStatement(sql: #"ALTER TABLE "Tag" ADD COLUMN "name" BYTEA"#)])
        #expect(
            refusal { try check(graph.schema, database) }?.hasPrefix(
                #"the database does not match the schema: column "Tag"."name" is declared as "#) == true)
        try database.run([SQLStatement(sql: #"ALTER TABLE "Content" DROP COLUMN "size""#)])
        #expect(
            refusal { try check(graph.schema, database) }
                == #"the database does not match the schema: table "Content" has no column "size" (the attribute "#
                + "'Content.size') (and 1 other difference)")
        try database.run([SQLStatement(sql: #"DROP TABLE "pe_metadata""#)])
        try database.run([SQLStatement(sql: #"DROP TABLE "Content_tags""#)])
        #expect(
            refusal { try check(graph.schema, database) }
                == #"the database does not match the schema: table "Content" has no column "size" (the attribute "#
                + "'Content.size') (and 2 other differences)")
    }

    @Test("SQLite: the catalogue's declared types; a database the engine made passes, a changed one is refused")
    func sqlite() throws {
        try Self.sample(try SQLiteTestDatabase(), types: ["id": "INTEGER", "name": "TEXT", "creationDate": "REAL"])
    }

    @Test(
        "PostgreSQL: the catalogue's declared types; a database the engine made passes, a changed one is refused",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        try Self.sample(
            try PostgresTestDatabase(), types: ["id": "bigint", "name": "text", "creationDate": "double precision"])
    }

    @Test(
        "the real Core Data store passes; with Z_PRIMARYKEY changed it is refused before any query",
        .enabled(
            if: FileManager.default.fileExists(atPath: CoreDataStoreTests.realStorePath), "../shared/fixtures is absent"
        ))
    func realStore() throws {
        let model = CoreDataStoreTests.fixtures.appendingPathComponent("ArtsyPartner.xcdatamodel")
        let store = URL(fileURLWithPath: CoreDataStoreTests.realStorePath)
        let schema = try Schema.load(contentsOf: model)
        let copy = NSTemporaryDirectory() + "predicate-check-\(getpid())-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.copyItem(atPath: store.path, toPath: copy)
        let database = try SQLiteConnection(path: copy)
        func check() throws -> SQLMapping {
            let description = try SQLDatabaseDescription.read(from: database, convention: .coreData)
            return try SQLMapping.verified(
                schema, convention: .coreData, database: description, dialect: SQLiteDialect())
        }
        // Artist 1, Artwork 2, … as the store numbers them (CoreDataStoreTests).
        #expect(try check().entityValue(of: "Artwork") == .integer(2))
        // A sub-entity of Artwork the model does not have: its rows would vanish from fetches.
        try database.execute(SQLStatement(sql: "INSERT INTO Z_PRIMARYKEY VALUES (9, 'Sculpture', 2, 0)"))
        #expect(
            Self.refusal { try check() }
                == "the database does not match the schema: \"Z_PRIMARYKEY\" has the entity 'Sculpture' (9), a "
                + "sub-entity of entity 2 ('Artwork'), which the schema lacks; its objects would be left out")
        try database.execute(SQLStatement(sql: "DELETE FROM Z_PRIMARYKEY WHERE Z_ENT = 9"))
        try database.execute(SQLStatement(sql: "UPDATE Z_PRIMARYKEY SET Z_SUPER = 1 WHERE Z_NAME = 'Note'"))
        #expect(
            Self.refusal { try check() }
                == "the database does not match the schema: 'Note' is a root entity in the schema, but "
                + "\"Z_PRIMARYKEY\" gives it the parent entity 1 ('Artist')")
        try database.execute(SQLStatement(sql: "DELETE FROM Z_PRIMARYKEY WHERE Z_NAME = 'Note'"))
        #expect(
            Self.refusal { try check() }
                == "the database does not match the schema: \"Z_PRIMARYKEY\" has no entity 'Note'")
    }
}
