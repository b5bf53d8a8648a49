import Foundation
import KeyPaths
import Predicates

/// A change set as a store applied it: the applied ``ChangeSet`` (every change that really
/// happened, both sides of each relationship, the deletions of Cascade rules, each object under
/// its concrete entity, as ``ObjectGraph/apply(_:)`` returns it) and the values each deleted
/// object had just before it was deleted, which a change matcher needs to find the results a
/// deletion leaves (the destinations of its relationships, its attributes).
///
/// Its JSON form, which the change log stores, is the change-set format twice
/// (Docs/database-store.md):
///
/// ```json
/// {"changes": {"Content": {"deleted": [5]}, "Bucket": {"updated": [{"id": 1, "relationships": {"contents": {"added": [], "removed": [5]}}}]}},
///  "deletedObjects": {"Content": {"inserted": [{"id": 5, "name": "old.png", "bucket": 1}]}}}
/// ```
///
/// `deletedObjects` lists each deleted object as an insert would (all its attributes that are
/// not `null` and its relationships as they were before the change set); it is left out when
/// nothing was deleted.
public struct AppliedChangeSet: Sendable, Hashable {
    /// The applied change set.
    public var changes: ChangeSet
    /// Each deleted object with its values before the change, by concrete entity, in id order.
    public var deletedObjects: [String: [InsertedObject]]

    /// An applied change set.
    public init(changes: ChangeSet, deletedObjects: [String: [InsertedObject]] = [:]) {
        self.changes = changes
        self.deletedObjects = deletedObjects
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { changes.isEmpty }

    /// The values `object` (of `entity`) had before this change set deleted it, or `nil` when
    /// it deleted no such object.
    public func deletedValues(of id: ObjectKey, entity: String) -> [String: PredicateValue]? {
        deletedObjects[entity]?.first { $0.id == id }?.values
    }
}

extension AppliedChangeSet: Codable {
    private enum Field: String, CodingKey, CaseIterable {
        case changes, deletedObjects
    }

    /// Decodes `{"changes": …, "deletedObjects": …}`; unknown fields are errors.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownFields(Field.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: Field.self)
        changes = try container.decode(ChangeSet.self, forKey: .changes)
        let deleted = try container.decodeIfPresent(ChangeSet.self, forKey: .deletedObjects) ?? ChangeSet()
        deletedObjects = deleted.entities.compactMapValues { $0.inserted.isEmpty ? nil : $0.inserted }
    }

    /// Encodes `{"changes": …, "deletedObjects": …}` (the second left out when empty).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Field.self)
        try container.encode(changes, forKey: .changes)
        if !deletedObjects.isEmpty {
            try container.encode(
                ChangeSet(deletedObjects.mapValues { EntityChanges(inserted: $0) }), forKey: .deletedObjects)
        }
    }

    /// The compact JSON text the change log stores (sorted keys, lists in id order).
    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Reads the JSON form; a malformed document throws one ``GraphError`` naming where.
    public static func decode(json data: Data) throws(GraphErrors) -> AppliedChangeSet {
        do {
            return try StrictJSONDecoding.decode(AppliedChangeSet.self, from: data)
        } catch {
            throw GraphErrors([GraphError(.malformedDocument, message: GraphDecoding.describe(error))])
        }
    }
}
