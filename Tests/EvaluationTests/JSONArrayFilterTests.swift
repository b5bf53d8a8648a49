import Evaluation
import Foundation
import Predicates
import TestSupport
import Testing

@Suite("Filtering a JSON array as it is read")
struct JSONArrayFilterTests {
    static let formats = ["a > 3", "n CONTAINS[c] 'x'", "ANY tags == 'swift'", "a < 'x'", "d > CAST(0, 'NSDate')"]

    /// Reading the whole array, then filtering it: what the streaming filter must answer.
    static func reference(_ text: String, _ compiled: CompiledPredicate<PredicateValue>) -> JSONArrayFilterResult {
        let value: PredicateValue
        do {
            value = try PredicateValue(jsonData: Data(text.utf8))
        } catch {
            return .invalid(error)
        }
        guard case .array(let elements) = value else { return .notAnArray }
        var matches: [String] = []
        for (index, element) in elements.enumerated() {
            do {
                if try compiled.evaluate(element) { matches.append(element.jsonText()) }
            } catch {
                return .evaluationFailed(index: index, error)
            }
        }
        return .matches(matches)
    }

    @Test("the streaming filter answers what reading the whole array and filtering answers (seeded)")
    func differential() throws {
        let run = PropertyRun("JSONArrayFilterTests", defaultCases: 1_500)
        let compiled = try Self.formats.map {
            try PredicateCompiler().compile(try PredicateNode(format: $0), for: PredicateValue.self)
        }
        var kinds: [String: Int] = [:]
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            let text = Self.document(&random)
            let predicate = random.pick(compiled)
            let actual = predicate.filter(jsonArray: Array(text.utf8))
            // Read from a source in pieces of 1 to 7 bytes, the answer is the same.
            let pieces = Self.pieces(Array(text.utf8), &random)
            var matches: [String] = []
            var streamed = predicate.filter(jsonArrayFrom: pieces) { matches.append($0.jsonText()) }
            if streamed == .matches([]) { streamed = .matches(matches) }
            guard streamed == actual else {
                Issue.record("\(text)\nwhole:  \(actual)\npieces: \(streamed)\n\(run.replay(index))")
                return
            }
            if actual == .notAnArray {
                #expect(text.drop(while: { " \n\r\t".contains($0) }).first != "[", "\(text) \(run.replay(index))")
                continue
            }
            let expected = Self.reference(text, predicate)
            kinds[String(describing: expected).prefix(8).description, default: 0] += 1
            guard actual == expected else {
                Issue.record(
                    "\(predicate.predicate.predicateFormat) on \(text)\nexpected: \(expected)\nactual:   \(actual)\n\(run.replay(index))"
                )
                return
            }
        }
        // Matches, syntax and tag errors and evaluation errors were all met.
        #expect(kinds.count >= 3, "\(kinds)")
    }

    /// A source handing out `bytes` in pieces of random sizes (1–7 bytes).
    static func pieces(_ bytes: [UInt8], _ random: inout SplitMix64) -> JSONByteSource {
        var sizes = SplitMix64(seed: random.next())
        var next = 0
        return { buffer in
            let count = Swift.min(buffer.count, bytes.count - next, sizes.int(in: 1...7))
            for index in 0..<count { buffer[index] = bytes[next + index] }
            next += count
            return count
        }
    }

    /// A random array of small objects, often damaged.
    static func document(_ random: inout SplitMix64) -> String {
        let values = [
            "1", "5", "-2", "3.5", "1e400", "\"x\"", "\"Xy\\u00e9\"", "\"caf\\\"e\"", "true", "null", "[]",
            "[\"swift\", \"go\"]", "{\"$date\": \"2020-01-01T00:00:00Z\"}", "{\"$date\": \"soon\"}",
            "{\"$set\": [1, 2]}", "{\"k\": {\"$uuid\": \"nope\"}}", "[[[[1]]]]", "\"日本\"",
        ]
        let keys = ["a", "n", "tags", "d"]
        var objects: [String] = []
        for _ in 0..<random.int(in: 0...6) {
            if random.chance(1, in: 12) {
                objects.append(random.pick(values))
                continue
            }
            // At most one bad tag per object: which of two a dictionary reports first depends on
            // its hashing order, which differs from one dictionary to another.
            var badTag = false
            let fields = keys.filter { _ in random.chance(2, in: 3) }.map { key in
                var value = random.pick(values)
                if value.contains("soon") || value.contains("nope") {
                    if badTag { value = "1" }
                    badTag = true
                }
                return "\"\(key)\": \(value)"
            }
            objects.append("{" + fields.joined(separator: ", ") + "}")
        }
        var text = " [" + objects.joined(separator: ",\n ") + "] "
        switch random.below(10) {
        case 0:
            text.insert(
                contentsOf: random.pick([",", "]", "{", "\"", "x"]),
                at: text.index(text.startIndex, offsetBy: random.below(text.count)))
        case 1: text = String(text.prefix(random.below(text.count)))
        case 2: text += random.pick(["x", "]", "[]", "   "])
        case 3: text = random.pick(["{\"a\": 1}", "3", "", "\u{FEFF}[1]", "\"[\"", "[1, 2", "[,]", "[1,]"])
        default: break
        }
        return text
    }

    @Test(
        "errors and their order: syntax over a bad tag over evaluation, as when the array is read whole",
        arguments: [
            (#"[{"a": "s"}, {"a": 1} x]"#, "json-syntax"),
            (#"[{"a": "s"}, {"d": {"$date": "soon"}}]"#, "json-tag"),
            (#"[{"d": {"$date": "soon"}}, {"a": 1},"#, "json-syntax"),
            (#"[1, 2] 3"#, "json-syntax"),
            ("\u{FEFF}[1]", "json-encoding"),
        ])
    func errorOrder(text: String, id: String) throws {
        let compiled = try PredicateCompiler().compile(try PredicateNode(format: "a < 'x'"), for: PredicateValue.self)
        guard case .invalid(let error) = compiled.filter(jsonArray: Array(text.utf8)) else {
            Issue.record("not refused: \(text)")
            return
        }
        #expect(error.id == id)
        #expect(.invalid(error) == Self.reference(text, compiled))
    }

    /// Issue 9 §2: `eval --data` costs time linear in the array. Measured as a ratio between two
    /// sizes in the same run (four times the objects may cost at most eight times as much).
    @Test("filtering four times the objects costs at most eight times as much")
    func linear() throws {
        let compiled = try PredicateCompiler().compile(
            try PredicateNode(format: "age > 30 AND name CONTAINS[c] 'a'"), for: PredicateValue.self)
        func seconds(_ count: Int) -> Double {
            let text =
                "["
                + (0..<count).map {
                    "{\"name\": \"person \($0) anna\", \"age\": \($0 % 90), \"tags\": [\"a\", \"b\"]}"
                }.joined(separator: ",") + "]"
            let bytes = Array(text.utf8)
            var best = Double.infinity
            for _ in 0..<3 {
                let clock = ContinuousClock()
                let start = clock.now
                let result = compiled.filter(jsonArray: bytes)
                let elapsed = clock.now - start
                guard case .matches(let matches) = result, !matches.isEmpty else { return .infinity }
                let (whole, fraction) = elapsed.components
                best = min(best, Double(whole) + Double(fraction) / 1e18)
            }
            return best
        }
        let small = seconds(10_000)
        let large = seconds(40_000)
        #expect(large / small < 8, "10,000: \(small) s, 40,000: \(large) s")
    }
}
