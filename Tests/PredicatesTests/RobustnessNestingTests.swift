import Foundation
import Testing

@testable import Predicates

/// A nesting shape: `head + prefix×n + core + suffix×n`, the nesting levels one repetition
/// costs (derived by hand from ParserLimits' rule: parentheses, braces, brackets, argument
/// lists, prefix operators, assignments and each operator or index wrapping its left operand
/// count one level), and — where the canonical text nests deeper than the input — the levels
/// of the canonical text of n repetitions, `printedPerRepetition × n + printedOffset`
/// (`NOT NOT a == 1` prints `NOT (NOT a == 1)`: 2n - 1; `max(1, max(1, 1))` prints
/// `max:({1, max:({1, 1})})`: 2n).
struct NestingShape: Sendable, CustomTestStringConvertible {
    var name: String
    var head: String
    var prefix: String
    var core: String
    var suffix: String
    var levelsPerRepetition: Int
    var printedPerRepetition: Int? = nil
    var printedOffset = 0

    func text(_ n: Int) -> String {
        head + String(repeating: prefix, count: n) + core + String(repeating: suffix, count: n)
    }

    /// The most repetitions whose input and canonical text both nest within `limit` levels.
    func repetitions(within limit: Int) -> Int {
        let printed = printedPerRepetition ?? levelsPerRepetition
        return min(limit / levelsPerRepetition, (limit - printedOffset) / printed)
    }

    var testDescription: String { name }
}

@Suite("Robustness: nesting and size limits")
struct RobustnessNestingTests {
    static let shapes: [NestingShape] = [
        NestingShape(
            name: "predicate parentheses", head: "", prefix: "(", core: "a == 1", suffix: ")", levelsPerRepetition: 1),
        NestingShape(
            name: "predicate parentheses with AND", head: "", prefix: "(a == 1 AND ", core: "b == 2", suffix: ")",
            levelsPerRepetition: 1),
        NestingShape(
            name: "expression parentheses", head: "x == ", prefix: "(", core: "1", suffix: ")", levelsPerRepetition: 1),
        NestingShape(name: "(a + ", head: "x == ", prefix: "(a + ", core: "1", suffix: ")", levelsPerRepetition: 2),
        NestingShape(name: "braces", head: "x IN ", prefix: "{", core: "1", suffix: "}", levelsPerRepetition: 1),
        NestingShape(
            name: "unary minus", head: "x == ", prefix: "-", core: "a", suffix: "", levelsPerRepetition: 1,
            printedPerRepetition: 2, printedOffset: -1),
        NestingShape(
            name: "ones complement", head: "x == ", prefix: "~", core: "a", suffix: "", levelsPerRepetition: 1,
            printedPerRepetition: 2, printedOffset: -1),
        NestingShape(
            name: "NOT", head: "", prefix: "NOT ", core: "a == 1", suffix: "", levelsPerRepetition: 1,
            printedPerRepetition: 2, printedOffset: -1),
        NestingShape(
            name: "!", head: "", prefix: "!", core: "a == 1", suffix: "", levelsPerRepetition: 1,
            printedPerRepetition: 2, printedOffset: -1),
        NestingShape(
            name: "nested subscripts", head: "x == ", prefix: "a[", core: "0", suffix: "]", levelsPerRepetition: 1),
        NestingShape(
            name: "chained subscripts", head: "x == a", prefix: "", core: "", suffix: "[0]", levelsPerRepetition: 1),
        NestingShape(
            name: "function calls", head: "x == ", prefix: "sum(", core: "1", suffix: ")", levelsPerRepetition: 1),
        NestingShape(
            name: "collection calls", head: "x == ", prefix: "max(1, ", core: "1", suffix: ")", levelsPerRepetition: 1,
            printedPerRepetition: 2),
        NestingShape(
            name: "selector calls", head: "x == ", prefix: "modulus:by:(", core: "1", suffix: ", 1)",
            levelsPerRepetition: 1),
        NestingShape(
            name: "assignments", head: "x == ", prefix: "$x := ", core: "1", suffix: "", levelsPerRepetition: 1),
        NestingShape(
            name: "left-associative chain", head: "x == ", prefix: "1 + ", core: "1", suffix: "", levelsPerRepetition: 1
        ),
        NestingShape(
            name: "power chain", head: "x == ", prefix: "2 ** ", core: "2", suffix: "", levelsPerRepetition: 1),
        NestingShape(
            name: "SUBQUERY", head: "", prefix: "SUBQUERY(a, $x, ", core: "TRUEPREDICATE", suffix: ").@count > 0",
            levelsPerRepetition: 1),
        NestingShape(
            name: "TERNARY", head: "x == ", prefix: "TERNARY(a == 1, ", core: "1", suffix: ", 2)",
            levelsPerRepetition: 1),
        NestingShape(
            name: "FUNCTION", head: "x == ", prefix: "FUNCTION(", core: "a", suffix: ", 'f')", levelsPerRepetition: 1),
        NestingShape(
            name: "CAST", head: "x == ", prefix: "CAST(", core: "a", suffix: ", 'NSString')", levelsPerRepetition: 1),
    ]

