import Foundation
import TestSupport
import Testing

@testable import Predicates

/// What every parse of arbitrary input must satisfy: it returns a tree whose canonical text
/// re-parses to the same tree, or it throws a catalogued diagnostic whose range lies inside
/// the input. Returns a description of the violation, or nil.
enum RobustnessProperty {
    static let ids = Set(DiagnosticCatalog.identifiers)

    static func violation(_ input: String, arguments: [PredicateValue] = [], render: Bool) -> String? {
        do {
            let node = try PredicateParser().parsePredicate(input, arguments: arguments)
            _ = node.sExpression
            let text = node.predicateFormat
            guard arguments.isEmpty else { return nil }
            let again = try PredicateParser().parsePredicate(text)
            return again == node ? nil : "canonical text \(text.debugDescription) re-parses to a different tree"
        } catch {
            let diagnostic = error.diagnostic
            let count = input.utf8.count
            if !ids.contains(diagnostic.id) { return "unknown diagnostic id \(diagnostic.id)" }
            guard let range = diagnostic.range else { return "no range for \(diagnostic.id)" }
            if range.lowerBound < 0 || range.upperBound > count {
                return "range \(range) outside the \(count)-byte input (\(diagnostic.id))"
            }
            if !diagnostic.id.isCatalogued { return "\(diagnostic.id) is not in DiagnosticID.catalogue" }
            if let problem = partsProblem(diagnostic, in: Array(input.utf8)) { return problem }
            if diagnostic.message.isEmpty || diagnostic.message.lowercased() == "syntax error" {
                return "empty or generic message for \(diagnostic.id)"
            }
            if render,
                !error.rendered.hasPrefix("\(SourceLocation(offset: range.lowerBound, in: input).line):")
            {
                return "rendering does not start with the line number"
            }
            return nil
        }
    }

    /// What is wrong with the notes and fix-its of a diagnostic of `bytes`, or `nil`: each range
    /// lies inside the input, and a fix-it replaces its text with something else.
    static func partsProblem(_ diagnostic: Diagnostic, in bytes: [UInt8]) -> String? {
        let ranges = diagnostic.notes.compactMap(\.range) + diagnostic.fixIts.compactMap(\.range)
        if let outside = ranges.first(where: { $0.lowerBound < 0 || $0.upperBound > bytes.count }) {
            return "a note or fix-it range \(outside) outside the \(bytes.count)-byte input (\(diagnostic.id))"
        }
        for fixIt in diagnostic.fixIts {
            guard let range = fixIt.range else { continue }
            let replaced = String(decoding: bytes[range.lowerBound..<range.upperBound], as: UTF8.self)
            if fixIt.replacement.isEmpty || fixIt.replacement == replaced {
                return "fix-it '\(fixIt.replacement)' does not change '\(replaced)' (\(diagnostic.id))"
            }
        }
        return nil
    }

    /// Removes bytes while the violation persists (greedy delta debugging).
    static func shrink(_ bytes: [UInt8], arguments: [PredicateValue]) -> [UInt8] {
        var current = bytes
        var chunk = Swift.max(1, current.count / 2)
        while chunk >= 1 {
            var start = 0
            var removed = false
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<Swift.min(start + chunk, candidate.count))
                if violation(String(decoding: candidate, as: UTF8.self), arguments: arguments, render: true) != nil {
                    current = candidate
                    removed = true
                } else {
                    start += chunk
                }
            }
            if !removed { chunk /= 2 }
        }
        return current
    }
}

@Suite("Robustness: random and mutated input never crashes or hangs")
struct RobustnessTests {
    /// Characters the grammar cares about, so random strings reach past the lexer often.
    static let alphabet: [UInt8] = Array("abcxyzSELFANDORNOTIN_0123456789 .,:;()[]{}'\"\\%@#$+-*/&|^~!=<>?\n\té".utf8)

