import Evaluation
import Foundation
import GraphTestSupport
import KeyPaths
import Predicates
import TestSupport
import Testing

@testable import ObjectStore

/// The re-evaluations of several live queries in one statement (``BatchedEvaluation``, what a
/// ``ChangeLogFollower`` runs for each log entry) against the same queries evaluated one by one
/// (``DatabasePlan/evaluate(keys:database:)``, the lowered query with `key IN (…)`): random
/// schemas, graphs, requests over one root (predicates, sort keys through to-one hops, sections)
/// and random sets of keys — existing or not, shared between queries or not, some sets larger
/// than a batch takes — on SQLite and PostgreSQL; a third of the later queries wrap the first
/// one's predicate, so that their statements share its subqueries (``SQLSharedSubqueries``), and
/// others repeat it with other numbers, so that their selects differ only in their bound values
/// (``SQLMultiplexedSelects``).
/// Every query's matching keys and sort values must be the same.
@Suite("Batched re-evaluation: the same answers as one query at a time")
struct BatchedEvaluationPropertyTests {
    /// The requests of a case: up to five over the case's root, each with one of its predicates.
    static func requests(_ generator: inout GraphCaseGenerator, _ graphCase: GraphCase) -> [FetchRequest] {
        var result: [FetchRequest] = []
        for index in 0..<generator.int(2...5) {
            guard var request = LiveSequences.makeRequest(&generator, graphCase) else { continue }
            if !graphCase.predicates.isEmpty, generator.chance(85) {
                let (format, arguments) = graphCase.predicates[index % graphCase.predicates.count]
                request.predicate = try? PredicateParser().parsePredicate(format, arguments: arguments)
            }
            // Now and then the first query's predicate inside another one: the two queries share
            // its subqueries (counts, SUBQUERY, ANY), computed once in a common table
            // (``SQLSharedSubqueries``) when their roots are evaluated together.
            if let first = result.first?.predicate, let own = request.predicate, generator.chance(35) {
                let combined = [
                    "(\(first.predicateFormat)) OR (\(own.predicateFormat))",
                    "NOT (\(first.predicateFormat)) AND (\(own.predicateFormat))", "NOT (\(first.predicateFormat))",
                ][generator.int(0...2)]
                request.predicate =
                    (try? PredicateParser().parsePredicate(combined, arguments: [])) ?? request.predicate
            }
            // Now and then the first query's predicate with its numbers changed (or the same): the
            // two differ only in their bound values, evaluated as one select over a table of
            // their values (``SQLMultiplexedSelects``).
            if let first = result.first?.predicate, generator.chance(30) {
                let varied = Self.varyingNumbers(first.predicateFormat, by: generator.int(0...2))
                request.predicate = (try? PredicateParser().parsePredicate(varied, arguments: [])) ?? first
            }
            // Often the same sort keys as the first: batched with it (batches group queries whose
            // sort values have the same types).
            if let first = result.first, generator.chance(60) {
                request.sortKeys = first.sortKeys
                request.sectionKeyPath = first.sectionKeyPath
            }
            result.append(request)
        }
        return result
    }

    /// `format` with every integer literal increased by `delta` (digits inside identifiers are
    /// not literals and stay).
    static func varyingNumbers(_ format: String, by delta: Int) -> String {
        var result = ""
        var digits = ""
        var previous: Character = " "
        func flush() {
            // Numbers near the largest integer stay as written.
            let (sum, overflow) = (Int(digits) ?? Int.max).addingReportingOverflow(delta)
            result += overflow || Int(digits) == nil ? digits : String(sum)
            digits = ""
        }
        for character in format {
            if character.isNumber, character.isASCII, !digits.isEmpty || !(previous.isLetter || previous == "_") {
                digits.append(character)
            } else {
                flush()
                result.append(character)
            }
            previous = character
        }
        flush()
        return result
    }

