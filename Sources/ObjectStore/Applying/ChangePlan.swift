import Evaluation
import KeyPaths
import Predicates

/// A change set checked against a graph, with every name resolved: what ``ChangeTransaction``
/// executes. Building the plan is the validation step of ``ObjectGraph/apply(_:)``.
struct ChangePlan {
    struct RelationshipWrite {
        var relationship: RelationshipDescription
        var inverse: RelationshipDescription?
    }

    struct Insert {
        var object: ObjectID
        var entity: Int
        /// The entity as the change set lists it, for messages.
        var name: String
        var attributes: [(String, PredicateValue)] = []
        var toOne: [(RelationshipWrite, ObjectID?)] = []
        var toMany: [(RelationshipWrite, [ObjectID])] = []
    }

    struct Update {
        var object: ObjectID
        var entity: Int
        /// The entity as the change set lists it (the object's or an ancestor), for messages.
        var name: String
        var attributes: [(String, PredicateValue)] = []
        var toOne: [(RelationshipWrite, ObjectID?)] = []
        var toMany: [(RelationshipWrite, added: [ObjectID], removed: [ObjectID])] = []
    }

    var inserts: [Insert] = []
    var updates: [Update] = []
    var deletes: [(ObjectID, Int)] = []
}

/// Checks a change set against the graph it will change and builds its ``ChangePlan``,
/// collecting every problem: unknown entities, keys and objects, IDs reused, objects listed
/// twice, values of the wrong type or shape, references to missing or deleted objects, and old
/// values that are not the graph's current ones.
struct ChangePlanner {
    let graph: ObjectGraph
    var layout: GraphLayout { graph.layout }
    var errors: [GraphError] = []
    /// Objects the change set inserts or deletes, known before values are checked.
    private var insertedEntities: [ObjectID: Int] = [:]
    private var deletedObjects: Set<ObjectID> = []
    private var listed: Set<ObjectID> = []
    /// Each (entity number, key) looked up once: its property and, for a relationship, its
    /// usable inverse. A change set of a million inserts asks the same few keys again and again.
    private var keyCache: [Int: [String: (PropertyDescription, RelationshipDescription?)]] = [:]

    init(graph: ObjectGraph) {
        self.graph = graph
    }

    mutating func plan(_ changes: ChangeSet) -> ChangePlan {
        var plan = ChangePlan()
        let entries = changes.entities.sorted { $0.key < $1.key }
        var known: [(String, Int, EntityChanges)] = []
        for (name, entityChanges) in entries where !entityChanges.isEmpty {
            guard let number = layout.numbers[name] else {
                let message = Suggestion.unknownEntity(name, among: layout.names).text
                errors.append(GraphError(.unknownEntity, entity: name, message: message))
                continue
            }
            known.append((name, number, entityChanges))
        }
        // First the identities, so that references can be checked in any order.
        for (name, number, entityChanges) in known {
            for object in entityChanges.inserted { registerInsert(object.id, name: name, entity: number) }
            for id in entityChanges.deleted { registerDelete(id, name: name, entity: number, into: &plan) }
        }
        for (name, number, entityChanges) in known {
            for object in entityChanges.updated { registerUpdate(object, name: name, entity: number, into: &plan) }
        }
        for (name, number, entityChanges) in known where !layout.abstract[number] {
            for object in entityChanges.inserted { planInsert(object, name: name, entity: number, into: &plan) }
        }
        return plan
    }

    private func objectID(_ id: ObjectKey, entity number: Int) -> ObjectID {
        ObjectID(hierarchy: layout.names[layout.hierarchyRoots[number]], id: id)
    }

    private mutating func claim(_ object: ObjectID, name: String) -> Bool {
        guard listed.insert(object).inserted else {
            errors.append(
                GraphError(
                    .duplicateObject, entity: name, id: object.id,
                    message: "the object is listed more than once"))
            return false
        }
        return true
    }

