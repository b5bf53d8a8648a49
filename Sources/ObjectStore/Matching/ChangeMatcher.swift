import KeyPaths
import Predicates

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
    let stepsByKey: [String: [StepReference]]
    let allSteps: [StepReference]
    /// The steps of each path (``DependencyPath/steps`` computed once: it builds new arrays).
    let pathSteps: [[DependencyPath.Step]]

    struct StepReference: Hashable {
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
        pathSteps = dependencies.paths.map(\.steps)
    }

    /// The roots `changes` may affect. `graph` is the graph after the change (see the type's
    /// documentation); it must follow the schema the dependencies were derived from.
    public func affectedRoots(by changes: ChangeSet, in graph: ObjectGraph) -> AffectedRoots {
        let rows = affectedRows(by: changes, in: graph)
        guard let hierarchy = rows.hierarchy else { return AffectedRoots() }
        let name = graph.layout.names[graph.layout.hierarchies[hierarchy]]
        var reevaluate = Set(rows.reevaluate.map { graph.objectID(hierarchy: hierarchy, row: $0) })
        for key in rows.deleted { reevaluate.insert(ObjectID(hierarchy: name, id: key)) }
        return AffectedRoots(
            reevaluate: reevaluate, refresh: Set(rows.refresh.map { graph.objectID(hierarchy: hierarchy, row: $0) }))
    }

    /// ``affectedRoots(by:in:)`` as rows of the root hierarchy's table: what live results use,
    /// so that no object ID is made or hashed for the thousands of roots a rename can reach.
    func affectedRows(by changes: ChangeSet, in graph: ObjectGraph) -> AffectedRows {
        var walk = MatchWalk(dependencies: dependencies, graph: graph)
        guard walk.isUsable else { return AffectedRows(hierarchy: nil) }
        let layout = graph.layout
        for (name, entityChanges) in changes.entities {
            guard let listed = layout.numbers[name] else { continue }
            let index = layout.hierarchyOf[listed]
            let table = graph.storage.tables[index]
            for inserted in entityChanges.inserted {
                let row = table.rows[inserted.id]
                let concrete = row.map { Int(table.entities[Int($0)]) } ?? listed
                guard let row else {
                    if layout.isKind(concrete, of: walk.rootNumber) { walk.deletedRoots.append(inserted.id) }
                    continue
                }
                if layout.isKind(concrete, of: walk.rootNumber) { walk.reevaluate.insert(row) }
                for reference in allSteps {
                    walk.reach(row, entity: concrete, path: reference.path, level: reference.level)
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
            // The applied change set lists a deleted object under its concrete entity.
            if layout.isKind(listed, of: walk.rootNumber) { walk.deletedRoots += entityChanges.deleted }
            for updated in entityChanges.updated {
                guard let row = table.rows[updated.id] else { continue }
                let concrete = Int(table.entities[Int(row)])
                for key in updated.attributes.keys { changed(row, concrete, key, walk: &walk) }
                for (key, change) in updated.relationships {
                    changed(row, concrete, key, walk: &walk)
                    changedInverse(of: key, on: concrete, ids: change.mentionedIDs, walk: &walk)
                }
            }
        }
        return AffectedRows(
            hierarchy: walk.rootHierarchy, reevaluate: Array(walk.reevaluate), refresh: Array(walk.refresh),
            deleted: walk.deletedRoots)
    }

    /// `key` of the object at `row` (of entity number `entity`) changed: walk back from every
    /// step that reads it on objects of its kind.
    private func changed(_ row: Int32, _ entity: Int, _ key: String, walk: inout MatchWalk) {
        for reference in stepsByKey[key] ?? [] {
            walk.reach(row, entity: entity, path: reference.path, level: reference.level)
        }
    }

    /// Relationship `key` of an object of `entity` gained or lost the objects `ids`: their
    /// inverse changed too.
    private func changedInverse(of key: String, on entity: Int, ids: [ObjectKey], walk: inout MatchWalk) {
        let layout = walk.graph.layout
        guard let (relationship, inverse) = layout.relationship(key, of: entity), let inverse,
            let destination = layout.hierarchyIndex(of: relationship.destination)
        else { return }
        let table = walk.graph.storage.tables[destination]
        for id in ids {
            guard let row = table.rows[id] else { continue }
            changed(row, Int(table.entities[Int(row)]), inverse.name, walk: &walk)
        }
    }
}

/// The roots a change may affect, as rows of the root hierarchy's table (see
/// ``ChangeMatcher/affectedRoots(by:in:)``).
struct AffectedRows {
    /// The root hierarchy's index; `nil` when the dependencies do not fit the graph.
    var hierarchy: Int?
    /// Rows to re-evaluate (each once).
    var reevaluate: [Int32] = []
    /// Rows whose display key paths were touched (each once). Unlike
    /// ``AffectedRoots/refresh``, a row may also be in ``reevaluate``: live results report such
    /// a row as updated even when it moves.
    var refresh: [Int32] = []
    /// Deleted roots, no longer in the graph: to re-evaluate (drop) too.
    var deleted: [ObjectKey] = []
}
