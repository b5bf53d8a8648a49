import Foundation
import PredicateCLI
import TestSupport

/// Seeded generation of fuzz cases: grammar-derived predicates and documents, then byte-level
/// mutations (flip, insert, delete, duplicate, splice, truncate) of valid inputs.
struct FuzzGenerator {
    var random: FuzzRandom

    init(seed: UInt64) { random = FuzzRandom(seed: seed) }

    /// A case of one of `kinds` (all by default).
    mutating func makeCase(kinds: [FuzzCase.Kind] = FuzzCase.Kind.allCases) -> FuzzCase {
        let kind = random.pick(kinds.isEmpty ? FuzzCase.Kind.allCases : kinds)
        var text: String
        switch kind {
        case .format: text = predicate(depth: 3)
        case .checkLine: text = checkLine()
        case .jsonSchema: text = Self.jsonSchema
        case .xmlModel: text = BundledSample.model
        case .graph: text = BundledSample.graph
        case .changeSet: text = random.pick(Self.changeSets)
        case .argument: text = random.pick(Self.arguments)
        case .database:
            // Mutations happen inside (to the graph text): the document itself stays readable.
            return FuzzCase(kind: kind, text: FuzzStoreInput.make(seed: random.seed()).encoded)
        }
        if kind != .format && kind != .checkLine || random.chance(30) {
            text = mutate(text, rounds: random.int(0...4))
        }
        return FuzzCase(kind: kind, text: text)
    }

    // MARK: Grammar-derived predicates

    static let keys = [
        "name", "age", "tags", "address.city", "score", "SELF", "bucket.name", "#size", "@count", "a.b.c",
    ]
    static let constants = [
        "1", "-1", "0", "9223372036854775807", "-9223372036854775808", "1e308", "-0.0", "0x10", "'x'", "\"\"",
        "'ß'", "'é'", "nil", "TRUE", "FALSE", "{1, 2, 3}", "{}", "$v", "%@", "%K", "%d",
        "CAST('2020-01-01T00:00:00Z', 'NSDate')",
        "now()", "'\\\\'", "'a*b?'",
    ]
    static let comparisons = [
        "==", "!=", "<", "<=", ">", ">=", "IN", "CONTAINS", "BEGINSWITH", "ENDSWITH", "LIKE", "MATCHES", "BETWEEN",
        "CONTAINS[cd]", "==[c]", "LIKE[n]", "MATCHES[cd]",
    ]
    static let functions = [
        "sum:", "count:", "min:", "max:", "average:", "median:", "mode:", "stddev:", "sqrt:", "log:", "ln:", "exp:",
        "floor:", "ceiling:", "abs:", "uppercase:", "lowercase:", "length:", "canonical:",
    ]

    mutating func expression(depth: Int) -> String {
        guard depth > 0, random.chance(45) else {
            return random.chance(50) ? random.pick(Self.keys) : random.pick(Self.constants)
        }
        switch random.int(0...6) {
        case 0:
            return expression(depth: depth - 1) + " " + random.pick(["+", "-", "*", "/", "**"]) + " "
                + expression(depth: depth - 1)
        case 1: return random.pick(Self.functions) + "(" + expression(depth: depth - 1) + ")"
        case 2:
            return random.pick(["tags", "SELF", "items"]) + "."
                + random.pick(["@count", "@sum", "@avg", "@min", "@max"])
        case 3: return "SUBQUERY(" + random.pick(["tags", "items"]) + ", $x, " + predicate(depth: depth - 1) + ")"
        case 4:
            return "{" + (0..<random.int(0...3)).map { _ in expression(depth: depth - 1) }.joined(separator: ", ") + "}"
        case 5: return expression(depth: depth - 1) + "[" + random.pick(["FIRST", "LAST", "SIZE", "0", "1"]) + "]"
        default:
            return "TERNARY(" + predicate(depth: depth - 1) + ", " + expression(depth: depth - 1) + ", "
                + expression(depth: depth - 1) + ")"
        }
    }

    mutating func predicate(depth: Int) -> String {
        guard depth > 0, random.chance(50) else {
            let modifier = random.chance(20) ? random.pick(["ANY ", "ALL ", "NONE ", "SOME "]) : ""
            let op = random.pick(Self.comparisons)
            let right =
                op == "BETWEEN" ? "{" + expression(depth: 1) + ", " + expression(depth: 1) + "}" : expression(depth: 1)
            return modifier + expression(depth: depth) + " " + op + " " + right
        }
        switch random.int(0...3) {
        case 0: return predicate(depth: depth - 1) + " AND " + predicate(depth: depth - 1)
        case 1: return predicate(depth: depth - 1) + " OR " + predicate(depth: depth - 1)
        case 2: return "NOT (" + predicate(depth: depth - 1) + ")"
        default: return random.pick(["TRUEPREDICATE", "FALSEPREDICATE", "(" + predicate(depth: depth - 1) + ")"])
        }
    }

