import Evaluation
import KeyPaths
import Testing

/// The names `db create --mapping coredata` gives join tables and columns: Core Data names a
/// join column after the keys it holds and the relationship pointing at them, and keeps each
/// name once in the whole store, later uses getting 1, 2, … (Docs/sql-mapping.md, with the
/// stores each rule was learnt from). Expected names are written by hand from those rules.
@Suite("SQL: Core Data's join names when creating a store")
struct CoreDataJoinNamingTests {
    /// Artsy Folio's many-to-many pairs through `Artwork` (a public store has them), numbered
    /// Album 1, Artist 2, Artwork 3, Location 4, Show 5 (roots in name order).
    static let folio = """
        {"entities": [
          {"name": "Album", "relationships": [
            {"name": "artists", "destination": "Artist", "inverse": "albumsFeaturingArtist", "toMany": true},
            {"name": "artworks", "destination": "Artwork", "inverse": "collections", "toMany": true}]},
          {"name": "Artist", "relationships": [
            {"name": "albumsFeaturingArtist", "destination": "Album", "inverse": "artists", "toMany": true},
            {"name": "showsFeaturingArtist", "destination": "Show", "inverse": "artists", "toMany": true}]},
          {"name": "Artwork", "attributes": [{"name": "title", "type": "string"}], "relationships": [
            {"name": "collections", "destination": "Album", "inverse": "artworks", "toMany": true},
            {"name": "locations", "destination": "Location", "inverse": "artworks", "toMany": true},
            {"name": "shows", "destination": "Show", "inverse": "artworks", "toMany": true,
             "ordered": ORDERED}]},
          {"name": "Location", "attributes": [{"name": "name", "type": "string"}], "relationships": [
            {"name": "artworks", "destination": "Artwork", "inverse": "locations", "toMany": true}]},
          {"name": "Show", "attributes": [{"name": "name", "type": "string"}], "relationships": [
            {"name": "artists", "destination": "Artist", "inverse": "showsFeaturingArtist", "toMany": true},
            {"name": "artworks", "destination": "Artwork", "inverse": "shows", "toMany": true,
             "ordered": ORDERED}]}
        ]}
        """

    static func folioSchema(ordered: Bool = false) throws -> Schema {
        try JSONSchemaLoader.load(string: folio.replacingOccurrences(of: "ORDERED", with: "\(ordered)"))
    }

    /// `[table, source column, destination column]` of each join table, in schema order.
    static func names(_ mapping: SQLMapping) -> [[String]] {
        mapping.joinTables.map { [$0.name, $0.sourceColumn, $0.destinationColumn] }
    }

