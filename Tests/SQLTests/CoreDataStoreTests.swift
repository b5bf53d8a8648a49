import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import SQLiteDatabase
import Testing

/// Core Data's store layout: a store this engine writes by the documented rules, checked
/// against the rules by hand, and the real store an iOS app wrote (`../shared/fixtures`),
/// queried through the lowering and compared with hand-written SQL and with memory.
@Suite("SQL: the Core Data convention")
struct CoreDataStoreTests {
    /// The shared folder beside the package (`../shared`), or the one `PREDICATE_SHARED` names
    /// (a worktree elsewhere): its `fixtures` hold real stores the tests read when present.
    static let shared: URL = {
        if let given = ProcessInfo.processInfo.environment["PREDICATE_SHARED"] { return URL(fileURLWithPath: given) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared")
    }()
    static let fixtures = shared.appendingPathComponent("fixtures/coredata-store")

    /// Runs `format` on `entity` lowered and in memory; returns the ids (sorted) both give.
    static func bothWays(
        _ format: String, _ entity: String, arguments: [PredicateValue] = [], graph: ObjectGraph, mapping: SQLMapping,
        database: SQLiteConnection
    ) throws -> (memory: [String]?, sql: [String]) {
        let checked = try CheckedPredicate(
            try PredicateParser().parsePredicate(format, arguments: arguments), schema: graph.schema, entity: entity,
            source: format)
        let statement = try SQLiteDialect().render(try PredicateLowering(layout: mapping).query(checked))
        let sql = try database.rows(statement).compactMap { $0.first.map(SQLiteTestDatabase.keyText) }.sorted()
        return (SQLDifferentialTests.memoryKeys(checked, graph: graph), sql)
    }

    @Test("a store written by the Core Data rules: Z tables and columns, entity numbers, reference-date timestamps")
    func builtStore() throws {
        let (graph, _) = try SampleQueryTests.sample()
        let mapping = try SQLMapping.coreData(graph.schema)
        let database = try SQLiteConnection.inMemory()
        try database.execute(SQLSchemaDefinition.statements(for: mapping, dialect: SQLiteDialect()))
        try database.execute(try graph.insertStatements(mapping: mapping, dialect: SQLiteDialect()))
        let columns = try database.tableColumns()
        // One table per hierarchy named Z + the root entity's name in capitals; Z_PK, Z_ENT,
        // Z_OPT first; attributes and to-one relationships as Z + the name in capitals.
        #expect(
            Set(columns.keys).isSuperset(of: ["ZCONTENT", "ZBUCKET", "ZUSER", "ZTAG", "Z_PRIMARYKEY", "Z_METADATA"]))
        #expect(Array(columns["ZCONTENT"]?.prefix(3) ?? []) == ["Z_PK", "Z_ENT", "Z_OPT"])
        #expect(
            Set(columns["ZCONTENT"] ?? []).isSuperset(of: [
                "ZNAME", "ZSIZE", "ZCREATIONDATE", "ZBUCKET", "ZOWNER", "ZWIDTH", "ZHEIGHT", "ZMAXPIXELSIZE",
            ]))
        // Entities numbered 1… in name order of the roots, each parent before its sub-entities:
        // Bucket 1, Content 2, ImageContent 3, ThumbnailContent 4, Tag 5, User 6.
        let numbers = try database.rows(
            SQLStatement(sql: "SELECT Z_NAME, Z_ENT, Z_SUPER FROM Z_PRIMARYKEY ORDER BY Z_ENT"))
        #expect(
            numbers == [
                [.text("Bucket"), .integer(1), .integer(0)], [.text("Content"), .integer(2), .integer(0)],
                [.text("ImageContent"), .integer(3), .integer(2)],
                [.text("ThumbnailContent"), .integer(4), .integer(3)],
                [.text("Tag"), .integer(5), .integer(0)], [.text("User"), .integer(6), .integer(0)],
            ])
        // The many-to-many Content.tags ↔ Tag.contents: Z_<2>TAGS with Z_2CONTENTS, Z_5TAGS.
        #expect(Set(columns["Z_2TAGS"] ?? []) == ["Z_2CONTENTS", "Z_5TAGS"])
        // Dates: seconds since 2001-01-01 UTC. Content 1 was created 2024-02-01T10:00:00Z.
        let created = try database.rows(SQLStatement(sql: "SELECT ZCREATIONDATE FROM ZCONTENT WHERE Z_PK = 1"))
        #expect(created.first?.first?.doubleValue == 728_474_400)
        // Sub-entity rows carry their own entity number.
        let entities = try database.rows(SQLStatement(sql: "SELECT Z_PK, Z_ENT FROM ZCONTENT ORDER BY Z_PK"))
        #expect(entities.map { $0[1] } == [2, 3, 2, 4, 3, 2].map { .integer($0) })
        for (format, arguments, expected) in SampleQueryTests.cases {
            let (memory, sql) = try Self.bothWays(
                format, "Content", arguments: arguments, graph: graph, mapping: mapping, database: database)
            #expect(memory == expected, "memory: \(format)")
            #expect(sql == expected, "sqlite (Core Data layout): \(format)")
        }
        // Read back, the store is the same graph.
        #expect(try ObjectGraph.read(from: database, mapping: mapping) == graph)
    }

    static let realStorePath = fixtures.appendingPathComponent("ArtsyPartner_1.3.5.sqlite").path

    @Test(
        "the real store written by Core Data on iOS: lowered queries agree with hand-written SQL and with memory",
        .enabled(if: FileManager.default.fileExists(atPath: realStorePath), "../shared/fixtures is absent"))
    func realStore() throws {
        let model = Self.fixtures.appendingPathComponent("ArtsyPartner.xcdatamodel")
        let schema = try Schema.load(contentsOf: model)
        let database = try SQLiteConnection(path: Self.realStorePath, mode: .immutable)
        let numbers = try SQLMapping.coreDataEntityNumbers(in: database, schema: schema)
        #expect(numbers != nil, "the store's Z_PRIMARYKEY names every entity")
        // What every reader does: the mapping checked against the store and bound to its names.
        let description = try SQLDatabaseDescription.read(
            from: database, convention: .coreData)
        let mapping = try SQLMapping.verified(
            schema, convention: .coreData, database: description, dialect: SQLiteDialect())
        #expect(mapping.entityNumbers == numbers)
        let graph = try ObjectGraph.read(from: database, mapping: mapping)
        // SOURCE.md: 63 artworks and 4 artists.
        #expect(graph.objects(of: "Artwork").count == 63)
        #expect(graph.objects(of: "Artist").count == 4)
        // Hand-written SQL over Core Data's own columns, as the oracle for a few predicates.
        let oracle: [(String, String, String)] = [
            (
                "Artwork", "artist.name == 'Unknown Artist'",
                "SELECT a.Z_PK FROM ZARTWORK a JOIN ZARTIST b ON b.Z_PK = a.ZARTIST WHERE b.ZNAME = 'Unknown Artist'"
            ),
            ("Artwork", "title CONTAINS 'a'", "SELECT Z_PK FROM ZARTWORK WHERE instr(ZTITLE, 'a') > 0"),
            (
                "Artwork", "ANY collections.name != nil",
                "SELECT DISTINCT j.Z_2ARTWORKS FROM Z_2COLLECTIONS j JOIN ZCOLLECTION c ON c.Z_PK = j.Z_3COLLECTIONS WHERE c.ZNAME IS NOT NULL"
            ),
            ("Image", "isMainImage == YES", "SELECT Z_PK FROM ZIMAGE WHERE ZISMAINIMAGE = 1"),
        ]
        for (entity, format, sql) in oracle {
            let (memory, lowered) = try Self.bothWays(
                format, entity, graph: graph, mapping: mapping, database: database)
            #expect(memory == lowered, "memory vs lowered: \(format)")
            let expected = try database.rows(SQLStatement(sql: sql)).compactMap {
                $0.first.map(SQLiteTestDatabase.keyText)
            }
            #expect(lowered == expected.sorted(), "hand-written SQL vs lowered: \(format)")
            #expect(!expected.isEmpty, "the oracle selects something: \(format)")
        }
        let more = [
            // Not `width > 10`: this store keeps NSDecimalNumber's NaN as the text 'NaN' in
            // decimal columns, which SQLite orders after every number (Docs/sql-mapping.md).
            ("Artwork", "isForSale == YES AND isPublished == YES"), ("Artwork", "title BEGINSWITH[cd] 'u'"),
            ("Artwork", "images.@count > 1"), ("Artist", "artworks.@count >= 10"),
            ("Artist", "SUBQUERY(artworks, $a, $a.isForSale == YES).@count > 0"),
            ("Image", "artwork.artist.name != nil"),
            ("Document", "artist == nil OR partner == nil"), ("Collection", "ANY artworks.title LIKE[c] '*untitled*'"),
        ]
        for (entity, format) in more {
            let (memory, lowered) = try Self.bothWays(
                format, entity, graph: graph, mapping: mapping, database: database)
            #expect(memory == lowered, "memory vs lowered: \(format)")
        }
    }
}
