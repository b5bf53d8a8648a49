import Evaluation
import KeyPaths
import Predicates

extension ObjectGraph {
    /// Applies a change set, all or nothing, and returns the *applied* change set: what really
    /// changed, which is what ``ChangeMatcher`` takes.
    ///
    /// ```swift
    /// // Content 2 moves from Bucket 1 to Bucket 2:
    /// let applied = try graph.apply(ChangeSet(["Content": EntityChanges(updated: [
    ///     UpdatedObject(id: 2, relationships: ["bucket": .toOne(old: 1, new: 2)])])]))
    /// // applied also lists Bucket 1 (contents removed [2]) and Bucket 2 (contents added [2]).
    /// ```
    ///
    /// First the whole change set is checked against the graph as it is: entities, keys and
    /// objects exist, no ID is reused and no object is listed twice, values fit their attribute
    /// types, relationships get the right shape (to-one: an ID or `null`; to-many: a list),
    /// references point at objects that exist afterwards, and every old value (`old`,
    /// `removed`, and `added` not yet present) matches the graph. Then the changes are worked
    /// out beside the graph — inserts, then updates, then deletes — maintaining inverses, and
    /// every value the change set states must hold at the end (an inserted object's
    /// relationships, an update's `new` and `added`): two changes that contradict each other
    /// through an inverse are a `conflict`. Only then is the graph changed. Any problem throws
    /// ``GraphErrors`` listing every problem found, and the graph is unchanged.
    ///
    /// Deleting an object empties its relationships on both sides (Core Data's "nullify") and
    /// clears references to it through relationships without an inverse.
    ///
    /// The applied change set lists each object under its concrete entity; inserted objects with
    /// all their values; updated objects with only the values that differ from before
    /// (relationships on both sides, including those emptied by deletions); deleted IDs.
    @discardableResult
    public mutating func apply(_ changes: ChangeSet) throws(GraphErrors) -> ChangeSet {
        let (applied, writes) = try Self.prepare(changes, on: self)
        commit(writes)
        return applied
    }

    /// Validates and works out `changes` without touching `graph`. Static, so that no copy of
    /// the graph outlives it and the commit that follows changes the tables in place.
    private static func prepare(_ changes: ChangeSet, on graph: ObjectGraph) throws(GraphErrors) -> (
        ChangeSet, PendingWrites
    ) {
        var planner = ChangePlanner(graph: graph)
        let plan = planner.plan(changes)
        guard planner.errors.isEmpty else { throw GraphErrors(planner.errors) }
        var transaction = ChangeTransaction(graph: graph)
        transaction.execute(plan)
        let conflicts = transaction.conflicts(with: plan)
        guard conflicts.isEmpty else { throw GraphErrors(conflicts) }
        return (transaction.appliedChanges(), transaction.pendingWrites)
    }

    private mutating func commit(_ writes: PendingWrites) {
        for (object, entity) in writes.inserted {
            tables[object.hierarchy, default: HierarchyTable()].entities[object.id] = entity
        }
        for (slot, value) in writes.attributes {
            tables[slot.object.hierarchy, default: HierarchyTable()].set(
                attribute: slot.key, of: slot.object.id, to: value)
        }
        for (slot, target) in writes.toOne {
            tables[slot.object.hierarchy, default: HierarchyTable()].set(
                toOne: slot.key, of: slot.object.id, to: target)
        }
        for (slot, targets) in writes.toMany {
            tables[slot.object.hierarchy, default: HierarchyTable()].set(
                toMany: slot.key, of: slot.object.id, to: targets)
        }
        for object in writes.deleted {
            tables[object.hierarchy]?.remove(object.id)
        }
    }
}

/// The writes of a worked-out change set, detached from the graph they apply to.
struct PendingWrites {
    var inserted: [ObjectID: Int]
    var deleted: [ObjectID]
    var attributes: [ChangeTransaction.Slot: PredicateValue]
    var toOne: [ChangeTransaction.Slot: Int?]
    var toMany: [ChangeTransaction.Slot: Set<Int>]
}

