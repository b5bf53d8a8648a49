import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

/// The graph rows: evaluation on a graph against a hand-written closure reading the same
/// storage, and change matching against a true refetch.
enum GraphBenchmark {
    /// One evaluation row: the engine and the hand-written closure on the same graph objects.
    struct EvaluationResult {
        let format: String
        let engine: Measured
        let closure: Measured

        var ratio: Double? {
            let base = closure.timing.median
            return base > .zero ? engine.timing.median / base : nil
        }
    }

    /// Change matching of a change set against a true refetch of the query.
    struct ChangeResult {
        let contents: Int
        let buckets: Int
        let changedObjects: Int
        let matcher: Measured
        let refetch: Measured
        let loadSeconds: Double

        var speedUp: Double? {
            let fast = matcher.timing.median
            return fast > .zero ? refetch.timing.median / fast : nil
        }
    }

    enum Part: String, Hashable {
        case engine, closure, matcher, refetch
    }

    struct Setup {
        let graph: ObjectGraph
        let objects: [GraphObject]
        let loadSeconds: Double
    }

    static func setUp(contents: Int, buckets: Int, seed: UInt64) throws -> Setup {
        let clock = ContinuousClock()
        let start = clock.now
        let graph = try ContentGraph.make(contents: contents, buckets: buckets, seed: seed)
        let loaded = clock.now - start
        return Setup(graph: graph, objects: graph.graphObjects(of: "Content"), loadSeconds: loaded.seconds)
    }

    /// `size > 500` and `bucket.name == 'Bucket 7'`: the compiled predicate against a closure
    /// reading the same columns, both called once per object through `countMatches`.
    static func evaluation(_ setup: Setup, runs: Int) throws -> [EvaluationResult] {
        let graph = setup.graph
        guard let size = graph.attributeColumn("size", of: "Content"),
            let bucket = graph.toOneColumn("bucket", of: "Content"),
            let name = graph.attributeColumn("name", of: "Bucket")
        else { throw BenchFailure("the benchmark schema has no size, bucket or name column") }
        let sizeClosure: (GraphObject) -> Bool = { object in
            if case .int(let value) = object.storage.tables[size.hierarchy].attributes[size.column][object.row] {
                return value > 500
            }
            return false
        }
        let bucketClosure: (GraphObject) -> Bool = { object in
            let tables = object.storage.tables
            let target = tables[bucket.hierarchy].toOne[bucket.column][object.row]
            guard target >= 0 else { return false }
            if case .string(let value) = tables[bucket.destination].attributes[name.column][Int(target)] {
                return value == "Bucket 7"
            }
            return false
        }
        var results: [EvaluationResult] = []
        for (format, closure) in [("#size > 500", sizeClosure), ("bucket.name == 'Bucket 7'", bucketClosure)] {
            let checked = try CheckedPredicate(PredicateNode(format: format), schema: graph.schema, entity: "Content")
            let compiled = try PredicateCompiler().compile(checked, for: graph)
            let objects = setup.objects
            let measured = try Stopwatch.measure(
                [
                    Candidate(key: Part.engine) { try countMatches(objects) { try compiled.evaluate($0) } },
                    Candidate(key: Part.closure) { countMatches(objects, closure) },
                ], runs: runs)
            guard let engine = measured[.engine], let hand = measured[.closure], engine.result == hand.result else {
                throw BenchFailure("\(format): the engine and the closure disagree")
            }
            results.append(EvaluationResult(format: format, engine: engine, closure: hand))
        }
        return results
    }

