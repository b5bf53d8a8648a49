import KeyPaths
import Predicates

extension ChangeMatcher {
    /// The roots `changes` may affect, found by walking `navigation` (a store after the
    /// change) level by level, in batches: the same rule as ``affectedRoots(by:in:)`` — every
    /// changed (object, key), on the object and through the inverse on the destinations it
    /// gained or lost, walked back along each dependency path that reads it — with each
    /// question put to the store once per (path, level) for all the objects of that level.
    ///
    /// Over a database (``DatabaseNavigation``) the walk is one keyed `SELECT` per (path,
    /// level) that has objects, plus one per changed entity to drop objects that no longer
    /// exist. `changes` is an applied change set (objects under their concrete entities, old
    /// and new destinations of every changed relationship); `schema` the one the dependencies
    /// were derived from. Errors are the store's.
    public func affectedRoots(by changes: ChangeSet, through navigation: some MatchNavigation, schema: Schema)
        throws -> AffectedRoots
    {
        let keys = try affectedKeys(by: changes, through: navigation, schema: schema)
        return AffectedRoots(
            reevaluate: Set(keys.reevaluate.map { ObjectID(hierarchy: keys.hierarchy, id: $0) }),
            refresh: Set(keys.refresh.map { ObjectID(hierarchy: keys.hierarchy, id: $0) }))
    }

    /// ``affectedRoots(by:through:schema:)`` as keys of the root's hierarchy (named), with the
    /// roots to refresh not taken out of those to re-evaluate: live results report a reached
    /// row whose display key path was touched as updated even when it moves.
    func affectedKeys(by changes: ChangeSet, through navigation: some MatchNavigation, schema: Schema)
        throws -> (hierarchy: String, reevaluate: Set<ObjectKey>, refresh: Set<ObjectKey>)
    {
        let keys = try affectedKeys(by: changes, through: navigation, schema: schema) { _, _ in .unknown }
        var reevaluate: Set<ObjectKey> = []
        for (_, reached) in keys.reevaluate { reevaluate.formUnion(reached) }
        return (keys.hierarchy, reevaluate, keys.refresh)
    }

