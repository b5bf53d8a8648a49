import Evaluation
import Predicates

/// A set of changes to an ``ObjectGraph``, per entity: inserted objects with their values,
/// updated objects with their changed attributes and relationships (old and new destinations),
/// and deleted object IDs. Docs/change-set-format.md documents the JSON form:
///
/// ```json
/// {"Bucket":  {"updated": [{"id": 1, "attributes": {"name": "Archive"}}]},
///  "Content": {"inserted": [{"id": 9, "name": "new.png", "bucket": 1}],
///              "updated": [{"id": 2, "relationships": {"bucket": {"old": 1, "new": 2}}}],
///              "deleted": [5]}}
/// ```
///
/// ``ObjectGraph/apply(_:)`` validates a change set completely before changing anything, and
/// returns the *applied* change set: every change that really happened, including the other
/// side of each relationship and the relationships cleared by deletions, each object listed
/// under its concrete entity. That applied form is what ``ChangeMatcher`` expects.
public struct ChangeSet: Sendable, Hashable {
    /// The changes of each entity, by entity name. An updated or deleted object may be listed
    /// under its concrete entity or any ancestor; an inserted one under its concrete entity.
    public var entities: [String: EntityChanges]

    /// Creates a change set.
    public init(_ entities: [String: EntityChanges] = [:]) {
        self.entities = entities
    }

    /// Whether the change set changes nothing.
    public var isEmpty: Bool { entities.values.allSatisfy(\.isEmpty) }

    /// The changes listed under `entity` (empty when there are none).
    public subscript(entity: String) -> EntityChanges {
        get { entities[entity] ?? EntityChanges() }
        set { entities[entity] = newValue.isEmpty ? nil : newValue }
        // In place: appending to a long list does not copy it.
        _modify {
            yield &entities[entity, default: EntityChanges()]
            if entities[entity]?.isEmpty == true { entities[entity] = nil }
        }
    }
}

/// The changes of one entity in a ``ChangeSet``.
public struct EntityChanges: Sendable, Hashable {
    /// New objects, with their values: `{"id": 9, "name": "new.png", "bucket": 1}`.
    public var inserted: [InsertedObject]
    /// Changed objects.
    public var updated: [UpdatedObject]
    /// The IDs of deleted objects.
    public var deleted: [ObjectKey]

    /// Creates the changes of one entity.
    public init(inserted: [InsertedObject] = [], updated: [UpdatedObject] = [], deleted: [ObjectKey] = []) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }

    /// Whether nothing is listed.
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }
}

/// A new object, written exactly like an object of a graph file: its ID, then attribute values
/// and relationships by destination ID, each under its key.
///
/// `{"id": 9, "name": "new.png", "size": 10, "bucket": 1, "tags": [2, 3]}`: `bucket` is a
/// to-one relationship (an ID or `null`), `tags` a to-many one (a list of IDs). Keys left out
/// stay empty.
public struct InsertedObject: Sendable, Hashable {
    /// The object's key, unique within its entity hierarchy.
    public var id: ObjectKey
    /// Attribute values and relationship destinations (an id — `.int` or `.string` —, `.null`,
    /// or an `.array` of ids) by key; interpreted through the schema.
    public var values: [String: PredicateValue]

    /// Creates an inserted object.
    public init(id: ObjectKey, values: [String: PredicateValue] = [:]) {
        self.id = id
        self.values = values
    }
}

/// A changed object: its ID, the new values of the changed attributes, and the changed
/// relationships with their old and new destinations.
///
/// `{"id": 2, "attributes": {"name": "b.png"}, "relationships": {"bucket": {"old": 1, "new": 2},
/// "tags": {"added": [4], "removed": [3]}}}`
public struct UpdatedObject: Sendable, Hashable {
    /// The object's number.
    public var id: ObjectKey
    /// The new value of each changed attribute (`.null` clears it).
    public var attributes: [String: PredicateValue]
    /// Each changed relationship.
    public var relationships: [String: RelationshipChange]

    /// Creates an updated object.
    public init(
        id: ObjectKey, attributes: [String: PredicateValue] = [:], relationships: [String: RelationshipChange] = [:]
    ) {
        self.id = id
        self.attributes = attributes
        self.relationships = relationships
    }
}

/// How one relationship of an updated object changed.
public enum RelationshipChange: Sendable, Hashable {
    /// A to-one relationship moved from `old` to `new` (`nil`: empty), written
    /// `{"old": 1, "new": 2}`. `old` must be the graph's current destination.
    case toOne(old: ObjectKey?, new: ObjectKey?)
    /// A to-many relationship gained `added` and lost `removed`, written
    /// `{"added": [4], "removed": [3]}`. Added IDs must not be present yet, removed ones must be.
    case toMany(added: [ObjectKey], removed: [ObjectKey])

    /// Every ID mentioned, old and new.
    public var mentionedIDs: [ObjectKey] {
        switch self {
        case .toOne(let old, let new): [old, new].compactMap { $0 }
        case .toMany(let added, let removed): added + removed
        }
    }
}
