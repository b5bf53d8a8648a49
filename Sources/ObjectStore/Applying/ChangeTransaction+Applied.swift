import Evaluation
import KeyPaths
import Predicates

extension ChangeTransaction {
    /// What the worked-out change really does, as a change set: inserted objects with all their
    /// values, deleted IDs, and for every other object whose values differ from before, the
    /// new attribute values and the relationship changes (both sides of each relationship,
    /// including relationships emptied by deletions). Each object is listed under its concrete
    /// entity, lists are sorted by ID, and nothing is listed that did not change.
    func appliedChanges() -> ChangeSet {
        var result = ChangeSet()
        for object in insertionOrder {
            guard let entity = inserted[object] else { continue }
            result[layout.names[entity]].inserted.append(
                InsertedObject(id: object.id, values: finalValues(of: object, entity: entity)))
        }
        for (object, entity) in deleted {
            result[layout.names[entity]].deleted.append(object.id)
        }
        var updates: [ObjectID: UpdatedObject] = [:]
        func touch(_ object: ObjectID) -> Bool {
            inserted[object] == nil && deleted[object] == nil && graph.entityNumber(of: object) != nil
        }
        for (slot, value) in attributes where touch(slot.object) && value != baseAttribute(slot.object, slot.key) {
            updates[slot.object, default: UpdatedObject(id: slot.object.id)].attributes[slot.key] = value
        }
        for (slot, target) in toOne where touch(slot.object) {
            let old = baseToOne(slot.object, slot.key)
            guard old != target else { continue }
            updates[slot.object, default: UpdatedObject(id: slot.object.id)].relationships[slot.key] = .toOne(
                old: old, new: target)
        }
        for (slot, targets) in toMany where touch(slot.object) {
            let (added, removed) = targets.netChange(in: graph.storage.tables[targets.destination])
            guard !added.isEmpty || !removed.isEmpty else { continue }
            let change = RelationshipChange.toMany(added: added, removed: removed)
            updates[slot.object, default: UpdatedObject(id: slot.object.id)].relationships[slot.key] = change
        }
        for (object, update) in updates {
            guard let entity = graph.entityNumber(of: object) else { continue }
            result[layout.names[entity]].updated.append(update)
        }
        for name in Array(result.entities.keys) {
            result.entities[name]?.inserted.sort { $0.id < $1.id }
            result.entities[name]?.updated.sort { $0.id < $1.id }
            result.entities[name]?.deleted.sort()
        }
        return result
    }

    /// Every non-empty value of an inserted object: attributes, to-one ids, to-many ids (in
    /// order for an ordered relationship, sorted otherwise).
    private func finalValues(of object: ObjectID, entity: Int) -> [String: PredicateValue] {
        var values: [String: PredicateValue] = [:]
        for property in layout.properties(of: entity) {
            let key = property.name
            switch property {
            case .attribute:
                let value = attribute(object, key)
                if value != .null { values[key] = value }
            case .relationship(let relationship):
                if relationship.isToMany {
                    var targets = currentToMany(object, key)
                    if !relationship.isOrdered { targets.sort() }
                    if !targets.isEmpty { values[key] = .array(targets.map(\.predicateValue)) }
                } else if let target = currentToOne(object, key) {
                    values[key] = target.predicateValue
                }
            }
        }
        return values
    }
}
