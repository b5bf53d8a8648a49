import Dispatch
import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import PostgresDatabase
import Predicates
import SQLiteDatabase

extension WatchCommand {
    /// `watch --db`: the request's live results over the database (``DatabaseLiveResults``),
    /// kept current from its change log by a ``ChangeLogFollower`` on a connection of its own.
    /// With `--follow`, one line per log entry committed by any process until interrupted (or
    /// `--until`); with `--changes`, each change set is written through a ``DatabaseStore``
    /// (as `apply` does) and the entries it made are printed.
    func runOverDatabase(_ request: FetchRequest, schema: Schema, io: ToolIO) -> Int32 {
        guard let target else { return ExitStatus.usage }
        let opened = changes.isEmpty ? target.open(create: false) : target.openForWriting()
        let database: any SQLDatabase
        switch opened {
        case .success(let value): database = value
        case .failure(let failure): return failure.report(io)
        }
        let mapping: SQLMapping
        switch database.verifiedMapping(self.mapping, schema: schema) {
        case .success(let verified): mapping = verified
        case .failure(let failure): return failure.report(io)
        }
        var store: DatabaseStore?
        if !changes.isEmpty {
            do {
                store = try DatabaseStore(database: database, verifiedMapping: mapping)
            } catch {
                return CommandFailure(status: ExitStatus.failure, message: "cannot open the change log: \(error)")
                    .report(io)
            }
        }
        let follower: ChangeLogFollower
        do {
            follower = try ChangeLogFollower(mapping: mapping, since: since) { try ChangeLogWaiting.connection(target) }
        } catch {
            return CommandFailure(status: ExitStatus.failure, message: "cannot read the change log: \(error)")
                .report(io)
        }
        do {
            let first = try follower.add(request)
            io.write(
                "{\"step\":0,\"sequence\":\(first.logSequence),"
                    + Self.state(first.update.rows, first.update.sections, request) + "}\n")
        } catch {
            return CommandFailure(
                status: error.dependencyError == nil && error.diagnostics.isEmpty
                    ? ExitStatus.failure : ExitStatus.invalidInput,
                message: "error: \(error.message)"
            )
            .report(io)
        }
        var step = 0
        var written: [Int64: String] = [:]
        func printEntry(_ sequence: Int64, _ updates: [FollowedUpdate]) {
            step += 1
            let update = updates.last
            var line = "{\"step\":\(step),\"sequence\":\(sequence),"
            if let file = written[sequence] { line += "\"changes\":" + PredicateValue.string(file).jsonText() + "," }
            if let reason = update?.refetch { line += "\"refetch\":\"\(reason.rawValue)\"," }
            let change = update?.update.change ?? ResultChange(rows: ListDiff(), sections: ListDiff())
            let results = follower.results(of: 0)
            line += Self.diff(change) + "," + Self.state(results?.rows ?? [], results?.sections ?? [], request) + "}\n"
            io.write(line)
        }
        if let store {
            for path in changes {
                let changeSet: ChangeSet
                switch StoreInputs.changeSet(path) {
                case .success(let read): changeSet = read
                case .failure(let failure): return failure.report(io)
                }
                do {
                    let entry = try store.apply(changeSet)
                    written[entry.sequence] = path
                    try follower.poll(onEntry: printEntry)
                } catch let errors as GraphErrors {
                    return CommandFailure(
                        status: ExitStatus.invalidInput,
                        message: errors.errors.map { "\(path): \($0)" }.joined(separator: "\n")
                            + "\n\(path): nothing written"
                    )
                    .report(io)
                } catch {
                    return CommandFailure(status: ExitStatus.failure, message: "\(path): \(error)").report(io)
                }
            }
            return ExitStatus.success
        }
        return followUntilInterrupted(follower, io: io, printEntry: printEntry)
    }

    /// Polls and waits until SIGINT or SIGTERM (exit status 0), or until entry `--until` is
    /// printed; a failure that reconnecting does not cure is exit status 1.
    private func followUntilInterrupted(
        _ follower: ChangeLogFollower, io: ToolIO, printEntry: (Int64, [FollowedUpdate]) -> Void
    ) -> Int32 {
        let stop = StopRequest()
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.request() }
            source.resume()
            return source
        }
        defer {
            for source in sources { source.cancel() }
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
        while !stop.isRequested {
            do {
                try follower.poll(onEntry: printEntry)
                if let until, follower.lastSequence >= until { return ExitStatus.success }
                try follower.wait(upTo: 0.2)
            } catch {
                return CommandFailure(status: ExitStatus.failure, message: "following the change log: \(error)")
                    .report(io)
            }
        }
        return ExitStatus.success
    }
}

/// Set from a signal handler's queue, read by the follow loop.
private final class StopRequest: @unchecked Sendable {
    // `@unchecked`: `requested` is only read and written under `lock`.
    private let lock = NSLock()
    private var requested = false

    func request() { lock.withLock { requested = true } }

    var isRequested: Bool { lock.withLock { requested } }
}