    /// ``affectedKeys(by:through:schema:)`` with the roots to re-evaluate kept apart by the
    /// ``ChangeDirection`` of the changes that reach them: `classify` gives the direction of
    /// each attribute update (of an object of the concrete entity named), or `nil` to leave the
    /// update out (its roots are not needed); the update's relationship changes reach the
    /// objects they link under that direction too when the change set lists the other side
    /// of the link as an update of its own (classified in turn), else as
    /// ``ChangeDirection/unknown``. Insertions and deletions are ``ChangeDirection/unknown``. The keyed questions are asked class by class, each
    /// once (the existence of updated objects once for all classes). With `members` (asked
    /// at most once, when a leaving update has a root to walk to), the
    /// roots reached by ``ChangeDirection/leaving`` updates are looked for among them only
    /// (the last hop asks ``MatchNavigation/sources(_:reaching:among:)``): a leaving update
    /// matters only for members, so its walk reads no other root. `prepared` is `changes`'s
    /// tables when the caller has them already (a follower builds them once per entry).
    func affectedKeys(
        by changes: ChangeSet, through navigation: some MatchNavigation, schema: Schema,
        members: (() -> Set<ObjectKey>)? = nil, prepared: PreparedChangeSet? = nil,
        classify: (String, UpdatedObject) -> ChangeDirection?
    ) throws -> AffectedKeys {
        let paths = dependencies.paths
        let root = dependencies.rootEntity
        let rootHierarchy = schema.ancestors(of: root).last ?? root
        // Objects known to be of their level's entity, by class, and objects to check first (a
        // gained or lost destination, whose concrete entity the change set does not say: only
        // relationship changes and insertions, of the unknown class).
        let pathSteps = self.pathSteps
        let empty = pathSteps.map { Array(repeating: Set<ObjectKey>(), count: $0.count) }
        var seeds: [ChangeDirection: [[Set<ObjectKey>]]] = [:]
        var unsure = empty
        var result = AffectedKeys(hierarchy: rootHierarchy)
        var memberKeys: Set<ObjectKey>?

        func changed(_ key: ObjectKey, entity: String, property: String, _ direction: ChangeDirection) {
            for reference in stepsByKey[property] ?? [] {
                let step = pathSteps[reference.path][reference.level]
                if schema.isKind(entity, of: step.entity) {
                    seeds[direction, default: empty][reference.path][reference.level].insert(key)
                }
            }
        }
        // The links whose other side the change set lists too (an applied change set lists
        // both): that side is walked as an update of its own, with its own direction.
        let prepared = prepared ?? PreparedChangeSet(changes)
        let listed = prepared.listedLinks
        func changedInverse(of property: String, on entity: String, from source: ObjectKey, ids: [ObjectKey]) {
            guard let relationship = schema.property(named: property, in: entity)?.relationship,
                let inverse = relationship.inverse
            else { return }
            let unlisted = ids.filter { !listed.contains(ListedLink(id: $0, key: inverse, other: source)) }
            guard !unlisted.isEmpty else { return }
            let destination = relationship.destination
            for reference in stepsByKey[inverse] ?? [] {
                let step = pathSteps[reference.path][reference.level]
                guard schema.isKind(destination, of: step.entity) || schema.isKind(step.entity, of: destination)
                else { continue }
                unsure[reference.path][reference.level].formUnion(unlisted)
            }
        }

        for (name, entityChanges) in changes.entities {
            let isRoot = schema.isKind(name, of: root)
            for inserted in entityChanges.inserted {
                if isRoot { result.reevaluate[.unknown, default: []].insert(inserted.id) }
                for reference in allSteps
                where schema.isKind(name, of: pathSteps[reference.path][reference.level].entity) {
                    seeds[.unknown, default: empty][reference.path][reference.level].insert(inserted.id)
                }
                for (key, value) in inserted.values {
                    let ids: [ObjectKey]
                    switch value {
                    case .int, .string: ids = ObjectKey(value).map { [$0] } ?? []
                    case .array(let elements): ids = elements.compactMap(ObjectKey.init)
                    default: continue
                    }
                    changedInverse(of: key, on: name, from: inserted.id, ids: ids)
                }
            }
            if isRoot && !entityChanges.deleted.isEmpty {
                result.reevaluate[.unknown, default: []].formUnion(entityChanges.deleted)
            }
            guard !entityChanges.updated.isEmpty else { continue }
            let classified = entityChanges.updated.compactMap { update in
                classify(name, update).map { (update, $0) }
            }
            guard !classified.isEmpty else { continue }
            // Objects deleted since (by this change set or a later one) are walked from no more.
            // Asked for every updated object, whatever is left out, so that the queries sharing
            // a navigation share this question.
            let existing = try navigation.keys(
                prepared.updatedIDs[name] ?? Set(entityChanges.updated.map(\.id)), ofKind: name)
            for (updated, direction) in classified where existing.contains(updated.id) {
                for key in updated.attributes.keys { changed(updated.id, entity: name, property: key, direction) }
                for (key, change) in updated.relationships {
                    changed(updated.id, entity: name, property: key, direction)
                    changedInverse(of: key, on: name, from: updated.id, ids: change.mentionedIDs)
                }
            }
        }

        for direction in ChangeDirection.allCases {
            let classSeeds = seeds[direction] ?? empty
            let classUnsure = direction == .unknown ? unsure : empty
            for (index, path) in paths.enumerated() {
                let steps = pathSteps[index]
                var carried: Set<ObjectKey> = []
                var level = steps.count - 1
                while level >= 0 {
                    // No copy when only one side has objects (a shared navigation's answer stays shared).
                    var objects = classSeeds[index][level]
                    if objects.isEmpty { objects = carried } else { objects.formUnion(carried) }
                    let toCheck = classUnsure[index][level].subtracting(objects)
                    if !toCheck.isEmpty {
                        objects.formUnion(try navigation.keys(toCheck, ofKind: steps[level].entity))
                    }
                    if level == 0 {
                        if path.roles.needsReevaluation { result.add(objects, direction) }
                        if path.roles.contains(.display) { result.refresh.formUnion(objects) }
                    } else if level == 1, direction == .leaving, let members, !objects.isEmpty {
                        if memberKeys == nil { memberKeys = members() }
                        carried = try navigation.sources(steps[0], reaching: objects, among: memberKeys ?? [])
                    } else if !objects.isEmpty {
                        carried = try navigation.sources(steps[level - 1], reaching: objects)
                    } else {
                        carried = []
                    }
                    level -= 1
                }
            }
        }
        return result
    }
}

/// The roots a change set reaches, as keys of the root's hierarchy, the roots to re-evaluate
/// kept apart by the ``ChangeDirection`` of the changes that reach them (see
/// ``ChangeMatcher/affectedKeys(by:through:schema:classify:)``).
struct AffectedKeys {
    /// The root's hierarchy.
    var hierarchy: String
    /// The roots to re-evaluate, by the class of the changes that reach them (a root reached
    /// by changes of several classes is in several sets).
    var reevaluate: [ChangeDirection: Set<ObjectKey>] = [:]
    /// The roots whose display key paths were touched.
    var refresh: Set<ObjectKey> = []

    /// Adds `keys` to a class (without a copy when the class has none yet).
    mutating func add(_ keys: Set<ObjectKey>, _ direction: ChangeDirection) {
        guard !keys.isEmpty else { return }
        if reevaluate[direction]?.isEmpty ?? true {
            reevaluate[direction] = keys
        } else {
            reevaluate[direction, default: []].formUnion(keys)
        }
    }
}
