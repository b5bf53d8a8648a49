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
        let paths = dependencies.paths
        let root = dependencies.rootEntity
        let rootHierarchy = schema.ancestors(of: root).last ?? root
        // Objects known to be of their level's entity, and objects to check first (a gained or
        // lost destination, whose concrete entity the change set does not say).
        var seeds = paths.map { Array(repeating: Set<ObjectKey>(), count: $0.steps.count) }
        var unsure = seeds
        var reevaluate: Set<ObjectKey> = []

        func changed(_ key: ObjectKey, entity: String, property: String) {
            for reference in stepsByKey[property] ?? [] {
                let step = paths[reference.path].steps[reference.level]
                if schema.isKind(entity, of: step.entity) { seeds[reference.path][reference.level].insert(key) }
            }
        }
        func changedInverse(of property: String, on entity: String, ids: [ObjectKey]) {
            guard let relationship = schema.property(named: property, in: entity)?.relationship,
                let inverse = relationship.inverse
            else { return }
            let destination = relationship.destination
            for reference in stepsByKey[inverse] ?? [] {
                let step = paths[reference.path].steps[reference.level]
                guard schema.isKind(destination, of: step.entity) || schema.isKind(step.entity, of: destination)
                else { continue }
                unsure[reference.path][reference.level].formUnion(ids)
            }
        }

        for (name, entityChanges) in changes.entities {
            let isRoot = schema.isKind(name, of: root)
            for inserted in entityChanges.inserted {
                if isRoot { reevaluate.insert(inserted.id) }
                for reference in allSteps
                where schema.isKind(name, of: paths[reference.path].steps[reference.level].entity) {
                    seeds[reference.path][reference.level].insert(inserted.id)
                }
                for (key, value) in inserted.values {
                    let ids: [ObjectKey]
                    switch value {
                    case .int, .string: ids = ObjectKey(value).map { [$0] } ?? []
                    case .array(let elements): ids = elements.compactMap(ObjectKey.init)
                    default: continue
                    }
                    changedInverse(of: key, on: name, ids: ids)
                }
            }
            if isRoot { reevaluate.formUnion(entityChanges.deleted) }
            guard !entityChanges.updated.isEmpty else { continue }
            // Objects deleted since (by this change set or a later one) are walked from no more.
            let existing = try navigation.keys(Set(entityChanges.updated.map(\.id)), ofKind: name)
            for updated in entityChanges.updated where existing.contains(updated.id) {
                for key in updated.attributes.keys { changed(updated.id, entity: name, property: key) }
                for (key, change) in updated.relationships {
                    changed(updated.id, entity: name, property: key)
                    changedInverse(of: key, on: name, ids: change.mentionedIDs)
                }
            }
        }

        var refresh: Set<ObjectKey> = []
        for (index, path) in paths.enumerated() {
            let steps = path.steps
            var carried: Set<ObjectKey> = []
            var level = steps.count - 1
            while level >= 0 {
                var objects = seeds[index][level].union(carried)
                let toCheck = unsure[index][level].subtracting(objects)
                if !toCheck.isEmpty { objects.formUnion(try navigation.keys(toCheck, ofKind: steps[level].entity)) }
                if level == 0 {
                    if path.roles.needsReevaluation { reevaluate.formUnion(objects) }
                    if path.roles.contains(.display) { refresh.formUnion(objects) }
                } else if !objects.isEmpty {
                    carried = try navigation.sources(steps[level - 1], reaching: objects)
                } else {
                    carried = []
                }
                level -= 1
            }
        }
        return (rootHierarchy, reevaluate, refresh)
    }
}
