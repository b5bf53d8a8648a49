import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import PostgresDatabase
import Predicates
import SQLiteDatabase

extension DatabaseLiveBenchmark {
    /// The connections of one database: the writer's, and a factory of followers' connections.
    struct Target {
        var name: String
        var writer: any SQLDatabase
        var connect: @Sendable () throws -> ChangeLogConnection
        /// Run after the load: what a database in service has done by the time it is queried.
        var maintenance = "ANALYZE"
    }

    /// A SQLite file in the temporary directory; followers poll `PRAGMA data_version` every ms.
    static func sqlite() throws -> Target {
        let path = NSTemporaryDirectory() + "dblive-\(getpid()).sqlite"
        try? FileManager.default.removeItem(atPath: path)
        return Target(
            name: "SQLite", writer: try SQLiteConnection(path: path),
            connect: {
                let connection = try SQLiteConnection(path: path, mode: .readOnly)
                let log = ChangeLog(database: connection)
                var seen = try log.dataVersion()
                return ChangeLogConnection(database: connection) { seconds in
                    let deadline = Date().addingTimeInterval(seconds)
                    while Date() < deadline {
                        let version = try log.dataVersion()
                        if version != seen {
                            seen = version
                            return
                        }
                        usleep(1_000)
                    }
                }
            })
    }

    /// The PostgreSQL database at `url` (its tables are replaced); followers LISTEN.
    static func postgres(_ url: String) throws -> Target {
        let writer = try PostgresConnection(url: url)
        try writer.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
        try writer.installHelperFunctions()
        return Target(
            name: "PostgreSQL", writer: writer,
            connect: {
                let connection = try PostgresConnection(url: url)
                try connection.listen(SQLChangeLogTables.channel)
                return ChangeLogConnection(database: connection) { _ = try connection.notifications(waitingUpTo: $0) }
            }, maintenance: "VACUUM ANALYZE")
    }

    static func run(_ target: Target, contents: Int, seed: UInt64, runs: Int, latencySamples: Int = 50) throws -> Result
    {
        let writer = target.writer
        progress("dblive \(target.name): loading \(Report.grouped(contents)) Contents…")
        var graph = try graph(contents: contents, seed: seed)
        let mapping = try SQLMapping.standard(schema)
        try writer.transaction {
            try writer.execute(SQLSchemaDefinition.statements(for: mapping, dialect: writer.dialect))
            try writer.execute(try graph.insertStatements(mapping: mapping, dialect: writer.dialect))
        }
        // Planner statistics, as a database in service has them (PostgreSQL's autovacuum would
        // gather them some time after the load; without them it plans joins blind). On
        // PostgreSQL also the visibility map (VACUUM): autovacuum sets it in service, and
        // without it an index-only scan (counting a Bucket's Contents) reads the heap, and
        // autovacuum starting during the measured rounds made them vary tenfold.
        try writer.execute(SQLStatement(sql: target.maintenance))
        let store = try DatabaseStore(database: writer, verifiedMapping: mapping)
        progress("dblive \(target.name): first fetch of 100 queries…")
        let follower = try ChangeLogFollower(mapping: mapping, connect: target.connect)
        let requests = try requests()
        for request in requests { _ = try follower.add(request) }
        let reader = try target.connect().database
        let lowering = PredicateLowering(layout: mapping)
        let polled = try requests.map { try lowering.query(try CheckedFetchRequest($0, schema: schema)) }
        let clock = ContinuousClock()
        var incremental: [Duration] = []
        var rerun: [Duration] = []
        var phases: [FollowerStatistics] = []
        for round in 0...runs {
            progress("dblive \(target.name): change set \(round)…")
            try store.apply(try changeSet(contents: contents, round: round, graph: &graph))
            follower.statistics = FollowerStatistics()
            let start = clock.now
            try follower.poll()
            let kept = clock.now - start
            if round > 0 { phases.append(follower.statistics) }
            let again = clock.now
            for select in polled { _ = try reader.rows(select) }
            let rerunTime = clock.now - again
            if round > 0 {
                incremental.append(kept)
                rerun.append(rerunTime)
            }
        }
        var bytes = 0
        var rows = 0
        for id in 0..<requests.count {
            guard let results = follower.results(of: id) else { continue }
            bytes += results.heldBytes
            rows += results.memberCount
        }
        let latency = try commitToDiff(target, store: store, mapping: mapping, samples: latencySamples)
        return Result(
            database: target.name, contents: contents, queries: requests.count, matchingRows: rows,
            incremental: Timing(durations: incremental), rerun: Timing(durations: rerun), latency: latency,
            bytesPerRow: Double(bytes) / Double(max(1, rows)), phases: phases)
    }

