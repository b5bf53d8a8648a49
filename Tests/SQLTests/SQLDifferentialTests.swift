import Evaluation
import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import TestSupport
import Testing

/// The contract of the lowering, checked on random schemas, graphs and predicates: the roots a
/// lowered query selects in SQLite and in PostgreSQL are exactly the roots for which in-memory
/// evaluation is true; where memory's evaluation raises on some object (arithmetic on nil),
/// the query raises too; or the lowering refuses, which is counted and must stay rare.
///
/// The graphs hold NULLs, empty strings, non-ASCII and decomposable text, `%` `_` `*` `?` `\`
/// and quotes inside values, empty to-many sets, nil to-one relationships, sub-entities, and
/// integer and string ids (stored as text keys). `PREDICATE_SEED`/`PREDICATE_CASES` replay and
/// resize a run; a mismatch is shrunk to the smallest part of the predicate that still differs.
@Suite("SQL lowering: differential against in-memory evaluation", .serialized)
struct SQLDifferentialTests {
    /// The outcome of one predicate on one case.
    enum Outcome {
        case agree
        /// Memory raised an evaluation error on some object, and so did the query.
        case bothRaised
        case refused
        /// Memory cannot compile the predicate for this graph (the database is not asked).
        case memoryCannotCompile
        case mismatch(String)
    }

    /// What memory answers: the matching keys, sorted, or the evaluation error of some object.
    enum MemoryAnswer {
        case keys([String])
        case raised(String)
        case cannotCompile
    }

    static func memoryAnswer(_ checked: CheckedPredicate, graph: ObjectGraph) -> MemoryAnswer {
        guard let compiled = try? PredicateCompiler().compile(checked, for: graph) else { return .cannotCompile }
        var keys: [String] = []
        for object in graph.graphObjects(of: checked.entity) {
            do {
                if try compiled.evaluate(object) { keys.append(key(object.id.id)) }
            } catch {
                return .raised("\(object.id): \(error.message)")
            }
        }
        return .keys(keys.sorted())
    }

    /// Memory's matching keys, sorted, or `nil` when evaluation fails on some object.
    static func memoryKeys(_ checked: CheckedPredicate, graph: ObjectGraph) -> [String]? {
        if case .keys(let keys) = memoryAnswer(checked, graph: graph) { return keys }
        return nil
    }

    static func key(_ key: ObjectKey) -> String {
        switch key {
        case .int(let int): String(int)
        case .string(let string): string
        }
    }

    /// Whether a database error is the query raising memory's evaluation error (`pe_raise`).
    static func isEvaluationError(_ error: any Error) -> Bool {
        "\(error)".contains("pe_raise: ")
    }

    static func compare(
        _ predicate: PredicateNode, _ graphCase: GraphCase, mapping: SQLMapping, database: some TestDatabase
    ) -> Outcome {
        guard let checked = try? CheckedPredicate(predicate, schema: graphCase.schema, entity: graphCase.root) else {
            return .refused
        }
        let expected = memoryAnswer(checked, graph: graphCase.graph)
        if case .cannotCompile = expected { return .memoryCannotCompile }
        let actual: [String]
        do {
            actual = try database.keys(checked, mapping: mapping).sorted()
        } catch is SQLLoweringError {
            return .refused
        } catch {
            if case .raised = expected, isEvaluationError(error) { return .bothRaised }
            return .mismatch("\(database.dialect.name) failed: \(error); memory: \(expected)")
        }
        switch expected {
        case .keys(let keys) where keys == actual: return .agree
        case .keys(let keys): return .mismatch("\(database.dialect.name): memory \(keys), database \(actual)")
        case .raised(let message):
            return .mismatch("\(database.dialect.name) answered \(actual) where memory raised: \(message)")
        case .cannotCompile: return .memoryCannotCompile
        }
    }

    static func run(_ name: String, database: some TestDatabase) throws {
        let run = PropertyRun("SQLDifferentialTests.\(name)", defaultCases: 700)
        var compared = 0
        var refused = 0
        var raised = 0
        var uncompilable = 0
        for index in 0..<run.cases {
            var generator = GraphCaseGenerator(seed: run.caseSeed(index))
            generator.referencePredicates = true
            guard var graphCase = generator.makeCase() else { continue }
            for _ in 0..<4 {
                var arguments: [PredicateValue] = []
                let format = generator.makePredicate(graphCase.root, graphCase.schema, depth: 2, arguments: &arguments)
                graphCase.predicates.append((format, arguments))
            }
            let mapping = try SQLMapping.standard(graphCase.schema, keyType: .text)
            try database.load(graphCase.graph, mapping: mapping)
            for (format, arguments) in graphCase.predicates {
                guard let predicate = try? PredicateParser().parsePredicate(format, arguments: arguments) else {
                    Issue.record("the generator wrote a predicate that does not parse: \(format)")
                    return
                }
                compared += 1
                switch compare(predicate, graphCase, mapping: mapping, database: database) {
                case .agree: continue
                case .bothRaised: raised += 1
                case .refused: refused += 1
                case .memoryCannotCompile: uncompilable += 1
                case .mismatch(let problem):
                    let smallest = Shrinker.shrink(
                        predicate, candidates: PredicateParts.smaller,
                        fails: {
                            if case .mismatch = compare($0, graphCase, mapping: mapping, database: database) {
                                return true
                            }
                            return false
                        })
                    Issue.record(
                        """
                        \(problem)
                        predicate: \(format) arguments: \(arguments)
                        predicate (shrunk): \(smallest.predicateFormat)
                        root: \(graphCase.root); schema: \(String(decoding: (try? graphCase.schema.jsonData()) ?? Data(), as: UTF8.self))
                        graph: \(String(decoding: (try? graphCase.graph.jsonData()) ?? Data(), as: UTF8.self))
                        \(run.replay(index))
                        """)
                    return
                }
            }
        }
        print(
            "SQLDifferentialTests.\(name): \(compared) predicates, \(raised) raised an evaluation error in both, "
                + "\(refused) refused, \(uncompilable) skipped (memory cannot compile them)")
        // Every case counts (an error raised by both is an answer) except those memory cannot compile.
        #expect(compared - uncompilable >= 5_000 || run.cases < 700)
        #expect(uncompilable == 0, "the generator writes only predicates memory compiles")
        #expect(refused * 100 < max(compared, 1), "refusals must stay below 1%: \(refused) of \(compared)")
    }

    @Test("SQLite returns exactly the roots memory does (≥ 5,000 seeded predicates)")
    func sqlite() throws {
        try Self.run("sqlite", database: try SQLiteTestDatabase())
    }

    @Test(
        "PostgreSQL returns exactly the roots memory does (≥ 5,000 seeded predicates)",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        try Self.run("postgres", database: try PostgresTestDatabase())
    }
}
