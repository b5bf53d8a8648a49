import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import SQLiteDatabase
import Testing

/// The project's own Core Data store with several many-to-many relationships through one
/// entity (Fixtures/GalleryStore: its README says how it was made). Its join columns are
/// numbered as the public Artsy Folio store numbers them, not as `db create` would: the
/// engine must read them from the store. Expected names and ids are written by hand from the
/// store's script and `graph.json`.
@Suite("SQL: a Core Data store with several many-to-many relationships through one entity")
struct GalleryStoreTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/GalleryStore")

    static func schema() throws -> Schema {
        try Schema.load(contentsOf: folder.appendingPathComponent("Gallery.xcdatamodel"))
    }

    static func graph() throws -> ObjectGraph {
        try ObjectGraph.load(
            json: try Data(contentsOf: folder.appendingPathComponent("graph.json")), schema: try schema())
    }

    static func store() throws -> SQLiteConnection {
        try SQLiteConnection(path: folder.appendingPathComponent("Gallery.sqlite").path, mode: .immutable)
    }

    /// The mapping every reader uses: checked against the store and bound to its names.
    static func mapping(_ database: SQLiteConnection) throws -> SQLMapping {
        let description = try SQLDatabaseDescription.read(
            from: database, convention: .coreData)
        return try SQLMapping.verified(
            try schema(), convention: .coreData, database: description, dialect: SQLiteDialect())
    }

    /// Queries through every join, from both sides, with the ids `graph.json` gives.
    static let queries: [(entity: String, format: String, ids: [String])] = [
        ("Artwork", "ANY shows.name == 'Spring'", ["1", "3"]),
        ("Artwork", "ANY locations.name == 'Lisbon'", ["2", "4"]),
        ("Artwork", "ANY albums.name == 'Archive'", ["2", "4", "5"]),
        ("Artwork", "shows.@count == 1 AND locations.@count == 0", ["3", "5"]),
        ("Artwork", "NONE locations.name == 'Berlin'", ["3", "4", "5"]),
        ("Artwork", "SUBQUERY(shows, $s, ANY $s.artists.name BEGINSWITH 'A').@count > 0", ["1", "3"]),
        ("Artwork", "ANY images.url == 'c.jpg'", ["2"]),
        ("Show", "ANY artworks.title == 'Blue'", ["1"]),
        ("Show", "ANY artists.name ==[cd] 'rrose selavy'", ["2"]),
        ("Show", "artworks.@count > 2", ["2"]),
        ("Location", "ANY artworks.artist.name == 'Alan Smithee'", ["2"]),
        ("Album", "ANY artworks.title BEGINSWITH 'F'", ["2"]),
        ("Album", "SUBQUERY(artists, $a, ANY $a.shows.name == 'Autumn').@count > 0", ["2"]),
        ("Album", "cover.url == 'b.jpg'", ["1"]),
        ("Artist", "ANY albums.name == 'Highlights'", ["1", "2"]),
        ("Artist", "ANY shows.name == 'Autumn'", ["3"]),
        ("Artist", "thumbnail.url == 'c.jpg'", ["3"]),
        ("Artist", "artworks.@count >= 2", ["1"]),
        // Through the inverse that does not point back: answered like any other key path.
        ("Image", "artist.name BEGINSWITH 'U'", ["1", "2"]),
        ("Image", "artwork.title == 'Untitled'", ["1", "2"]),
        ("Image", "coverForAlbum.name == 'Highlights'", ["2"]),
        ("LocalImage", "width > 600", ["3"]),
        ("InstallShot", "width > 900", ["4"]),
    ]

    @Test("the mapping takes the store's join tables and numbered columns")
    func boundNames() throws {
        let mapping = try Self.mapping(try Self.store())
        let joins = mapping.joinTables.map { [$0.name, $0.sourceColumn, $0.destinationColumn] }
        #expect(
            joins == [
                ["Z_1ARTISTS", "Z_1ALBUMS", "Z_2ARTISTS"],
                ["Z_1ARTWORKS", "Z_1ALBUMS1", "Z_3ARTWORKS"],
                ["Z_2SHOWS", "Z_2ARTISTS1", "Z_8SHOWS"],
                ["Z_3LOCATIONS", "Z_3ARTWORKS2", "Z_7LOCATIONS"],
                ["Z_3SHOWS", "Z_3ARTWORKS1", "Z_8SHOWS1"],
            ])
        #expect(mapping.joinTables[1].destinationOrderColumn == "Z_FOK_3ARTWORKS")
        #expect(mapping.column(forAttribute: "width", of: "InstallShot") == "ZWIDTH")
        #expect(mapping.column(forAttribute: "width", of: "LocalImage") == "ZWIDTH1")
    }

    @Test("db export reads the graph the store holds")
    func export() throws {
        let database = try Self.store()
        let read = try ObjectGraph.read(from: database, mapping: try Self.mapping(database))
        #expect(read == (try Self.graph()))
    }

    @Test("queries on every join: SQL and memory give the ids the graph gives")
    func queriesOnEveryJoin() throws {
        let database = try Self.store()
        let mapping = try Self.mapping(database)
        let graph = try Self.graph()
        for (entity, format, ids) in Self.queries {
            let (memory, sql) = try CoreDataStoreTests.bothWays(
                format, entity, graph: graph, mapping: mapping, database: database)
            #expect(memory == ids, "memory: \(entity) \(format)")
            #expect(sql == ids, "SQLite: \(entity) \(format)")
        }
    }

    @Test("db create numbers them in its own order, which reads back the same")
    func created() throws {
        let graph = try Self.graph()
        let database = try SQLiteConnection.inMemory()
        let created = try SQLMapping.coreData(graph.schema)
        for statement in SQLSchemaDefinition.statements(for: created, dialect: SQLiteDialect()) {
            _ = try database.execute(statement)
        }
        for statement in try graph.insertStatements(mapping: created, dialect: SQLiteDialect()) {
            _ = try database.execute(statement)
        }
        let columns = try database.tableColumns()
        // Artwork's tables by relationship name: locations takes Z_3ARTWORKS1 (the public
        // store, and the fixture, gave it to shows; Docs/sql-mapping.md).
        #expect(columns["Z_3LOCATIONS"] == ["Z_3ARTWORKS1", "Z_7LOCATIONS"])
        #expect(columns["Z_3SHOWS"] == ["Z_3ARTWORKS2", "Z_8SHOWS1"])
        #expect(columns["Z_1ARTWORKS"] == ["Z_1ALBUMS1", "Z_3ARTWORKS", "Z_FOK_3ARTWORKS"])
        // Core Data's column order, as the fixture has it: Image's foreign keys with its
        // integers, before InstallShot's integer; then floating point, then text by entity.
        #expect(
            columns["ZIMAGE"] == [
                "Z_PK", "Z_ENT", "Z_OPT", "ZARTIST", "ZARTWORK", "ZCOVERFORALBUM", "ZTHUMBNAIL", "ZWIDTH", "ZWIDTH1",
                "ZURL", "ZCAPTION", "ZPATH",
            ])
        let mapping = try Self.mapping(database)
        #expect(try ObjectGraph.read(from: database, mapping: mapping) == graph)
        for (entity, format, ids) in Self.queries {
            let (_, sql) = try CoreDataStoreTests.bothWays(
                format, entity, graph: graph, mapping: mapping, database: database)
            #expect(sql == ids, "SQLite (created): \(entity) \(format)")
        }
    }
}
