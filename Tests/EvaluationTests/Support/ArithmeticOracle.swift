import Evaluation
import Foundation
import Predicates

/// The overflow rule checked against exact decimal arithmetic (38 significant digits, enough
/// for the product of two 64-bit integers and for sums of thousands of them): an integer
/// operation or aggregate gives the exact integer when it fits in `Int`, and otherwise a double
/// close to the exact value — never a wrapped integer, never a trap. Apple computes `@sum` and
/// `@avg` in decimal, so this is also the answer Apple gives.
enum ArithmeticOracle {
    /// Why `value`, computed by the engine for `expression` whose operands evaluated to
    /// `operands`, breaks the rule; `nil` when it holds or the rule does not apply (some operand
    /// is not an integer).
    static func violation(
        _ expression: ExpressionNode, operands: [EvaluationValue], value: EvaluationValue
    ) -> String? {
        switch expression.kind {
        case .binary(let op, _, _):
            guard operands.count == 2, case .int(let x) = operands[0], case .int(let y) = operands[1] else {
                return nil
            }
            switch op {
            case .add: return check(value, exact: Decimal(x) + Decimal(y))
            case .subtract: return check(value, exact: Decimal(x) - Decimal(y))
            case .multiply: return check(value, exact: Decimal(x) * Decimal(y))
            case .divide:
                if y == 0 { return value == .int(0) && isInt(value) ? nil : "integer division by zero must be 0" }
                if x == Int.min && y == -1 { return check(value, exact: -Decimal(x)) }
                return check(value, exact: Decimal(x / y))
            default: return nil
            }
        case .unary(.negate, _):
            guard case .int(let x)? = operands.first else { return nil }
            return check(value, exact: -Decimal(x))
        case .function(let function, _):
            return functionViolation(function, operands, value)
        case .member(_, let components), .keyPath(let components):
            guard case .collectionOperator(let op)? = components.last, let elements = operands.first?.collectionElements
            else { return nil }
            let integers = elements.filter { !$0.isNull }
            guard let values = ints(integers) else { return nil }
            switch op {
            case .sum: return check(value, exact: sum(values))
            case .avg:
                guard !elements.isEmpty else { return nil }
                return checkDouble(value, exact: sum(values) / Decimal(elements.count))
            default: return nil
            }
        default:
            return nil
        }
    }

    private static func functionViolation(
        _ function: BuiltinFunction, _ operands: [EvaluationValue], _ value: EvaluationValue
    ) -> String? {
        switch function {
        case .abs:
            guard case .int(let x)? = operands.first else { return nil }
            return check(value, exact: x < 0 ? -Decimal(x) : Decimal(x))
        case .modulus:
            guard operands.count == 2, case .int(let x) = operands[0], case .int(let y) = operands[1] else {
                return nil
            }
            guard case .int(let r) = value else { return "modulus:by: of integers must be an integer" }
            if y == 0 { return r == 0 ? nil : "modulus:by: with a zero divisor must be 0" }
            let quotient = (Decimal(x) - Decimal(r)) / Decimal(y)
            let magnitudeOK = r.magnitude < y.magnitude
            let signOK = r == 0 || (r < 0) == (x < 0)
            return magnitudeOK && signOK && isWhole(quotient) ? nil : "\(r) is not the remainder of \(x) by \(y)"
        case .sum, .average, .median:
            guard let elements = operands.first?.collectionElements, let values = ints(elements) else { return nil }
            switch function {
            case .sum: return check(value, exact: sum(values))
            case .average:
                guard !values.isEmpty else { return nil }
                return checkDouble(value, exact: sum(values) / Decimal(values.count))
            default:
                guard !values.isEmpty else { return nil }
                let sorted = values.sorted()
                if sorted.count % 2 == 1 { return check(value, exact: Decimal(sorted[sorted.count / 2])) }
                let total = Decimal(sorted[sorted.count / 2 - 1]) + Decimal(sorted[sorted.count / 2])
                guard case .int(let median) = value else { return "the median of integers must be an integer" }
                // The mean rounded toward zero: 2 × median is the total, or one less in magnitude.
                let twice = Decimal(median) * 2
                return twice == total || (twice - total).magnitude == 1 && twice.magnitude < total.magnitude
                    ? nil : "\(median) is not the integer mean of the middle pair (sum \(total))"
            }
        default:
            return nil
        }
    }

    /// An integer value equal to `exact` when `exact` fits in `Int`, otherwise a double within
    /// 1e-12 of it (relative).
    private static func check(_ value: EvaluationValue, exact: Decimal) -> String? {
        if exact >= Decimal(Int.min) && exact <= Decimal(Int.max) {
            guard case .int(let int) = value, Decimal(int) == exact else {
                return
                    "expected the integer \(exact), got \(ExtremeExpressions.exactDescription(value)) (an integer result that fits stays exact)"
            }
            return nil
        }
        guard case .double = value else {
            return
                "expected a double near \(exact), got \(ExtremeExpressions.exactDescription(value)) (an integer overflow must be promoted)"
        }
        return checkDouble(value, exact: exact)
    }

    private static func checkDouble(_ value: EvaluationValue, exact: Decimal) -> String? {
        guard case .double(let double) = value else {
            return "expected a double near \(exact), got \(ExtremeExpressions.exactDescription(value))"
        }
        let expected = NSDecimalNumber(decimal: exact).doubleValue
        let tolerance = Swift.max(1e-12 * Swift.abs(expected), 1e-9)
        return Swift.abs(double - expected) <= tolerance ? nil : "expected about \(exact), got \(double)"
    }

    private static func ints(_ values: [EvaluationValue]) -> [Int]? {
        var result: [Int] = []
        for value in values {
            guard case .int(let int) = value else { return nil }
            result.append(int)
        }
        return result
    }

    private static func sum(_ values: [Int]) -> Decimal {
        values.reduce(Decimal(0)) { $0 + Decimal($1) }
    }

    private static func isInt(_ value: EvaluationValue) -> Bool {
        if case .int = value { return true }
        return false
    }

    private static func isWhole(_ value: Decimal) -> Bool {
        var input = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, 0, .plain)
        return rounded == value
    }
}
