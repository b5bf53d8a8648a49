import Evaluation
import KeyPaths
import Predicates

/// The pending state of a change set being applied: every value it writes, kept beside the
/// untouched graph. Reads look here first, then in the graph. Nothing reaches the graph until
/// the whole change set has been validated and every declared result checked, so a change set
/// that fails leaves the graph as it was.
///
/// Relationship writes go through ``connect(_:_:_:_:)`` and ``disconnect(_:_:_:_:)``, which
/// keep both sides of a relationship with an inverse consistent: connecting a Content to a
/// Bucket first disconnects it from its old Bucket; with a one-to-one inverse, the new partner
/// is first taken from its previous owner.
struct ChangeTransaction {
    /// One key of one object.
    struct Slot: Hashable {
        var object: ObjectID
        var key: String
    }

    /// The graph before the change.
    let graph: ObjectGraph
    var layout: GraphLayout { graph.layout }

    /// Inserted objects and their entity numbers, in the order given.
    var inserted: [ObjectID: Int] = [:]
    var insertionOrder: [ObjectID] = []
    /// Deleted objects and their entity numbers.
    var deleted: [ObjectID: Int] = [:]
    /// New attribute values (`.null` clears).
    var attributes: [Slot: PredicateValue] = [:]
    /// New to-one destinations (`nil` empties).
    var toOne: [Slot: Int?] = [:]
    /// New to-many destinations.
    var toMany: [Slot: Set<Int>] = [:]

    init(graph: ObjectGraph) {
        self.graph = graph
    }

    // MARK: Reading through the pending state

    /// The entity number of `object` as the change stands: inserted objects included, deleted
    /// ones excluded.
    func entityNumber(of object: ObjectID) -> Int? {
        if deleted[object] != nil { return nil }
        return inserted[object] ?? graph.entityNumber(of: object)
    }

    func attribute(_ object: ObjectID, _ key: String) -> PredicateValue {
        attributes[Slot(object: object, key: key)] ?? baseAttribute(object, key)
    }

    func currentToOne(_ object: ObjectID, _ key: String) -> Int? {
        if let pending = toOne[Slot(object: object, key: key)] { return pending }
        return baseToOne(object, key)
    }

    func currentToMany(_ object: ObjectID, _ key: String) -> Set<Int> {
        toMany[Slot(object: object, key: key)] ?? baseToMany(object, key)
    }

    func baseAttribute(_ object: ObjectID, _ key: String) -> PredicateValue {
        graph.tables[object.hierarchy]?.attributes[key]?[object.id] ?? .null
    }

    func baseToOne(_ object: ObjectID, _ key: String) -> Int? {
        graph.tables[object.hierarchy]?.toOne[key]?[object.id]
    }

    func baseToMany(_ object: ObjectID, _ key: String) -> Set<Int> {
        graph.tables[object.hierarchy]?.toMany[key]?[object.id] ?? []
    }

    /// The destinations of relationship `relationship` of `object`, as the change stands.
    func targets(_ object: ObjectID, _ relationship: RelationshipDescription) -> Set<Int> {
        if relationship.isToMany { return currentToMany(object, relationship.name) }
        return currentToOne(object, relationship.name).map { [$0] } ?? []
    }

    // MARK: Writing with inverses

    /// Makes `object.relationship` point at `target` (added to a to-many, replacing a to-one),
    /// and `target.inverse` at `object`.
    mutating func connect(
        _ object: ObjectID, _ relationship: RelationshipDescription, _ inverse: RelationshipDescription?,
        _ target: ObjectID
    ) {
        if relationship.isToMany {
            if currentToMany(object, relationship.name).contains(target.id) { return }
        } else if let old = currentToOne(object, relationship.name) {
            if old == target.id { return }
            disconnect(object, relationship, inverse, ObjectID(hierarchy: target.hierarchy, id: old))
        }
        if let inverse, !inverse.isToMany, let owner = currentToOne(target, inverse.name) {
            disconnect(ObjectID(hierarchy: object.hierarchy, id: owner), relationship, inverse, target)
        }
        add(target.id, to: object, relationship)
        if let inverse { add(object.id, to: target, inverse) }
    }

