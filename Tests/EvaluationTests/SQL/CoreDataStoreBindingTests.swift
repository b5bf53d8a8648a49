import Evaluation
import KeyPaths
import Predicates
import Testing

/// A Core Data store is read with its own names: the database check binds the mapping to
/// the store's catalogue (join tables of either side, numbered join and attribute columns,
/// order columns), and refuses what the store leaves ambiguous or lacks. Catalogues are written
/// by hand from real stores' layouts (Docs/sql-mapping.md).
@Suite("SQL: a Core Data mapping bound to a store's own names")
struct CoreDataStoreBindingTests {
    typealias Check = SQLStoreCheckTests
    typealias Naming = CoreDataJoinNamingTests

    static let folioEntities = CoreDataStoreCheckTests.rows([
        (1, "Album", 0), (2, "Artist", 0), (3, "Artwork", 0), (4, "Location", 0), (5, "Show", 0),
    ])

    static func entityTable(_ name: String, _ columns: [(String, String)] = []) -> [SQLCatalogue.Column] {
        Check.table([("Z_PK", "INTEGER"), ("Z_ENT", "INTEGER"), ("Z_OPT", "INTEGER")] + columns)
    }

    /// Folio's tables as the public store lays them out (its numbers 10 and 14 are 4 and 5
    /// here): Artwork.shows took Z_3ARTWORKS1 and Artwork.locations Z_3ARTWORKS2, the reverse
    /// of what `db create` gives them.
    static func folioTables(ordered: Bool = false) -> [String: [SQLCatalogue.Column]] {
        [
            "ZALBUM": entityTable("ZALBUM"), "ZARTIST": entityTable("ZARTIST"),
            "ZARTWORK": entityTable("ZARTWORK", [("ZTITLE", "VARCHAR")]),
            "ZLOCATION": entityTable("ZLOCATION", [("ZNAME", "VARCHAR")]),
            "ZSHOW": entityTable("ZSHOW", [("ZNAME", "VARCHAR")]),
            "Z_1ARTISTS": Check.table([("Z_1ALBUMSFEATURINGARTIST", "INTEGER"), ("Z_2ARTISTS", "INTEGER")]),
            "Z_1ARTWORKS": Check.table([("Z_1COLLECTIONS", "INTEGER"), ("Z_3ARTWORKS", "INTEGER")]),
            "Z_2SHOWSFEATURINGARTIST": Check.table([
                ("Z_2ARTISTS1", "INTEGER"), ("Z_5SHOWSFEATURINGARTIST", "INTEGER"),
            ]),
            "Z_3SHOWS": Check.table(
                [("Z_3ARTWORKS1", "INTEGER"), ("Z_5SHOWS", "INTEGER")]
                    + (ordered ? [("Z_FOK_3ARTWORKS1", "INTEGER"), ("Z_FOK_5SHOWS", "INTEGER")] : [])),
            "Z_3LOCATIONS": Check.table([("Z_3ARTWORKS2", "INTEGER"), ("Z_4LOCATIONS", "INTEGER")]),
        ]
    }

    static func verify(
        _ tables: [String: [SQLCatalogue.Column]], schema: Schema, entities: [[SQLValue]] = folioEntities
    ) throws -> SQLMapping {
        try Check.verify(tables, entities: entities, convention: .coreData, schema: schema)
    }

