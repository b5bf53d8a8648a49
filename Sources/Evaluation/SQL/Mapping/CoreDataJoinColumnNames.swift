/// Core Data's rule for the names of join columns: a name is used once in the whole store.
///
/// A join column is named after the keys it holds and the relationship pointing at them,
/// `Z_<entity number><RELATIONSHIP>` (``CoreDataConvention/joinColumnBase(keysOf:named:)``),
/// so an entity reached by several many-to-many relationships of the same name needs the
/// name several times. Core Data keeps the first use and gives the later ones the first free
/// number as a suffix. A public store of the Artsy Folio app has
///
/// ```
/// Z_1ARTWORKS  (Z_1COLLECTIONS, Z_3ARTWORKS)      Album.artworks ↔ Artwork.collections
/// Z_3SHOWS     (Z_3ARTWORKS1,   Z_14SHOWS)        Artwork.shows  ↔ Show.artworks
/// Z_3LOCATIONS (Z_3ARTWORKS2,   Z_10LOCATIONS)    Artwork.locations ↔ Location.artworks
/// ```
///
/// The order in which names are taken: the join tables by owning relationship (entity name,
/// then relationship name: the walk that also makes the first side met the owner of a pair),
/// and in each table the source column before the destination column (so a relationship that
/// is its own inverse gets `Z_4PEERS` and `Z_4PEERS1`). The owners' order is confirmed on
/// stores (Album's tables before Artist's and Artwork's; in macOS's AddressBook store
/// `ABCDAbstractGroup`'s before `ABCDContact`'s); the order among one entity's tables is
/// inferred: the store above names `shows` before `locations`, the order the app's model gained
/// them, which no order of names gives. Docs/sql-mapping.md lists the sources. A store that
/// exists is read with its own names (``SQLMapping/verified(_:convention:database:dialect:)``
/// binds the mapping to its catalogue), so the order only matters to `db create`.
enum CoreDataJoinColumnNames {
    /// `tables` (in their order) with unique column names, the order columns (`Z_FOK_…`)
    /// following the join columns they stand beside.
    static func unique(_ tables: [SQLJoinTable]) -> [SQLJoinTable] {
        var result = tables
        var taken: Set<String> = []
        let walk = tables.indices.sorted {
            (tables[$0].entity, tables[$0].relationship, $0) < (tables[$1].entity, tables[$1].relationship, $1)
        }
        for index in walk {
            var table = result[index]
            table.sourceColumn = claim(table.sourceColumn, in: &taken)
            table.destinationColumn = claim(table.destinationColumn, in: &taken)
            if table.destinationOrderColumn != nil {
                table.destinationOrderColumn = CoreDataConvention.orderColumn(of: table.destinationColumn)
            }
            if table.sourceOrderColumn != nil {
                table.sourceOrderColumn = CoreDataConvention.orderColumn(of: table.sourceColumn)
            }
            result[index] = table
        }
        return result
    }

    /// `base` when it is free, else `base` with the first number that makes it free.
    private static func claim(_ base: String, in taken: inout Set<String>) -> String {
        var name = base
        var suffix = 1
        while taken.contains(name) {
            name = base + String(suffix)
            suffix += 1
        }
        taken.insert(name)
        return name
    }
}