    /// Milliseconds from each commit (a one-object change set) to its diff in a follower
    /// waiting on another thread and connection.
    static func commitToDiff(_ target: Target, store: DatabaseStore, mapping: SQLMapping, samples: Int) throws
        -> [Double]
    {
        final class Arrivals: @unchecked Sendable {
            // `@unchecked`: every field is read and written under `lock`.
            let lock = NSLock()
            var times: [Int64: ContinuousClock.Instant] = [:]
            var done = false
            var failure: String?
        }
        let arrivals = Arrivals()
        let connect = target.connect
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread {
            do {
                let follower = try ChangeLogFollower(mapping: mapping, connect: connect)
                var request = FetchRequest(
                    entity: "Content", predicate: try PredicateParser().parsePredicate("#size < 50", arguments: []))
                request.sortKeys = [SortKey("size")]
                _ = try follower.add(request)
                ready.signal()
                while !arrivals.lock.withLock({ arrivals.done }) {
                    try follower.poll { sequence, _ in
                        let now = ContinuousClock.now
                        arrivals.lock.withLock { arrivals.times[sequence] = now }
                    }
                    try follower.wait(upTo: 0.2)
                }
            } catch {
                arrivals.lock.withLock { arrivals.failure = "\(error)" }
                ready.signal()
            }
        }
        thread.start()
        ready.wait()
        var commits: [Int64: ContinuousClock.Instant] = [:]
        for sample in 0..<samples {
            var changes = ChangeSet()
            changes["Content"].updated = [
                UpdatedObject(id: .int(sample % 1000 + 1), attributes: ["size": .int(sample % 100)])
            ]
            let entry = try store.apply(changes)
            commits[entry.sequence] = ContinuousClock.now
            usleep(20_000)
        }
        usleep(300_000)
        arrivals.lock.withLock { arrivals.done = true }
        if let failure = arrivals.lock.withLock({ arrivals.failure }) {
            throw BenchFailure("the follower failed: \(failure)")
        }
        let times = arrivals.lock.withLock { arrivals.times }
        return commits.compactMap { sequence, committed in
            times[sequence].map { arrived in
                let elapsed = arrived - committed
                return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            }
        }.sorted()
    }
}

extension DatabaseLiveBenchmark.Result {
    /// The phases of the follower's work, medians over the rounds.
    var phaseSummary: String {
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        }
        let navigation = median(phases.map { $0.navigationSeconds * 1000 })
        let navigationCount = median(phases.map { Double($0.navigationStatements) })
        let evaluation = median(phases.map { $0.evaluationSeconds * 1000 })
        let evaluationCount = median(phases.map { Double($0.evaluationStatements) })
        let other = median(phases.map { ($0.applySeconds - $0.navigationSeconds - $0.evaluationSeconds) * 1000 })
        let matching = median(phases.map { ($0.matchSeconds - $0.navigationSeconds) * 1000 })
        let merging = median(phases.map { $0.mergeSeconds * 1000 })
        return "navigation \(Report.number(navigation)) ms (\(Int(navigationCount)) statements), "
            + "re-evaluation \(Report.number(evaluation)) ms (\(Int(evaluationCount)) statements), "
            + "region tests, direction analysis, set operations and merges \(Report.number(other)) ms "
            + "(of which matching without its statements \(Report.number(matching)) ms, merging "
            + "\(Report.number(merging)) ms, the rest building and rendering the batched statements)."
    }

    /// The Markdown section of the row.
    var markdown: String {
        func ms(_ duration: Duration) -> String {
            let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
            return Report.number(value)
        }
        func percentile(_ p: Double) -> String {
            guard !latency.isEmpty else { return "—" }
            let index = min(latency.count - 1, Int((Double(latency.count) * p).rounded(.up)) - 1)
            return Report.number(latency[max(0, index)])
        }
        let seconds = { (duration: Duration) in
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        let ratio = seconds(rerun.median) / max(seconds(incremental.median), 1e-12)
        return """
            ### Live queries over \(database): \(Report.grouped(contents)) Contents, \(queries) queries, change sets of 100 objects

            | method | median ms (min–max) |
            |---|---|
            | keep all \(queries) queries current from the log (one follower) | \(ms(incremental.median)) (\(ms(incremental.min))–\(ms(incremental.max))) |
            | re-run all \(queries) queries (a polling engine's interval) | \(ms(rerun.median)) (\(ms(rerun.min))–\(ms(rerun.max))) |

            re-run / incremental: **\(Report.number(ratio))×** (target ≥ 50×). \
            Commit-to-diff latency (a one-object change set, follower on its own connection and \
            thread, \(latency.count) samples): median **\(percentile(0.5)) ms**, p99 \(percentile(0.99)) ms. \
            Memory: \(Report.number(bytesPerRow)) bytes per matching row held \
            (\(Report.grouped(matchingRows)) rows over the \(queries) queries).

            Where keeping current goes (medians over the measured rounds): \(phaseSummary)
            """
    }
}
