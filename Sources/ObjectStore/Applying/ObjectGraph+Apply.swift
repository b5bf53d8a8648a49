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
    /// Deleting an object applies the delete rule of each of its relationships
    /// (``RelationshipDescription/DeleteRule``) to the relationships as the inserts and updates
    /// left them: Cascade deletes the destinations too (transitively, each object once); Deny
    /// refuses the whole change set while a destination that the change set does not delete
    /// remains (a `deleteDenied` error naming the object, the relationship and a destination);
    /// Nullify and No Action keep the destinations. A deleted object's relationships are then
    /// emptied on both sides, and references to it through relationships without an inverse
    /// are cleared. A Cascade rule may not delete an object the change set inserts or updates,
    /// or one that a value it writes names (a `conflict` and an `unknownObject` error).
    ///
    /// The applied change set lists each object under its concrete entity; inserted objects with
    /// all their values; updated objects with only the values that differ from before
    /// (relationships on both sides, including those emptied by deletions); deleted IDs, those
    /// a Cascade rule deleted included.
    @discardableResult
    public mutating func apply(_ changes: ChangeSet) throws(GraphErrors) -> ChangeSet {
        let (applied, writes) = try Self.prepare(changes, on: self, reporting: true)
        commit(writes)
        return applied ?? ChangeSet()
    }

    /// ``apply(_:)``, also returning the rows that the deleted objects of hierarchy index
    /// `hierarchy` had, those a Cascade rule deleted included. Rows are never reused, so a live
    /// result can still find the rows it listed once they are tombstones.
    mutating func apply(_ changes: ChangeSet, deletedRowsIn hierarchy: Int) throws(GraphErrors) -> (
        applied: ChangeSet, deletedRows: [ObjectKey: Int32]
    ) {
        let (applied, writes) = try Self.prepare(changes, on: self, reporting: true)
        var rows: [ObjectKey: Int32] = [:]
        let name = layout.names[layout.hierarchies[hierarchy]]
        for object in writes.deleted where object.hierarchy == name {
            if let row = storage.tables[hierarchy].rows[object.id] { rows[object.id] = row }
        }
        commit(writes)
        return (applied ?? ChangeSet(), rows)
    }

    /// A graph holding the objects listed by entity (what a graph file lists), checked exactly
    /// as ``apply(_:)`` checks inserts, without working out the applied change set.
    ///
    /// ```swift
    /// let graph = try ObjectGraph(schema: schema, objects: ["Bucket": [InsertedObject(id: 1, values: ["name": "Inbox"])]])
    /// ```
    ///
    /// The objects are written straight into the tables when they load without a problem
    /// (`BulkGraphBuilder`, linear time); otherwise they go through the change-set path, whose
    /// errors are thrown. Either way the graph (or the errors) are those of inserting every
    /// object with ``apply(_:)``.
    public init(schema: Schema, objects: [String: [InsertedObject]]) throws(GraphErrors) {
        if let graph = Self.bulkLoaded(schema: schema, objects: objects) {
            self = graph
        } else {
            try self.init(changeSetLoading: schema, objects: objects)
        }
    }

    /// ``init(schema:objects:)`` through the change-set path alone: the reference the bulk
    /// path is tested against, and the path that words the errors of a graph file.
    package init(changeSetLoading schema: Schema, objects: [String: [InsertedObject]]) throws(GraphErrors) {
        self.init(schema: schema)
        let (_, writes) = try Self.prepare(
            ChangeSet(objects.mapValues { EntityChanges(inserted: $0) }), on: self, reporting: false)
        commit(writes)
    }

    /// Validates and works out `changes` without touching `graph`, and the applied change set
    /// when `reporting`. Static, so that no copy of the graph outlives it and the commit that
    /// follows changes the tables in place.
    private static func prepare(_ changes: ChangeSet, on graph: ObjectGraph, reporting: Bool) throws(GraphErrors)
        -> (ChangeSet?, PendingWrites)
    {
        var planner = ChangePlanner(graph: graph)
        let plan = planner.plan(changes)
        guard planner.errors.isEmpty else { throw GraphErrors(planner.errors) }
        var transaction = ChangeTransaction(graph: graph)
        transaction.execute(plan)
        if !plan.deletes.isEmpty {
            // The delete rules see the objects as the inserts and updates left them.
            let propagation = DeletePropagation(
                deleting: plan.deletes.map(\.0), schema: graph.schema, reading: transaction)
            let problems = propagation.problems(with: plan)
            guard problems.isEmpty else { throw GraphErrors(problems) }
            transaction.delete(
                propagation.deletions.compactMap { deletion in
                    graph.layout.numbers[deletion.entity].map { (deletion.object, $0) }
                })
        }
        let conflicts = transaction.conflicts(with: plan)
        guard conflicts.isEmpty else { throw GraphErrors(conflicts) }
        return (reporting ? transaction.appliedChanges() : nil, transaction.pendingWrites)
    }

    /// Writes a worked-out change into the tables: new rows first, then values (relationship
    /// destinations turned into rows), then tombstones for deleted objects. Unordered to-many
    /// relationships are stored sorted by key, ordered ones in their order.
    private mutating func commit(_ writes: PendingWrites) {
        let layout = self.layout
        var additions = [Int](repeating: 0, count: layout.hierarchies.count)
        for object in writes.inserted.keys {
            if let index = layout.hierarchyIndex[object.hierarchy] { additions[index] += 1 }
        }
        for (index, count) in additions.enumerated() where count > 0 { tables[index].reserve(count) }
        for (object, entity) in writes.insertionOrder {
            guard let index = layout.hierarchyIndex[object.hierarchy] else { continue }
            _ = tables[index].append(object.id, entity: entity)
        }
        func locate(_ object: ObjectID) -> (Int, Int)? {
            guard let index = layout.hierarchyIndex[object.hierarchy],
                let row = storage.tables[index].rows[object.id]
            else { return nil }
            return (index, Int(row))
        }
        for (slot, value) in writes.attributes {
            guard let (index, row) = locate(slot.object), let column = layout.attributeColumns[index][slot.key] else {
                continue
            }
            tables[index].attributes[column][row] = value
        }
        for (slot, target) in writes.toOne {
            guard let (index, row) = locate(slot.object), let column = layout.toOneColumns[index][slot.key] else {
                continue
            }
            let destination = layout.toOneDestinations[index][column]
            let targetRow = target.flatMap { storage.tables[destination].rows[$0] } ?? -1
            tables[index].toOne[column][row] = targetRow
        }
        for (slot, targets) in writes.toMany {
            guard let (index, row) = locate(slot.object), let column = layout.toManyColumns[index][slot.key] else {
                continue
            }
            // Made before the write, so that no copy of a table is alive while one is changed.
            let rows = targets.rows(in: storage.tables[layout.toManyDestinations[index][column].hierarchy])
            tables[index].toMany[column][row] = rows
        }
        for object in writes.deleted {
            guard let index = layout.hierarchyIndex[object.hierarchy] else { continue }
            tables[index].remove(object.id)
        }
    }
}

