import Evaluation
import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import TestSupport
import Testing

/// The same predicate on the same objects three ways: compiled for the graph, interpreted on
/// graph objects, and compiled for the objects exported as nested dictionaries (the path the
/// engine had before graphs). They must agree on every object: the same Bool, or all an error.
/// The column scan (``GraphScan``) is checked on the same cases with its column path forced on
/// (its to-one leaves forced to each join) and off, a third of them after deleting objects: all
/// must find the matches the interpreter finds, or all fail when it fails.
@Suite("Evaluation on the graph: differential against nested dictionaries and the interpreter")
struct GraphDifferentialTests {
    /// The outcome of one evaluation.
    enum Outcome: Equatable, CustomStringConvertible {
        case value(Bool)
        case error

        init(_ body: () throws -> Bool) {
            do { self = .value(try body()) } catch { self = .error }
        }

        var description: String {
            switch self {
            case .value(let value): String(value)
            case .error: "error"
            }
        }
    }

    /// `object` as a nested dictionary, `depth` relationship levels deep (deep enough for every
    /// key path generated).
    static func export(_ object: GraphObject, schema: Schema, depth: Int) -> EvaluationValue {
        var dictionary: [String: EvaluationValue] = [:]
        for property in schema.allProperties(of: object.entity) {
            guard let value = try? object.predicateValue(forKey: property.name) else { continue }
            switch value {
            case .object(let related):
                guard depth > 0, let inner = related.base as? GraphObject else { continue }
                dictionary[property.name] = export(inner, schema: schema, depth: depth - 1)
            case .array(let elements) where property.relationship != nil:
                guard depth > 0 else { continue }
                dictionary[property.name] = .array(
                    elements.compactMap { element in
                        guard case .object(let related) = element, let inner = related.base as? GraphObject else {
                            return nil
                        }
                        return export(inner, schema: schema, depth: depth - 1)
                    })
            default:
                dictionary[property.name] = value
            }
        }
        return .dictionary(dictionary)
    }

    /// The first object on which the three evaluations differ, described; `nil` when they agree.
    static func mismatch(_ graphCase: GraphCase, _ predicate: PredicateNode) -> String? {
        mismatch(graphCase, predicate, exported: exports(graphCase))
    }

    /// The root objects of a case, each with its export (two relationship levels: the longest
    /// key path generated is two hops and an attribute).
    static func exports(_ graphCase: GraphCase) -> [(GraphObject, EvaluationValue)] {
        graphCase.graph.graphObjects(of: graphCase.root).map { object in
            (object, export(object, schema: graphCase.graph.schema, depth: 2))
        }
    }

    static func mismatch(
        _ graphCase: GraphCase, _ predicate: PredicateNode, exported objects: [(GraphObject, EvaluationValue)]
    )
        -> String?
    {
        let graph = graphCase.graph
        guard let checked = try? CheckedPredicate(predicate, schema: graph.schema, entity: graphCase.root) else {
            return nil
        }
        let compiledGraph = Result { try PredicateCompiler().compile(checked, for: graph) }
        let compiledValues = Result { try PredicateCompiler().compile(predicate, for: EvaluationValue.self) }
        for (object, value) in objects {
            let onGraph: Outcome
            switch compiledGraph {
            case .success(let compiled): onGraph = Outcome { try compiled.evaluate(object) }
            case .failure: onGraph = .error
            }
            let interpreted = Outcome { try ReferenceInterpreter().evaluate(checked, on: object) }
            let exported: Outcome
            switch compiledValues {
            case .success(let compiled):
                exported = Outcome { try compiled.evaluate(value) }
            case .failure: exported = .error
            }
            if onGraph != interpreted || onGraph != exported {
                return
                    "\(object.id): compiled on the graph \(onGraph), interpreted \(interpreted), on dictionaries \(exported)"
            }
        }
        return nil
    }

    /// The matches of a scan, or `nil` for an error.
    static func scanned(_ graph: ObjectGraph, _ scan: GraphScan, _ strategy: ScanStrategy) -> [ObjectID]? {
        try? graph.fetch(scan, strategy: strategy)
    }

    /// Where the column scan (with its to-one leaves run each way: semi-join, following each
    /// root's hops, chosen by size), the row scan and the interpreter (object by object, in key
    /// order) disagree on the matches of `predicate`, described; `nil` when they agree.
    static func scanMismatch(_ graphCase: GraphCase, _ predicate: PredicateNode) -> String? {
        let graph = graphCase.graph
        guard let checked = try? CheckedPredicate(predicate, schema: graph.schema, entity: graphCase.root),
            var scan = try? PredicateCompiler().compileScan(checked, for: graph)
        else { return nil }
        var expected: [ObjectID]? = []
        for object in graph.graphObjects(of: graphCase.root) {
            guard let matches = try? ReferenceInterpreter().evaluate(checked, on: object) else {
                expected = nil
                break
            }
            if matches { expected?.append(object.id) }
        }
        var outcomes: [String] = []
        for choice in ToOneJoinChoice.allCases {
            scan.toOneJoins = choice
            let columns = scanned(graph, scan, .columns)
            if columns != expected {
                outcomes.append("column scan (\(choice)) \(columns.map(\.description) ?? "error")")
            }
        }
        let rows = scanned(graph, scan, .rows)
        if rows != expected { outcomes.append("row scan \(rows.map(\.description) ?? "error")") }
        guard !outcomes.isEmpty else { return nil }
        return "interpreted \(expected.map(\.description) ?? "error"), " + outcomes.joined(separator: ", ")
    }