    mutating func checkLine() -> String {
        let format = predicate(depth: 2)
        let quoted = (try? JSONEncoder().encode(format)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        let object = random.pick([
            "1", "\"text\"", "null", "[1, 2, 3]", #"{"name": "Zoë", "age": 31, "tags": ["a", "b"]}"#,
            #"{"$date": "2020-01-01T00:00:00Z"}"#, "9223372036854775807", "1e400",
            #"{"$ref": {"entity": "User", "id": 1}}"#,
        ])
        return #"{"id": 1, "format": \#(quoted), "args": [1, "x"], "object": \#(object), "vars": {"v": 2}}"#
    }

    // MARK: Byte mutations

    mutating func mutate(_ text: String, rounds: Int) -> String {
        var bytes = Array(text.utf8)
        for _ in 0..<rounds {
            guard !bytes.isEmpty else {
                bytes = Array(random.pick(Self.interesting).utf8)
                continue
            }
            let at = random.int(0...(bytes.count - 1))
            switch random.int(0...5) {
            case 0: bytes[at] ^= UInt8(1 << random.int(0...7))
            case 1: bytes.insert(contentsOf: Array(random.pick(Self.interesting).utf8), at: at)
            case 2: bytes.removeSubrange(at..<min(bytes.count, at + random.int(1...16)))
            case 3:
                let end = min(bytes.count, at + random.int(1...64))
                bytes.insert(contentsOf: bytes[at..<end], at: at)
            case 4: bytes = Array(bytes[..<at])
            default: bytes.insert(UInt8(random.int(0...255)), at: at)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static let interesting = [
        "\0", "\u{FEFF}", "\"", "'", "\\", "{", "}", "[", "]", "<", ">", "&amp;", "&#x0;", "<!--", "]]>", ":", ",",
        "-1", "1e999", "null", "9223372036854775808", "((((((((((", "é", "\u{0301}", "$", "%@", "*", "?",
    ]

    static let jsonSchema = """
        {"entities": [
          {"name": "Bucket", "attributes": [{"name": "name", "type": "string"}],
           "relationships": [{"name": "contents", "destination": "Content", "inverse": "bucket", "toMany": true}]},
          {"name": "Content", "attributes": [{"name": "name", "type": "string"}, {"name": "size", "type": "integer64"}],
           "relationships": [{"name": "bucket", "destination": "Bucket", "inverse": "contents", "optional": true}]},
          {"name": "Image", "parent": "Content", "attributes": [{"name": "width", "type": "integer32"}]}
        ]}
        """

    static let changeSets = [
        #"{"Bucket": {"updated": [{"id": 1, "attributes": {"name": "Inbox 2"}}]}}"#,
        #"{"Content": {"inserted": [{"id": 9, "name": "new.txt", "size": 5, "bucket": 1, "tags": [2, 3]}]}}"#,
        #"{"Content": {"updated": [{"id": 3, "relationships": {"bucket": {"old": 1, "new": 2}, "tags": {"added": [2], "removed": [1]}}}]}}"#,
        #"{"Bucket": {"deleted": [1]}}"#,
    ]

    static let arguments = [
        "\"x\"", "1", "null", "[1, 2]", #"{"$date": "2020-01-01T00:00:00Z"}"#, #"{"$set": [1]}"#, "1e400",
        #"{"$ref": {"entity": "Bucket", "id": 2}}"#, #"[{"$ref": {"entity": "Content", "id": "k"}}]"#,
        #"{"$ref": {"entity": "Tag"}}"#,
    ]
}

/// The seeded source of the generator (the test suites' SplitMix64), with the picks it needs.
struct FuzzRandom {
    private var base: SplitMix64

    init(seed: UInt64) { base = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { base.int(in: range) }

    mutating func chance(_ percent: UInt64) -> Bool { base.chance(percent, in: 100) }

    mutating func pick<T>(_ items: [T]) -> T { base.pick(items) }

    /// A seed for a generator of its own.
    mutating func seed() -> UInt64 { base.next() }
}
