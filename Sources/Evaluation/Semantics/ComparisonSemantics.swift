import Foundation
import Predicates

/// One comparison operator applied to two values, and the ANY/ALL quantifiers around it.
/// The reference interpreter calls these directly; the compiled evaluator calls the same
/// primitives with operands prepared once (folded needles, compiled patterns, hash sets).
enum ComparisonSemantics {
    /// `lhs op[options] rhs` without a quantifier.
    static func evaluate(
        _ op: ComparisonOperator, _ options: ComparisonOptions, _ lhs: EvaluationValue, _ rhs: EvaluationValue
    ) throws(EvaluationError) -> Bool {
        switch op {
        case .equalTo: return ValueComparison.equals(lhs, rhs, options)
        case .notEqualTo: return !ValueComparison.equals(lhs, rhs, options)
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            return try ValueComparison.ordered(op, lhs, rhs, options)
        case .between: return try ValueComparison.between(lhs, rhs)
        case .in: return try Membership.contains(container: rhs, element: lhs, options)
        case .contains: return try Membership.contains(container: lhs, element: rhs, options)
        case .beginsWith, .endsWith:
            guard let (haystack, needle) = try stringOperands(op, lhs, rhs) else { return false }
            return StringSearch.matches(haystack, StringNeedle(needle, options), op == .beginsWith ? .prefix : .suffix)
        case .like:
            guard let (subject, pattern) = try stringOperands(op, lhs, rhs) else { return false }
            return try LikePattern(pattern, options: options).matches(subject)
        case .matches:
            guard let (subject, pattern) = try stringOperands(op, lhs, rhs) else { return false }
            return try RegexPattern(pattern, options: options).matches(subject)
        case .utiConformsTo, .utiEquals:
            throw unsupportedUTI(op)
        }
    }

    /// The two strings of a string operator; `nil` when either side is nil (→ false).
    static func stringOperands(
        _ op: ComparisonOperator, _ lhs: EvaluationValue, _ rhs: EvaluationValue
    ) throws(EvaluationError) -> (String, String)? {
        if lhs.isNull || rhs.isNull { return nil }
        guard case .string(let a) = lhs, case .string(let b) = rhs else {
            throw EvaluationError.typeMismatch(
                "\(Operators.spelling(of: op)) needs strings on both sides, got "
                    + "\(EvaluationError.describe(lhs)) and \(EvaluationError.describe(rhs))")
        }
        return (a, b)
    }

    /// The elements an `ANY`/`ALL` iterates (spec §3.9): nil is an empty collection, arrays
    /// and sets their elements; anything else is an error.
    static func quantifiedElements(_ lhs: EvaluationValue) throws(EvaluationError) -> [EvaluationValue] {
        switch lhs {
        case .null: return []
        case .array(let elements): return elements
        case .set(let set): return set.elements
        default: throw EvaluationError.notACollection("the left side of ANY/ALL", lhs)
        }
    }

    /// Compiles a LIKE or MATCHES pattern written as a literal, to report a bad one before
    /// evaluating anything (other operators: nothing to check).
    static func validateLiteralPattern(
        _ op: ComparisonOperator, _ pattern: String, _ options: ComparisonOptions
    ) throws(EvaluationError) {
        switch op {
        case .like: _ = try LikePattern(pattern, options: options)
        case .matches: _ = try RegexPattern(pattern, options: options)
        default: break
        }
    }

    static func unsupportedUTI(_ op: ComparisonOperator) -> EvaluationError {
        EvaluationError(
            id: "unsupported",
            message: "\(Operators.spelling(of: op)) needs Apple's UTType database and cannot be evaluated here")
    }
}

/// `IN` and `CONTAINS` (spec §3.6): `a IN b` is `b CONTAINS a`.
///
/// | container | predicate | result |
/// |---|---|---|
/// | string | `'abc' CONTAINS 'b'`, `'b' IN[c] 'ABC'` | substring test, options honoured |
/// | array/set | `{'a','b'} CONTAINS 'a'`, `'A' IN[c] {'a'}` | true, false (options ignored) |
/// | dictionary | `'v' IN %@` (`{"k": "v"}`) | true: the values are searched |
/// | nil, or a nil element | `nil IN {nil}` | false |
/// | number, date, object | `5 CONTAINS 5` | error `not-a-collection` |
enum Membership {
    static func contains(
        container: EvaluationValue, element: EvaluationValue, _ options: ComparisonOptions
    ) throws(EvaluationError) -> Bool {
        if container.isNull || element.isNull { return false }
        switch container {
        case .string(let haystack):
            guard case .string(let needle) = element else {
                throw EvaluationError.typeMismatch(
                    "cannot look for \(EvaluationError.describe(element)) in the string \(container.briefDescription)")
            }
            return StringSearch.matches(haystack, StringNeedle(needle, options), .anywhere)
        case .array(let elements): return elements.contains(element)
        case .set(let set): return set.contains(element)
        case .dictionary(let dictionary): return dictionary.values.contains(element)
        default: throw EvaluationError.notACollection("the container of IN/CONTAINS", container)
        }
    }
}
