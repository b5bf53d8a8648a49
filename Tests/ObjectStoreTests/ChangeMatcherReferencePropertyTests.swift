import Evaluation
import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import TestSupport
import Testing

/// Change matching for predicates that compare objects with object references, on random
/// schemas, graphs and change sets (``ChangeCaseGenerator``): the matcher's affected roots are
/// exactly the brute force's for the one key path the predicate reads (the relationship; none
/// for `SELF`), so a change to any other key — renaming the object a reference names —
/// re-evaluates nothing; and every root whose result changed is among them.
@Suite("Change matching: predicates with object references, property test")
struct ChangeMatcherReferencePropertyTests {
    /// A reference predicate on the case's root, its arguments, and the key path it reads.
    struct Query {
        var format: String
        var arguments: [PredicateValue]
        var reads: [String]
    }

    static func reference(to entity: String, _ schema: Schema, _ generator: inout ChangeCaseGenerator) -> PredicateValue
    {
        let top = schema.ancestors(of: entity).last ?? entity
        let named = generator.pick([entity, top] + schema.subentities(of: top)) ?? entity
        return .reference(ObjectReference(entity: named, id: .int(generator.int(1...5))))
    }

    static func makeQuery(_ testCase: ChangeCase, _ generator: inout ChangeCaseGenerator) -> Query? {
        let schema = testCase.schema
        let root = testCase.root
        let relationships = schema.allRelationships(of: root)
        switch generator.int(0...3) {
        case 0:
            generator.labels.insert("reference SELF")
            return Query(format: "SELF == %@", arguments: [reference(to: root, schema, &generator)], reads: [])
        case 1:
            guard let relationship = generator.pick(relationships.filter { !$0.isToMany }) else { return nil }
            generator.labels.insert("reference to-one")
            let argument = reference(to: relationship.destination, schema, &generator)
            let format = generator.chance(0.5) ? "\(relationship.name) == %@" : "\(relationship.name) IN %@"
            return Query(
                format: format, arguments: [format.hasSuffix("IN %@") ? [argument] : argument],
                reads: [relationship.name])
        default:
            guard let relationship = generator.pick(relationships.filter(\.isToMany)) else { return nil }
            generator.labels.insert("reference to-many")
            let shapes = [
                "ANY \(relationship.name) == %@", "%@ IN \(relationship.name)", "NONE \(relationship.name) == %@",
                "SUBQUERY(\(relationship.name), $x, $x == %@).@count > 0",
            ]
            return Query(
                format: generator.pick(shapes) ?? shapes[0],
                arguments: [reference(to: relationship.destination, schema, &generator)], reads: [relationship.name])
        }
    }

    /// The roots of `root` for which `checked` holds in `graph`.
    static func matches(_ checked: CheckedPredicate, in graph: ObjectGraph) throws -> Set<ObjectID> {
        Set(try graph.fetch(try PredicateCompiler().compile(checked, for: graph), entity: checked.entity))
    }

    /// What one case showed: the first broken rule (`nil` when the case holds or does not
    /// apply), and whether the predicate's result changed for some root.
    struct Outcome {
        var problem: String?
        var resultsChanged = false
    }

    static func outcome(_ testCase: ChangeCase, _ query: Query) throws -> Outcome {
        var after = testCase.graph
        guard let applied = try? after.apply(testCase.changes) else { return Outcome() }
        let predicate = try PredicateParser().parsePredicate(query.format, arguments: query.arguments)
        let checked = try CheckedPredicate(predicate, schema: testCase.schema, entity: testCase.root)
        let actual = ChangeMatcher(dependencies: try QueryDependencies(checked)).affectedRoots(by: applied, in: after)
        let expected = ChangeBruteForce.affectedRoots(
            root: testCase.root, keyPaths: query.reads.map { ($0, .membership) }, before: testCase.graph, after: after)
        if actual != expected { return Outcome(problem: "matcher \(actual), brute force \(expected)") }
        let changed = try matches(checked, in: testCase.graph).symmetricDifference(matches(checked, in: after))
        if !changed.isSubset(of: actual.reevaluate) {
            return Outcome(
                problem: "results changed for \(changed.subtracting(actual.reevaluate).sorted()) without re-evaluation")
        }
        return Outcome(resultsChanged: !changed.isEmpty)
    }

    @Test("affected roots equal the brute force for the relationship read; changed results are re-evaluated")
    func property() throws {
        let run = PropertyRun("ChangeMatcherReferencePropertyTests", defaultCases: 1_000)
        var checked = 0
        var resultsChanged = 0
        var labels: Set<String> = []
        for index in 0..<(run.cases * 3) where checked < run.cases {
            var generator = ChangeCaseGenerator(seed: run.caseSeed(index))
            guard let testCase = generator.makeCase(), let query = Self.makeQuery(testCase, &generator) else {
                continue
            }
            checked += 1
            labels.formUnion(generator.labels)
            let outcome = try Self.outcome(testCase, query)
            if outcome.resultsChanged { resultsChanged += 1 }
            if let problem = outcome.problem {
                Issue.record(
                    """
                    \(problem)
                    root \(testCase.root): \(query.format) \(query.arguments)
                    graph: \(String(decoding: try testCase.graph.jsonData(), as: UTF8.self))
                    changes: \(String(decoding: try testCase.changes.jsonData(), as: UTF8.self))
                    \(run.replay(index))
                    """)
                return
            }
        }
        #expect(checked >= run.cases)
        print("reference change matching: \(checked) cases, \(resultsChanged) where a result changed")
        if run.cases >= 500 {
            // Change sets often move objects in and out of the results.
            #expect(resultsChanged * 20 >= checked)
            for label in ["reference SELF", "reference to-one", "reference to-many", "insert", "delete", "inheritance"]
            {
                #expect(labels.contains(label), "no case had \(label)")
            }
        }
    }

    @Test("the graph generators write reference predicates of every shape, and each of them checks")
    func generatorCoverage() throws {
        var labels: Set<String> = []
        var written = 0
        for seed in 0..<400 as Range<UInt64> {
            var generator = GraphCaseGenerator(seed: seed)
            generator.referencePredicates = true
            guard let graphCase = generator.makeCase() else { continue }
            for (format, arguments) in graphCase.predicates where format.contains("%@") || format.contains("nil") {
                let predicate = try PredicateParser().parsePredicate(format, arguments: arguments)
                let diagnostics = predicate.check(against: graphCase.schema, entity: graphCase.root, source: format)
                #expect(diagnostics == [], "\(format) \(arguments)")
                written += 1
            }
            labels.formUnion(generator.labels)
        }
        #expect(written > 100)
        #expect(labels.isSuperset(of: ["reference SELF", "reference to-one", "reference to-many"]), "\(labels)")
    }
}