    @Test("the store's numbering is read, not guessed: Artwork.shows through Z_3ARTWORKS1, locations through 2")
    func folioStore() throws {
        let mapping = try Self.verify(Self.folioTables(), schema: try Naming.folioSchema())
        #expect(
            Naming.names(mapping) == [
                ["Z_1ARTISTS", "Z_1ALBUMSFEATURINGARTIST", "Z_2ARTISTS"],
                ["Z_1ARTWORKS", "Z_1COLLECTIONS", "Z_3ARTWORKS"],
                ["Z_2SHOWSFEATURINGARTIST", "Z_2ARTISTS1", "Z_5SHOWSFEATURINGARTIST"],
                ["Z_3LOCATIONS", "Z_3ARTWORKS2", "Z_4LOCATIONS"],
                ["Z_3SHOWS", "Z_3ARTWORKS1", "Z_5SHOWS"],
            ])
        // Both sides of each pair read the bound names.
        #expect(
            mapping.storage(of: "shows", in: "Artwork")
                == .joinTable(
                    table: "Z_3SHOWS", sourceColumn: "Z_3ARTWORKS1", destinationColumn: "Z_5SHOWS", orderColumn: nil))
        #expect(
            mapping.storage(of: "artworks", in: "Location")
                == .joinTable(
                    table: "Z_3LOCATIONS", sourceColumn: "Z_4LOCATIONS", destinationColumn: "Z_3ARTWORKS2",
                    orderColumn: nil))
        // The lowering reads the storage: `ANY shows.name == 'x'` goes through Z_3ARTWORKS1.
        let checked = try CheckedPredicate(
            try PredicateParser().parsePredicate("ANY shows.name == 'x'"), schema: mapping.schema, entity: "Artwork")
        let sql = try SQLiteDialect().render(try PredicateLowering(layout: mapping).query(checked)).sql
        #expect(sql.contains("\"Z_3ARTWORKS1\""))
        #expect(!sql.contains("\"Z_3ARTWORKS2\""))
    }

    @Test("order columns are the store's too, beside the join column with its number")
    func orderColumns() throws {
        let mapping = try Self.verify(Self.folioTables(ordered: true), schema: try Naming.folioSchema(ordered: true))
        let join = try #require(mapping.joinTables.first { $0.name == "Z_3SHOWS" })
        #expect(join.sourceOrderColumn == "Z_FOK_3ARTWORKS1")
        #expect(join.destinationOrderColumn == "Z_FOK_5SHOWS")
        #expect(
            mapping.storage(of: "artworks", in: "Show")
                == .joinTable(
                    table: "Z_3SHOWS", sourceColumn: "Z_5SHOWS", destinationColumn: "Z_3ARTWORKS1",
                    orderColumn: "Z_FOK_3ARTWORKS1"))
    }

    @Test("a pair whose table the store names after the other side is read from that table")
    func otherOwner() throws {
        // As in the AddressBook store, where ABCDContact (22) owns its pair with ABCDGroup (19):
        // here Show.artworks owns, Z_5ARTWORKS, whose columns are named as any other's.
        var tables = Self.folioTables()
        tables["Z_3SHOWS"] = nil
        tables["Z_5ARTWORKS"] = Check.table([("Z_5SHOWS", "INTEGER"), ("Z_3ARTWORKS1", "INTEGER")])
        let mapping = try Self.verify(tables, schema: try Naming.folioSchema())
        #expect(
            mapping.storage(of: "shows", in: "Artwork")
                == .joinTable(
                    table: "Z_5ARTWORKS", sourceColumn: "Z_3ARTWORKS1", destinationColumn: "Z_5SHOWS", orderColumn: nil)
        )
        #expect(
            mapping.storage(of: "artworks", in: "Show")
                == .joinTable(
                    table: "Z_5ARTWORKS", sourceColumn: "Z_5SHOWS", destinationColumn: "Z_3ARTWORKS1", orderColumn: nil)
        )
    }

    @Test("what the store lacks or leaves ambiguous is refused, naming it")
    func refusals() throws {
        let schema = try Naming.folioSchema()
        var tables = Self.folioTables()
        tables["Z_3SHOWS"] = Check.table([("Z_5SHOWS", "INTEGER")])
        #expect(
            Check.refusal { try Self.verify(tables, schema: schema) }
                == "the database does not match the schema: table \"Z_3SHOWS\" has no column \"Z_3ARTWORKS2\" "
                + "(the links of 'Artwork.shows')")
        tables["Z_3SHOWS"] = Check.table([
            ("Z_3ARTWORKS1", "INTEGER"), ("Z_3ARTWORKS7", "INTEGER"), ("Z_5SHOWS", "INTEGER"),
        ])
        #expect(
            Check.refusal { try Self.verify(tables, schema: schema) }
                == "the database does not match the schema: table \"Z_3SHOWS\" has 2 columns that could hold the keys "
                + "of 'Artwork' in the links of 'Artwork.shows': \"Z_3ARTWORKS1\", \"Z_3ARTWORKS7\"")
        // A column named like it but of another type is no candidate.
        tables["Z_3SHOWS"] = Check.table([("Z_3ARTWORKS1", "VARCHAR"), ("Z_5SHOWS", "INTEGER")])
        #expect(
            Check.refusal { try Self.verify(tables, schema: schema) }
                == "the database does not match the schema: table \"Z_3SHOWS\" has no column \"Z_3ARTWORKS2\" "
                + "(the links of 'Artwork.shows')")
    }

    /// `Image` with two sub-entities declaring `width`: InstallShot (2) an integer, LocalImage
    /// (3) a double. `db create` names them ZWIDTH and ZWIDTH1 (the lower number first).
    static let images = """
        {"entities": [
          {"name": "Image", "attributes": [{"name": "url", "type": "string"}]},
          {"name": "InstallShot", "parent": "Image", "attributes": [{"name": "width", "type": "integer32"}]},
          {"name": "LocalImage", "parent": "Image", "attributes": [{"name": "width", "type": "double"}]}
        ]}
        """
    static let imageEntities = CoreDataStoreCheckTests.rows([
        (1, "Image", 0), (2, "InstallShot", 1), (3, "LocalImage", 1),
    ])

    static func imageMapping(_ columns: [(String, String)]) throws -> SQLMapping {
        try Self.verify(
            ["ZIMAGE": entityTable("ZIMAGE", [("ZURL", "VARCHAR")] + columns)],
            schema: try JSONSchemaLoader.load(string: images), entities: imageEntities)
    }

    @Test("numbered attribute columns: the store's number, told apart by type when the numbers differ")
    func attributeColumns() throws {
        let predicted = try Self.imageMapping([("ZWIDTH", "INTEGER"), ("ZWIDTH1", "FLOAT")])
        #expect(predicted.column(forAttribute: "width", of: "InstallShot") == "ZWIDTH")
        #expect(predicted.column(forAttribute: "width", of: "LocalImage") == "ZWIDTH1")
        // Numbered the other way round: the types say which is which.
        let swapped = try Self.imageMapping([("ZWIDTH", "FLOAT"), ("ZWIDTH1", "INTEGER")])
        #expect(swapped.column(forAttribute: "width", of: "InstallShot") == "ZWIDTH1")
        #expect(swapped.column(forAttribute: "width", of: "LocalImage") == "ZWIDTH")
        // Another number (an entity of an older model took 1).
        let other = try Self.imageMapping([("ZWIDTH", "INTEGER"), ("ZWIDTH2", "FLOAT")])
        #expect(other.column(forAttribute: "width", of: "LocalImage") == "ZWIDTH2")
        #expect(
            Check.refusal {
                try Self.imageMapping([("ZWIDTH", "INTEGER"), ("ZWIDTH2", "FLOAT"), ("ZWIDTH3", "FLOAT")])
            }
                == "the database does not match the schema: table \"ZIMAGE\" has 2 columns that could hold the "
                + "attribute 'LocalImage.width': \"ZWIDTH2\", \"ZWIDTH3\"")
    }
}
