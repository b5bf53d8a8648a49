import KeyPaths
import Predicates

/// What the delete rules read from a store while a change set is worked out: its objects and
/// relationships as the change stands (inserts and updates done, nothing deleted yet).
///
/// The object graph answers from its pending transaction (``ChangeTransaction``); a store kept
/// in a database can answer with queries and reuse ``DeletePropagation`` as it is.
protocol DeletionReading {
    /// The concrete entity of `object` as the change stands; `nil` when there is no such object.
    func entityName(of object: ObjectID) -> String?
    /// The destinations of `relationship` (declared on `object`'s entity or an ancestor) as the
    /// change stands.
    func destinations(of object: ObjectID, through relationship: RelationshipDescription) -> [ObjectID]
}

/// The delete rules of a change set's deletions, worked out before anything is deleted:
/// every object to delete (those the change set lists, then those the Cascade rules reach,
/// transitively, each once however many paths reach it) and the deletions a Deny rule refuses.
///
/// - Cascade: the destinations are deleted too. Cycles and diamonds are safe: an object is
///   deleted once, the first time it is reached (breadth first, destinations in key order).
/// - Deny: refused while a destination survives the change set; a destination that the change
///   set deletes too (listed or cascaded) does not count.
/// - Nullify and No Action: nothing here; the deletion empties the relationship on both sides
///   (an in-memory graph cannot keep a reference to an object it no longer has).
///
/// Only the ``RelationshipDescription/deleteRule`` of each relationship and what the
/// ``DeletionReading`` store answers are read; the rules never touch a store's storage.
struct DeletePropagation {
    /// The Cascade rule that reached an object: deleting `object` (of `entity`) deletes the
    /// destinations of its `relationship`.
    struct Cause: Hashable {
        var object: ObjectID
        var entity: String
        var relationship: String
    }

    /// One object to delete, with its concrete entity; `cause` is `nil` for an object the
    /// change set lists.
    struct Deletion {
        var object: ObjectID
        var entity: String
        var cause: Cause?
    }

    /// A deletion that a Deny rule refuses: `relationship` of `object` still holds
    /// `destination` (the first survivor in key order) and `others` more.
    struct Refusal {
        var deletion: Deletion
        var relationship: String
        var destination: ObjectID
        var destinationEntity: String
        var others: Int
    }

    /// Every object to delete, in the order found.
    private(set) var deletions: [Deletion] = []
    /// The refused deletions, in the order of ``deletions`` then of the relationships.
    private(set) var refusals: [Refusal] = []
    /// The position of each object in ``deletions``.
    private var positions: [ObjectID: Int] = [:]
    /// Each entity's relationships with a Cascade or Deny rule, looked up once.
    private var ruled: [String: [RelationshipDescription]] = [:]

    /// Works out the deletions of `listed` (the objects the change set deletes, each existing)
    /// under the delete rules of `schema`, reading the objects from `store`.
    init(deleting listed: [ObjectID], schema: Schema, reading store: some DeletionReading) {
        for object in listed where positions[object] == nil {
            guard let entity = store.entityName(of: object) else { continue }
            add(Deletion(object: object, entity: entity))
        }
        let anyRule = schema.entities.contains { entity in
            entity.relationships.contains { $0.deleteRule == .cascade || $0.deleteRule == .deny }
        }
        guard anyRule, !deletions.isEmpty else { return }
        var next = 0
        while next < deletions.count {
            let deletion = deletions[next]
            next += 1
            for relationship in rules(of: deletion.entity, schema) where relationship.deleteRule == .cascade {
                let cause = Cause(object: deletion.object, entity: deletion.entity, relationship: relationship.name)
                for target in store.destinations(of: deletion.object, through: relationship).sorted()
                where positions[target] == nil {
                    guard let entity = store.entityName(of: target) else { continue }
                    add(Deletion(object: target, entity: entity, cause: cause))
                }
            }
        }
        for deletion in deletions {
            for relationship in rules(of: deletion.entity, schema) where relationship.deleteRule == .deny {
                let survivors = store.destinations(of: deletion.object, through: relationship)
                    .filter { positions[$0] == nil }.sorted()
                guard let first = survivors.first else { continue }
                refusals.append(
                    Refusal(
                        deletion: deletion, relationship: relationship.name, destination: first,
                        destinationEntity: store.entityName(of: first) ?? relationship.destination,
                        others: survivors.count - 1))
            }
        }
    }

