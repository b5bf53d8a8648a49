import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import SQLiteDatabase
import Testing

/// The public store of the Artsy Folio app (artsy/energy-legacy's `oss_stubbed_data.sqlite`,
/// MIT) with the model that wrote it: three many-to-many relationships through `Artwork`, whose
/// join columns Core Data numbered `Z_3ARTWORKS`, `Z_3ARTWORKS1`, `Z_3ARTWORKS2`. Queries on it
/// failed with `no such column: t2.Z_3ARTWORKS` before the mapping was bound to the store.
///
/// The store is read from `../shared/fixtures/coredata-store-folio` (``CoreDataStoreTests/shared``)
/// holding `ArtsyFolio_oss_stubbed_data.sqlite` and `ArtsyFolio_v2.3.xcdatamodel`; the test is
/// skipped when it is absent.
@Suite("SQL: the public Artsy Folio store")
struct FolioStoreTests {
    static let folder = CoreDataStoreTests.shared.appendingPathComponent("fixtures/coredata-store-folio")
    static let store = folder.appendingPathComponent("ArtsyFolio_oss_stubbed_data.sqlite")
    static let isPresent = FileManager.default.fileExists(atPath: store.path)

    @Test(
        "every join is read through the store's own column names, in SQL as in memory",
        .enabled(if: isPresent, "../shared/fixtures/coredata-store-folio is absent"))
    func joins() throws {
        let schema = try Schema.load(contentsOf: Self.folder.appendingPathComponent("ArtsyFolio_v2.3.xcdatamodel"))
        let database = try SQLiteConnection(path: Self.store.path, mode: .immutable)
        let description = try SQLDatabaseDescription.read(
            from: database, convention: .coreData)
        let mapping = try SQLMapping.verified(
            schema, convention: .coreData, database: description, dialect: SQLiteDialect())
        // The store's tables (its `.schema`): Show is entity 14, Location 10.
        #expect(
            mapping.storage(of: "shows", in: "Artwork")
                == .joinTable(
                    table: "Z_3SHOWS", sourceColumn: "Z_3ARTWORKS1", destinationColumn: "Z_14SHOWS", orderColumn: nil))
        #expect(
            mapping.storage(of: "locations", in: "Artwork")
                == .joinTable(
                    table: "Z_3LOCATIONS", sourceColumn: "Z_3ARTWORKS2", destinationColumn: "Z_10LOCATIONS",
                    orderColumn: nil))
        let graph = try ObjectGraph.read(from: database, mapping: mapping)
        #expect(graph.objects(of: "Artwork").count == 27)
        #expect(graph.objects(of: "Show").count == 7)
        // Hand-written SQL over the store's columns as the oracle.
        let oracle: [(String, String, String)] = [
            (
                "Artwork", "ANY shows.name != nil",
                "SELECT DISTINCT j.Z_3ARTWORKS1 FROM Z_3SHOWS j JOIN ZSHOW s ON s.Z_PK = j.Z_14SHOWS WHERE s.ZNAME IS NOT NULL"
            ),
            ("Show", "artworks.@count > 0", "SELECT DISTINCT Z_14SHOWS FROM Z_3SHOWS"),
            ("Album", "artworks.@count > 0", "SELECT DISTINCT Z_1COLLECTIONS FROM Z_1ARTWORKS"),
            ("Artist", "showsFeaturingArtist.@count > 0", "SELECT DISTINCT Z_2ARTISTS1 FROM Z_2SHOWSFEATURINGARTIST"),
            ("Artist", "albumsFeaturingArtist.@count > 0", "SELECT DISTINCT Z_2ARTISTS FROM Z_1ARTISTS"),
            ("Artwork", "locations.@count > 0", "SELECT DISTINCT Z_3ARTWORKS2 FROM Z_3LOCATIONS"),
            ("Location", "artworks.@count > 0", "SELECT DISTINCT Z_10LOCATIONS FROM Z_3LOCATIONS"),
        ]
        for (entity, format, sql) in oracle {
            let (memory, lowered) = try CoreDataStoreTests.bothWays(
                format, entity, graph: graph, mapping: mapping, database: database)
            #expect(memory == lowered, "memory vs lowered: \(entity) \(format)")
            let expected = try database.rows(SQLStatement(sql: sql)).compactMap {
                $0.first.map(SQLiteTestDatabase.keyText)
            }
            #expect(lowered == expected.sorted(), "hand-written SQL vs lowered: \(entity) \(format)")
        }
    }
}
