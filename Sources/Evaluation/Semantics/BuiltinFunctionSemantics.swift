import Foundation
import Predicates

/// The predefined NSExpression functions (spec §1.9).
///
/// | expression | value |
/// |---|---|
/// | `sum({1, 2, 3})`, `count({1, 2})` | `6`, `2` (`sum` of `{}` is `0`) |
/// | `sum({9223372036854775807, 1})` | `9.223372036854775808e18` (an integer sum that does not fit is a double) |
/// | `min({3, 1})`, `max({3, 1})` | `1`, `3`; an empty collection is an error |
/// | `average({1, 2})` | `1.5` (the exact sum divided by the count) |
/// | `median({1, 3, 2})`, `median({1, 2, 3, 4})` | `2`, `2` (integer mean of the middle pair, exact) |
/// | `mode({1, 2, 2, 3, 3})` | `{2, 3}` (all most frequent values) |
/// | `stddev({1, 2, 3, 4, 5, 6, 7, 8})` | `2.29128…` (population) |
/// | `sqrt(16)`, `log(100)`, `ln(1)`, `exp(0)` | `4.0`, `2.0`, `0.0`, `1.0` |
/// | `floor(2.5)`, `ceiling(2.5)`, `trunc(-2.5)`, `abs(-3)` | `2.0`, `3.0`, `-2.0`, `3` |
/// | `abs(-9223372036854775807 - 1)` | `9.223372036854775808e18` (a double: 2^63 is not an integer) |
/// | `uppercase('a')`, `lowercase('A')`, `length('abc')` | `"A"`, `"a"`, `3` |
/// | `canonical('Éa')` | `"ea"` (case, diacritics and width folded, NFKC) |
/// | `modulus:by:(7, 3)` | `1` |
/// | `random()`, `randomn(10)`, `now()` | a double in [0, 1), an integer in [0, 10), the current date |
/// | `noindex(x)` | `x` |
///
/// Booleans, strings and nil are refused where numbers are needed (Apple raises).
enum BuiltinFunctionSemantics {
    static func call(_ function: BuiltinFunction, _ arguments: [EvaluationValue]) throws(EvaluationError)
        -> EvaluationValue
    {
        guard arguments.count == function.arity else {
            throw EvaluationError.invalidArgument(
                "\(function.selector) takes \(function.arity) argument(s), got \(arguments.count)")
        }
        switch function {
        case .sum, .count, .min, .max, .average, .median, .mode, .stddev:
            return try aggregate(function, arguments[0])
        case .sqrt: return .double(Foundation.sqrt(try double(arguments[0], function)))
        case .log: return .double(Foundation.log10(try double(arguments[0], function)))
        case .ln: return .double(Foundation.log(try double(arguments[0], function)))
        case .exp: return .double(Foundation.exp(try double(arguments[0], function)))
        case .floor: return .double(Foundation.floor(try double(arguments[0], function)))
        case .ceiling: return .double(Foundation.ceil(try double(arguments[0], function)))
        case .trunc: return .double(Foundation.trunc(try double(arguments[0], function)))
        case .abs:
            switch arguments[0] {
            case .int(let int):
                guard int < 0 else { return arguments[0] }
                return Arithmetic.integerResult(0.subtractingReportingOverflow(int), exact: -Double(int))
            case .double(let double): return .double(Swift.abs(double))
            default: throw EvaluationError.typeMismatch("abs: needs a number", arguments[0])
            }
        case .uppercase: return .string(try string(arguments[0], function).uppercased())
        case .lowercase: return .string(try string(arguments[0], function).lowercased())
        case .length: return .int(try string(arguments[0], function).utf16.count)
        case .canonical: return .string(StringFolding.canonical(try string(arguments[0], function)))
        case .modulus: return try Arithmetic.modulus(arguments[0], arguments[1])
        case .random: return .double(Double.random(in: 0..<1))
        case .randomn:
            guard case .int(let bound) = arguments[0], bound > 0 else {
                throw EvaluationError.typeMismatch("randomn: needs a positive integer", arguments[0])
            }
            return .int(Int.random(in: 0..<bound))
        case .now: return .date(Date())
        case .noindex: return arguments[0]
        }
    }

