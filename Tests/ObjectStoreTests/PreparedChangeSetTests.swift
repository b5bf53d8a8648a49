import KeyPaths
import Predicates
import Testing

@testable import ObjectStore

/// The per-entry tables the change matcher shares between queries (``PreparedChangeSet``):
/// updates grouped by (entity, property), and for each changed relationship its inverse and
/// the destinations whose side of the link the change set does not list — the sides a query
/// must check and walk from itself. Expected values are read off the change sets by hand.
@Suite("Prepared change set: updates by property, unlisted sides of links")
struct PreparedChangeSetTests {
    /// Content 3 moves from Bucket 1 to Bucket 2 and gets size 5; Bucket 1 lists its side of
    /// the move, Bucket 2 does not; Content 4 gets size 7.
    static func move() -> ChangeSet {
        var changes = ChangeSet()
        changes["Content"].updated = [
            UpdatedObject(
                id: 3, attributes: ["size": .int(5)], relationships: ["bucket": .toOne(old: .int(1), new: .int(2))]),
            UpdatedObject(id: 4, attributes: ["size": .int(7)]),
        ]
        changes["Bucket"].updated = [
            UpdatedObject(id: 1, relationships: ["contents": .toMany(added: [], removed: [.int(3)])])
        ]
        return changes
    }

    static func group(_ prepared: PreparedChangeSet, _ entity: String, _ property: String)
        -> PreparedChangeSet.PropertyUpdates?
    {
        prepared.updateGroups[entity]?.first { $0.property == property }
    }

    @Test("updates are grouped by the property they change, in the entity's order")
    func groups() throws {
        let prepared = PreparedChangeSet(Self.move(), schema: try ChangeFixtures.schema())
        #expect(Set(prepared.updateGroups.keys) == ["Content", "Bucket"])
        #expect(Set(prepared.updateGroups["Content"]?.map(\.property) ?? []) == ["size", "bucket"])
        #expect(Self.group(prepared, "Content", "size")?.updates == [0, 1])
        #expect(Self.group(prepared, "Content", "size")?.inverse == nil)
        #expect(Self.group(prepared, "Content", "bucket")?.updates == [0])
        #expect(prepared.updatedIDs["Content"] == [.int(3), .int(4)])
        #expect(prepared.updatedIDs["Bucket"] == [.int(1)])
    }

    @Test("a relationship's group names its inverse and the destinations whose side is not listed")
    func unlistedSides() throws {
        let prepared = PreparedChangeSet(Self.move(), schema: try ChangeFixtures.schema())
        let bucket = try #require(Self.group(prepared, "Content", "bucket")?.inverse)
        #expect(bucket.name == "contents")
        #expect(bucket.destination == "Bucket")
        // Bucket 1 lists losing Content 3; Bucket 2 does not list gaining it.
        #expect(bucket.unlisted == [[.int(2)]])
        let contents = try #require(Self.group(prepared, "Bucket", "contents")?.inverse)
        #expect(contents.name == "bucket")
        #expect(contents.destination == "Content")
        // Content 3 lists its side (its bucket's old value is Bucket 1).
        #expect(contents.unlisted == [[]])
    }

    @Test("an inserted object's relationships: inverse, destination, unlisted destinations")
    func insertedLinks() throws {
        var changes = ChangeSet()
        changes["Content"].inserted = [
            InsertedObject(
                id: 9, values: ["name": .string("new.png"), "bucket": .int(1), "tags": .array([.int(1), .int(2)])])
        ]
        // Tag 2 lists gaining Content 9; Bucket 1 and Tag 1 do not.
        changes["Tag"].updated = [
            UpdatedObject(id: 2, relationships: ["contents": .toMany(added: [.int(9)], removed: [])])
        ]
        let prepared = PreparedChangeSet(changes, schema: try ChangeFixtures.schema())
        let links = try #require(prepared.insertedLinks["Content"]?.first)
        #expect(prepared.insertedLinks["Content"]?.count == 1)
        let byInverse = Dictionary(uniqueKeysWithValues: links.map { ($0.destination, $0) })
        // `name` is an attribute: no link.
        #expect(Set(byInverse.keys) == ["Bucket", "Tag"])
        #expect(byInverse["Bucket"]?.inverse == "contents")
        #expect(byInverse["Bucket"]?.ids == [.int(1)])
        #expect(byInverse["Tag"]?.inverse == "contents")
        #expect(byInverse["Tag"]?.ids == [.int(1)])
    }
}
