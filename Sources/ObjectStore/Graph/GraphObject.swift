import Evaluation
import Foundation
import Predicates

/// An object of an ``ObjectGraph`` as predicates see it: its attributes are values, a to-one
/// relationship is the related object (or nil), a to-many relationship the related objects (in
/// order for an ordered relationship, sorted by key otherwise).
///
/// ```swift
/// let content = graph.object(ObjectID(hierarchy: "Content", id: 3))!
/// try content.predicateValue(forKey: "name")      // .string("plan.pdf")
/// try content.predicateValue(forKey: "bucket")    // .object(Bucket#1)
/// ```
///
/// A graph object reads the graph as it was when the object was taken: later changes to the
/// graph make a new copy of its storage and leave this one as it was. Two graph objects are
/// equal when they are the same object (same ``id``).
public struct GraphObject: KeyValueReadable, Hashable {
    /// The tables read (package access: benchmarks compare hand-written reads of the same storage).
    package let storage: GraphStorage
    let layout: GraphLayout
    /// The hierarchy's index and the object's row in its table.
    package let hierarchy: Int
    package let row: Int

    init(storage: GraphStorage, layout: GraphLayout, hierarchy: Int, row: Int) {
        self.storage = storage
        self.layout = layout
        self.hierarchy = hierarchy
        self.row = row
    }

    /// The object's ID.
    public var id: ObjectID {
        ObjectID(hierarchy: layout.names[layout.hierarchies[hierarchy]], id: storage.tables[hierarchy].keys[row])
    }

    /// The object's concrete entity (`ImageContent` for an image).
    public var entity: String {
        layout.names[max(0, Int(storage.tables[hierarchy].entities[row]))]
    }

    /// Reads `key`: an attribute's value, a to-one relationship's object (or nil), a to-many
    /// relationship's objects. An unknown key is an `unknown-key` error naming the entity.
    public func predicateValue(forKey key: String) throws(EvaluationError) -> EvaluationValue {
        let table = storage.tables[hierarchy]
        let entityNumber = Int(table.entities[row])
        guard entityNumber >= 0, let property = layout.property(key, of: entityNumber) else {
            throw EvaluationError.unknownKey(key, in: entity)
        }
        switch property {
        case .attribute:
            guard let column = layout.attributeColumns[hierarchy][key] else { return .null }
            return EvaluationValue(table.attributes[column][row])
        case .relationship(let relationship):
            if relationship.isToMany {
                guard let column = layout.toManyColumns[hierarchy][key] else { return .array([]) }
                let destination = layout.toManyDestinations[hierarchy][column].hierarchy
                return .array(table.toMany[column][row].map { related(destination, $0) })
            }
            guard let column = layout.toOneColumns[hierarchy][key] else { return .null }
            let target = table.toOne[column][row]
            return target < 0 ? .null : related(layout.toOneDestinations[hierarchy][column], target)
        }
    }

    /// The object at `row` of hierarchy `index`, as a value.
    func related(_ index: Int, _ row: Int32) -> EvaluationValue {
        .object(EvaluationObject(GraphObject(storage: storage, layout: layout, hierarchy: index, row: Int(row))))
    }

    /// The entity name, for messages.
    public var predicateTypeName: String { entity }

    /// The reference to this object: its concrete entity and key (`ImageContent 2`). As a `%@`
    /// argument a graph object is this reference.
    public var predicateReference: ObjectReference? {
        ObjectReference(entity: entity, id: storage.tables[hierarchy].keys[row])
    }

    /// Whether `reference` names this object: the same key and an entity of the object's
    /// inheritance hierarchy (`Content 2` and `ThumbnailContent 2` both name the
    /// `ImageContent 2`, as keys are unique per hierarchy). A reference to an entity the graph
    /// does not have names nothing.
    public func isPredicateReferenced(by reference: ObjectReference) -> Bool {
        layout.hierarchyIndex(of: reference.entity) == hierarchy && storage.tables[hierarchy].keys[row] == reference.id
    }

    /// Same object (same ID).
    public static func == (lhs: GraphObject, rhs: GraphObject) -> Bool {
        lhs.id == rhs.id
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}

extension ObjectGraph {
    /// The object `id` as predicates read it, or `nil` when the graph has no such object.
    public func object(_ id: ObjectID) -> GraphObject? {
        guard let index = layout.hierarchyIndex[id.hierarchy], let row = storage.tables[index].rows[id.id] else {
            return nil
        }
        return GraphObject(storage: storage, layout: layout, hierarchy: index, row: Int(row))
    }

    /// The objects of `entity` and its sub-entities as predicates read them, in key order.
    public func graphObjects(of entity: String) -> [GraphObject] {
        guard let number = layout.numbers[entity] else { return [] }
        let index = layout.hierarchyOf[number]
        let table = storage.tables[index]
        return table.rowsInKeyOrder().compactMap { row in
            layout.isKind(Int(table.entities[Int(row)]), of: number)
                ? GraphObject(storage: storage, layout: layout, hierarchy: index, row: Int(row)) : nil
        }
    }

    /// The IDs of the objects of `entity` (sub-entities included) that `predicate` matches, in
    /// key order. Every live row of the entity's hierarchy is evaluated once; only the matches
    /// are sorted. Stops at the first evaluation error.
    ///
    /// ```swift
    /// let checked = try CheckedPredicate(PredicateNode(format: "bucket.name == 'Inbox'"),
    ///                                    schema: graph.schema, entity: "Content")
    /// let compiled = try PredicateCompiler().compile(checked, for: graph)
    /// try graph.fetch(compiled, entity: "Content")    // [Content#1, Content#3, Content#6]
    /// ```
    public func fetch(_ predicate: CompiledPredicate<GraphObject>, entity: String) throws(EvaluationError)
        -> [ObjectID]
    {
        guard let number = layout.numbers[entity] else { return [] }
        let index = layout.hierarchyOf[number]
        let table = storage.tables[index]
        var matches: [ObjectKey] = []
        for row in table.entities.indices {
            let concrete = Int(table.entities[row])
            guard concrete >= 0, layout.isKind(concrete, of: number) else { continue }
            let object = GraphObject(storage: storage, layout: layout, hierarchy: index, row: row)
            if try predicate.evaluate(object) { matches.append(table.keys[row]) }
        }
        let hierarchy = layout.names[layout.hierarchies[index]]
        return matches.sorted().map { ObjectID(hierarchy: hierarchy, id: $0) }
    }
}
