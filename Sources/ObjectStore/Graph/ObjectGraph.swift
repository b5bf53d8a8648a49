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
/// A graph is a value (`Sendable`, `Equatable`): copies share their storage until one of them
/// changes. It changes only through ``apply(_:)``, which validates a whole ``ChangeSet`` before
/// it touches anything and maintains both sides of every relationship with an inverse: setting
/// `Content.bucket` to `Bucket#2` also removes the Content from its old Bucket's `contents` and
/// adds it to `Bucket#2`'s. Ordered to-many relationships keep their order; unordered ones are
/// read sorted by key.
///
/// Objects are stored by column over dense rows per inheritance hierarchy (see
/// `HierarchyTable`), so that loading and applying cost time proportional to the objects and
/// values written, and evaluation reads a value with two array indexes.
///
/// The schema should be valid (``Schema/validate()``); the loaders check it.
public struct ObjectGraph: Sendable, Equatable {
    /// The schema the objects follow.
    public let schema: Schema
    /// Lookup tables computed from the schema.
    let layout: GraphLayout
    /// The objects, one table per hierarchy (shared by copies until one changes).
    private(set) var storage: GraphStorage

    /// Creates an empty graph.
    public init(schema: Schema) {
        self.schema = schema
        let layout = GraphLayout(schema: schema)
        self.layout = layout
        self.storage = GraphStorage(
            tables: layout.hierarchies.indices.map { HierarchyTable(layout: layout, index: $0) })
    }

    /// The tables, for changing them: copied first when another graph shares them.
    var tables: [HierarchyTable] {
        get { storage.tables }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = GraphStorage(tables: storage.tables) }
            yield &storage.tables
        }
    }

    /// Two graphs are equal when they have equal schemas and the same objects with the same
    /// values (however their rows are laid out).
    public static func == (lhs: ObjectGraph, rhs: ObjectGraph) -> Bool {
        guard lhs.schema == rhs.schema, lhs.count == rhs.count else { return false }
        for (index, table) in lhs.storage.tables.enumerated() {
            let other = rhs.storage.tables[index]
            guard table.count == other.count else { return false }
            let hierarchy = lhs.layout.names[lhs.layout.hierarchies[index]]
            for key in table.rows.keys {
                let object = ObjectID(hierarchy: hierarchy, id: key)
                guard let entity = table.entity(of: key), other.entity(of: key) == entity else { return false }
                for property in lhs.layout.properties(of: entity) {
                    guard
                        (try? lhs.value(forKey: property.name, of: object))
                            == (try? rhs.value(forKey: property.name, of: object))
                    else { return false }
                }
            }
        }
        return true
    }

    // MARK: Identity

    /// The ID of object `id` of `entity` (any entity of its hierarchy):
    /// `objectID(entity: "ImageContent", id: 3)` is `Content#3`. `nil` for an unknown entity.
    public func objectID(entity: String, id: ObjectKey) -> ObjectID? {
        layout.hierarchy(of: entity).map { ObjectID(hierarchy: $0, id: id) }
    }

    /// The concrete entity of `object` (`ImageContent` for an image), or `nil` when the graph
    /// has no such object.
    public func entity(of object: ObjectID) -> String? {
        entityNumber(of: object).map { layout.names[$0] }
    }

    /// Whether the graph holds `object`.
    public func contains(_ object: ObjectID) -> Bool {
        entityNumber(of: object) != nil
    }

    /// The objects of `entity` and of its sub-entities, sorted by key:
    /// `objects(of: "Content")` includes the ImageContents.
    public func objects(of entity: String) -> [ObjectID] {
        guard let number = layout.numbers[entity] else { return [] }
        let index = layout.hierarchyOf[number]
        let hierarchy = layout.names[layout.hierarchies[index]]
        let table = storage.tables[index]
        return table.rowsInKeyOrder().compactMap { row in
            layout.isKind(Int(table.entities[Int(row)]), of: number)
                ? ObjectID(hierarchy: hierarchy, id: table.keys[Int(row)]) : nil
        }
    }

    /// The number of objects in the graph.
    public var count: Int {
        storage.tables.reduce(0) { $0 + $1.count }
    }

    // MARK: Reading

    /// Reads `key` of `object`: an attribute's value (`.null` when unset), a to-one
    /// relationship's destination, or a to-many relationship's destinations (in order for an
    /// ordered relationship, sorted by key otherwise).
    ///
    /// `value(forKey: "name", of: Bucket#1)` → `.attribute("Inbox")`;
    /// `value(forKey: "contents", of: Bucket#1)` → `.toMany([Content#1, Content#3])`.
    /// Throws ``GraphError`` `unknownObject` or `unknownKey` (with a "did you mean").
    public func value(forKey key: String, of object: ObjectID) throws(GraphError) -> GraphValue {
        guard let index = layout.hierarchyIndex[object.hierarchy],
            let row = storage.tables[index].rows[object.id].map(Int.init)
        else {
            throw GraphError(.unknownObject, entity: object.hierarchy, id: object.id, message: "no such object")
        }
        let table = storage.tables[index]
        let entity = Int(table.entities[row])
        guard let property = layout.property(key, of: entity) else {
            throw unknownKey(key, entity: entity, id: object.id)
        }
        switch property {
        case .attribute:
            guard let column = layout.attributeColumns[index][key] else { return .attribute(.null) }
            return .attribute(table.attributes[column][row])
        case .relationship(let relationship):
            if relationship.isToMany {
                guard let column = layout.toManyColumns[index][key] else { return .toMany([]) }
                let destination = layout.toManyDestinations[index][column].hierarchy
                return .toMany(table.toMany[column][row].map { objectID(hierarchy: destination, row: $0) })
            }
            guard let column = layout.toOneColumns[index][key] else { return .toOne(nil) }
            let target = table.toOne[column][row]
            guard target >= 0 else { return .toOne(nil) }
            return .toOne(objectID(hierarchy: layout.toOneDestinations[index][column], row: target))
        }
    }

    /// The ID of row `row` of hierarchy `hierarchy`.
    func objectID(hierarchy: Int, row: Int32) -> ObjectID {
        ObjectID(
            hierarchy: layout.names[layout.hierarchies[hierarchy]], id: storage.tables[hierarchy].keys[Int(row)])
    }

    /// The entity number of `object`, or `nil` when the graph does not hold it.
    func entityNumber(of object: ObjectID) -> Int? {
        guard let index = layout.hierarchyIndex[object.hierarchy] else { return nil }
        return storage.tables[index].entity(of: object.id)
    }

    /// The hierarchy and column of attribute `key` of `entity` (for hand-written reads in
    /// benchmarks).
    package func attributeColumn(_ key: String, of entity: String) -> (hierarchy: Int, column: Int)? {
        guard let index = layout.hierarchyIndex(of: entity), let column = layout.attributeColumns[index][key] else {
            return nil
        }
        return (index, column)
    }

    /// The hierarchy, column and destination hierarchy of to-one relationship `key` of `entity`.
    package func toOneColumn(_ key: String, of entity: String) -> (hierarchy: Int, column: Int, destination: Int)? {
        guard let index = layout.hierarchyIndex(of: entity), let column = layout.toOneColumns[index][key] else {
            return nil
        }
        return (index, column, layout.toOneDestinations[index][column])
    }

    func unknownKey(_ key: String, entity: Int, id: ObjectKey?) -> GraphError {
        let name = layout.names[entity]
        let message = Suggestion.unknownProperty(key, of: name, among: schema.allProperties(of: name).map(\.name)).text
        return GraphError(.unknownKey, entity: name, id: id, message: message)
    }
}