    /// The first difference between batched and single evaluation for one seed; `nil` when
    /// none, or when the case does not apply (counted in `skipped`).
    static func failure(
        seed: UInt64, database: some TestDatabase, ran: inout Int, shared: inout Int, multiplexed: inout Int
    ) -> String? {
        var generator = GraphCaseGenerator(seed: seed)
        generator.referencePredicates = true
        guard let graphCase = generator.makeCase(),
            let mapping = try? SQLMapping.standard(graphCase.schema, keyType: .mixed),
            (try? database.load(graphCase.graph, mapping: mapping)) != nil
        else { return nil }
        let sql = database.sqlDatabase
        let plans = requests(&generator, graphCase).compactMap { try? DatabasePlan(request: $0, mapping: mapping) }
        guard plans.count > 1 else { return nil }
        let hierarchy = plans[0].rootHierarchy
        let existing = graphCase.graph.objects(of: graphCase.root).map(\.id)
        let candidates = existing + [.int(9_999), .string("missing")]
        let requests = plans.map { plan in
            var keys = candidates.filter { _ in generator.chance(60) }
            // Now and then more keys than a shared statement takes: evaluated on its own.
            if generator.chance(10) {
                keys += (0...BatchedEvaluation.maximumKeys).map { ObjectKey.int(10_000 + $0) }
            }
            return BatchedEvaluation.Request(plan: plan, keys: keys)
        }
        let batched: [[(ObjectKey, [EvaluationValue])]]
        do {
            batched = try BatchedEvaluation.evaluate(requests, database: sql)
        } catch {
            // A query whose evaluation raises in SQL raises alone too.
            guard requests.contains(where: { (try? $0.plan.evaluate(keys: $0.keys, database: sql)) == nil }) else {
                return "the batch failed, each query alone did not: \(error)"
            }
            return nil
        }
        ran += 1
        let selects = requests.map { $0.plan.select(keys: nil) }
        let keys = selects.map { _ in [SQLValue.integer(1)] }
        if SQLSharedSubqueries(selects: selects, keys: keys, keyColumn: plans[0].keyColumn) != nil { shared += 1 }
        if !SQLMultiplexedSelects(selects: selects, keys: keys, keyColumn: plans[0].keyColumn, isText: plans[0].isText)
            .commonTables.isEmpty
        {
            multiplexed += 1
        }
        for (index, request) in requests.enumerated() {
            guard let single = try? request.plan.evaluate(keys: request.keys, database: sql) else { continue }
            let expected = Dictionary(single.map { ($0.0, "\($0.1)") }, uniquingKeysWith: { first, _ in first })
            let actual = Dictionary(batched[index].map { ($0.0, "\($0.1)") }, uniquingKeysWith: { first, _ in first })
            if expected != actual || batched[index].count != single.count {
                let format = request.plan.checked.request.predicate?.predicateFormat ?? "nil"
                return """
                    query \(index) over \(hierarchy) (\(format), sort \(request.plan.sortKeys)): \
                    one by one \(expected.sorted { $0.key < $1.key }), batched \(actual.sorted { $0.key < $1.key })
                    """
            }
        }
        return nil
    }

    static func run(_ name: String, database: some TestDatabase, defaultCases: Int) {
        let run = PropertyRun("BatchedEvaluationPropertyTests.\(name)", defaultCases: defaultCases)
        var ran = 0
        var shared = 0
        var multiplexed = 0
        for index in 0..<run.cases {
            guard
                let problem = failure(
                    seed: run.caseSeed(index), database: database, ran: &ran, shared: &shared,
                    multiplexed: &multiplexed)
            else { continue }
            Issue.record("\(name): \(problem)\n\(run.replay(index))")
            return
        }
        print(
            "BatchedEvaluationPropertyTests.\(name): \(ran) batches compared, \(shared) sharing subqueries, "
                + "\(multiplexed) multiplexing selects")
        #expect(ran >= run.cases / 4, "too few cases had two queries to batch: \(ran)")
        #expect(shared >= run.cases / 20, "too few cases had queries sharing a subquery: \(shared)")
        #expect(multiplexed >= run.cases / 10, "too few cases had queries differing only in values: \(multiplexed)")
    }

    @Test("SQLite: 200 seeded cases, each query's answers as alone")
    func sqlite() throws {
        Self.run("sqlite", database: try SQLiteTestDatabase(), defaultCases: 200)
    }

    @Test(
        "PostgreSQL: 100 seeded cases, each query's answers as alone",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        Self.run("postgres", database: try PostgresTestDatabase(), defaultCases: 100)
    }
}