    /// Valid predicates to mutate: one of (nearly) every construct.
    static let corpus: [String] = [
        "name CONTAINS[cd] 'x' AND age > 3", "a == 1 OR b != 2 AND NOT c <= 3", "ANY tags.name ==[c] \"swift\"",
        "ALL a.b > 1", "NONE a IN {1, 2, 3}", "SOME x BEGINSWITH 'a'", "a BETWEEN {1, 10}", "TRUEPREDICATE",
        "FALSEPREDICATE OR (a == 1)", "(a + b) * 2 >= c ** 2", "a & 3 == 3", "a | b ^ c << 2 > 0",
        "x UNION y INTERSECT z CONTAINS 1", "SELF[FIRST] == 1", "a[LAST].b[SIZE] > 2", "d['key'] == 'v'",
        "SUBQUERY(items, $x, $x.price > 10 AND $x.qty < 5).@count > 0", "max(1, 5, 10) == 10",
        "modulus:by:(a, 3) == 1", "FUNCTION(a, 'uppercaseString') == 'X'", "CAST('1', 'NSNumber') == 1",
        "date < CAST(694224000.000000, \"NSDate\")", "TERNARY(a == 1, 'x', 'y') == 'x'", "ANYKEY == 'x'",
        "$x := 1 + 2 == 3", "#size == 3 AND a.#first == 2", "@count > 1", "a.@sum.b > 10",
        "a LIKE 'a\\*c?' AND b MATCHES '\\\\d+'", "s == 'esc\\n\\t\\x41\\u00e9\\101'",
        "n == 0x1F OR n == 0b101 OR n == 0o17",
        "f == -1.5e-3", "i == -9223372036854775808", "a UTI-CONFORMS-TO 'public.text'", "a =< 1 && b => 2 || c <> 3",
        "!a == 1", "NOT NOT (a == 1)", "a.b.c.d.e == nil", "YES == TRUE AND NO == FALSE AND NULL == NIL",
        "{1, 'a', {2}} CONTAINS 1", "sum:(a) == now()", "onesComplement:(a) == ~b", "$v.name == $w",
        "-a.b < -(5)", "a ENDSWITH[n] 'z' AND b IN[c] 'xyz'", "objectFrom:withIndex:(a, 'FIRST') == 1",
        "((a)) == 1 AND ((b == 2))", "a == %@ AND %K == %d", "lastName LIKE[c] $LAST_NAME",
    ]

    /// Whole tokens to splice in.
    static let tokenPool: [String] = [
        "(", ")", "[", "]", "{", "}", ",", ".", ":", ":=", "+", "-", "*", "/", "**", "&", "|", "^", "~", "<<", ">>",
        "&&", "||", "!", "=", "==", "!=", "<>", "<", "<=", "=<", ">", ">=", "=>", "AND", "OR", "NOT", "ANY", "ALL",
        "NONE", "SOME", "IN", "LIKE", "MATCHES", "CONTAINS", "BETWEEN", "BEGINSWITH", "ENDSWITH", "SELF", "NIL",
        "TRUE", "FIRST", "LAST", "SIZE", "SUBQUERY", "FUNCTION", "CAST", "TERNARY", "ANYKEY", "UNION", "MINUS",
        "TRUEPREDICATE", "UTI-EQUALS", "a", "b.c", "sum", "max", "now", "#size", "@count", "@foo", "$x", "%@", "%K",
        "%d", "%f", "%s", "%S", "%la", "%Lg", "%ls", "%%", "'s'", "\"t\"", "'", "\"", "1", "-1", "2.5", "1e3", "0x1F",
        "[cd]", "[z]", "?", "\\",
    ]

    /// Random arguments for inputs that contain specifiers.
    static let argumentSets: [[PredicateValue]] = [
        [], ["name"], ["a.b", 1], ["x", 2.5, .bool(true)], [.null, [1, 2]],
    ]