    /// `graph` with one to three of its objects deleted (their rows become tombstones, and the
    /// to-one relationships that pointed at them are emptied), or `graph` when a deletion is
    /// refused.
    static func deletingSome(_ graph: ObjectGraph, _ random: inout SplitMix64) -> ObjectGraph {
        let objects = graph.schema.entities.flatMap { entity in
            graph.objects(of: entity.name).filter { graph.entity(of: $0) == entity.name }.map { ($0, entity.name) }
        }
        guard !objects.isEmpty else { return graph }
        var changes = ChangeSet()
        var chosen: Set<ObjectID> = []
        for _ in 0..<random.int(in: 1...3) {
            let (object, entity) = random.pick(objects)
            if chosen.insert(object).inserted { changes[entity].deleted.append(object.id) }
        }
        var changed = graph
        do { try changed.apply(changes) } catch { return graph }
        return changed
    }

    @Test("the column scan == the row scan == the interpreter, on the same cases (≥ 2,000 predicates)")
    func scanDifferential() {
        let run = PropertyRun("GraphScanDifferentialTests", defaultCases: 2_000)
        var compared = 0
        var onColumns = 0
        var withDeletions = 0
        var hopCounts = [0, 0, 0]
        for index in 0..<run.cases {
            var generator = GraphCaseGenerator(seed: run.caseSeed(index))
            guard var graphCase = generator.makeCase() else { continue }
            // A third of the cases scan a graph with deleted objects: tombstone rows in the
            // tables, emptied to-one relationships.
            var random = SplitMix64(seed: run.caseSeed(index) ^ 0x5EED_DE1E)
            if random.chance(1, in: 3) {
                graphCase.graph = Self.deletingSome(graphCase.graph, &random)
                withDeletions += 1
            }
            for (format, arguments) in graphCase.predicates {
                guard let predicate = try? PredicateParser().parsePredicate(format, arguments: arguments),
                    let checked = try? CheckedPredicate(predicate, schema: graphCase.schema, entity: graphCase.root)
                else { continue }
                compared += 1
                if (try? PredicateCompiler().compileScan(checked, for: graphCase.graph))?.usesColumns == true {
                    onColumns += 1
                    // Key paths of two to-one hops (`r0.q1.a2_3`), of one (`r0.a2_3`), of none.
                    hopCounts[
                        format.contains(/[rq][0-9]+\.[rq][0-9]+\.a/) ? 2 : format.contains(/[rq][0-9]+\.a/) ? 1 : 0] +=
                        1
                }
                guard let problem = Self.scanMismatch(graphCase, predicate) else { continue }
                let smallest = Shrinker.shrink(
                    predicate, candidates: PredicateParts.smaller, fails: { Self.scanMismatch(graphCase, $0) != nil })
                Issue.record(
                    """
                    \(problem)
                    predicate (shrunk): \(smallest.predicateFormat)
                    root: \(graphCase.root); schema: \(String(decoding: (try? graphCase.schema.jsonData()) ?? Data(), as: UTF8.self))
                    graph: \(String(decoding: (try? graphCase.graph.jsonData()) ?? Data(), as: UTF8.self))
                    \(run.replay(index))
                    """)
                return
            }
        }
        print(
            "GraphScanDifferentialTests: \(compared) predicates compared, \(onColumns) planned on columns "
                + "(\(hopCounts[1]) with one-hop paths, \(hopCounts[2]) with two-hop paths), "
                + "\(withDeletions) cases with deletions")
        // About half the generated predicates have a to-one comparison with a constant somewhere.
        #expect(run.cases < 500 || (compared >= 2_000 && onColumns * 3 >= compared && withDeletions * 5 >= run.cases))
        #expect(run.cases < 500 || (hopCounts[1] >= 100 && hopCounts[2] >= 50), "to-one paths planned: \(hopCounts)")
    }

    @Test("compiled on the graph == interpreted == compiled on nested dictionaries (≥ 2,000 seeded cases)")
    func differential() {
        let run = PropertyRun("GraphDifferentialTests", defaultCases: 2_000)
        var checkedCount = 0
        var labels: Set<String> = []
        for index in 0..<run.cases {
            var generator = GraphCaseGenerator(seed: run.caseSeed(index))
            guard let graphCase = generator.makeCase() else { continue }
            labels.formUnion(generator.labels)
            let objects = Self.exports(graphCase)
            for (format, arguments) in graphCase.predicates {
                guard let predicate = try? PredicateParser().parsePredicate(format, arguments: arguments),
                    (try? CheckedPredicate(predicate, schema: graphCase.schema, entity: graphCase.root)) != nil
                else {
                    Issue.record("the generator wrote a predicate that does not check: \(format) \(arguments)")
                    return
                }
                checkedCount += 1
                guard let problem = Self.mismatch(graphCase, predicate, exported: objects) else { continue }
                let smallest = Shrinker.shrink(
                    predicate, candidates: PredicateParts.smaller, fails: { Self.mismatch(graphCase, $0) != nil })
                Issue.record(
                    """
                    \(problem)
                    predicate (shrunk): \(smallest.predicateFormat)
                    root: \(graphCase.root); schema: \(String(decoding: (try? graphCase.schema.jsonData()) ?? Data(), as: UTF8.self))
                    graph: \(String(decoding: (try? graphCase.graph.jsonData()) ?? Data(), as: UTF8.self))
                    \(run.replay(index))
                    """)
                return
            }
        }
        print("GraphDifferentialTests: \(checkedCount) predicates compared")
        #expect(checkedCount >= 2_000 || run.cases < 500)
        let expected: Set<String> = [
            "inheritance", "ANY", "ALL", "NONE", "@count", "SUBQUERY", "to-one hop", "AND", "OR",
        ]
        #expect(
            run.cases < 500 || expected.isSubset(of: labels),
            "never generated: \(expected.subtracting(labels).sorted())")
    }
}
