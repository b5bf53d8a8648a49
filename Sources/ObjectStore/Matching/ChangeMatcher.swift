import KeyPaths

/// The roots of a query a change may affect, split by what to do with them.
public struct AffectedRoots: Sendable, Hashable, CustomStringConvertible {
    /// Roots whose membership or position may have changed: evaluate the predicate and the
    /// sort keys again. Inserted and deleted roots are always here (a deleted root is no longer
    /// in the graph; the caller drops it from its results).
    public var reevaluate: Set<ObjectID>
    /// Roots whose display only may have changed (a display key path was touched, no predicate
    /// or sort key path was): redraw the row. Never overlaps ``reevaluate``.
    public var refresh: Set<ObjectID>

    /// Creates a result.
    public init(reevaluate: Set<ObjectID> = [], refresh: Set<ObjectID> = []) {
        self.reevaluate = reevaluate
        self.refresh = refresh.subtracting(reevaluate)
    }

    /// Whether no root is affected.
    public var isEmpty: Bool { reevaluate.isEmpty && refresh.isEmpty }

    /// `reevaluate [Content#1, Content#2] refresh [Content#5]`.
    public var description: String {
        "reevaluate \(reevaluate.sorted()) refresh \(refresh.sorted())"
    }
}

/// Maps an applied change set to the roots of a query it may affect, by walking inverse
/// relationships from each changed object back to the roots — never by scanning the roots.
///
/// ```swift
/// let matcher = ChangeMatcher(dependencies: dependencies)   // Content, bucket.name == "Inbox"
/// let applied = try graph.apply(renameBucket1)
/// matcher.affectedRoots(by: applied, in: graph)             // reevaluate: Bucket 1's Contents
/// ```
///
/// For every changed (object, key) — an updated attribute, a changed relationship (on the
/// object and, through the inverse, on its old and new destinations), every key of an inserted
/// object — and for every dependency path and level whose step reads that key on objects of
/// that kind (sub-entities at any depth included), the matcher follows the path's inverse
/// relationships hop by hop back to the root level (to-one or to-many), keeping only objects
/// of each level's entity, and collects the roots reached. All matching paths count, not the
/// first. Inserted and deleted roots are always re-evaluated.
///
/// Pass the change set returned by ``ObjectGraph/apply(_:)`` and the graph *after* it: the
/// applied change set lists the relationships a deletion emptied (a deleted Bucket's Contents
/// appear with `bucket: {"old": 7, "new": null}`), which is how roots that reached a deleted
/// object are found, and the old destination of a moved object, which is how the roots that
/// reached it through its old parent are found. A root that read a changed key before the
/// change is reached either through links that still exist, or through the first link of its
/// path that changed; so the result is exactly the roots whose reads, before or after the
/// change, touch a changed key.
///
/// Cost: proportional to the size of the change set times the fan-out of the inverses walked;
/// each (path, level, object) is walked at most once per call.
public struct ChangeMatcher: Sendable {
    /// What the query reads.
    public let dependencies: QueryDependencies
    /// For each key, the (path, level) pairs whose step reads it.
    private let stepsByKey: [String: [StepReference]]
    private let allSteps: [StepReference]

    private struct StepReference: Hashable {
        var path: Int
        var level: Int
    }

    /// Prepares a matcher for a query's dependencies.
    public init(dependencies: QueryDependencies) {
        self.dependencies = dependencies
        var byKey: [String: [StepReference]] = [:]
        var all: [StepReference] = []
        for (pathIndex, path) in dependencies.paths.enumerated() {
            for (level, step) in path.steps.enumerated() {
                let reference = StepReference(path: pathIndex, level: level)
                byKey[step.key, default: []].append(reference)
                all.append(reference)
            }
        }
        stepsByKey = byKey
        allSteps = all
    }

    /// The roots `changes` may affect. `graph` is the graph after the change (see the type's
    /// documentation); it must follow the schema the dependencies were derived from.
    public func affectedRoots(by changes: ChangeSet, in graph: ObjectGraph) -> AffectedRoots {
        var walk = MatchWalk(dependencies: dependencies, graph: graph)
        guard walk.isUsable else { return AffectedRoots() }
        let layout = graph.layout
        for (name, entityChanges) in changes.entities {
            guard let listed = layout.numbers[name], let hierarchy = layout.hierarchy(of: name) else { continue }
            for inserted in entityChanges.inserted {
                let object = ObjectID(hierarchy: hierarchy, id: inserted.id)
                let concrete = graph.entityNumber(of: object) ?? listed
                if layout.isKind(concrete, of: walk.rootNumber) { walk.reevaluate.insert(object) }
                guard graph.contains(object) else { continue }
                for reference in allSteps {
                    walk.reach(object, entity: concrete, path: reference.path, level: reference.level)
                }
                for (key, value) in inserted.values {
                    let ids: [ObjectKey]
                    switch value {
                    case .int, .string: ids = ObjectKey(value).map { [$0] } ?? []
                    case .array(let elements): ids = elements.compactMap(ObjectKey.init)
                    default: continue
                    }
                    changedInverse(of: key, on: concrete, ids: ids, walk: &walk)
                }
            }
            for id in entityChanges.deleted {
                // The applied change set lists a deleted object under its concrete entity.
                if layout.isKind(listed, of: walk.rootNumber) {
                    walk.reevaluate.insert(ObjectID(hierarchy: hierarchy, id: id))
                }
            }
            for updated in entityChanges.updated {
                let object = ObjectID(hierarchy: hierarchy, id: updated.id)
                guard let concrete = graph.entityNumber(of: object) else { continue }
                for key in updated.attributes.keys { changed(object, concrete, key, walk: &walk) }
                for (key, change) in updated.relationships {
                    changed(object, concrete, key, walk: &walk)
                    changedInverse(of: key, on: concrete, ids: change.mentionedIDs, walk: &walk)
                }
            }
        }
        return AffectedRoots(reevaluate: walk.reevaluate, refresh: walk.refresh)
    }

