import Foundation
import Predicates

/// Arithmetic, bitwise and set operators (spec §1.9, §3.11). Never traps, never wraps.
///
/// | expression | value |
/// |---|---|
/// | `7 / 2` | `3` (integers stay integers) |
/// | `7 / 2.0` | `3.5` |
/// | `5 / 0`, `modulus:by:(5, 0)` | `0` (integer division by zero) |
/// | `5.0 / 0` | `inf` |
/// | `9223372036854775807 + 1` | `9.223372036854775808e18` (an integer result that does not fit is a double) |
/// | `-(-9223372036854775807 - 1)`, `(-9223372036854775807 - 1) / -1` | `9.223372036854775808e18` |
/// | `modulus:by:(-9223372036854775807 - 1, -1)` | `0` |
/// | `2 ** 3` | `8.0` (always a double) |
/// | `date + 60`, `date - 60` | a date 60 s later/earlier; `date - date` → seconds |
/// | `TRUE + 1`, `'5' + 1`, `nil + 1` | error `type-mismatch` |
/// | `6 & 3`, `6 \| 3`, `6 ^ 3`, `1 << 4`, `~0` | `2`, `7`, `5`, `16`, `-1` (doubles truncate, Booleans are 0/1) |
/// | `{1, 2} UNION {2, 3}` | the set {1, 2, 3} |
enum Arithmetic {
    /// A number as the arithmetic functions classify it (Booleans refused).
    private static func number(_ value: EvaluationValue, _ op: String) throws(EvaluationError) -> NumericValue {
        switch value {
        case .int(let int): return .int(int)
        case .double(let double): return .double(double)
        default: throw EvaluationError.typeMismatch("\(op) needs numbers", value)
        }
    }

    static func binary(_ op: BinaryOperator, _ lhs: EvaluationValue, _ rhs: EvaluationValue) throws(EvaluationError)
        -> EvaluationValue
    {
        let symbol = Operators.spelling(of: op)
        switch op {
        case .add, .subtract:
            if let dated = try dateArithmetic(op, lhs, rhs) { return dated }
            return try numeric(op, try number(lhs, symbol), try number(rhs, symbol))
        case .multiply, .divide:
            return try numeric(op, try number(lhs, symbol), try number(rhs, symbol))
        case .power:
            return .double(Foundation.pow(try number(lhs, symbol).doubleValue, try number(rhs, symbol).doubleValue))
        case .bitwiseAnd: return .int(try integer(lhs, symbol) & integer(rhs, symbol))
        case .bitwiseOr: return .int(try integer(lhs, symbol) | integer(rhs, symbol))
        case .bitwiseXor: return .int(try integer(lhs, symbol) ^ integer(rhs, symbol))
        case .leftShift: return .int(try integer(lhs, symbol) << integer(rhs, symbol))
        case .rightShift: return .int(try integer(lhs, symbol) >> integer(rhs, symbol))
        case .union, .intersect, .minus: return try setOperation(op, lhs, rhs)
        }
    }

    static func unary(_ op: UnaryOperator, _ operand: EvaluationValue) throws(EvaluationError) -> EvaluationValue {
        switch op {
        case .negate:
            switch try number(operand, "-") {
            case .int(let int): return integerResult(0.subtractingReportingOverflow(int), exact: -Double(int))
            case .double(let double): return .double(-double)
            }
        case .onesComplement:
            return .int(~(try integer(operand, "~")))
        }
    }

    /// `modulus:by:`: integer remainder (0 for a zero divisor), `fmod` for doubles.
    static func modulus(_ lhs: EvaluationValue, _ rhs: EvaluationValue) throws(EvaluationError) -> EvaluationValue {
        switch (try number(lhs, "modulus:by:"), try number(rhs, "modulus:by:")) {
        case (.int(let a), .int(let b)):
            guard b != 0 else { return .int(0) }
            // `Int.min % -1` reports an overflow, but its remainder, 0, is exact.
            return .int(a.remainderReportingOverflow(dividingBy: b).partialValue)
        case (let a, let b):
            return .double(Foundation.fmod(a.doubleValue, b.doubleValue))
        }
    }

