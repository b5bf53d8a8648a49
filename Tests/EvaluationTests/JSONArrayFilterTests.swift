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
            // The thread's CPU time: other tests and processes taking the processor away do not
            // count (ThreadCPUTime).
            var matched = true
            let best = ThreadCPUTime.best(of: 3) {
                guard case .matches(let matches) = compiled.filter(jsonArray: bytes), !matches.isEmpty else {
                    matched = false
                    return
                }
            }
            return matched ? best : .infinity
        }
        let small = seconds(10_000)
        let large = seconds(40_000)
        #expect(large / small < 8, "10,000: \(small) s, 40,000: \(large) s")
    }
}

/// Issue 17, item 17: an endless input is refused once it passes a limit, having read a bounded
/// amount of it; what is read is counted by the source (no timing).
@Suite("Filtering a JSON array read from an endless source")
struct EndlessJSONSourceTests {
    /// A source serving `prefix`, then `filler` forever; `served` counts the bytes handed out.
    final class Endless {
        let prefix: [UInt8]
        let filler: UInt8
        var served = 0

        init(prefix: String, filler: UInt8) {
            self.prefix = Array(prefix.utf8)
            self.filler = filler
        }

        func read(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
            let fromPrefix = Swift.max(0, Swift.min(buffer.count, prefix.count - served))
            for index in 0..<fromPrefix { buffer[index] = prefix[served + index] }
            UnsafeMutableRawBufferPointer(rebasing: buffer[fromPrefix...]).initializeMemory(
                as: UInt8.self, repeating: filler)
            served += buffer.count
            return buffer.count
        }
    }

    static func filter(_ source: Endless) throws -> JSONArrayFilterResult {
        let compiled = try PredicateCompiler().compile(try PredicateNode(format: "a > 1"), for: PredicateValue.self)
        return compiled.filter(jsonArrayFrom: source.read) { _ in }
    }

    @Test(
        "zero bytes, an endless string, endless nesting and an endless number are refused after at most 16 MiB and two pieces",
        arguments: [
            ("", UInt8(0), "json-syntax: line 1, column 1: expected a value, found byte 0x00"),
            (
                #"[{"a": 1}, ""#, UInt8(ascii: "a"),
                "json-too-long: line 1, column 12: the value is longer than 16 MiB (16,777,216 bytes), the limit for one element"
            ),
            (
                #"{"a": ""#, UInt8(ascii: "a"),
                "json-too-long: line 1, column 7: the string is longer than 16 MiB (16,777,216 bytes), the limit for one string"
            ),
            (
                "[", UInt8(ascii: "["),
                "json-depth: line 1, column 513: arrays and objects nested deeper than 512 levels"
            ),
            (
                "[1", UInt8(ascii: "1"),
                "json-too-long: line 1, column 2: the value is longer than 16 MiB (16,777,216 bytes), the limit for one element"
            ),
            ("   ", UInt8(ascii: " "), nil),
        ] as [(String, UInt8, String?)])
    func endless(prefix: String, filler: UInt8, expected: String?) throws {
        let source = Endless(prefix: prefix, filler: filler)
        if expected == nil {
            // Endless whitespace: no value ever starts; it is only counted, never kept. Checked
            // on a bounded run: the stream holds at most a piece while reading it.
            var stream = JSONArrayStream(source: { buffer in
                source.served < 1 << 20 ? source.read(buffer) : 0
            })
            #expect(throws: JSONValueError(id: "json-empty", message: "empty input")) { _ = try stream.opensArray() }
            return
        }
        guard case .invalid(let error) = try Self.filter(source) else {
            Issue.record("not refused")
            return
        }
        #expect(error.description == expected)
        #expect(source.served <= (16 << 20) + 2 * JSONArrayStream.pieceSize)
    }
}
