import Foundation
import Predicates

/// `==`, `!=`, `<`, `<=`, `>`, `>=` between two values (spec §3.2, §3.3).
///
/// | predicate | result |
/// |---|---|
/// | `nil == nil` | true |
/// | `name == nil` (name `"x"`) | false; `name != nil` true |
/// | `TRUE == 1`, `1 == 1.0` | true |
/// | `5 == "5"` | false (no coercion) |
/// | `nil >= nil`, `nil <= nil` | true; `nil < nil` false |
/// | `age > 30` (age nil) | false |
/// | `"5" < 5` | error `not-comparable` |
/// | `"a" < "B"` | false (code-point order); `"a" <[c] "B"` true |
/// | `{1, 2} == {1, 2.0}` | true (element-wise) |
enum ValueComparison {
    /// Equality with options: options apply only when both sides are strings.
    @inline(__always)
    static func equals(_ lhs: EvaluationValue, _ rhs: EvaluationValue, _ options: ComparisonOptions) -> Bool {
        if !options.isEmpty, case .string(let a) = lhs, case .string(let b) = rhs {
            return StringComparison.equals(a, b, options)
        }
        return lhs == rhs
    }

    /// Three-way comparison of two non-nil values; `nil` when unordered (a NaN).
    /// Throws `not-comparable` for values with no common order.
    static func compare(
        _ lhs: EvaluationValue, _ rhs: EvaluationValue, _ options: ComparisonOptions
    ) throws(EvaluationError) -> ComparisonResult? {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)):
            return StringComparison.compare(a, b, options)
        case (.date(let a), .date(let b)):
            return a == b ? .orderedSame : (a < b ? .orderedAscending : .orderedDescending)
        default:
            guard let a = NumericValue(lhs), let b = NumericValue(rhs) else {
                throw EvaluationError.notComparable(lhs, rhs)
            }
            return a.compare(to: b)
        }
    }

    /// The ordering operators, with Apple's nil rules.
    static func ordered(
        _ op: ComparisonOperator, _ lhs: EvaluationValue, _ rhs: EvaluationValue, _ options: ComparisonOptions
    ) throws(EvaluationError) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null):
            return op == .lessThanOrEqualTo || op == .greaterThanOrEqualTo
        case (.null, _), (_, .null):
            return false
        default:
            guard let result = try compare(lhs, rhs, options) else { return false }
            return test(op, result)
        }
    }

    /// Whether `result` satisfies the ordering operator `op`.
    @inline(__always)
    static func test(_ op: ComparisonOperator, _ result: ComparisonResult) -> Bool {
        switch op {
        case .lessThan: result == .orderedAscending
        case .lessThanOrEqualTo: result != .orderedDescending
        case .greaterThan: result == .orderedDescending
        case .greaterThanOrEqualTo: result != .orderedAscending
        case .equalTo: result == .orderedSame
        case .notEqualTo: result != .orderedSame
        default: false
        }
    }

    /// `lhs BETWEEN {low, high}` (spec §3.10): inclusive, bounds swapped when reversed,
    /// options ignored. nil on the left → false; a right side that is not a two-element array
    /// → error.
    static func between(_ lhs: EvaluationValue, _ rhs: EvaluationValue) throws(EvaluationError) -> Bool {
        if case .null = lhs { return false }
        let bounds: [EvaluationValue]
        switch rhs {
        case .null: return false
        case .array(let elements): bounds = elements
        default: throw EvaluationError.typeMismatch("BETWEEN needs an array {low, high} on the right", rhs)
        }
        guard bounds.count == 2 else {
            throw EvaluationError.typeMismatch("BETWEEN needs exactly two bounds", rhs)
        }
        return try between(lhs, low: bounds[0], high: bounds[1])
    }

    /// `lhs BETWEEN {low, high}` once the bounds are known.
    static func between(
        _ lhs: EvaluationValue, low: EvaluationValue, high: EvaluationValue
    ) throws(EvaluationError) -> Bool {
        if lhs.isNull || low.isNull || high.isNull { return false }
        var low = low
        var high = high
        if try compare(low, high, []) == .orderedDescending { swap(&low, &high) }
        guard let lower = try compare(low, lhs, []), let upper = try compare(lhs, high, []) else { return false }
        return lower != .orderedDescending && upper != .orderedDescending
    }
}