/// The writes of a worked-out change set, detached from the graph they apply to.
struct PendingWrites {
    var inserted: [ObjectID: Int]
    /// The inserted objects with their entity numbers, in the order given.
    var insertionOrder: [(ObjectID, Int)]
    var deleted: [ObjectID]
    var attributes: [ChangeTransaction.Slot: PredicateValue]
    var toOne: [ChangeTransaction.Slot: ObjectKey?]
    var toMany: [ChangeTransaction.Slot: PendingToMany]
}

extension ChangeTransaction {
    /// Runs the inserts, then the updates, of a validated plan. The deletions come after, once
    /// the delete rules have been worked out (``DeletePropagation``).
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
        // An ordered list an inserted object states keeps the stated order, whichever side of
        // the relationship was connected first.
        for insert in plan.inserts {
            for (write, targets) in insert.toMany where write.relationship.isOrdered {
                toMany[Slot(object: insert.object, key: write.relationship.name)]?.order(as: targets.map(\.id))
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
        func show(_ ids: some Sequence<ObjectKey>) -> String {
            "[" + ids.sorted().map(\.description).joined(separator: ", ") + "]"
        }
        for insert in plan.inserts {
            for (write, target) in insert.toOne where currentToOne(insert.object, write.relationship.name) != target?.id
            {
                let actual = currentToOne(insert.object, write.relationship.name).map(\.description) ?? "null"
                conflict(
                    insert.object, insert.entity, write.relationship.name,
                    "written as \(target.map(\.id.description) ?? "null") but ends up \(actual)")
            }
            for (write, targets) in insert.toMany {
                let actual = currentToMany(insert.object, write.relationship.name)
                if Set(actual) != Set(targets.map(\.id)) {
                    conflict(
                        insert.object, insert.entity, write.relationship.name,
                        "written as \(show(targets.map(\.id))) but ends up \(show(actual))")
                }
            }
        }
        for update in plan.updates {
            for (write, target) in update.toOne where currentToOne(update.object, write.relationship.name) != target?.id
            {
                let actual = currentToOne(update.object, write.relationship.name).map(\.description) ?? "null"
                conflict(
                    update.object, update.entity, write.relationship.name,
                    "the new destination is written as \(target.map(\.id.description) ?? "null") but ends up \(actual)")
            }
            for (write, added, removed) in update.toMany {
                let key = write.relationship.name
                let missing = added.contains { !holds(update.object, key, $0.id) }
                let kept = removed.contains { holds(update.object, key, $0.id) }
                if missing || kept {
                    let actual = currentToMany(update.object, key)
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
            inserted: inserted,
            insertionOrder: insertionOrder.compactMap { object in inserted[object].map { (object, $0) } },
            deleted: Array(deleted.keys), attributes: attributes, toOne: toOne, toMany: toMany)
    }
}
