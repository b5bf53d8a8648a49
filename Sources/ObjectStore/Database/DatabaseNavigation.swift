import Evaluation
import KeyPaths
import Predicates

/// ``MatchNavigation`` over a SQL database: each question is one keyed `SELECT` (cut into
/// batches the database accepts) built from the storage mapping, every key bound.
///
/// | step | `sources(_:reaching:)` |
/// |---|---|
/// | `Content.bucket` (foreign key) | `SELECT "id" FROM "Content" WHERE "bucket_id" IN (?, …)` |
/// | `Bucket.contents` (the inverse's foreign key) | `SELECT "bucket_id" FROM "Content" WHERE "id" IN (?, …)` |
/// | `Content.tags` (join table) | `SELECT "source_id" FROM "Content_tags" WHERE "destination_id" IN (?, …)` |
///
/// A shared table's discriminator keeps only objects of the step's entity (in the same
/// statement for a foreign key, in a second keyed statement otherwise). The answers are the
/// database as it is now: the change matcher takes old destinations from the change set.
public struct DatabaseNavigation: MatchNavigation {
    /// The connection read through.
    public let database: any SQLDatabase
    /// Where the objects are stored.
    public let mapping: SQLMapping

    /// Navigation over `database` stored under `mapping`.
    public init(database: any SQLDatabase, mapping: SQLMapping) {
        self.database = database
        self.mapping = mapping
    }

    /// `SELECT key FROM table WHERE key IN (…)` with the entity's discriminator when needed.
    public func keys(_ keys: Set<ObjectKey>, ofKind entity: String) throws -> Set<ObjectKey> {
        guard let table = mapping.table(of: entity), !keys.isEmpty else { return [] }
        return try lookUp(
            select: .column(alias: "t0", name: table.keyColumn), from: table.name, keyColumn: table.keyColumn,
            keys: keys, keysOf: entity, filter: discriminator(entity, alias: "t0"), resultsOf: entity)
    }

    /// One keyed `SELECT` per batch over the relationship's storage (see the table above).
    public func sources(_ step: DependencyPath.Step, reaching keys: Set<ObjectKey>) throws -> Set<ObjectKey> {
        try sources(step, reaching: keys, candidates: nil)
    }

    /// ``sources(_:reaching:)`` with the candidates in the statement (`AND source IN (…)`):
    /// it reads back at most the candidates, however many objects reach `keys`.
    public func sources(_ step: DependencyPath.Step, reaching keys: Set<ObjectKey>, among candidates: Set<ObjectKey>)
        throws -> Set<ObjectKey>
    {
        guard !candidates.isEmpty else { return [] }
        return try sources(step, reaching: keys, candidates: candidates)
    }

    private func sources(_ step: DependencyPath.Step, reaching keys: Set<ObjectKey>, candidates: Set<ObjectKey>?)
        throws -> Set<ObjectKey>
    {
        guard let destination = step.destination, !keys.isEmpty else { return [] }
        let among = candidates.map { Array($0.sorted().compactMap { mapping.bound(key: $0, of: step.entity) }) }
        switch mapping.storage(of: step.key, in: step.entity) {
        case .foreignKey(let table, let column)?:
            guard let keyColumn = mapping.table(of: step.entity)?.keyColumn else { return [] }
            return try lookUp(
                select: .column(alias: "t0", name: keyColumn), from: table, keyColumn: column, keys: keys,
                keysOf: destination, filter: discriminator(step.entity, alias: "t0"), resultsOf: step.entity,
                among: among)
        case .inverseForeignKey(let table, let column, _)?:
            guard let keyColumn = mapping.table(of: destination)?.keyColumn else { return [] }
            let found = try lookUp(
                select: .column(alias: "t0", name: column), from: table, keyColumn: keyColumn, keys: keys,
                keysOf: destination, filter: .isNull(.column(alias: "t0", name: column), negated: true),
                resultsOf: step.entity, among: among)
            return try ofKind(found, step.entity)
        case .joinTable(let table, let sourceColumn, let destinationColumn, _)?:
            let found = try lookUp(
                select: .column(alias: "t0", name: sourceColumn), from: table, keyColumn: destinationColumn,
                keys: keys, keysOf: destination, filter: nil, resultsOf: step.entity, among: among)
            return try ofKind(found, step.entity)
        case .column?, .notStored?, nil:
            return []
        }
    }

    /// `keys` narrowed to objects of kind `entity` when its table holds other entities too.
    private func ofKind(_ keys: Set<ObjectKey>, _ entity: String) throws -> Set<ObjectKey> {
        discriminator(entity, alias: "t0") == nil ? keys : try self.keys(keys, ofKind: entity)
    }

    /// The condition selecting objects of kind `entity` in its table; `nil` when every row is.
    private func discriminator(_ entity: String, alias: String) -> SQLExpression? {
        guard let table = mapping.table(of: entity), let column = table.entityColumn else { return nil }
        let values = mapping.entityValues(selecting: entity)
        guard Set(values) != Set(mapping.entityValues(selecting: table.rootEntity)) else { return nil }
        return .inList(.column(alias: alias, name: column), values.map { .value($0) })
    }

    /// `SELECT select FROM table WHERE keyColumn IN (keys) [AND filter] [AND select IN
    /// (among)]`, in batches (both lists cut so that a statement's bound values fit the
    /// dialect), each value read back as a key of the hierarchy of `resultsOf` (values that
    /// are no key of it are skipped: no object has them).
    private func lookUp(
        select: SQLExpression, from table: String, keyColumn: String, keys: Set<ObjectKey>, keysOf entity: String,
        filter: SQLExpression?, resultsOf resultEntity: String, among: [SQLValue]? = nil
    ) throws -> Set<ObjectKey> {
        let bound = keys.sorted().compactMap { mapping.bound(key: $0, of: entity) }
        let resultType = mapping.keyType(ofHierarchyOf: resultEntity)
        let budget = max(2, database.dialect.maximumBindings - 16)
        // With candidates, each list gets half the budget when both do not fit together.
        let fitsTogether = bound.count + (among?.count ?? 0) <= budget
        let batch = among == nil || fitsTogether ? budget : budget / 2
        let candidateBatches: [ArraySlice<SQLValue>?] =
            among.map { values in
                let size = fitsTogether ? max(1, values.count) : budget / 2
                return stride(from: 0, to: values.count, by: size).map { values[$0..<min(values.count, $0 + size)] }
            } ?? [nil]
        var result: Set<ObjectKey> = []
        for start in stride(from: 0, to: bound.count, by: batch) {
            let slice = bound[start..<min(bound.count, start + batch)]
            for candidates in candidateBatches {
                var query = SQLSelect(columns: [select], from: .init(table: table, alias: "t0"))
                query.conditions = [.inList(.column(alias: "t0", name: keyColumn), slice.map { .value($0) })]
                if let filter { query.conditions.append(filter) }
                if let candidates { query.conditions.append(.inList(select, candidates.map { .value($0) })) }
                let rows = try database.rows(query)
                // A hop can read back thousands of keys (a User's Contents): no rehashing on the way.
                result.reserveCapacity(result.count + rows.count)
                for row in rows {
                    if let value = row.first, let key = ObjectKey(stored: value, as: resultType) { result.insert(key) }
                }
            }
        }
        return result
    }
}