    private static func double(_ value: EvaluationValue, _ function: BuiltinFunction) throws(EvaluationError) -> Double
    {
        switch value {
        case .int(let int): return Double(int)
        case .double(let double): return double
        default: throw EvaluationError.typeMismatch("\(function.selector) needs a number", value)
        }
    }

    private static func string(_ value: EvaluationValue, _ function: BuiltinFunction) throws(EvaluationError) -> String
    {
        guard case .string(let string) = value else {
            throw EvaluationError.typeMismatch("\(function.selector) needs a string", value)
        }
        return string
    }

    /// The functions over one collection of numbers.
    private static func aggregate(_ function: BuiltinFunction, _ argument: EvaluationValue) throws(EvaluationError)
        -> EvaluationValue
    {
        guard let elements = argument.collectionElements else {
            throw EvaluationError.notACollection("the argument of \(function.selector)", argument)
        }
        if function == .count { return .int(elements.count) }
        var numbers: [NumericValue] = []
        numbers.reserveCapacity(elements.count)
        for element in elements {
            switch element {
            case .int(let int): numbers.append(.int(int))
            case .double(let double): numbers.append(.double(double))
            default: throw EvaluationError.typeMismatch("\(function.selector) needs a collection of numbers", element)
            }
        }
        if function == .sum { return try CollectionOperators.sum(elements, what: "sum:") }
        if function == .mode { return .array(mode(elements)) }
        guard !numbers.isEmpty else {
            throw EvaluationError.invalidArgument("\(function.selector) of an empty collection")
        }
        switch function {
        case .min: return try CollectionOperators.extreme(elements, smallest: true)
        case .max: return try CollectionOperators.extreme(elements, smallest: false)
        case .average:
            let total = NumericValue(try CollectionOperators.sum(elements, what: "average:"))
            return .double((total?.doubleValue ?? 0) / Double(numbers.count))
        case .stddev:
            let mean = numbers.reduce(0.0) { $0 + $1.doubleValue } / Double(numbers.count)
            let squares = numbers.reduce(0.0) { $0 + ($1.doubleValue - mean) * ($1.doubleValue - mean) }
            return .double(Foundation.sqrt(squares / Double(numbers.count)))
        default:
            return median(numbers)
        }
    }

    private static func median(_ numbers: [NumericValue]) -> EvaluationValue {
        let sorted = numbers.sorted { $0.compare(to: $1) == .orderedAscending }
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 {
            switch sorted[middle] {
            case .int(let int): return .int(int)
            case .double(let double): return .double(double)
            }
        }
        switch (sorted[middle - 1], sorted[middle]) {
        case (.int(let a), .int(let b)):
            return .int(integerMean(a, b))
        case (let a, let b):
            return .double((a.doubleValue + b.doubleValue) / 2)
        }
    }

    /// `(a + b) / 2` rounded toward zero, exactly, for `a <= b`, without overflowing: when
    /// `a + b` overflows, `a` and `b` have the same sign, so `b - a` cannot overflow.
    static func integerMean(_ a: Int, _ b: Int) -> Int {
        let (total, overflow) = a.addingReportingOverflow(b)
        if !overflow { return total / 2 }
        let gap = b - a
        // Both positive: floor((a + b) / 2) = a + floor(gap / 2). Both negative: the mean rounds
        // up toward zero, a + ceil(gap / 2) (written so that `gap + 1` cannot overflow).
        return a >= 0 ? a + gap / 2 : a + gap / 2 + gap % 2
    }

    /// Every value that occurs most often, in first-occurrence order.
    private static func mode(_ values: [EvaluationValue]) -> [EvaluationValue] {
        var counts: [EvaluationValue: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        guard let highest = counts.values.max() else { return [] }
        return CollectionOperators.distinct(values).filter { counts[$0] == highest }
    }
}