    /// The query `bucket.name BEGINSWITH 'Bucket 1'` sorted by `creationDate`, after a change set
    /// of 100 objects: the change matcher against a true refetch (the predicate evaluated on
    /// every root, the matches sorted).
    static func changes(contents: Int, buckets: Int, seed: UInt64, runs: Int) throws -> ChangeResult {
        let setup = try setUp(contents: contents, buckets: buckets, seed: seed)
        var graph = setup.graph
        let changes = try ContentGraph.changes(contents: contents, buckets: buckets, graph: graph)
        let applied = try graph.apply(changes)
        let checked = try CheckedPredicate(
            PredicateNode(format: "bucket.name BEGINSWITH 'Bucket 1'"), schema: graph.schema, entity: "Content")
        let dependencies = try QueryDependencies(checked, sortKeyPaths: ["creationDate"])
        let matcher = ChangeMatcher(dependencies: dependencies)
        let compiled = try PredicateCompiler().compile(checked, for: graph)
        let changed = changes.entities.values.reduce(0) { $0 + $1.updated.count + $1.inserted.count + $1.deleted.count }
        let finalGraph = graph
        let measured = try Stopwatch.measure(
            [
                Candidate(key: Part.matcher) { matcher.affectedRoots(by: applied, in: finalGraph).reevaluate.count },
                Candidate(key: Part.refetch) { try refetch(compiled, in: finalGraph).count },
            ], runs: runs)
        guard let fast = measured[.matcher], let slow = measured[.refetch] else {
            throw BenchFailure("change matching: no measurement")
        }
        return ChangeResult(
            contents: contents, buckets: buckets, changedObjects: changed, matcher: fast, refetch: slow,
            loadSeconds: setup.loadSeconds)
    }

    /// Every Content evaluated, the matches sorted by creation date (then id).
    static func refetch(_ compiled: CompiledPredicate<GraphObject>, in graph: ObjectGraph) throws -> [ObjectID] {
        var matches: [(Date, ObjectID)] = []
        for object in graph.graphObjects(of: "Content") where try compiled.evaluate(object) {
            guard case .date(let date) = try object.predicateValue(forKey: "creationDate") else { continue }
            matches.append((date, object.id))
        }
        matches.sort { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }
        return matches.map(\.1)
    }
}

/// The benchmark found something wrong with itself.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The live-results row: a change set of 100 updates applied incrementally against a full
/// refetch (filter every root, sort, diff), and the memory a live result holds per root.
enum LiveResultsBenchmark {
    struct Result {
        let contents: Int
        let members: Int
        let incremental: Timing
        let refetch: Timing
        let bytesPerRoot: Double
        let changedRows: Int
        /// The same change through ``LiveResults`` (one observer), in the same rounds.
        let shared: Timing
        /// Reading every row's ``ObjectID`` after the change (what each ``LiveResults`` update
        /// made before its rows were kept as row numbers).
        let rowsRead: Timing

        var speedUp: Double? {
            let fast = incremental.median
            return fast > .zero ? refetch.median / fast : nil
        }

        /// The median over the rounds of `part` / incremental, round by round.
        func medianRatio(_ part: Timing) -> Double {
            let ratios = zip(part.durations, incremental.durations).map { $0 / $1 }.sorted()
            guard !ratios.isEmpty else { return 0 }
            let middle = ratios.count / 2
            return ratios.count % 2 == 1 ? ratios[middle] : (ratios[middle - 1] + ratios[middle]) / 2
        }
    }

