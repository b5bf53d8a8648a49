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
    var toOne: [Slot: ObjectKey?] = [:]
    /// New to-many destinations.
    var toMany: [Slot: PendingToMany] = [:]

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

    func currentToOne(_ object: ObjectID, _ key: String) -> ObjectKey? {
        if let pending = toOne[Slot(object: object, key: key)] { return pending }
        return baseToOne(object, key)
    }

    /// Whether `object.key` holds `target` as the change stands.
    func holds(_ object: ObjectID, _ key: String, _ target: ObjectKey) -> Bool {
        if let pending = toMany[Slot(object: object, key: key)] {
            return pending.contains(target, in: graph.storage.tables[pending.destination])
        }
        return baseHolds(object, key, target)
    }

    /// The destinations of `object.key` as the change stands, in order.
    func currentToMany(_ object: ObjectID, _ key: String) -> [ObjectKey] {
        if let pending = toMany[Slot(object: object, key: key)] {
            return pending.keys(in: graph.storage.tables[pending.destination])
        }
        return baseToMany(object, key)
    }

    /// The row of `object` in the graph before the change, with its hierarchy index.
    private func baseRow(_ object: ObjectID) -> (index: Int, row: Int)? {
        guard let index = layout.hierarchyIndex[object.hierarchy],
            let row = graph.storage.tables[index].rows[object.id]
        else { return nil }
        return (index, Int(row))
    }

    func baseAttribute(_ object: ObjectID, _ key: String) -> PredicateValue {
        guard let (index, row) = baseRow(object), let column = layout.attributeColumns[index][key] else { return .null }
        return graph.storage.tables[index].attributes[column][row]
    }

    func baseToOne(_ object: ObjectID, _ key: String) -> ObjectKey? {
        guard let (index, row) = baseRow(object), let column = layout.toOneColumns[index][key] else { return nil }
        let target = graph.storage.tables[index].toOne[column][row]
        guard target >= 0 else { return nil }
        return graph.storage.tables[layout.toOneDestinations[index][column]].keys[Int(target)]
    }

    func baseToMany(_ object: ObjectID, _ key: String) -> [ObjectKey] {
        guard let (index, row) = baseRow(object), let column = layout.toManyColumns[index][key] else { return [] }
        let destination = graph.storage.tables[layout.toManyDestinations[index][column].hierarchy]
        return graph.storage.tables[index].toMany[column][row].map { destination.keys[Int($0)] }
    }

    /// Whether `object.key` held `target` before the change (a binary search in an unordered
    /// list, which is stored sorted by key).
    func baseHolds(_ object: ObjectID, _ key: String, _ target: ObjectKey) -> Bool {
        guard let (index, row) = baseRow(object), let column = layout.toManyColumns[index][key] else { return false }
        let (hierarchy, ordered) = layout.toManyDestinations[index][column]
        let destination = graph.storage.tables[hierarchy]
        guard let targetRow = destination.rows[target] else { return false }
        return PendingToMany.list(
            graph.storage.tables[index].toMany[column][row], isOrdered: ordered, contains: targetRow,
            keys: destination.keys)
    }

    /// A pending to-many list for `object.key`, starting from the stored one.
    private func startToMany(_ object: ObjectID, _ relationship: RelationshipDescription) -> PendingToMany? {
        guard let destination = layout.hierarchyIndex(of: relationship.destination) else { return nil }
        guard let (index, row) = baseRow(object), let column = layout.toManyColumns[index][relationship.name] else {
            return PendingToMany(base: [], destination: destination, isOrdered: relationship.isOrdered)
        }
        return PendingToMany(
            base: graph.storage.tables[index].toMany[column][row], destination: destination,
            isOrdered: layout.toManyDestinations[index][column].ordered)
    }

    /// The destinations of relationship `relationship` of `object`, as the change stands.
    func targets(_ object: ObjectID, _ relationship: RelationshipDescription) -> [ObjectKey] {
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
            if holds(object, relationship.name, target.id) { return }
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

    /// Adds `id` at the end of a to-many relationship (or sets a to-one). The pending list is
    /// changed in place: adding to a long relationship costs O(1), not a copy of it.
    private mutating func add(_ id: ObjectKey, to object: ObjectID, _ relationship: RelationshipDescription) {
        let slot = Slot(object: object, key: relationship.name)
        if relationship.isToMany {
            if toMany[slot] == nil { toMany[slot] = startToMany(object, relationship) }
            guard let destination = toMany[slot]?.destination else { return }
            toMany[slot]?.append(id, in: graph.storage.tables[destination])
        } else {
            toOne[slot] = .some(id)
        }
    }

    private mutating func remove(_ id: ObjectKey, from object: ObjectID, _ relationship: RelationshipDescription) {
        let slot = Slot(object: object, key: relationship.name)
        if relationship.isToMany {
            guard holds(object, relationship.name, id) else { return }
            if toMany[slot] == nil { toMany[slot] = startToMany(object, relationship) }
            guard let destination = toMany[slot]?.destination else { return }
            toMany[slot]?.remove(id, in: graph.storage.tables[destination])
        } else if currentToOne(object, relationship.name) == id {
            toOne[slot] = .some(nil)
        }
    }

    // MARK: Deleting

    /// Deletes `objects` (each with its entity number, each once): every relationship each one
    /// holds is emptied on both sides, then references to them through relationships without
    /// an inverse are cleared, one scan per such relationship for all of them.
    mutating func delete(_ objects: [(ObjectID, Int)]) {
        for (object, entity) in objects {
            for property in layout.properties(of: entity) {
                guard case .relationship(let relationship) = property,
                    let hierarchy = layout.hierarchy(of: relationship.destination)
                else { continue }
                let inverse = layout.relationship(relationship.name, of: entity)?.1
                for id in targets(object, relationship).sorted() {
                    disconnect(object, relationship, inverse, ObjectID(hierarchy: hierarchy, id: id))
                }
            }
            deleted[object] = entity
        }
        var byHierarchy: [String: Set<ObjectKey>] = [:]
        for (object, _) in objects { byHierarchy[object.hierarchy, default: []].insert(object.id) }
        for (sourceEntity, relationship) in incomingWithoutInverse(to: Set(byHierarchy.keys)) {
            guard let hierarchy = layout.hierarchy(of: relationship.destination),
                let gone = byHierarchy[hierarchy]
            else { continue }
            for source in referrers(of: gone, through: relationship, declaredBy: sourceEntity) {
                for id in targets(source, relationship).filter(gone.contains) { remove(id, from: source, relationship) }
            }
        }
    }

    /// The relationships without an inverse whose destination is of one of `hierarchies`.
    private func incomingWithoutInverse(to hierarchies: Set<String>) -> [(Int, RelationshipDescription)] {
        var result: [(Int, RelationshipDescription)] = []
        for entity in graph.schema.entities {
            guard let number = layout.numbers[entity.name] else { continue }
            for relationship in entity.relationships where relationship.inverse == nil {
                guard let hierarchy = layout.hierarchy(of: relationship.destination), hierarchies.contains(hierarchy)
                else { continue }
                result.append((number, relationship))
            }
        }
        return result
    }

    /// The live objects of `entity`'s kind whose `relationship` points at one of `targets` as
    /// the change stands, in key order. Scans the column once (relationships without an
    /// inverse cannot be followed backwards), then the pending writes and inserted objects.
    private func referrers(
        of targets: Set<ObjectKey>, through relationship: RelationshipDescription, declaredBy entity: Int
    )
        -> [ObjectID]
    {
        let index = layout.hierarchyOf[entity]
        let hierarchy = layout.names[layout.hierarchies[index]]
        let table = graph.storage.tables[index]
        var candidates: Set<ObjectKey> = []
        for key in table.rows.keys {
            let source = ObjectID(hierarchy: hierarchy, id: key)
            let holds: Bool
            if !relationship.isToMany {
                holds = baseToOne(source, relationship.name).map(targets.contains) ?? false
            } else if targets.count <= 8 {
                // A few targets: a binary search each in the stored list, nothing copied.
                holds = targets.contains { baseHolds(source, relationship.name, $0) }
            } else {
                holds = baseToMany(source, relationship.name).contains(where: targets.contains)
            }
            if holds { candidates.insert(key) }
        }
        for slot in toMany.keys where slot.object.hierarchy == hierarchy && slot.key == relationship.name {
            candidates.insert(slot.object.id)
        }
        for slot in toOne.keys where slot.object.hierarchy == hierarchy && slot.key == relationship.name {
            candidates.insert(slot.object.id)
        }
        for id in inserted.keys where id.hierarchy == hierarchy { candidates.insert(id.id) }
        return candidates.sorted().compactMap { id in
            let source = ObjectID(hierarchy: hierarchy, id: id)
            guard let number = entityNumber(of: source), layout.isKind(number, of: entity),
                self.targets(source, relationship).contains(where: targets.contains)
            else { return nil }
            return source
        }
    }
}

extension ChangeTransaction: DeletionReading {
    func entityName(of object: ObjectID) -> String? {
        entityNumber(of: object).map { layout.names[$0] }
    }

    func destinations(of object: ObjectID, through relationship: RelationshipDescription) -> [ObjectID] {
        guard let hierarchy = layout.hierarchy(of: relationship.destination) else { return [] }
        return targets(object, relationship).map { ObjectID(hierarchy: hierarchy, id: $0) }
    }
}
