import Foundation
import Predicates

/// A double constant met by an integer operand becomes the integer comparison that selects the
/// same values, so that no database compares an integer with a double its own way:
///
/// | predicate (`#size` an integer column) | SQL |
/// |---|---|
/// | `#size > 1.5`, `#size >= 1.5` | `"size" > 1`, `"size" >= 2` |
/// | `#size < 1.5`, `#size <= 1.5` | `"size" < 2`, `"size" <= 1` |
/// | `#size == 3.0`, `#size == 1.5` | `"size" = 3`, FALSE |
/// | `#size IN {1, 2.5, 3.0}` | `"size" IN (1, 3)` |
/// | `#size > 1e300`, `#size < 1e300` | FALSE, `"size" IS NOT NULL` |
/// | `#size < 0.0 / 0` (NaN) | FALSE (nothing is ordered with NaN in memory) |
///
/// Memory compares an integer with a double exactly (`9007199254740993 > 9007199254740992.0`
/// is true), which the rewrite keeps on every database (PostgreSQL would otherwise convert the
/// integer to a double), and the integer column stays usable by an index. An integer
/// expression that is not a column (`#size * 2`, `@sum`) may exceed 64 bits in memory, where it
/// continues as a double: the rewrite then applies only while the bound fits in 64 bits.
extension LoweringWalk {
    /// Whether the values of an operand of `type` are whole numbers: integers and Booleans.
    static func isIntegerValued(_ type: StaticType) -> Bool {
        type == .integer || type == .boolean
    }

    /// Whether every value of `expression` fits in 64 bits (a stored integer or Boolean).
    static func isIntegerColumn(_ expression: SQLExpression, _ type: StaticType) -> Bool {
        guard isIntegerValued(type), case .column = expression else { return false }
        return true
    }

    /// `value op constant` as an integer comparison, for an integer-valued `value` and a
    /// non-integral or out-of-range double; `nil` when the double is an integer in range (it is
    /// bound as that integer by ``bind(_:like:)``) or when the rewrite does not apply.
    func integerOrdering(_ value: SQLExpression, _ type: StaticType, _ op: SQLBinaryOperator, _ constant: Double)
        -> SQLExpression?
    {
        guard Self.isIntegerValued(type) else { return nil }
        if constant.isNaN { return .truth(.alwaysFalse) }
        let bound: Double
        switch op {
        case .greater, .lessOrEqual: bound = constant.rounded(.down)
        case .greaterOrEqual, .less: bound = constant.rounded(.up)
        default: return nil
        }
        if let integer = Self.exactInteger(bound) { return .binary(value, op, .value(.integer(integer))) }
        // Beyond 64 bits: decided for a column, left to the double otherwise.
        guard Self.isIntegerColumn(value, type) else { return nil }
        let aboveEveryValue = bound > 0
        switch (op, aboveEveryValue) {
        case (.greater, true), (.greaterOrEqual, true), (.less, false), (.lessOrEqual, false):
            return .truth(.alwaysFalse)
        default:
            return .isNull(value, negated: true)
        }
    }

    /// The integer a double equals, when it is whole and within 64 bits.
    static func exactInteger(_ double: Double) -> Int64? {
        guard double.isFinite, double.rounded(.towardZero) == double else { return nil }
        return Int64(exactly: double)
    }

    /// How a double constant compares for equality with an integer-valued operand.
    enum IntegerEquality {
        /// The operand is not integer-valued: bind the double as it is.
        case notApplicable
        /// No value of the operand equals the constant (a fraction, NaN, beyond 64 bits).
        case never
        /// Bind this value instead (the integer the double equals).
        case bound(SQLValue)
    }

    /// `value == constant` for a double constant: the integer it equals, or never equal. A
    /// whole double beyond 64 bits against an expression (which may exceed 64 bits in memory)
    /// stays a double.
    static func integerEquality(_ constant: Double, _ value: SQLExpression, _ type: StaticType) -> IntegerEquality {
        guard isIntegerValued(type) else { return .notApplicable }
        if let integer = exactInteger(constant) { return .bound(.integer(integer)) }
        let whole = constant.isFinite && constant.rounded(.towardZero) == constant
        return whole && !isIntegerColumn(value, type) ? .notApplicable : .never
    }

    /// The value bound for `value == constant`, or `nil` when they can never be equal: the
    /// integer rule above for doubles against integers, ``bind(_:like:)`` otherwise.
    func equalityValue(_ constant: EvaluationValue, for value: SQLExpression, _ type: StaticType) -> SQLValue? {
        if case .double(let double) = constant {
            switch Self.integerEquality(double, value, type) {
            case .never: return nil
            case .bound(let bound): return bound
            case .notApplicable: break
            }
        }
        return bind(constant, like: type)
    }
}