    private mutating func registerInsert(_ id: ObjectKey, name: String, entity: Int) {
        if layout.abstract[entity] {
            errors.append(
                GraphError(
                    .abstractEntity, entity: name, id: id,
                    message: "'\(name)' is abstract; insert an object of a sub-entity"))
            return
        }
        let object = objectID(id, entity: entity)
        guard claim(object, name: name) else { return }
        if let existing = graph.entityNumber(of: object) {
            errors.append(
                GraphError(
                    .duplicateObject, entity: name, id: id,
                    message: "id \(id) is already used by \(layout.names[existing]) \(id)"))
            return
        }
        if let twin = id.textTwin {
            let other = objectID(twin, entity: entity)
            if let existing = graph.entityNumber(of: other) ?? insertedEntities[other] {
                errors.append(Self.twinError(id, twin, name: name, other: layout.names[existing]))
                return
            }
        }
        insertedEntities[object] = entity
    }

    /// `Tag "1": the ids "1" and 1 (Tag 1) …`: one hierarchy may not hold an integer id and
    /// its decimal text, which a database with text keys stores as one key.
    private static func twinError(_ id: ObjectKey, _ twin: ObjectKey, name: String, other: String) -> GraphError {
        let text: String
        switch id {
        case .int(let int): text = String(int)
        case .string(let string): text = string
        }
        return GraphError(
            .duplicateObject, entity: name, id: id,
            message: "the ids \(id) (\(name) \(id)) and \(twin) (\(other) \(twin)) are one key in a database, where "
                + "both are stored as the text \"\(text)\"; give one of them another id")
    }

    private mutating func existing(_ id: ObjectKey, name: String, entity: Int) -> (ObjectID, Int)? {
        let object = objectID(id, entity: entity)
        guard let concrete = graph.entityNumber(of: object), layout.isKind(concrete, of: entity) else {
            errors.append(GraphError(.unknownObject, entity: name, id: id, message: "no \(name) with id \(id)"))
            return nil
        }
        return (object, concrete)
    }

    private mutating func registerDelete(_ id: ObjectKey, name: String, entity: Int, into plan: inout ChangePlan) {
        guard let (object, concrete) = existing(id, name: name, entity: entity), claim(object, name: name) else {
            return
        }
        deletedObjects.insert(object)
        plan.deletes.append((object, concrete))
    }

    private mutating func registerUpdate(
        _ update: UpdatedObject, name: String, entity: Int, into plan: inout ChangePlan
    ) {
        guard let (object, concrete) = existing(update.id, name: name, entity: entity), claim(object, name: name) else {
            return
        }
        var planned = ChangePlan.Update(object: object, entity: concrete, name: name)
        for (key, value) in update.attributes.sorted(by: { $0.key < $1.key }) {
            guard let property = property(key, of: concrete, name: name, id: update.id) else { continue }
            guard case .attribute(let attribute) = property else {
                errors.append(
                    GraphError(
                        .invalidValue, entity: name, id: update.id, key: key,
                        message: "'\(key)' is a relationship; change it under \"relationships\""))
                continue
            }
            if let normalized = normalize(value, attribute, name: name, id: update.id, key: key) {
                planned.attributes.append((key, normalized))
            }
        }
        for (key, change) in update.relationships.sorted(by: { $0.key < $1.key }) {
            guard let property = property(key, of: concrete, name: name, id: update.id) else { continue }
            guard case .relationship(let relationship) = property else {
                errors.append(
                    GraphError(
                        .invalidValue, entity: name, id: update.id, key: key,
                        message: "'\(key)' is an attribute; change it under \"attributes\""))
                continue
            }
            let write = ChangePlan.RelationshipWrite(
                relationship: relationship, inverse: layout.relationship(key, of: concrete)?.1)
            planRelationshipChange(change, write, object: object, name: name, key: key, into: &planned)
        }
        plan.updates.append(planned)
    }