    /// 10,000 levels of every shape: the error is `nesting-too-deep`, never a crash.
    @Test(arguments: shapes)
    func tenThousandLevels(_ shape: NestingShape) {
        let input = shape.text(10_000)
        #expect(throws: PredicateSyntaxError.self) { try PredicateParser().parsePredicate(input) }
        do {
            _ = try PredicateParser().parsePredicate(input)
        } catch {
            #expect(error.diagnostic.id == "nesting-too-deep")
        }
    }

    /// Exactly at the default limit (256) — of the input or of its canonical text, whichever
    /// is deeper — the input parses, the tree survives every recursive walk (dumps, printing,
    /// equality, hashing) and its canonical text parses back to it; one level more is an error.
    @Test(arguments: shapes)
    func atTheLimit(_ shape: NestingShape) throws {
        let limit = ParserLimits().maximumDepth
        let repetitions = shape.repetitions(within: limit)
        let deepest = try PredicateParser().parsePredicate(shape.text(repetitions))
        #expect(!deepest.sExpression.isEmpty)
        #expect(!deepest.treeDescription.isEmpty)
        #expect(!deepest.predicateFormat.isEmpty)
        #expect(deepest == deepest)
        #expect(Set([deepest]).count == 1)
        #expect(try PredicateParser().parsePredicate(deepest.predicateFormat) == deepest)
        do {
            let tooDeep = try PredicateParser().parsePredicate(shape.text(repetitions + 1))
            Issue.record("\(repetitions + 1) repetitions parsed: \(tooDeep.sExpression.prefix(80))")
        } catch {
            #expect(error.diagnostic.id == "nesting-too-deep")
        }
    }

    /// Flat repetition is not nesting: long key paths, members and AND/OR chains parse.
    @Test func flatRepetitionIsNotNesting() throws {
        let keyPath = try PredicateParser().parsePredicate("x" + String(repeating: ".b", count: 10_000) + " == 1")
        guard case .comparison(let comparison) = keyPath.kind, case .keyPath(let components) = comparison.left.kind
        else {
            Issue.record("expected a key path comparison")
            return
        }
        #expect(components.count == 10_001)
        let member = try PredicateParser().parsePredicate("$x" + String(repeating: ".b", count: 10_000) + " == 1")
        guard case .comparison(let memberComparison) = member.kind,
            case .member(_, let memberComponents) = memberComparison.left.kind
        else {
            Issue.record("expected a member comparison")
            return
        }
        #expect(memberComponents.count == 10_000)
        let chain = Array(repeating: "a == 1", count: 20_000).joined(separator: " OR ")
        let clock = ContinuousClock()
        let start = clock.now
        let or = try PredicateParser().parsePredicate(chain)
        let elapsed = clock.now - start
        guard case .or(let items) = or.kind else {
            Issue.record("expected an OR chain")
            return
        }
        #expect(items.count == 20_000)
        #expect(elapsed < .seconds(10), "20,000 comparisons took \(elapsed)")
        let list = "x IN {" + Array(repeating: "1", count: 50_000).joined(separator: ", ") + "}"
        #expect(try PredicateParser().parsePredicate(list).sExpression.hasPrefix("(in (key x) (aggregate 1 1"))
    }

    /// A lower limit applies to every shape too.
    @Test func customDepthLimit() {
        let parser = PredicateParser(limits: ParserLimits(maximumDepth: 8))
        #expect((try? parser.parsePredicate("((((((((a == 1))))))))")) != nil)
        do {
            _ = try parser.parsePredicate("(((((((((a == 1)))))))))")
            Issue.record("nine levels parsed with a limit of 8")
        } catch {
            #expect(error.diagnostic.id == "nesting-too-deep")
            #expect(error.diagnostic.range == SourceRange(8, 9))
        }
    }

    /// The byte limit is checked before lexing; exactly at the limit the input is accepted.
    @Test func inputByteLimit() throws {
        let limit = ParserLimits().maximumInputBytes
        let atLimit = "a == 1" + String(repeating: " ", count: limit - 6)
        #expect(atLimit.utf8.count == limit)
        #expect(try PredicateParser().parsePredicate(atLimit).sExpression == "(== (key a) 1)")
        let over = atLimit + " "
        do {
            _ = try PredicateParser().parsePredicate(over)
            Issue.record("accepted \(limit + 1) bytes")
        } catch {
            #expect(error.diagnostic.id == "input-too-large")
            #expect(error.diagnostic.range == SourceRange(limit, limit + 1))
            #expect(error.diagnostic.message == "the format string is 1048577 bytes long; the limit is 1048576 bytes")
        }
        let small = PredicateParser(limits: ParserLimits(maximumInputBytes: 4))
        #expect((try? small.parsePredicate("a==1")) != nil)
        #expect(throws: PredicateSyntaxError.self) { try small.parseExpression("a + 1") }
        // Multi-byte characters count as their UTF-8 bytes.
        #expect(throws: PredicateSyntaxError.self) { try small.parsePredicate("é==1") }
    }
}
