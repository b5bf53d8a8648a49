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