    @Test("each join column name is used once in the store: the second and third Z_3ARTWORKS get 1 and 2")
    func folioNames() throws {
        let mapping = try SQLMapping.coreData(try Self.folioSchema())
        #expect(
            Self.names(mapping) == [
                // The owner of a pair is the side whose entity sorts first; its table is
                // Z_<n><RELATIONSHIP>, the source column holds its keys.
                ["Z_1ARTISTS", "Z_1ALBUMSFEATURINGARTIST", "Z_2ARTISTS"],
                ["Z_1ARTWORKS", "Z_1COLLECTIONS", "Z_3ARTWORKS"],
                // Z_2ARTISTS is taken by Album.artists' table.
                ["Z_2SHOWSFEATURINGARTIST", "Z_2ARTISTS1", "Z_5SHOWSFEATURINGARTIST"],
                // Artwork's own tables, by relationship name: locations, then shows.
                ["Z_3LOCATIONS", "Z_3ARTWORKS1", "Z_4LOCATIONS"],
                ["Z_3SHOWS", "Z_3ARTWORKS2", "Z_5SHOWS"],
            ])
        #expect(
            mapping.storage(of: "artworks", in: "Show")
                == .joinTable(
                    table: "Z_3SHOWS", sourceColumn: "Z_5SHOWS", destinationColumn: "Z_3ARTWORKS2", orderColumn: nil))
    }

    @Test("an order column follows the numbered join column it stands beside")
    func orderColumns() throws {
        let join = try #require(try SQLMapping.coreData(try Self.folioSchema(ordered: true)).joinTables.last)
        #expect(join.name == "Z_3SHOWS")
        // Artwork.shows ordered: the position of each Show among the Artwork's shows.
        #expect(join.destinationOrderColumn == "Z_FOK_5SHOWS")
        // Show.artworks ordered: the position of each Artwork among the Show's artworks.
        #expect(join.sourceOrderColumn == "Z_FOK_3ARTWORKS2")
    }

    @Test("macOS's AddressBook store: two relationships named parentGroups into ABCDGroup, in the owners' order")
    func addressBook() throws {
        // ABCDRecord 1, ABCDAbstractGroup 2, ABCDGroup 3 (its child), ABCDContact 4: the
        // store numbers them 17, 18, 19, 22 among its other entities.
        let schema = try JSONSchemaLoader.load(
            string: """
                {"entities": [
                  {"name": "ABCDRecord", "attributes": [{"name": "uniqueId", "type": "string"}]},
                  {"name": "ABCDAbstractGroup", "parent": "ABCDRecord", "relationships": [
                    {"name": "parentGroups", "destination": "ABCDGroup", "inverse": "childGroups", "toMany": true}]},
                  {"name": "ABCDGroup", "parent": "ABCDAbstractGroup", "relationships": [
                    {"name": "childGroups", "destination": "ABCDAbstractGroup", "inverse": "parentGroups",
                     "toMany": true},
                    {"name": "contacts", "destination": "ABCDContact", "inverse": "parentGroups", "toMany": true}]},
                  {"name": "ABCDContact", "parent": "ABCDRecord", "relationships": [
                    {"name": "parentGroups", "destination": "ABCDGroup", "inverse": "contacts", "toMany": true}]}
                ]}
                """)
        let mapping = try SQLMapping.coreData(schema)
        #expect(mapping.entityNumbers == ["ABCDRecord": 1, "ABCDAbstractGroup": 2, "ABCDGroup": 3, "ABCDContact": 4])
        // The store: Z_18PARENTGROUPS (Z_18CHILDGROUPS, Z_19PARENTGROUPS) and
        // Z_22PARENTGROUPS (Z_22CONTACTS, Z_19PARENTGROUPS1): ABCDContact owns its pair though
        // ABCDGroup has the lower number, and comes second.
        #expect(
            Self.names(mapping) == [
                ["Z_2PARENTGROUPS", "Z_2CHILDGROUPS", "Z_3PARENTGROUPS"],
                ["Z_4PARENTGROUPS", "Z_4CONTACTS", "Z_3PARENTGROUPS1"],
            ])
    }

    @Test("a relationship that is its own inverse takes its second name by the same rule")
    func selfInverseAmongOthers() throws {
        // Person.friends ↔ Person.friends, and Club.friends ↔ Person.clubs: Z_2FRIENDS is the
        // name of Person keys reached by a relationship `friends` three times.
        let schema = try JSONSchemaLoader.load(
            string: """
                {"entities": [
                  {"name": "Club", "relationships": [
                    {"name": "friends", "destination": "Person", "inverse": "clubs", "toMany": true}]},
                  {"name": "Person", "relationships": [
                    {"name": "clubs", "destination": "Club", "inverse": "friends", "toMany": true},
                    {"name": "friends", "destination": "Person", "inverse": "friends", "toMany": true}]}
                ]}
                """)
        #expect(
            Self.names(try SQLMapping.coreData(schema)) == [
                ["Z_1FRIENDS", "Z_1CLUBS", "Z_2FRIENDS"],
                ["Z_2FRIENDS", "Z_2FRIENDS1", "Z_2FRIENDS2"],
            ])
    }
}
