import Evaluation
import Foundation
import ObjectStore

extension ReplSession {
    /// `:watch`: checks that there is something to follow; the terminal layer then runs
    /// ``watch(write:wakingOn:stopRequested:)``.
    mutating func startWatch(_ text: String) -> ReplReply {
        guard text.isEmpty else {
            return .error(":watch takes no arguments: it follows the last predicate (with :sort and :limit)")
        }
        guard database != nil else {
            return .error("no database attached: :db TARGET [coredata] first (a SQLite file or a postgres:// URL)")
        }
        guard entity != nil else { return .error("no entity; choose one with :entity NAME") }
        var reply = ReplReply.empty
        reply.startsWatch = true
        return reply
    }

    /// Follows the last predicate (every object of the entity without one), with the sort
    /// keys, the limit and the columns, in the attached database as any process writes to it:
    /// prints the rows as a table, then, for each log entry that changes them, the entry's
    /// sequence number and how the rows changed — until `stopRequested` says so (a key, a
    /// line or the end of standard input). Between entries it sleeps in the follower's wait,
    /// which also wakes when `descriptor` (standard input) is readable.
    ///
    /// ```
    /// predicate> :watch
    /// watching Content in shop.sqlite after log entry 4 (Enter, q or Control-C stops)
    /// id  …
    /// 2 objects
    /// #5:
    ///   inserted  7  report.pdf  (row 2)
    /// stopped after log entry 5: 3 objects
    /// ```
    ///
    /// The rows are the database's (``DatabaseLiveResults``, through the lowering); their
    /// cells come from a graph kept current from the same log (``ReplWatchedGraph``). When the
    /// session's objects were read from this database, they are the watched graph afterwards.
    mutating func watch(write: (String) -> Void, wakingOn descriptor: Int32?, stopRequested: () -> Bool)
        -> ReplReply
    {
        guard let attached = database else { return .error("no database attached: :db TARGET [coredata] first") }
        var shown: ReplWatchedGraph
        do {
            shown = try ReplWatchedGraph(attached)
        } catch {
            return .error("cannot watch \(attached.target): \(error)")
        }
        let request: FetchRequest
        switch fetchRequest(for: shown.graph) {
        case .success(let made): request = made
        case .failure(let failure): return .error(failure.message)
        }
        let follower: ChangeLogFollower
        let query: Int
        do {
            follower = try ChangeLogFollower(mapping: attached.mapping, since: shown.sequence) {
                try ChangeLogWaiting.connection(attached.location, wakingOn: descriptor)
            }
            query = try follower.add(request).query
        } catch let error as LiveResultsError {
            return .error(error.message)
        } catch {
            return .error("cannot follow the change log of \(attached.target): \(error)")
        }
        let columns = chosenColumns
        let entity = request.entity
        var failure: String?
        do {
            // Entries committed while the rows were fetched: the graph catches up quietly.
            try follower.poll { sequence, updates in
                do {
                    try shown.advance(to: sequence, refetched: updates.contains { $0.refetch != nil })
                } catch {
                    failure = failure ?? "\(error)"
                }
            }
            if let failure { throw WatchFailure(failure) }
            let rows = follower.results(of: query)?.rows ?? []
            write(
                "watching \(entity) in \(attached.target) after log entry \(follower.lastSequence)"
                    + " (Enter, q or Control-C stops)\n"
                    + (rows.isEmpty
                        ? "" : printed(ResultTable(rows: rows, entity: entity, graph: shown.graph, columns: columns)))
                    + countLine(rows.count, elapsed: nil))
            while !stopRequested() {
                try follower.poll { sequence, updates in
                    do {
                        let before = try shown.advance(
                            to: sequence, refetched: updates.contains { $0.refetch != nil })
                        for update in updates {
                            write(Self.entryText(sequence, update, before: before, after: shown.graph))
                        }
                    } catch {
                        failure = failure ?? "\(error)"
                    }
                }
                if let failure { throw WatchFailure(failure) }
                if stopRequested() { break }
                try follower.wait(upTo: 1)
            }
        } catch {
            return .error("following the change log of \(attached.target): \(error)")
        }
        if case .graph(_, let name) = objects, name == Self.databaseObjectsName(attached.target) {
            objects = .graph(shown.graph, name: name)
        }
        let count = follower.results(of: query)?.rowCount ?? 0
        return .output("stopped after log entry \(follower.lastSequence): \(Self.count(count, "object"))")
    }

    /// `#5:` and the changes as `:apply` prints them; after a refetch, why.
    private static func entryText(_ sequence: Int64, _ update: FollowedUpdate, before: ObjectGraph, after: ObjectGraph)
        -> String
    {
        var text = "#\(sequence):"
        switch update.refetch {
        case .pruned?: text += " fetched in full (the log entries it needed were pruned)"
        case nil: break
        }
        let lines = changeLines(update.update.change, before: before, after: after)
        if lines.isEmpty { return text + " the rows did not change\n" }
        return text + "\n"
            + ResultTable(headers: nil, rows: lines, cutsCells: false).lines.map { "  " + $0 + "\n" }.joined()
    }

    /// The name the session's objects have when `:db` read them from the database `target`.
    static func databaseObjectsName(_ target: String) -> String { "the database \(target)" }
}

/// The keys that end a `:watch` on a terminal: Enter, `q`, Control-C, Control-D.
enum WatchKeys {
    /// Whether `bytes` (read in raw mode) hold one of them.
    static func stop(_ bytes: [UInt8]) -> Bool {
        bytes.contains { [0x0D, 0x0A, UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03, 0x04].contains($0) }
    }
}