    private mutating func planRelationshipChange(
        _ change: RelationshipChange, _ write: ChangePlan.RelationshipWrite, object: ObjectID, name: String,
        key: String,
        into planned: inout ChangePlan.Update
    ) {
        let relationship = write.relationship
        func fail(_ kind: GraphError.Kind, _ message: String) {
            errors.append(GraphError(kind, entity: name, id: object.id, key: key, message: message))
        }
        let transaction = ChangeTransaction(graph: graph)
        switch (change, relationship.isToMany) {
        case (.toOne(let old, let new), false):
            let current = transaction.baseToOne(object, key)
            if current != old {
                fail(.staleChange, "the change says the old destination is \(show(old)), but it is \(show(current))")
            }
            if let new {
                guard let target = reference(new, relationship, name: name, id: object.id, key: key) else { return }
                planned.toOne.append((write, target))
            } else {
                planned.toOne.append((write, nil))
            }
        case (.toMany(let added, let removed), true):
            let destination = relationship.destination
            for id in Set(added).intersection(removed).sorted() {
                fail(.invalidValue, "\(destination) \(id) is both added and removed")
            }
            if let message = Self.repeatedInOrderedList(added, relationship) { fail(.invalidValue, message) }
            for id in added where transaction.baseHolds(object, key, id) {
                fail(.staleChange, "\(destination) \(id) is already in '\(key)'")
            }
            for id in removed where !transaction.baseHolds(object, key, id) {
                fail(.staleChange, "\(destination) \(id) is not in '\(key)'")
            }
            let hierarchy = layout.hierarchy(of: destination) ?? destination
            let targets = added.compactMap { reference($0, relationship, name: name, id: object.id, key: key) }
            planned.toMany.append((write, targets, removed.map { ObjectID(hierarchy: hierarchy, id: $0) }))
        case (.toOne, true):
            fail(.invalidValue, "'\(key)' is a to-many relationship; write {\"added\": […], \"removed\": […]}")
        case (.toMany, false):
            fail(.invalidValue, "'\(key)' is a to-one relationship; write {\"old\": …, \"new\": …}")
        }
    }

    private mutating func planInsert(_ inserted: InsertedObject, name: String, entity: Int, into plan: inout ChangePlan)
    {
        let object = objectID(inserted.id, entity: entity)
        guard insertedEntities[object] == entity else { return }
        var planned = ChangePlan.Insert(object: object, entity: entity, name: name)
        for (key, value) in inserted.values.sorted(by: { $0.key < $1.key }) {
            guard let (property, inverse) = cachedProperty(key, of: entity, name: name, id: inserted.id) else {
                continue
            }
            switch property {
            case .attribute(let attribute):
                if let normalized = normalize(value, attribute, name: name, id: inserted.id, key: key) {
                    planned.attributes.append((key, normalized))
                }
            case .relationship(let relationship):
                let write = ChangePlan.RelationshipWrite(relationship: relationship, inverse: inverse)
                planInsertedRelationship(value, write, name: name, id: inserted.id, key: key, into: &planned)
            }
        }
        plan.inserts.append(planned)
    }

    private mutating func planInsertedRelationship(
        _ value: PredicateValue, _ write: ChangePlan.RelationshipWrite, name: String, id: ObjectKey, key: String,
        into planned: inout ChangePlan.Insert
    ) {
        let relationship = write.relationship
        func fail(_ message: String) {
            errors.append(GraphError(.invalidValue, entity: name, id: id, key: key, message: message))
        }
        if relationship.isToMany {
            let elements: [PredicateValue]
            switch value {
            case .null: elements = []
            case .array(let list): elements = list
            case .set(let set): elements = ObjectKey.inKeyOrder(set)
            default:
                return fail("a to-many relationship takes a list of ids, got \(AttributeValueCheck.describe(value))")
            }
            var targets: [ObjectID] = []
            var keys: [ObjectKey] = []
            for element in elements {
                guard let target = ObjectKey(element) else {
                    return fail(
                        "a to-many relationship takes a list of ids, got \(AttributeValueCheck.describe(value))")
                }
                keys.append(target)
                if let object = reference(target, relationship, name: name, id: id, key: key) { targets.append(object) }
            }
            if let message = Self.repeatedInOrderedList(keys, relationship) { return fail(message) }
            planned.toMany.append((write, targets))
        } else {
            switch value {
            case .null:
                planned.toOne.append((write, nil))
            case .int, .string:
                if let target = ObjectKey(value),
                    let object = reference(target, relationship, name: name, id: id, key: key)
                {
                    planned.toOne.append((write, object))
                }
            default:
                fail("a to-one relationship takes one id or null, got \(AttributeValueCheck.describe(value))")
            }
        }
    }

