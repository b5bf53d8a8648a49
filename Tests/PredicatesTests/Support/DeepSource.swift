import Foundation
import Predicates
import TestSupport

/// Deep *format strings*, written the shortest way the language allows (`NOT NOT`, `--a`,
/// `max(1, …)`, `a + b * …`, selector calls, postfix chains, `%@` bound to nested arrays), so
/// that the input nests less deeply than its canonical text: the inputs of issue 17 §15.
///
/// `predicate(levels:)` writes a predicate whose input nests about `levels` levels; the
/// arguments its `%@` take are collected in ``arguments``.
struct DeepSource {
    var random: SplitMix64
    private(set) var arguments: [PredicateValue] = []

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    mutating func predicate(levels: Int) -> String {
        guard levels > 0 else {
            return pick(["a == 1", "TRUEPREDICATE", "b CONTAINS[cd] 'x'", expression(levels: 0) + " > 0"])
        }
        let inner = levels - 1
        switch int(0...9) {
        case 0: return "NOT " + predicate(levels: inner)
        case 1: return "!" + predicate(levels: inner)
        case 2: return "(" + predicate(levels: inner) + ")"
        case 3: return "a == 1 AND (" + predicate(levels: inner) + ")"
        case 4: return "a == 1 OR NOT " + predicate(levels: inner)
        case 5: return "SUBQUERY(c, $x, " + predicate(levels: inner) + ").@count > 0"
        case 6: return "NONE " + expression(levels: levels) + " == 1"
        default: return expression(levels: levels) + pick([" == 1", " > 0", " IN {1, 2}", " BETWEEN {1, 2}"])
        }
    }

    mutating func expression(levels: Int) -> String {
        guard levels > 0 else { return leaf() }
        let inner = levels - 1
        let e = expression(levels: inner)
        switch int(0...24) {
        case 0: return "-" + e
        case 1: return "~" + e
        case 2: return "(" + e + ")"
        case 3: return "{" + e + "}"
        case 4: return "{1, " + e + "}"
        case 5: return "abs(" + e + ")"
        case 6: return "max(1, " + e + ")"
        case 7: return "modulus:by:(" + e + ", 2)"
        case 8: return "objectFrom:withIndex:(" + e + ", 0)"
        case 9: return "add:to:(1, " + e + ")"
        case 10: return "onesComplement:(" + e + ")"
        case 11: return "FUNCTION(" + e + ", 'f:')"
        case 12: return "CAST(" + e + ", 'NSString')"
        case 13: return "SUBQUERY(" + e + ", $y, $y == 1)"
        case 14: return "TERNARY(" + predicate(levels: inner) + ", 1, 2)"
        case 15: return "$v[" + e + "]"
        case 16: return "(" + e + ").k"
        case 17: return "$w.k[" + e + "].m"
        case 18: return "1 + " + e
        case 19: return "2 * " + e
        case 20: return "1 - 2 * " + e
        case 21: return "2 ** " + e
        case 22: return "($y := " + e + ")"
        case 23: return "1 | 2 & 3 << " + e
        default: return e + "[LAST]"
        }
    }

    private mutating func leaf() -> String {
        switch int(0...9) {
        case 0: return "a"
        case 1: return "$x"
        case 2: return "-5"
        case 3: return "CAST(0, 'NSDate')"
        case 4: return "now()"
        case 5: return "SELF"
        case 6: return "a.b"
        case 7: return "'s'"
        default:
            // An argument: a scalar, a date, or an array nested a few levels or 200 to 280.
            switch int(0...5) {
            case 0: arguments.append(.int(int(-9...9)))
            case 1: arguments.append(.date(Date(timeIntervalSinceReferenceDate: 86_400.5)))
            default:
                var value = PredicateValue.string("v")
                let depth = int(0...3) == 0 ? int(200...280) : int(0...5)
                for _ in 0..<depth { value = .array(int(0...1) == 0 ? [value] : [.int(1), value]) }
                arguments.append(value)
            }
            return "%@"
        }
    }
}