    private static func numeric(_ op: BinaryOperator, _ a: NumericValue, _ b: NumericValue) throws(EvaluationError)
        -> EvaluationValue
    {
        if case .int(let x) = a, case .int(let y) = b {
            switch op {
            case .add: return integerResult(x.addingReportingOverflow(y), exact: Double(x) + Double(y))
            case .subtract: return integerResult(x.subtractingReportingOverflow(y), exact: Double(x) - Double(y))
            case .multiply: return integerResult(x.multipliedReportingOverflow(by: y), exact: Double(x) * Double(y))
            default:
                guard y != 0 else { return .int(0) }
                // Only `Int.min / -1` overflows; its quotient is 2^63.
                return integerResult(x.dividedReportingOverflow(by: y), exact: -Double(x))
            }
        }
        let x = a.doubleValue
        let y = b.doubleValue
        switch op {
        case .add: return .double(x + y)
        case .subtract: return .double(x - y)
        case .multiply: return .double(x * y)
        default: return .double(x / y)
        }
    }

    /// The integer result of an operation, or — when it overflowed — the result computed in
    /// doubles (`exact`): integer arithmetic never wraps.
    @inline(__always)
    static func integerResult(_ result: (partialValue: Int, overflow: Bool), exact: @autoclosure () -> Double)
        -> EvaluationValue
    {
        result.overflow ? .double(exact()) : .int(result.partialValue)
    }

    /// Date ± seconds and date − date; `nil` when neither side is a date.
    private static func dateArithmetic(_ op: BinaryOperator, _ lhs: EvaluationValue, _ rhs: EvaluationValue)
        throws(EvaluationError) -> EvaluationValue?
    {
        switch (op, lhs, rhs) {
        case (.add, .date(let date), _):
            return .date(date.addingTimeInterval(try number(rhs, "+").doubleValue))
        case (.add, _, .date(let date)):
            return .date(date.addingTimeInterval(try number(lhs, "+").doubleValue))
        case (.subtract, .date(let a), .date(let b)):
            return .double(a.timeIntervalSince(b))
        case (.subtract, .date(let date), _):
            return .date(date.addingTimeInterval(-(try number(rhs, "-").doubleValue)))
        case (.subtract, _, .date):
            throw EvaluationError.typeMismatch("cannot subtract a date from \(EvaluationError.describe(lhs))")
        default:
            return nil
        }
    }

    /// `integerValue` for the bitwise operators: doubles truncate (clamped), Booleans are 0/1.
    static func integer(_ value: EvaluationValue, _ op: String) throws(EvaluationError) -> Int {
        switch value {
        case .int(let int): return int
        case .bool(let bool): return bool ? 1 : 0
        case .double(let double):
            if double.isNaN { return 0 }
            if double >= 9_223_372_036_854_775_807.0 { return Int.max }
            if double <= -9_223_372_036_854_775_808.0 { return Int.min }
            return Int(double.rounded(.towardZero))
        default:
            throw EvaluationError.typeMismatch("\(op) needs numbers", value)
        }
    }

    /// `UNION`, `INTERSECT`, `MINUS`: both sides arrays or sets; the result is a set.
    private static func setOperation(_ op: BinaryOperator, _ lhs: EvaluationValue, _ rhs: EvaluationValue)
        throws(EvaluationError) -> EvaluationValue
    {
        let symbol = Operators.spelling(of: op)
        let left = try setOperand(lhs, symbol)
        let right = try setOperand(rhs, symbol)
        switch op {
        case .union: return .set(left.union(right.elements))
        case .intersect: return .set(left.intersection(right))
        default: return .set(left.subtracting(right))
        }
    }

    private static func setOperand(_ value: EvaluationValue, _ op: String) throws(EvaluationError) -> EvaluationSet {
        switch value {
        case .set(let set): return set
        case .array(let elements): return EvaluationSet(elements)
        default: throw EvaluationError.notACollection("each side of \(op)", value)
        }
    }
}
