import Evaluation
import ObjectStore

/// The objects a REPL `:watch` labels its rows with: the attached database read into a graph
/// once, then kept current entry by entry from the change log — each entry's applied change
/// set (cascades and inverse sides included) is applied to the graph, which is what the
/// writer's transaction did to the database. The rows themselves come from the database
/// (``ChangeLogFollower``); this graph only gives their cells and labels.
///
/// An entry that does not apply (the graph and the database disagree), or a refetch after
/// pruning, reads the database in full again. The first read is repeated until the log's last
/// sequence is the same before and after it, so that the graph is the database as of one
/// sequence number even while other processes write (PostgreSQL reads each table in its own
/// snapshot outside a transaction).
struct ReplWatchedGraph {
    /// The database read and its mapping.
    let attached: ReplDatabase
    /// The objects as of ``sequence``.
    private(set) var graph: ObjectGraph
    /// The last log entry the graph includes.
    private(set) var sequence: Int64
    /// How many times the database was read in full (the first read included).
    private(set) var fullReads = 0

    /// How many times a read is tried while writers keep committing.
    static let attempts = 5

    /// Reads the attached database as of one sequence number.
    init(_ attached: ReplDatabase) throws {
        self.attached = attached
        (graph, sequence) = try Self.snapshot(attached)
        fullReads = 1
    }

    /// Brings the graph to entry `sequence` (entries are handed over in order, each once):
    /// applies the entry, or reads the database again when it does not apply or when the
    /// follower had to refetch (`refetched`). Returns the graph before the entry.
    @discardableResult
    mutating func advance(to sequence: Int64, refetched: Bool) throws -> ObjectGraph {
        let before = graph
        guard sequence > self.sequence else { return before }
        if !refetched, sequence == self.sequence + 1,
            let entry = try ChangeLog(database: attached.database).entries(after: self.sequence, limit: 1).first,
            entry.sequence == sequence
        {
            do {
                try graph.apply(entry.applied.changes)
                self.sequence = sequence
                return before
            } catch {
                // Read in full below.
            }
        }
        (graph, self.sequence) = try Self.snapshot(attached)
        fullReads += 1
        return before
    }

    /// The database's objects and the log's last sequence they include.
    private static func snapshot(_ attached: ReplDatabase) throws -> (ObjectGraph, Int64) {
        let log = ChangeLog(database: attached.database)
        for _ in 0..<attempts {
            let before = try log.lastSequence()
            let graph = try ObjectGraph.read(from: attached.database, mapping: attached.mapping)
            if try log.lastSequence() == before { return (graph, before) }
        }
        throw WatchFailure(
            "the database changed during each of \(attempts) reads of its objects; try :watch again")
    }
}

/// Why a `:watch` could not start or stopped early.
struct WatchFailure: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String

    init(_ description: String) { self.description = description }
}
