import Evaluation
import KeyPaths
import Predicates

/// An in-memory object graph over a ``Schema``: objects by ``ObjectID``, their attribute
/// values, and their relationships kept consistent with the inverses.
///
/// ```swift
/// var graph = try ObjectGraph.load(json: data, schema: schema)   // the graph file format
/// try graph.value(forKey: "bucket", of: content)                // .toOne(Bucket#1)
/// let applied = try graph.apply(changes)                         // all or nothing
/// ```
///
/// A graph is a value (`Sendable`, `Equatable`): copies are cheap until one of them changes.
/// It changes only through ``apply(_:)``, which validates a whole ``ChangeSet`` before it
/// touches anything and maintains both sides of every relationship with an inverse: setting
/// `Content.bucket` to `Bucket#2` also removes the Content from its old Bucket's `contents` and
/// adds it to `Bucket#2`'s. The order of ordered relationships is not kept.
///
/// The schema should be valid (``Schema/validate()``); the loaders check it.
public struct ObjectGraph: Sendable, Equatable {
    /// The schema the objects follow.
    public let schema: Schema
    /// Lookup tables computed from the schema.
    let layout: GraphLayout
    /// The objects, by the name of the top entity of their hierarchy.
    var tables: [String: HierarchyTable] = [:]

    /// Creates an empty graph.
    public init(schema: Schema) {
        self.schema = schema
        self.layout = GraphLayout(schema: schema)
    }

    /// Two graphs are equal when they have equal schemas and the same objects with the same
    /// values.
    public static func == (lhs: ObjectGraph, rhs: ObjectGraph) -> Bool {
        lhs.schema == rhs.schema
            && lhs.tables.filter { !$0.value.entities.isEmpty } == rhs.tables.filter { !$0.value.entities.isEmpty }
    }

    // MARK: Identity

    /// The ID of object number `id` of `entity` (any entity of its hierarchy):
    /// `objectID(entity: "ImageContent", id: 3)` is `Content#3`. `nil` for an unknown entity.
    public func objectID(entity: String, id: Int) -> ObjectID? {
        layout.hierarchy(of: entity).map { ObjectID(hierarchy: $0, id: id) }
    }

    /// The concrete entity of `object` (`ImageContent` for an image), or `nil` when the graph
    /// has no such object.
    public func entity(of object: ObjectID) -> String? {
        entityNumber(of: object).map { layout.names[$0] }
    }

    /// Whether the graph holds `object`.
    public func contains(_ object: ObjectID) -> Bool {
        tables[object.hierarchy]?.entities[object.id] != nil
    }

    /// The objects of `entity` and of its sub-entities, sorted by ID:
    /// `objects(of: "Content")` includes the ImageContents.
    public func objects(of entity: String) -> [ObjectID] {
        guard let number = layout.numbers[entity], let hierarchy = layout.hierarchy(of: entity),
            let table = tables[hierarchy]
        else { return [] }
        return table.entities.compactMap { id, concrete in
            layout.isKind(concrete, of: number) ? ObjectID(hierarchy: hierarchy, id: id) : nil
        }.sorted()
    }

    /// The number of objects in the graph.
    public var count: Int {
        tables.values.reduce(0) { $0 + $1.entities.count }
    }

    // MARK: Reading

    /// Reads `key` of `object`: an attribute's value (`.null` when unset), a to-one
    /// relationship's destination, or a to-many relationship's destinations sorted by ID.
    ///
    /// `value(forKey: "name", of: Bucket#1)` → `.attribute("Inbox")`;
    /// `value(forKey: "contents", of: Bucket#1)` → `.toMany([Content#1, Content#3])`.
    /// Throws ``GraphError`` `unknownObject` or `unknownKey` (with a "did you mean").
    public func value(forKey key: String, of object: ObjectID) throws(GraphError) -> GraphValue {
        guard let entity = entityNumber(of: object) else {
            throw GraphError(.unknownObject, entity: object.hierarchy, id: object.id, message: "no such object")
        }
        guard let property = layout.property(key, of: entity) else {
            throw unknownKey(key, entity: entity, id: object.id)
        }
        let table = tables[object.hierarchy]
        switch property {
        case .attribute:
            return .attribute(table?.attributes[key]?[object.id] ?? .null)
        case .relationship(let relationship):
            let hierarchy = layout.hierarchy(of: relationship.destination) ?? relationship.destination
            if relationship.isToMany {
                let targets = table?.toMany[key]?[object.id] ?? []
                return .toMany(targets.sorted().map { ObjectID(hierarchy: hierarchy, id: $0) })
            }
            return .toOne(table?.toOne[key]?[object.id].map { ObjectID(hierarchy: hierarchy, id: $0) })
        }
    }

    /// The objects `key` of `object` leads to (none, one or many); empty for an attribute, an
    /// unknown key or an unknown object. The fast path of the change matcher.
    func related(_ key: String, of object: ObjectID, destinationHierarchy: String) -> [ObjectID] {
        guard let table = tables[object.hierarchy] else { return [] }
        if let target = table.toOne[key]?[object.id] {
            return [ObjectID(hierarchy: destinationHierarchy, id: target)]
        }
        guard let targets = table.toMany[key]?[object.id] else { return [] }
        return targets.map { ObjectID(hierarchy: destinationHierarchy, id: $0) }
    }

    /// The entity number of `object`, or `nil` when the graph does not hold it.
    func entityNumber(of object: ObjectID) -> Int? {
        tables[object.hierarchy]?.entities[object.id]
    }

    func unknownKey(_ key: String, entity: Int, id: Int?) -> GraphError {
        let name = layout.names[entity]
        var message = "'\(name)' has no property '\(key)'"
        if let guess = EditDistance.bestMatch(for: key, among: schema.allProperties(of: name).map(\.name)) {
            message += "; did you mean '\(guess)'?"
        }
        return GraphError(.unknownKey, entity: name, id: id, message: message)
    }
}