extension ChangeTransaction {
    /// Runs a validated plan: inserts, then updates, then deletes.
    mutating func execute(_ plan: ChangePlan) {
        for insert in plan.inserts {
            inserted[insert.object] = insert.entity
            insertionOrder.append(insert.object)
            for (key, value) in insert.attributes { attributes[Slot(object: insert.object, key: key)] = value }
        }
        for insert in plan.inserts {
            for (write, target) in insert.toOne {
                if let target { connect(insert.object, write.relationship, write.inverse, target) }
            }
            for (write, targets) in insert.toMany {
                for target in targets { connect(insert.object, write.relationship, write.inverse, target) }
            }
        }
        for update in plan.updates {
            for (key, value) in update.attributes { attributes[Slot(object: update.object, key: key)] = value }
            for (write, target) in update.toOne {
                if let target {
                    connect(update.object, write.relationship, write.inverse, target)
                } else if let current = currentToOne(update.object, write.relationship.name) {
                    let hierarchy =
                        layout.hierarchy(of: write.relationship.destination) ?? write.relationship.destination
                    disconnect(
                        update.object, write.relationship, write.inverse, ObjectID(hierarchy: hierarchy, id: current))
                }
            }
            for (write, added, removed) in update.toMany {
                for target in removed { disconnect(update.object, write.relationship, write.inverse, target) }
                for target in added { connect(update.object, write.relationship, write.inverse, target) }
            }
        }
        for (object, entity) in plan.deletes { delete(object, entity: entity) }
    }

    /// The values the change set states that do not hold once every change is worked out.
    func conflicts(with plan: ChangePlan) -> [GraphError] {
        var errors: [GraphError] = []
        func conflict(_ object: ObjectID, _ entity: Int, _ key: String, _ message: String) {
            errors.append(
                GraphError(
                    .conflict, entity: layout.names[entity], id: object.id, key: key,
                    message: message + "; another change in the set moves it through the inverse relationship"))
        }
        func show(_ ids: some Sequence<Int>) -> String {
            "[" + ids.sorted().map(String.init).joined(separator: ", ") + "]"
        }
        for insert in plan.inserts {
            for (write, target) in insert.toOne where currentToOne(insert.object, write.relationship.name) != target?.id
            {
                let actual = currentToOne(insert.object, write.relationship.name).map(String.init) ?? "null"
                conflict(
                    insert.object, insert.entity, write.relationship.name,
                    "written as \(target.map { String($0.id) } ?? "null") but ends up \(actual)")
            }
            for (write, targets) in insert.toMany {
                let actual = currentToMany(insert.object, write.relationship.name)
                if actual != Set(targets.map(\.id)) {
                    conflict(
                        insert.object, insert.entity, write.relationship.name,
                        "written as \(show(targets.map(\.id))) but ends up \(show(actual))")
                }
            }
        }
        for update in plan.updates {
            for (write, target) in update.toOne where currentToOne(update.object, write.relationship.name) != target?.id
            {
                let actual = currentToOne(update.object, write.relationship.name).map(String.init) ?? "null"
                conflict(
                    update.object, update.entity, write.relationship.name,
                    "the new destination is written as \(target.map { String($0.id) } ?? "null") but ends up \(actual)")
            }
            for (write, added, removed) in update.toMany {
                let actual = currentToMany(update.object, write.relationship.name)
                let missing = added.map(\.id).filter { !actual.contains($0) }
                let kept = removed.map(\.id).filter { actual.contains($0) }
                if !missing.isEmpty || !kept.isEmpty {
                    conflict(
                        update.object, update.entity, write.relationship.name,
                        "ends up \(show(actual)) although the change adds \(show(added.map(\.id))) and removes \(show(removed.map(\.id)))"
                    )
                }
            }
        }
        return errors
    }

    var pendingWrites: PendingWrites {
        PendingWrites(
            inserted: inserted, deleted: Array(deleted.keys), attributes: attributes, toOne: toOne, toMany: toMany)
    }
}