    /// Removes `target` from `object.relationship`, and `object` from `target.inverse`.
    mutating func disconnect(
        _ object: ObjectID, _ relationship: RelationshipDescription, _ inverse: RelationshipDescription?,
        _ target: ObjectID
    ) {
        remove(target.id, from: object, relationship)
        if let inverse { remove(object.id, from: target, inverse) }
    }

    private mutating func add(_ id: Int, to object: ObjectID, _ relationship: RelationshipDescription) {
        let slot = Slot(object: object, key: relationship.name)
        if relationship.isToMany {
            var set = currentToMany(object, relationship.name)
            set.insert(id)
            toMany[slot] = set
        } else {
            toOne[slot] = .some(id)
        }
    }

    private mutating func remove(_ id: Int, from object: ObjectID, _ relationship: RelationshipDescription) {
        let slot = Slot(object: object, key: relationship.name)
        if relationship.isToMany {
            var set = currentToMany(object, relationship.name)
            guard set.remove(id) != nil else { return }
            toMany[slot] = set
        } else if currentToOne(object, relationship.name) == id {
            toOne[slot] = .some(nil)
        }
    }

    // MARK: Deleting

    /// Deletes `object`: every relationship it holds is emptied on both sides, and references to
    /// it through relationships without an inverse are cleared.
    mutating func delete(_ object: ObjectID, entity: Int) {
        for property in layout.properties[entity].values {
            guard case .relationship(let relationship) = property,
                let hierarchy = layout.hierarchy(of: relationship.destination)
            else { continue }
            let inverse = layout.relationship(relationship.name, of: entity)?.1
            for id in targets(object, relationship).sorted() {
                disconnect(object, relationship, inverse, ObjectID(hierarchy: hierarchy, id: id))
            }
        }
        for (sourceEntity, relationship) in incomingWithoutInverse(to: object) {
            for source in referrers(of: object, through: relationship, declaredBy: sourceEntity) {
                remove(object.id, from: source, relationship)
            }
        }
        deleted[object] = entity
    }

    /// The relationships without an inverse whose destination is of `object`'s hierarchy.
    private func incomingWithoutInverse(to object: ObjectID) -> [(Int, RelationshipDescription)] {
        var result: [(Int, RelationshipDescription)] = []
        for (number, properties) in layout.properties.enumerated() {
            for property in properties.values {
                guard case .relationship(let relationship) = property, relationship.inverse == nil,
                    layout.hierarchy(of: relationship.destination) == object.hierarchy
                else { continue }
                result.append((number, relationship))
            }
        }
        return result
    }

    /// The objects of `entity`'s kind whose `relationship` points at `object`. Scans the column
    /// (relationships without an inverse cannot be followed backwards).
    private func referrers(of object: ObjectID, through relationship: RelationshipDescription, declaredBy entity: Int)
        -> [ObjectID]
    {
        let hierarchy = layout.names[layout.hierarchyRoots[entity]]
        var candidates: Set<Int> = []
        let table = graph.tables[hierarchy]
        if relationship.isToMany {
            for (id, targets) in table?.toMany[relationship.name] ?? [:] where targets.contains(object.id) {
                candidates.insert(id)
            }
            for slot in toMany.keys where slot.object.hierarchy == hierarchy && slot.key == relationship.name {
                candidates.insert(slot.object.id)
            }
        } else {
            for (id, target) in table?.toOne[relationship.name] ?? [:] where target == object.id {
                candidates.insert(id)
            }
            for slot in toOne.keys where slot.object.hierarchy == hierarchy && slot.key == relationship.name {
                candidates.insert(slot.object.id)
            }
        }
        for id in inserted.keys where id.hierarchy == hierarchy { candidates.insert(id.id) }
        return candidates.sorted().compactMap { id in
            let source = ObjectID(hierarchy: hierarchy, id: id)
            guard let number = entityNumber(of: source), layout.isKind(number, of: entity),
                targets(source, relationship).contains(object.id)
            else { return nil }
            return source
        }
    }
}