    /// `key` of `object` changed: walk back from every step that reads it on objects of its kind.
    private func changed(_ object: ObjectID, _ entity: Int, _ key: String, walk: inout MatchWalk) {
        for reference in stepsByKey[key] ?? [] {
            walk.reach(object, entity: entity, path: reference.path, level: reference.level)
        }
    }

    /// Relationship `key` of an object of `entity` gained or lost the objects `ids`: their
    /// inverse changed too.
    private func changedInverse(of key: String, on entity: Int, ids: [ObjectKey], walk: inout MatchWalk) {
        let layout = walk.graph.layout
        guard let (relationship, inverse) = layout.relationship(key, of: entity), let inverse,
            let hierarchy = layout.hierarchy(of: relationship.destination)
        else { return }
        for id in ids {
            let target = ObjectID(hierarchy: hierarchy, id: id)
            guard let targetEntity = walk.graph.entityNumber(of: target) else { continue }
            changed(target, targetEntity, inverse.name, walk: &walk)
        }
    }
}

/// The state of one ``ChangeMatcher/affectedRoots(by:in:)`` call: the result so far, and the
/// objects already walked from at each (path, level).
private struct MatchWalk {
    /// A path's level resolved against the graph's layout.
    struct Level {
        /// The entity number of the objects at this level.
        var entity: Int
        /// The hierarchy of those objects.
        var hierarchy: String
        /// The inverse of this level's relationship (to walk from the next level back here).
        var inverse: String?
    }

    let graph: ObjectGraph
    let rootNumber: Int
    let levels: [[Level]]
    let roles: [DependencyRoles]
    let isUsable: Bool
    var reevaluate: Set<ObjectID> = []
    var refresh: Set<ObjectID> = []
    private var visited: [[Set<ObjectID>]]

    init(dependencies: QueryDependencies, graph: ObjectGraph) {
        self.graph = graph
        let layout = graph.layout
        var usable = layout.numbers[dependencies.rootEntity] != nil
        var levels: [[Level]] = []
        for path in dependencies.paths {
            levels.append(
                path.steps.map { step in
                    guard let number = layout.numbers[step.entity], let hierarchy = layout.hierarchy(of: step.entity)
                    else {
                        usable = false
                        return Level(entity: 0, hierarchy: "", inverse: nil)
                    }
                    return Level(entity: number, hierarchy: hierarchy, inverse: step.inverse)
                })
        }
        self.rootNumber = layout.numbers[dependencies.rootEntity] ?? 0
        self.levels = levels
        self.roles = dependencies.paths.map(\.roles)
        self.isUsable = usable
        self.visited = levels.map { Array(repeating: [], count: $0.count) }
    }

    /// `object` (of entity number `entity`) is read at `level` of path `path`: walk back to the
    /// roots that reach it there.
    mutating func reach(_ object: ObjectID, entity: Int, path: Int, level: Int) {
        let pathLevels = levels[path]
        guard graph.layout.isKind(entity, of: pathLevels[level].entity), visited[path][level].insert(object).inserted
        else { return }
        var frontier = [object]
        var current = level
        while current > 0, !frontier.isEmpty {
            current -= 1
            let step = pathLevels[current]
            guard let inverse = step.inverse else { return }
            var next: [ObjectID] = []
            for item in frontier {
                for source in graph.related(inverse, of: item) {
                    guard let sourceEntity = graph.entityNumber(of: source),
                        graph.layout.isKind(sourceEntity, of: step.entity),
                        visited[path][current].insert(source).inserted
                    else { continue }
                    next.append(source)
                }
            }
            frontier = next
        }
        guard current == 0 else { return }
        let pathRoles = roles[path]
        for root in frontier {
            if pathRoles.needsReevaluation { reevaluate.insert(root) }
            if pathRoles.contains(.display) { refresh.insert(root) }
        }
    }
}
