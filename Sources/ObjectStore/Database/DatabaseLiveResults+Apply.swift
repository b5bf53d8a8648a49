import Evaluation
import KeyPaths
import Predicates

extension DatabaseLiveResults {
    /// Brings the rows up to date with one applied change set that the database has committed
    /// (a change log entry), and returns what changed — the same diff, sections and updated
    /// rows as ``LiveResultSet/apply(_:)`` for the same change (see there for the rules).
    ///
    /// A change set outside the request's ``region`` returns an empty change without a query.
    /// Otherwise the roots it may affect are found in SQL (``ChangeMatcher/affectedRoots(by:through:schema:)``
    /// over a ``DatabaseNavigation``) and evaluated again by key. `changes` must be an applied
    /// change set (what the store's `apply` returns and its log keeps: objects under their
    /// concrete entities, old and new destinations of every changed relationship). Errors: the
    /// database fails; the rows are then as before the call.
    public mutating func apply(_ changes: ChangeSet, database: any SQLDatabase) throws(LiveResultsError)
        -> ResultChange
    {
        try apply(changes, database: database, navigation: DatabaseNavigation(database: database, mapping: mapping))
    }

    /// ``apply(_:database:)`` with the change matcher walking `navigation` (a
    /// ``SharedNavigation`` over the database, shared by the queries matching the same entry).
    public mutating func apply(_ changes: ChangeSet, database: any SQLDatabase, navigation: some MatchNavigation)
        throws(LiveResultsError) -> ResultChange
    {
        guard let pending = try match(changes, navigation: navigation, dialect: database.dialect) else {
            return ResultChange(rows: ListDiff(), sections: ListDiff(), applied: changes)
        }
        return try finish(pending, found: try plan.evaluate(keys: pending.reevaluate, database: database))
    }

    /// The most members for which the walk of an update that can only make members leave
    /// puts the members in its last question (`… AND key IN (members)`, see
    /// ``MatchNavigation/sources(_:reaching:among:)``) instead of reading back every root the
    /// update reaches: a User rename reaches 10,000 Contents of which a query over that User
    /// shows a hundred. Above it the restricted question (one per query) costs more than the
    /// whole one (asked once for all the queries of an entry): on PostgreSQL at 1,000,000
    /// Contents, with a limit of 2,000 the twenty `bucket.name` queries (1,000 members each)
    /// brought the benchmark's navigation to 84 ms a change set; with 500 (they walk the
    /// shared way) it took 14 ms. The members must also fit half of one
    /// statement's bound values (SQLite: 999), so that the question is not cut in several.
    static func memberNavigationLimit(_ dialect: any SQLDialect) -> Int {
        min(500, dialect.maximumBindings / 2)
    }

    /// The first half of ``apply(_:database:navigation:)``: the roots `changes` makes to
    /// evaluate again, found without changing the results; `nil` when the change is outside
    /// the ``region``. A ``ChangeLogFollower`` matches every query of an entry first, then
    /// evaluates the roots of several queries in one statement (``BatchedEvaluation``).
    /// `prepared` is the tables of `changes` when the caller has them already (a follower
    /// builds them once per entry for all its queries: the region it writes, its listed links).
    func match(
        _ changes: ChangeSet, navigation: some MatchNavigation, dialect: any SQLDialect,
        prepared: PreparedChangeSet? = nil
    ) throws(LiveResultsError) -> PendingChange? {
        let prepared = prepared ?? PreparedChangeSet(changes, schema: mapping.schema)
        guard region.intersects(prepared.written) else { return nil }
        let affected: AffectedKeys
        // The plan by reference: the closure reads its analysis in place, without a copy.
        let plan = plan
        let hasMembers = !ranked.members.isEmpty
        // Few members: the walk of a leaving update looks for them only (see the limit).
        let ranked = ranked
        let keys = keys
        let members: (() -> Set<ObjectKey>)? =
            ranked.members.count <= Self.memberNavigationLimit(dialect)
            ? { Set(ranked.members.map { keys[Int($0)] }) } : nil
        do {
            // With no members, updates that can only make members leave reach nothing needed.
            affected = try plan.matcher.affectedKeys(
                by: changes, through: navigation, schema: mapping.schema, members: members, prepared: prepared
            ) { entity, update in
                let direction = plan.directions.direction(of: update, entity: entity)
                return direction == .leaving && !hasMembers ? nil : direction
            }
        } catch {
            throw LiveResultsError("matching the change against the database failed: \(error)")
        }
        let restriction = restricted(affected)
        return PendingChange(
            changes: changes, reevaluate: Array(restriction.reevaluate), refresh: affected.refresh,
            keptMembers: restriction.keptMembers)
    }

