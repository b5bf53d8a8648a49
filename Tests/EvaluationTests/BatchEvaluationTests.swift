import Evaluation
import Foundation
import Predicates
import TestSupport
import Testing

/// The batch entry points of a compiled predicate (`count(in:)`, `matchingIndices(in:)`): the
/// in-place path over stored numbers declared by key path, and the element-by-element path for
/// everything else, must both give what `evaluate(_:)` gives element by element.
@Suite("Batch evaluation over collections of structs")
struct BatchEvaluationTests {
    /// A struct with stored numbers declared by key path (read in place), a key declared by a
    /// closure, and a computed property declared by key path (no offset: read by the path).
    struct Reading: PredicateKeyed, Sendable {
        var label: String
        var level: Int
        var ratio: Double
        var tags: [String]
        var doubled: Int { level &* 2 }

        static let predicateKeys = PredicateKeys<Reading>([
            "label": .string { $0.label },
            "level": .int(\.level),
            "ratio": .double(\.ratio),
            "doubled": .int(\.doubled),
            "tags": .strings { $0.tags },
        ])
    }

    static let readings: [Reading] = [
        Reading(label: "a", level: 3, ratio: 0.5, tags: ["x"]),
        Reading(label: "b", level: -7, ratio: .nan, tags: []),
        Reading(label: "c", level: Int.max, ratio: -0.0, tags: ["y"]),
        Reading(label: "d", level: 31, ratio: 2.5, tags: []),
        Reading(label: "e", level: Int.min, ratio: .infinity, tags: ["x", "y"]),
        Reading(label: "f", level: 30, ratio: 1e300, tags: []),
    ]

    @Test(
        "matches by position, in place and element by element",
        arguments: [
            ("level > 30", [2, 3]),
            ("level >= 30 AND level <= 31", [3, 5]),
            ("level BETWEEN {31, 3}", [0, 3, 5]),
            ("level == 30 OR level < 0", [1, 4, 5]),
            ("NOT (level > 3)", [0, 1, 4]),
            ("level != 3", [1, 2, 3, 4, 5]),
            ("ratio > 0.5", [3, 4, 5]),
            ("ratio == 0", [2]),
            ("ratio != 2.5", [0, 1, 2, 4, 5]),
            ("ratio <= 1", [0, 2]),
            ("ratio BETWEEN {0, 3}", [0, 2, 3]),
            ("ratio == YES", []),
            ("TRUEPREDICATE AND NOT (ratio < 1 OR level > 30)", [1, 4, 5]),
            ("doubled > 60", [3]),
            ("level > 2.5", [0, 2, 3, 5]),
            ("label == 'c' OR level == 3", [0, 2]),
            ("ANY tags == 'x' AND level > 0", [0]),
        ])
    func matches(format: String, expected: [Int]) throws {
        let compiled = try PredicateCompiler().compile(PredicateNode(format: format), for: Reading.self)
        let readings = Self.readings
        #expect(try compiled.matchingIndices(in: readings) == expected)
        #expect(try compiled.count(in: readings) == expected.count)
        // A collection without contiguous storage takes the element-by-element path.
        #expect(try compiled.matchingIndices(in: readings.lazy.map { $0 }) == expected)
        #expect(try readings.indices.filter { try compiled.evaluate(readings[$0]) } == expected)
    }

    @Test("stored numbers compared with constants run in place; anything else element by element")
    func inPlace() throws {
        func batched(_ format: String) throws -> Bool {
            try PredicateCompiler().compile(PredicateNode(format: format), for: Reading.self).isBatched
        }
        #expect(try batched("level > 30"))
        #expect(try batched("NOT (level > 30 OR ratio BETWEEN {1, 2})"))
        #expect(try !batched("doubled > 30"))
        #expect(try !batched("level > 2.5"))
        #expect(try !batched("level > $x"))
        #expect(try !batched("label == 'a' AND level > 3"))
        #expect(try !batched("level + 1 > 3"))
    }

    @Test("random predicates over stored numbers: in place == element by element == the interpreter (seeded)")
    func property() throws {
        let run = PropertyRun("BatchEvaluationTests", defaultCases: 400)
        let integers = [0, 1, -1, 3, 30, 31, Int.max, Int.min, 9_007_199_254_740_993]
        let doubles = [0.0, -0.0, 0.5, 2.5, -1.5, .nan, .infinity, -.infinity, 1e300]
        let constants = ["0", "-0.0", "1", "30", "2.5", "-1.5", "9007199254740992", "1e300", "YES", "NO", "-3"]
        var batchedCount = 0
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            let readings = (0..<20).map { _ in
                Reading(label: "", level: random.pick(integers), ratio: random.pick(doubles), tags: [])
            }
            func comparison() -> String {
                let key = random.pick(["level", "ratio"])
                let op = random.pick(["<", "<=", ">", ">=", "==", "!="])
                if random.chance(15, in: 100) {
                    return "\(key) BETWEEN {\(random.pick(constants)), \(random.pick(constants))}"
                }
                return "\(key) \(op) \(random.pick(constants))"
            }
            var format = comparison()
            for _ in 0..<random.below(3) {
                let next = random.chance(20, in: 100) ? "NOT (\(comparison()))" : comparison()
                format = "(\(format)) \(random.pick(["AND", "OR"])) \(next)"
            }
            let node = try PredicateNode(format: format)
            let compiled = try PredicateCompiler().compile(node, for: Reading.self)
            batchedCount += compiled.isBatched ? 1 : 0
            let interpreted = readings.indices.filter { index in
                (try? ReferenceInterpreter().evaluate(node, on: .object(EvaluationObject(readings[index])))) == true
            }
            let one = try readings.indices.filter { try compiled.evaluate(readings[$0]) }
            let batch = try compiled.matchingIndices(in: readings)
            #expect(
                batch == one && one == interpreted,
                "\(format): batch \(batch), one by one \(one), interpreted \(interpreted); \(run.replay(index))")
        }
        #expect(batchedCount * 4 >= run.cases, "only \(batchedCount) predicates ran in place")
    }
}
