import Evaluation
import Foundation
import Predicates
import TestSupport
import Testing

/// Issue 21 §1: what a key path over nested `[String: Any]` reads, and that reading it costs
/// the same however large the dictionaries it passes through are.
@Suite("Nested dictionaries: reading one dictionary at a time")
struct NestedDictionaryAccessTests {
    /// A value the evaluator cannot read.
    struct Opaque {}

    static var ivan: [String: Any] {
        [
            "bucket": [
                "name": "Bucket 7",
                "owner": ["name": "Ivan", "age": NSNumber(value: 41), "score": NSNumber(value: 2.5)] as [String: Any],
                "blob": Opaque(),
                "counts": ["n": 1] as [String: Int],
                "items": [["name": "a"], ["name": "b"], NSNull()] as [Any],
                "gone": NSNull(),
                "hidden": Int?.none as Any,
            ] as [String: Any]
        ]
    }

    static func evaluate(_ format: String, _ object: [String: Any]) throws -> Result<Bool, EvaluationError> {
        let compiled = try PredicateCompiler().compile(PredicateNode(format: format), for: [String: Any].self)
        return Result { () throws(EvaluationError) in try compiled.evaluate(object) }
    }

    @Test(
        "a path reads through nested dictionaries, never converting what it does not reach",
        arguments: [
            ("bucket.owner.name == 'Ivan'", true),
            ("bucket.owner.name == 'ivan'", false),
            ("bucket.owner.name ==[c] 'ivan'", true),
            ("bucket.owner.age > 40", true),
            ("bucket.owner.age > 41", false),
            ("bucket.owner.score BETWEEN {2, 3}", true),
            ("bucket.owner.missing == nil", true),
            ("bucket.missing.name == nil", true),
            ("bucket.gone.name == nil", true),
            ("bucket.hidden.name == nil", true),
            ("bucket.name.length == 8", true),
            ("bucket.counts.n == 1", true),
            ("ANY bucket.items.name == 'b'", true),
            ("bucket.items.@count == 3", true),
            ("bucket.owner.@count == 3", true),
        ])
    func reads(_ format: String, _ expected: Bool) throws {
        #expect(try Self.evaluate(format, Self.ivan).get() == expected, "\(format)")
    }

    @Test("an unreadable value fails only when the path reaches it, and the error names the path")
    func unsupportedValue() throws {
        guard case .failure(let error) = try Self.evaluate("bucket.blob == 1", Self.ivan) else {
            Issue.record("reading bucket.blob succeeded")
            return
        }
        #expect(error.id == "unsupported-value")
        #expect(error.message == "the value of 'bucket.blob' has the unsupported type Opaque")
        // The object as a whole cannot be converted, yet paths that avoid the value work.
        #expect(EvaluationValue(any: Self.ivan) == nil)
        #expect(try Self.evaluate("bucket.owner.name == 'Ivan'", Self.ivan).get())
    }

    @Test("decoded JSON reads the same way", arguments: ["bucket.owner.name == 'Ivan'", "bucket.owner.age > 40"])
    func json(_ format: String) throws {
        let json = try PredicateValue(
            json: #"{"bucket": {"name": "Bucket 7", "owner": {"name": "Ivan", "age": 41}, "tags": ["x"]}}"#)
        let compiled = try PredicateCompiler().compile(PredicateNode(format: format), for: PredicateValue.self)
        #expect(try compiled.evaluate(json))
    }

    /// The best of three runs of `evaluations` reads of `a.b.c` in an object whose `a` also
    /// holds `siblings` other entries, each a small dictionary, in CPU seconds.
    static func seconds(siblings: Int, evaluations: Int) throws -> Double {
        var a: [String: Any] = ["b": ["c": 1] as [String: Any]]
        for index in 0..<siblings { a["s\(index)"] = ["x": index, "y": "\(index)"] as [String: Any] }
        let object: [String: Any] = ["a": a]
        let compiled = try PredicateCompiler().compile(PredicateNode(format: "a.b.c == 1"), for: [String: Any].self)
        var matches = 0
        let best = try ThreadCPUTime.best(of: 3) {
            for _ in 0..<evaluations where try compiled.evaluate(object) { matches += 1 }
        }
        return matches == evaluations * 3 ? best : .infinity
    }

    /// Converting every nested dictionary on every read made this ratio about the size ratio
    /// (500×); one lookup per key makes it about 1 (hash lookups do not depend on the size).
    @Test("the cost of a read does not grow with the dictionaries it passes through")
    func scaling() throws {
        let small = try Self.seconds(siblings: 10, evaluations: 2_000)
        let large = try Self.seconds(siblings: 5_000, evaluations: 2_000)
        #expect(large / small < 4, "10 siblings: \(small) s, 5,000 siblings: \(large) s")
    }

    /// The best of three runs of `ANY tags == 'x'` over `count` objects whose tags are held as
    /// `[Any]` (what `JSONSerialization` makes) or as `[String]`, in CPU seconds.
    static func tagSeconds(asAny: Bool, count: Int) throws -> Double {
        let tags = ["swift", "beta", "x", "web"]
        let objects: [[String: Any]] = (0..<count).map { _ in ["tags": asAny ? tags as [Any] : tags] }
        let compiled = try PredicateCompiler().compile(
            PredicateNode(format: "ANY tags == 'x'"), for: [String: Any].self)
        var matches = 0
        let best = try ThreadCPUTime.best(of: 3) {
            for object in objects where try compiled.evaluate(object) { matches += 1 }
        }
        return matches == count * 3 ? best : .infinity
    }

    /// Converting the `[Any]` to a boxed array on every read made it about 15 times the cost of
    /// a `[String]` (valgrind: 22,400 instructions per object); reading it as strings makes it
    /// about the same.
    @Test("`ANY tags == 'x'` costs about the same on `[Any]` tags as on `[String]` tags")
    func anyArrayOfStrings() throws {
        let strings = try Self.tagSeconds(asAny: false, count: 20_000)
        let anys = try Self.tagSeconds(asAny: true, count: 20_000)
        print("NestedDictionaryAccessTests: ANY tags, [Any] / [String] = \(anys / strings)")
        #expect(anys / strings < 3, "[String]: \(strings) s, [Any]: \(anys) s")
    }
}
