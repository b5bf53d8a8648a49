import Evaluation
import Foundation
import KeyPaths
import Predicates

/// Objects kept in a SQLite or PostgreSQL database under a ``SQLMapping`` (the default one or
/// Core Data's), written with change sets: the database counterpart of ``ObjectGraph``.
///
/// ```swift
/// let store = try DatabaseStore(database: connection, schema: schema, convention: .standard)
/// let entry = try store.apply(changes)      // a ChangeLogEntry: its sequence and the applied change set
/// ```
///
/// ``apply(_:)`` has exactly the graph's semantics because it runs the graph's planning: the
/// objects the change set reads are loaded with keyed queries into a working graph
/// (`DatabaseWorkingSet`), ``ObjectGraph/apply(_:)`` validates the change set on it (unknown
/// ids, `old` values that are not the database's — the optimistic concurrency between writers
/// —, delete rules, inverses on both sides) and works out the applied change set, and the
/// store turns that into `INSERT`, `UPDATE` and `DELETE` statements (`DatabaseStore+Writing`).
/// Everything happens in one transaction, with the log entry (``ChangeLog``): a change set
/// that fails leaves the database as it was.
///
/// The store needs the database's connection for itself while it writes (a connection
/// belongs to one thread at a time); readers use their own connections.
public struct DatabaseStore {
    /// The connection.
    public let database: any SQLDatabase
    /// The mapping, checked against the database.
    public let mapping: SQLMapping
    /// The change log written with every change set.
    public var log: ChangeLog { ChangeLog(database: database) }
    /// The schema.
    public var schema: Schema { mapping.schema }

    /// Opens the store of `schema` in `database` under `convention`: the mapping is checked
    /// against the database as every reader checks it (``SQLMapping/verified(_:convention:database:dialect:)``;
    /// throws ``SQLStoreMismatch`` naming the first difference), and the change log's tables are
    /// created when the database lacks them, in a transaction of their own.
    public init(database: any SQLDatabase, schema: Schema, convention: SQLNamingConvention) throws {
        let description = try SQLDatabaseDescription.read(from: database, convention: convention)
        let mapping = try SQLMapping.verified(
            schema, convention: convention, database: description, dialect: database.dialect)
        try self.init(database: database, verifiedMapping: mapping)
    }

    /// Opens the store over a mapping already checked against `database`; creates the change
    /// log's tables when the database lacks them.
    public init(database: any SQLDatabase, verifiedMapping mapping: SQLMapping) throws {
        self.database = database
        self.mapping = mapping
        try ChangeLog(database: database).createIfAbsent()
    }

    /// Applies `changes` in one transaction and appends the applied change set to the log;
    /// returns the log entry (its sequence number and the ``AppliedChangeSet``). A change set
    /// that changes nothing is not logged: its entry has the log's last sequence number.
    ///
    /// Throws ``GraphErrors`` (the graph's own, every problem found) for a change set the
    /// database refuses: unknown entities, keys or objects, ids in use, values of the wrong
    /// type, an `old`, `added` or `removed` that is not the database's current state (a
    /// `staleChange`: another writer came first), a Deny rule, a value the database cannot
    /// store. ``DatabaseStoreError/unreadableObjects(reason:)`` when the objects the change set
    /// reads do not form a consistent graph in the database. Any other error is the
    /// database's. Either way nothing is written.
    @discardableResult
    public func apply(_ changes: ChangeSet) throws -> ChangeLogEntry {
        let database = self.database
        let mapping = self.mapping
        return try database.transaction {
            let log = ChangeLog(database: database)
            // Writers are serialised from here to the commit: reads are current, numbers in order.
            try log.lockHead()
            let working = try DatabaseWorkingSet.load(for: changes, database: database, mapping: mapping)
            let before: ObjectGraph
            do {
                before = try working.graph()
            } catch {
                throw DatabaseStoreError.unreadableObjects(reason: "\(error)")
            }
            var after = before
            let changed = try after.apply(changes)
            let applied = AppliedChangeSet(
                changes: changed, deletedObjects: try deletedObjects(changed, in: before))
            guard !changed.isEmpty else {
                return ChangeLogEntry(sequence: try log.lastSequence(), committedAt: Date(), applied: applied)
            }
            try DatabaseWriter(database: database, mapping: mapping, working: working, before: before, after: after)
                .write(changed)
            let date = Date()
            let sequence = try log.append(applied, at: date)
            return ChangeLogEntry(sequence: sequence, committedAt: date, applied: applied)
        }
    }

    /// Every object of the database, read into a graph (``ObjectGraph/read(from:mapping:)``).
    public func graph() throws -> ObjectGraph {
        try ObjectGraph.read(from: database, mapping: mapping)
    }

    /// Each object `changes` deletes, with its values in `graph` (before the change) as a graph
    /// file lists them.
    func deletedObjects(_ changes: ChangeSet, in graph: ObjectGraph) throws -> [String: [InsertedObject]] {
        var result: [String: [InsertedObject]] = [:]
        for (entity, entityChanges) in changes.entities where !entityChanges.deleted.isEmpty {
            guard let hierarchy = mapping.table(of: entity)?.rootEntity else { continue }
            for id in entityChanges.deleted.sorted() {
                let object = ObjectID(hierarchy: hierarchy, id: id)
                var values: [String: PredicateValue] = [:]
                for property in graph.schema.allProperties(of: entity) {
                    switch try graph.value(forKey: property.name, of: object) {
                    case .attribute(let value): if value != .null { values[property.name] = value }
                    case .toOne(let target): if let target { values[property.name] = target.id.predicateValue }
                    case .toMany(let targets):
                        if !targets.isEmpty { values[property.name] = .array(targets.map(\.id.predicateValue)) }
                    }
                }
                result[entity, default: []].append(InsertedObject(id: id, values: values))
            }
        }
        return result
    }
}

/// Why a ``DatabaseStore`` cannot apply a change set, when the change set itself is not at
/// fault (those are ``GraphErrors``).
public enum DatabaseStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rows the change set reads do not load as objects (two sides of a relationship that
    /// disagree, a key of the wrong kind): the database is not as the mapping describes it.
    case unreadableObjects(reason: String)

    /// `the objects this change set reads cannot be loaded from the database: …`.
    public var description: String {
        switch self {
        case .unreadableObjects(let reason):
            "the objects this change set reads cannot be loaded from the database: \(reason)"
        }
    }
}
