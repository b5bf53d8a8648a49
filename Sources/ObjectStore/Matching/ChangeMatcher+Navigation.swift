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
        for (_, parts) in keys.reevaluate {
            for part in parts { reevaluate.formUnion(part) }
        }
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
    ///
    /// Only the updates a path reads are classified and walked: those changing a property a
    /// step reads on objects of their kind, or a relationship whose inverse a step reads on
    /// destinations the change set does not list (``PreparedChangeSet`` groups the updates by
    /// property once per entry). Any other update reaches no step whatever its direction, so
    /// the roots are the same; it is not classified, and the existence of the updated objects
    /// of an entity is asked only when one of its updates is walked.
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
        var insertedOrDeletedRoots: Set<ObjectKey> = []
        let prepared = prepared ?? PreparedChangeSet(changes, schema: schema)

        // The (path, level) pairs whose step reads `property` on objects of `entity`'s kind.
        func readers(of property: String, on entity: String) -> [StepReference] {
            (stepsByKey[property] ?? []).filter { schema.isKind(entity, of: pathSteps[$0.path][$0.level].entity) }
        }
        // The (path, level) pairs whose step reads the inverse of a changed relationship on
        // its destinations (of the destination entity's kind, or of a sub-entity).
        func inverseReaders(of inverse: String, destination: String) -> [StepReference] {
            (stepsByKey[inverse] ?? []).filter { reference in
                let entity = pathSteps[reference.path][reference.level].entity
                return schema.isKind(destination, of: entity) || schema.isKind(entity, of: destination)
            }
        }

        for (name, entityChanges) in changes.entities {
            let isRoot = schema.isKind(name, of: root)
            for (position, inserted) in entityChanges.inserted.enumerated() {
                if isRoot { insertedOrDeletedRoots.insert(inserted.id) }
                for reference in allSteps
                where schema.isKind(name, of: pathSteps[reference.path][reference.level].entity) {
                    seeds[.unknown, default: empty][reference.path][reference.level].insert(inserted.id)
                }
                for links in prepared.insertedLinks[name]?[position] ?? [] {
                    for reference in inverseReaders(of: links.inverse, destination: links.destination) {
                        unsure[reference.path][reference.level].formUnion(links.ids)
                    }
                }
            }
            if isRoot { insertedOrDeletedRoots.formUnion(entityChanges.deleted) }
            // Only the groups of updates this query's paths read, on the object or through the
            // inverse: the other updates of the entity reach no step, whatever their direction.
            guard let groups = prepared.updateGroups[name] else { continue }
            var read:
                [(group: PreparedChangeSet.PropertyUpdates, readers: [StepReference], inverseReaders: [StepReference])] =
                    []
            var needed = [Bool](repeating: false, count: entityChanges.updated.count)
            for group in groups {
                let direct = readers(of: group.property, on: name)
                let inverse = group.inverse.map { inverseReaders(of: $0.name, destination: $0.destination) } ?? []
                guard !direct.isEmpty || !inverse.isEmpty else { continue }
                read.append((group, direct, inverse))
                for (position, index) in group.updates.enumerated()
                where !direct.isEmpty || group.inverse?.unlisted[position].isEmpty == false {
                    needed[index] = true
                }
            }
            var directions = [ChangeDirection?](repeating: nil, count: needed.count)
            var classified = false
            for (index, update) in entityChanges.updated.enumerated() where needed[index] {
                directions[index] = classify(name, update)
                if directions[index] != nil { classified = true }
            }
            guard classified else { continue }
            // Objects deleted since (by this change set or a later one) are walked from no more.
            // Asked for every updated object, whatever is left out, so that the queries sharing
            // a navigation share this question.
            let existing = try navigation.keys(
                prepared.updatedIDs[name] ?? Set(entityChanges.updated.map(\.id)), ofKind: name)
            for (index, update) in entityChanges.updated.enumerated()
            where directions[index] != nil && !existing.contains(update.id) {
                directions[index] = nil
            }
            for (group, direct, inverse) in read {
                for (position, index) in group.updates.enumerated() {
                    guard let direction = directions[index] else { continue }
                    let id = entityChanges.updated[index].id
                    for reference in direct {
                        seeds[direction, default: empty][reference.path][reference.level].insert(id)
                    }
                    guard let unlisted = group.inverse?.unlisted[position], !unlisted.isEmpty else { continue }
                    for reference in inverse {
                        unsure[reference.path][reference.level].formUnion(unlisted)
                    }
                }
            }
        }

        result.add(insertedOrDeletedRoots, .unknown)
        for direction in ChangeDirection.allCases {
            let classSeeds = seeds[direction] ?? empty
            let classUnsure = direction == .unknown ? unsure : empty
            for (index, path) in paths.enumerated() {
                let steps = pathSteps[index]
                var carried: Set<ObjectKey> = []
                var level = steps.count - 1
                while level >= 0 {
                    // No copy when only one side has objects (a shared navigation's answer stays
                    // shared); otherwise the smaller side is added to the larger (a hop can carry
                    // thousands of keys where a level has a few seeds).
                    var objects = classSeeds[index][level]
                    if objects.isEmpty {
                        objects = carried
                    } else if !carried.isEmpty {
                        if carried.count > objects.count { swap(&objects, &carried) }
                        objects.formUnion(carried)
                    }
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
