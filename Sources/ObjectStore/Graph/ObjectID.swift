import Evaluation
import Predicates

/// The identity of an object in an ``ObjectGraph``: the top entity of its inheritance
/// hierarchy and a key (an integer or a string) unique within that hierarchy.
///
/// IDs are unique per hierarchy, not per entity: `Content`, `ImageContent` and
/// `ThumbnailContent` share one ID space (a relationship to `Content` may point at an
/// `ImageContent`, so the ID alone must say which object is meant), while `Bucket 1` and
/// `Content 1` are different objects. The object's concrete entity is stored in the graph
/// (``ObjectGraph/entity(of:)``), not in the ID, so an ID never changes meaning.
///
/// In the graph file `{"ImageContent": [{"id": 3, …}]}` the object is
/// `ObjectID(hierarchy: "Content", id: 3)`, printed `Content#3`.
public struct ObjectID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The name of the top entity of the object's inheritance hierarchy: `Content` for an
    /// `ImageContent`.
    public var hierarchy: String
    /// The key given in the graph or change-set file (`"id": 3`, `"id": "a1"`).
    public var id: ObjectKey

    /// Creates an ID. `hierarchy` must be the top entity of the hierarchy;
    /// ``ObjectGraph/objectID(entity:id:)`` finds it from any entity of the hierarchy.
    public init(hierarchy: String, id: ObjectKey) {
        self.hierarchy = hierarchy
        self.id = id
    }

    /// Orders by hierarchy name, then by key.
    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool {
        lhs.hierarchy == rhs.hierarchy ? lhs.id < rhs.id : lhs.hierarchy < rhs.hierarchy
    }

    /// `Content#3`.
    public var description: String { "\(hierarchy)#\(id)" }

    /// Hashes the key only: equal IDs have equal keys, and objects of different hierarchies
    /// with the same key are rare enough in one set that hashing the hierarchy's name for every
    /// insert and lookup (the sets and tables of change matching, applying and loading) costs
    /// more than it saves.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}

extension ObjectID: EvaluationValueConvertible {
    /// The reference to the object: an ID is a `%@` argument as `.reference(id)` (or as an
    /// `Any`, through `PredicateValue(jsonObject:)`), and equals the graph object it
    /// identifies.
    public var evaluationValue: EvaluationValue { .reference(reference) }

    /// The object reference naming this object: the hierarchy's top entity and the key.
    public var reference: ObjectReference { ObjectReference(entity: hierarchy, id: id) }
}

extension ObjectReference {
    /// The reference to the object `id`: `ObjectReference(ObjectID(hierarchy: "Bucket", id: 2))`
    /// names `Bucket 2`.
    public init(_ id: ObjectID) {
        self.init(entity: id.hierarchy, id: id.id)
    }
}

extension PredicateValue {
    /// The object `id` as a `%@` argument, as a Core Data app passes a managed object's ID:
    ///
    /// ```swift
    /// let bucket = ObjectID(hierarchy: "Bucket", id: 2)
    /// try PredicateNode(format: "bucket == %@", .reference(bucket))   // bucket == <x-coredata:///Bucket/p2>
    /// FetchRequest(entity: "Content", format: "ANY tags == %@", arguments: [.reference(tag)])
    /// ```
    public static func reference(_ id: ObjectID) -> PredicateValue {
        .reference(ObjectReference(id))
    }

    /// A graph object as a `%@` argument: the reference to it (its concrete entity and key), as
    /// a Core Data app passes a managed object: `.reference(graph.object(id)!)`.
    public static func reference(_ object: GraphObject) -> PredicateValue {
        .reference(ObjectReference(entity: object.entity, id: object.id.id))
    }
}

/// What ``ObjectGraph/value(forKey:of:)`` reads: an attribute value or the objects a
/// relationship leads to.
///
/// | key of a `Content` | value |
/// |---|---|
/// | `name` | `.attribute(.string("a.png"))` |
/// | `bucket` | `.toOne(Bucket#1)` or `.toOne(nil)` |
/// | `tags` | `.toMany([Tag#1, Tag#4])` (sorted by ID) |
public enum GraphValue: Sendable, Hashable, CustomStringConvertible {
    /// The value of an attribute; `.null` when unset.
    case attribute(PredicateValue)
    /// The destination of a to-one relationship, `nil` when empty.
    case toOne(ObjectID?)
    /// The destinations of a to-many relationship, sorted by ID (the graph does not keep the
    /// order of ordered relationships).
    case toMany([ObjectID])

    /// The related objects: none, one, or many; empty for an attribute.
    public var objects: [ObjectID] {
        switch self {
        case .attribute: []
        case .toOne(let object): object.map { [$0] } ?? []
        case .toMany(let objects): objects
        }
    }

    /// `"a.png"`, `Bucket#1`, `nil`, `[Tag#1, Tag#4]`.
    public var description: String {
        switch self {
        case .attribute(let value): String(describing: value)
        case .toOne(let object): object?.description ?? "nil"
        case .toMany(let objects): "[" + objects.map(\.description).joined(separator: ", ") + "]"
        }
    }
}