    // MARK: Helpers

    /// ``property(_:of:name:id:)`` with the relationship's usable inverse, looked up once per
    /// entity and key.
    private mutating func cachedProperty(_ key: String, of entity: Int, name: String, id: ObjectKey)
        -> (PropertyDescription, RelationshipDescription?)?
    {
        if let known = keyCache[entity]?[key] { return known }
        guard let property = property(key, of: entity, name: name, id: id) else { return nil }
        let found = (property, layout.relationship(key, of: entity)?.1)
        keyCache[entity, default: [:]][key] = found
        return found
    }

    private mutating func property(_ key: String, of entity: Int, name: String, id: ObjectKey) -> PropertyDescription? {
        if let property = layout.property(key, of: entity) { return property }
        var error = graph.unknownKey(key, entity: entity, id: id)
        error.entity = name
        errors.append(error)
        return nil
    }

    private mutating func normalize(
        _ value: PredicateValue, _ attribute: AttributeDescription, name: String, id: ObjectKey, key: String
    ) -> PredicateValue? {
        switch AttributeValueCheck.normalize(value, for: attribute) {
        case .success(let normalized):
            return normalized
        case .failure(var error):
            error.entity = name
            error.id = id
            error.key = key
            errors.append(error)
            return nil
        }
    }

    /// The object `id` of the relationship's destination, which must exist once the change is
    /// applied (in the graph and not deleted, or inserted) and be of the destination's kind.
    private mutating func reference(
        _ target: ObjectKey, _ relationship: RelationshipDescription, name: String, id: ObjectKey, key: String
    ) -> ObjectID? {
        let destination = relationship.destination
        guard let number = layout.numbers[destination] else {
            errors.append(
                GraphError(
                    .unknownEntity, entity: name, id: id, key: key,
                    message: "the destination entity '\(destination)' is not in the schema"))
            return nil
        }
        let object = objectID(target, entity: number)
        let message: String
        if deletedObjects.contains(object) {
            message = "\(destination) \(target) is deleted by this change set"
        } else if let concrete = insertedEntities[object] ?? graph.entityNumber(of: object) {
            if layout.isKind(concrete, of: number) { return object }
            message = "\(layout.names[concrete]) \(target) is not a \(destination)"
        } else {
            message = "no \(destination) with id \(target)"
        }
        errors.append(GraphError(.unknownObject, entity: name, id: id, key: key, message: message))
        return nil
    }

    /// The one wording of a destination listed twice for an ordered relationship, which holds
    /// each object once, at one place (the graph file, an inserted object and an update's
    /// `added` alike): `Item 3 is listed twice; an ordered relationship holds each object
    /// once`. `nil` when no id repeats or the relationship is unordered (a set: a repeat says
    /// nothing more).
    static func repeatedInOrderedList(_ ids: [ObjectKey], _ relationship: RelationshipDescription) -> String? {
        guard relationship.isOrdered, ids.count > 1 else { return nil }
        var seen = Set<ObjectKey>()
        guard let repeated = ids.first(where: { !seen.insert($0).inserted }) else { return nil }
        return "\(relationship.destination) \(repeated) is listed twice; an ordered relationship holds each object once"
    }

    private func show(_ id: ObjectKey?) -> String {
        id.map(\.description) ?? "null"
    }
}
