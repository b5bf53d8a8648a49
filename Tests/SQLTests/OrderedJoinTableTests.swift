import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// A many-to-many relationship ordered on both sides keeps both orders in its join table (the
/// destination order and the source order); reading the database gives both back.
@Suite("SQL join tables: both orders of a many-to-many relationship", .serialized)
struct OrderedJoinTableTests {
    /// `E.r` and its inverse `E.q`, both ordered, between objects of one entity.
    static let schema = Schema(entities: [
        EntityDescription(
            name: "E",
            relationships: [
                RelationshipDescription(name: "r", destination: "E", inverse: "q", isToMany: true, isOrdered: true),
                RelationshipDescription(name: "q", destination: "E", inverse: "r", isToMany: true, isOrdered: true),
            ])
    ])

    @Test("the inverse's order is read from its own order column, not rebuilt from the owner's lists")
    func bothOrders() throws {
        // 4.r = [4, 1]: object 4 lists itself first. The join table belongs to `q` (the first
        // name), so `r`'s order lives in the source order column.
        let graph = try ObjectGraph(
            schema: Self.schema, objects: ["E": [InsertedObject(id: 1), InsertedObject(id: 4, values: ["r": [4, 1]])]])
        let databases: [any TestDatabase] =
            PostgresTestServer.isAvailable
            ? [try SQLiteTestDatabase(), try PostgresTestDatabase()] : [try SQLiteTestDatabase()]
        for database in databases {
            for mapping in [try SQLMapping.standard(Self.schema), try SQLMapping.coreData(Self.schema)] {
                let read = try database.roundTrip(graph, mapping: mapping)
                let r = try read.value(forKey: "r", of: ObjectID(hierarchy: "E", id: 4))
                #expect(
                    r == .toMany([ObjectID(hierarchy: "E", id: 4), ObjectID(hierarchy: "E", id: 1)]),
                    "\(database.dialect.name), \(mapping.convention)")
                #expect(read == graph)
            }
        }
    }
}