    @Test("100,000+ seeded random and mutated inputs")
    func randomAndMutatedInputs() {
        let seed = PropertyRun(seedOnly: "RobustnessTests").seed
        var random = SplitMix64(seed: seed)
        let corpusBytes = Self.corpus.map { Array($0.utf8) }
        let corpusTokens = corpusBytes.map { bytes in
            Lexer.tokenize(bytes).tokens.filter { token in
                if case .end = token.kind { return false }
                if case .invalid = token.kind { return false }
                return true
            }.map(\.range)
        }
        let pool = Self.tokenPool.map { Array($0.utf8) }
        var slowest: Duration = .zero
        var total = 0
        let clock = ContinuousClock()

        func run(_ bytes: [UInt8], _ arguments: [PredicateValue], label: String) -> Bool {
            let input = String(decoding: bytes, as: UTF8.self)
            let start = clock.now
            let problem = RobustnessProperty.violation(input, arguments: arguments, render: total % 16 == 0)
            slowest = Swift.max(slowest, clock.now - start)
            total += 1
            guard let problem else { return true }
            let shrunk = String(decoding: RobustnessProperty.shrink(bytes, arguments: arguments), as: UTF8.self)
            Issue.record(
                """
                \(label): \(problem)
                input: \(input.debugDescription)
                shrunk: \(shrunk.debugDescription)
                arguments: \(arguments)
                replay with PREDICATE_SEED=\(seed)
                """)
            return false
        }

        // 1. Random byte strings: half from the grammar's alphabet, half arbitrary bytes.
        for _ in 0..<40_000 {
            let length = random.below(48)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(length)
            for _ in 0..<length {
                bytes.append(
                    random.below(2) == 0 ? random.pick(Self.alphabet) : UInt8(truncatingIfNeeded: random.next()))
            }
            if !run(bytes, random.below(4) == 0 ? random.pick(Self.argumentSets) : [], label: "random bytes") { return }
        }

        // 2. Mutations of valid predicates: token and byte edits, one to three per input.
        for _ in 0..<64_000 {
            let which = random.below(corpusBytes.count)
            var bytes = corpusBytes[which]
            var tokens = corpusTokens[which]
            for _ in 0...random.below(3) {
                Self.mutate(&bytes, tokens: &tokens, pool: pool, random: &random)
            }
            if !run(bytes, random.pick(Self.argumentSets), label: "mutation") { return }
        }

        print("RobustnessTests: \(total) inputs, slowest parse \(slowest)")
        #expect(total >= 100_000)
        #expect(slowest < .seconds(2), "a single parse took \(slowest)")
    }

    /// One random edit. Token edits use the token ranges of the unedited text while they are
    /// still valid (they are dropped after a byte edit).
    static func mutate(
        _ bytes: inout [UInt8], tokens: inout [SourceRange], pool: [[UInt8]], random: inout SplitMix64
    ) {
        let tokenEdit = !tokens.isEmpty && random.below(2) == 0
        if tokenEdit {
            let index = random.below(tokens.count)
            let range = tokens[index]
            let lower = Swift.min(range.lowerBound, bytes.count)
            let upper = Swift.min(range.upperBound, bytes.count)
            switch random.below(4) {
            case 0: bytes.removeSubrange(lower..<upper)
            case 1: bytes.insert(contentsOf: bytes[lower..<upper] + [0x20], at: upper)
            case 2: bytes.replaceSubrange(lower..<upper, with: random.pick(pool))
            default: bytes.insert(contentsOf: [0x20] + random.pick(pool) + [0x20], at: lower)
            }
            tokens = []
            return
        }
        tokens = []
        let position = random.below(bytes.count + 1)
        switch random.below(4) {
        case 0:
            bytes.insert(
                random.below(2) == 0 ? random.pick(alphabet) : UInt8(truncatingIfNeeded: random.next()), at: position)
        case 1:
            if position < bytes.count { bytes.remove(at: position) }
        case 2:
            if position < bytes.count { bytes[position] = random.pick(alphabet) }
        default:
            let end = Swift.min(bytes.count, position + 1 + random.below(8))
            bytes.insert(contentsOf: bytes[position..<end], at: position)
        }
    }
}
