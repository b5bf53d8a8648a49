import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import TestSupport
import Testing

@Suite("Change matching: property test against a brute force")
struct ChangeMatcherPropertyTests {
    /// The outcome of one case: `nil` when the change set does not apply (not a counterexample).
    struct Outcome {
        var expected: AffectedRoots
        var actual: AffectedRoots
        var applied: ChangeSet
    }

    static func run(_ testCase: ChangeCase) throws -> Outcome? {
        var after = testCase.graph
        guard let applied = try? after.apply(testCase.changes) else { return nil }
        let dependencies = try QueryDependencies(
            schema: testCase.schema, rootEntity: testCase.root,
            keyPaths: testCase.keyPaths.map { DependencyKeyPath($0.0, roles: $0.1) })
        let actual = ChangeMatcher(dependencies: dependencies).affectedRoots(by: applied, in: after)
        let expected = ChangeBruteForce.affectedRoots(
            root: testCase.root, keyPaths: testCase.keyPaths, before: testCase.graph, after: after)
        return Outcome(expected: expected, actual: actual, applied: applied)
    }

    static func fails(_ testCase: ChangeCase) -> Bool {
        guard let outcome = try? run(testCase) else { return false }
        return outcome.expected != outcome.actual
    }

    @Test("the matcher's affected roots equal the brute force (≥ 2,000 seeded cases)")
    func matcherEqualsBruteForce() throws {
        let run = PropertyRun("ChangeMatcherPropertyTests", defaultCases: 2_000)
        let count = run.cases
        var checked = 0
        var nonEmpty = 0
        var labels: Set<String> = []
        var index = 0
        while checked < count, index < count * 3 {
            let seed = run.caseSeed(index)
            index += 1
            var generator = ChangeCaseGenerator(seed: seed)
            guard let testCase = generator.makeCase(), let outcome = try Self.run(testCase) else { continue }
            labels.formUnion(generator.labels)
            checked += 1
            if !outcome.expected.isEmpty { nonEmpty += 1 }
            if outcome.expected != outcome.actual {
                let shrunk = testCase.shrunk(while: Self.fails)
                Issue.record(
                    Comment(rawValue: try Self.report(shrunk, runSeed: run.seed, caseSeed: seed)))
                return
            }
        }
        print("change matcher property: \(checked) cases, \(nonEmpty) with affected roots, PREDICATE_SEED=\(run.seed)")
        #expect(checked >= count)
        if count >= 500 {
            // The generator reaches every shape the brief asks for.
            #expect(nonEmpty * 3 >= checked)
            for label in [
                "inheritance", "abstract", "many-to-many", "self-inverse", "3+ hops", "@count", "insert", "delete",
                "listed under ancestor",
            ] {
                #expect(labels.contains(label), "no case had \(label)")
            }
        }
    }

    // MARK: Reporting

    static func report(_ testCase: ChangeCase, runSeed: UInt64, caseSeed: UInt64) throws -> String {
        let outcome = try run(testCase)
        func text(_ data: Data) -> String {
            guard let object = try? JSONSerialization.jsonObject(with: data),
                let compact = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            else { return String(decoding: data, as: UTF8.self) }
            return String(decoding: compact, as: UTF8.self)
        }
        var lines = [
            "change matcher differs from the brute force (shrunk counterexample)",
            "replay the run: PREDICATE_SEED=\(runSeed); this case alone: PREDICATE_SEED=\(caseSeed) PREDICATE_CASES=1",
            "schema:",
        ]
        for entity in testCase.schema.entities {
            var parts = entity.attributes.map { "\($0.name): \($0.type)" }
            parts += entity.relationships.map {
                "\($0.name) \($0.isToMany ? "->>" : "->") \($0.destination) (inverse \($0.inverse ?? "none"))"
            }
            let header =
                entity.name + (entity.parent.map { " : \($0)" } ?? "") + (entity.isAbstract ? " (abstract)" : "")
            lines.append("  \(header) { \(parts.joined(separator: ", ")) }")
        }
        lines.append("graph before: " + text(try testCase.graph.jsonData()))
        lines.append("root: \(testCase.root)")
        lines.append("key paths: " + testCase.keyPaths.map { "\($0.0) [\($0.1)]" }.joined(separator: ", "))
        lines.append("change set: " + text(try testCase.changes.jsonData()))
        if let outcome {
            lines.append("applied: " + text(try outcome.applied.jsonData()))
            lines.append("expected (brute force): \(outcome.expected)")
            lines.append("actual (matcher):       \(outcome.actual)")
        }
        return lines.joined(separator: "\n")
    }
}