    /// 25 Bucket renames (Buckets 100–112 leave the query, 200–211 enter it), 25 Contents moved
    /// to another Bucket, 50 Contents re-dated; and the change set that undoes it.
    static func changes(contents: Int, buckets: Int, graph: ObjectGraph, undo: Bool) -> ChangeSet {
        var changes = ChangeSet()
        for index in 0..<25 {
            let id = index < 13 ? 100 + index : 200 + index - 13
            guard id <= buckets else { continue }
            let renamed = index < 13 ? "Other \(id)" : "Bucket 1-\(id)"
            changes["Bucket"].updated.append(
                UpdatedObject(id: .int(id), attributes: ["name": .string(undo ? "Bucket \(id)" : renamed)]))
        }
        let step = max(1, contents / 76)
        for index in 0..<75 {
            let id = 1 + index * step
            guard id <= contents else { break }
            let object = ObjectID(hierarchy: "Content", id: .int(id))
            let entity = graph.entity(of: object) ?? "Content"
            if index < 25 {
                let home = (id - 1) % max(1, buckets) + 1
                let other = (home + 150) % max(1, buckets) + 1
                changes[entity].updated.append(
                    UpdatedObject(
                        id: .int(id),
                        relationships: [
                            "bucket": undo
                                ? .toOne(old: .int(other), new: .int(home)) : .toOne(old: .int(home), new: .int(other))
                        ]))
            } else {
                let date = undo ? (try? graph.value(forKey: "creationDate", of: object)) : nil
                var value = PredicateValue.date(Date(timeIntervalSinceReferenceDate: Double(index)))
                if case .attribute(let original)? = date { value = original }
                changes[entity].updated.append(UpdatedObject(id: .int(id), attributes: ["creationDate": value]))
            }
        }
        return changes
    }

    static func run(contents: Int, buckets: Int, seed: UInt64, runs: Int) throws -> Result {
        let original = try ContentGraph.make(contents: contents, buckets: buckets, seed: seed)
        let forward = changes(contents: contents, buckets: buckets, graph: original, undo: false)
        let backward = changes(contents: contents, buckets: buckets, graph: original, undo: true)
        let request = FetchRequest(
            entity: "Content", predicate: try PredicateNode(format: "bucket.name BEGINSWITH 'Bucket 1'"),
            sortKeys: [SortKey("creationDate")])
        var live = try LiveResultSet(request: request, graph: original)
        let held = Double(live.heldBytes)
        let members = live.rows.count
        // An observer that reads the diff, not the rows.
        let shared = try LiveResults(request: request, graph: original)
        let token = shared.observe { update in _ = update.change.rows.insertions.count }
        defer { token.cancel() }
        let clock = ContinuousClock()
        var incremental: [Duration] = []
        var refetch: [Duration] = []
        var sharedApply: [Duration] = []
        var rowsRead: [Duration] = []
        var changedRows = 0
        for round in 0...runs {
            let oldRows = live.rows
            // The two applies alternate which goes first, so that neither always finds the
            // caches warmed by the other.
            var change = ResultChange(rows: ListDiff(), sections: ListDiff())
            var update: ResultUpdate?
            var applied = Duration.zero
            var sharedTime = Duration.zero
            for turn in round % 2 == 0 ? [0, 1] : [1, 0] {
                let start = clock.now
                if turn == 0 {
                    change = try live.apply(forward)
                    applied = clock.now - start
                } else {
                    update = try shared.apply(forward)
                    sharedTime = clock.now - start
                }
            }
            let readStart = clock.now
            let read = live.rows
            let readTime = clock.now - readStart
            guard let update, read.count == update.rowCount, update.change.rows == change.rows else {
                throw BenchFailure("live results: LiveResults and LiveResultSet disagree")
            }
            _ = try shared.apply(backward)
            changedRows = change.rows.removals.count + change.rows.insertions.count + change.rows.updates.count
            let refetchStart = clock.now
            let fresh = try LiveResultSet(request: request, graph: live.graph)
            let diff = ListDiff(from: oldRows, to: fresh.rows)
            let refetched = clock.now - refetchStart
            guard fresh.rows == live.rows, diff.applied(to: oldRows) == fresh.rows else {
                throw BenchFailure("live results: the incremental rows differ from a refetch")
            }
            _ = try live.apply(backward)
            if round > 0 {
                incremental.append(applied)
                refetch.append(refetched)
                sharedApply.append(sharedTime)
                rowsRead.append(readTime)
            }
        }
        return Result(
            contents: contents, members: members, incremental: Timing(durations: incremental),
            refetch: Timing(durations: refetch), bytesPerRoot: held / Double(max(1, contents)),
            changedRows: changedRows,
            shared: Timing(durations: sharedApply), rowsRead: Timing(durations: rowsRead))
    }
}