    /// Whether the change set deletes `object`, listed or cascaded.
    func deletes(_ object: ObjectID) -> Bool { positions[object] != nil }

    /// The Cascade rule that deletes `object`, when a Cascade rule (and not the change set's
    /// own list) does.
    func cause(of object: ObjectID) -> Cause? {
        positions[object].flatMap { deletions[$0].cause }
    }

    private mutating func add(_ deletion: Deletion) {
        positions[deletion.object] = deletions.count
        deletions.append(deletion)
    }

    private mutating func rules(of entity: String, _ schema: Schema) -> [RelationshipDescription] {
        if let known = ruled[entity] { return known }
        let found = schema.allRelationships(of: entity).filter { $0.deleteRule == .cascade || $0.deleteRule == .deny }
        ruled[entity] = found
        return found
    }
}

extension DeletePropagation {
    /// Why the change set cannot be applied as its delete rules stand, in a stable order:
    ///
    /// - each Deny refusal: `User 1, 'buckets': cannot delete User 1 while 'buckets' (delete
    ///   rule Deny) holds Bucket 3 and 1 more`;
    /// - an object the change set inserts or updates and a Cascade rule deletes:
    ///   `Content 9: the change set inserts it, but the Cascade rule of User 1, 'contents'
    ///   deletes it`;
    /// - a value the change set writes that names an object a Cascade rule deletes (as a
    ///   reference to a listed deletion is refused while planning): `Content 9, 'bucket':
    ///   Bucket 3 is deleted by this change set (the Cascade rule of User 1, 'buckets')`.
    func problems(with plan: ChangePlan) -> [GraphError] {
        var errors: [GraphError] = refusals.map { refusal in
            let deletion = refusal.deletion
            var message =
                "cannot delete \(deletion.entity) \(deletion.object.id) while '\(refusal.relationship)' "
                + "(delete rule Deny) holds \(refusal.destinationEntity) \(refusal.destination.id)"
            if refusal.others > 0 { message += " and \(refusal.others) more" }
            if let cause = deletion.cause { message += "; \(describe(cause)) deletes it" }
            return GraphError(
                .deleteDenied, entity: deletion.entity, id: deletion.object.id, key: refusal.relationship,
                message: message)
        }
        guard deletions.contains(where: { $0.cause != nil }) else { return errors }
        func cascaded(_ object: ObjectID, _ verb: String) -> Bool {
            guard let position = positions[object], let cause = deletions[position].cause else { return false }
            errors.append(
                GraphError(
                    .conflict, entity: deletions[position].entity, id: object.id,
                    message: "the change set \(verb) it, but \(describe(cause)) deletes it"))
            return true
        }
        func referenced(_ target: ObjectID, from entity: String, _ source: ObjectID, key: String) {
            guard let position = positions[target], let cause = deletions[position].cause else { return }
            errors.append(
                GraphError(
                    .unknownObject, entity: entity, id: source.id, key: key,
                    message: "\(deletions[position].entity) \(target.id) is deleted by this change set "
                        + "(\(describe(cause)))"))
        }
        for insert in plan.inserts where !cascaded(insert.object, "inserts") {
            let entity = insert.name
            for case let (write, target?) in insert.toOne {
                referenced(target, from: entity, insert.object, key: write.relationship.name)
            }
            for (write, targets) in insert.toMany {
                for target in targets { referenced(target, from: entity, insert.object, key: write.relationship.name) }
            }
        }
        for update in plan.updates where !cascaded(update.object, "updates") {
            let entity = update.name
            for case let (write, target?) in update.toOne {
                referenced(target, from: entity, update.object, key: write.relationship.name)
            }
            for (write, added, _) in update.toMany {
                for target in added { referenced(target, from: entity, update.object, key: write.relationship.name) }
            }
        }
        return errors
    }

    /// `the Cascade rule of User 1, 'buckets'`.
    private func describe(_ cause: Cause) -> String {
        "the Cascade rule of \(cause.entity) \(cause.object.id), '\(cause.relationship)'"
    }
}
