import KeyPaths
import Predicates

/// How the change matcher moves through a store: from objects back to the objects whose
/// relationship leads to them, and which objects are of an entity. The graph answers from its
/// columns (``GraphNavigation``); a database with keyed `SELECT`s built from its mapping
/// (``DatabaseNavigation``). ``ChangeMatcher/affectedRoots(by:through:)`` walks either the
/// same way, so a rule of matching is written once.
///
/// Both questions are asked in batches — every object of one level of one path at once — so
/// that a database answers a change set with one statement per (path, level), not one per
/// object. Keys name objects within a hierarchy (``ObjectID/id``); the caller passes only keys
/// of the hierarchy the question is about.
public protocol MatchNavigation {
    /// The objects among `keys` (of the hierarchy of `entity`) that exist and are of kind
    /// `entity` (the entity or one of its sub-entities).
    func keys(_ keys: Set<ObjectKey>, ofKind entity: String) throws -> Set<ObjectKey>

    /// The objects of kind `step.entity` whose relationship `step.key` (to-one or to-many)
    /// leads to one of `keys` (objects of the hierarchy of `step.destination`), as the store
    /// is now.
    func sources(_ step: DependencyPath.Step, reaching keys: Set<ObjectKey>) throws -> Set<ObjectKey>

    /// ``sources(_:reaching:)`` narrowed to the objects among `candidates` (keys of the
    /// hierarchy of `step.entity`): what a live query asks when only its members can matter
    /// (an update that can only make members leave), so that a store can put the candidates
    /// in its question instead of reading back every source. The default intersects the
    /// answer of ``sources(_:reaching:)``.
    func sources(_ step: DependencyPath.Step, reaching keys: Set<ObjectKey>, among candidates: Set<ObjectKey>)
        throws -> Set<ObjectKey>
}

extension MatchNavigation {
    /// ``sources(_:reaching:)`` intersected with `candidates`.
    public func sources(_ step: DependencyPath.Step, reaching keys: Set<ObjectKey>, among candidates: Set<ObjectKey>)
        throws -> Set<ObjectKey>
    {
        guard !candidates.isEmpty else { return [] }
        return try sources(step, reaching: keys).intersection(candidates)
    }
}

/// ``MatchNavigation`` over an ``ObjectGraph``'s columns: a to-one inverse is an array read per
/// object, a to-many one a slice. ``ChangeMatcher/affectedRoots(by:in:)`` walks the same columns
/// by row number (no keys hashed); this navigation is the same walk by key, which the database
/// walk is checked against.
public struct GraphNavigation: MatchNavigation {
    /// The graph walked (after the change).
    public let graph: ObjectGraph

    /// Navigation over `graph`.
    public init(graph: ObjectGraph) {
        self.graph = graph
    }

    /// The keys among `keys` of live objects of kind `entity`, read from the graph's rows.
    public func keys(_ keys: Set<ObjectKey>, ofKind entity: String) -> Set<ObjectKey> {
        let layout = graph.layout
        guard let number = layout.numbers[entity] else { return [] }
        let table = graph.storage.tables[layout.hierarchyOf[number]]
        return keys.filter { key in
            guard let row = table.rows[key] else { return false }
            let concrete = Int(table.entities[Int(row)])
            return concrete >= 0 && layout.isKind(concrete, of: number)
        }
    }

    /// The objects whose `step.key` leads to one of `keys`, read from the inverse's column.
    public func sources(_ step: DependencyPath.Step, reaching keys: Set<ObjectKey>) -> Set<ObjectKey> {
        let layout = graph.layout
        guard let inverse = step.inverse, let destination = step.destination,
            let itemHierarchy = layout.hierarchyIndex(of: destination), let number = layout.numbers[step.entity]
        else { return [] }
        let itemTable = graph.storage.tables[itemHierarchy]
        let sourceTable = graph.storage.tables[layout.hierarchyOf[number]]
        var result: Set<ObjectKey> = []
        func visit(_ source: Int32) {
            let concrete = Int(sourceTable.entities[Int(source)])
            guard concrete >= 0, layout.isKind(concrete, of: number) else { return }
            result.insert(sourceTable.keys[Int(source)])
        }
        for key in keys {
            guard let item = itemTable.rows[key] else { continue }
            if let column = layout.toOneColumns[itemHierarchy][inverse] {
                let source = itemTable.toOne[column][Int(item)]
                if source >= 0 { visit(source) }
            } else if let column = layout.toManyColumns[itemHierarchy][inverse] {
                for source in itemTable.toMany[column][Int(item)] { visit(source) }
            }
        }
        return result
    }
}