    /// The second half of ``apply(_:database:navigation:)``: merges the answers `found` for
    /// the roots of `pending` (the matching ones among them, with their sort values) and
    /// returns the change.
    mutating func finish(_ pending: PendingChange, found: [(ObjectKey, [EvaluationValue])]) throws(LiveResultsError)
        -> ResultChange
    {
        var evaluated: [Int32: [EvaluationValue]] = [:]
        for (key, values) in found { evaluated[number(key)] = values }
        // A reached key without a row was no member and is none now (it matched nothing): it
        // needs no row number.
        let reached = pending.reevaluate.compactMap { rowOf[$0] }
        // What a row displays may have changed: a refresh key path was touched, or one of its
        // own attributes changed. Only rows already numbered can be members.
        var displayChanged = pending.refresh.compactMap { rowOf[$0] }

        let schema = mapping.schema
        for (name, entityChanges) in pending.changes.entities
        where schema.ancestors(of: name).last ?? name == plan.rootHierarchy {
            for update in entityChanges.updated where !update.attributes.isEmpty {
                if let row = rowOf[update.id] { displayChanged.append(row) }
            }
        }
        let oldSections = sections.map(\.name)
        // Every reached row is evaluated already: the merge reads the answers, it runs no query.
        // Members a joining update reached keep their place but read a changed value: reported
        // as when they are evaluated again (updated, unless the diff moves them).
        let rowDiff = try ranked.merge(
            reached: reached, displayChanged: displayChanged, unchanged: pending.keptMembers, keys: keys
        ) { row in evaluated[row] }
        let keys = keys
        let hierarchy = plan.rootHierarchy
        return ResultChange(
            rows: rowDiff.map { ObjectID(hierarchy: hierarchy, id: keys[Int($0)]) },
            sections: ListDiff(from: oldSections, to: sections.map(\.name)), applied: pending.changes)
    }

    /// The reached roots that need evaluating again: every root reached by an update of unknown
    /// direction, the members among those reached by leaving updates, the non-members among
    /// those reached by joining ones (``ChangeDirectionAnalysis`` gives the argument); and the
    /// rows of the members reached by joining updates only, which stay where they are.
    func restricted(_ reached: AffectedKeys) -> (reevaluate: Set<ObjectKey>, keptMembers: [Int32]) {
        var result = reached.union(.unknown)
        // Part by part, whichever side is smaller is walked: a rename can reach far more roots
        // than match, while a query's own updates reach a few.
        for part in reached.parts(.leaving) {
            if ranked.members.count < part.count {
                for row in ranked.members {
                    let key = keys[Int(row)]
                    if part.contains(key) { result.insert(key) }
                }
            } else {
                for key in part where isMember(key) { result.insert(key) }
            }
        }
        var kept: [Int32] = []
        // Each key once, whatever parts it is in.
        for key in reached.union(.joining) {
            if let row = rowOf[key], isMember(key) {
                if !result.contains(key) { kept.append(row) }
            } else {
                result.insert(key)
            }
        }
        return (result, kept)
    }

    /// Whether the object with `key` is a member now.
    func isMember(_ key: ObjectKey) -> Bool {
        guard let row = rowOf[key].map(Int.init), row < ranked.sortValues.count else { return false }
        return ranked.sortValues[row] != nil
    }
}

/// A change matched against one ``DatabaseLiveResults``, waiting for the evaluation of its
/// roots (``DatabaseLiveResults/match(_:navigation:)``).
struct PendingChange {
    /// The applied change set.
    var changes: ChangeSet
    /// The roots to evaluate again.
    var reevaluate: [ObjectKey]
    /// The roots whose display key paths were touched.
    var refresh: Set<ObjectKey>
    /// Members reached by joining updates only: updated in place.
    var keptMembers: [Int32]
}
