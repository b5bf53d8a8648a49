import Evaluation
import Predicates

/// The inline test a column scan applies to one stored value: a number comparison or a string
/// matcher against the comparison's constant. It answers only for the value types whose result
/// is certain without the general semantics (an integer against an integer constant, a double
/// against a double, a string against a string operator); for every other value — `nil`, a
/// type mismatch, an integer too large to be an exact double — it answers `nil`, and the scan
/// asks the row evaluator for that one row, so results and errors stay exactly those of the
/// row-at-a-time evaluator.
enum ColumnValueTest: Sendable {
    /// `<`, `<=`, `>`, `>=`, `==`, `!=` or BETWEEN against number bounds.
    case number(NumberBounds, NumberOperator)
    /// `IN` a set of integers (only integer members: an integer equals exactly those).
    case integerMember(Set<Int>)
    /// A string operator, prepared once (folded needle, compiled LIKE pattern, hash set).
    case string(@Sendable (String) -> Bool)

    /// The test of `left op[options] constant` on a stored value, or `nil` when no inline test
    /// is exact for it (the comparison then runs row by row).
    init?(_ op: ComparisonOperator, _ options: ComparisonOptions, _ constant: EvaluationValue) {
        if let bounds = NumberBounds(op, constant), let numberOperator = NumberOperator(op), options.isEmpty {
            self = .number(bounds, numberOperator)
            return
        }
        if op == .in, options.isEmpty, let members = Self.integers(constant) {
            self = .integerMember(members)
            return
        }
        if let matcher = ColumnMatchers.string(op, options, constant) {
            self = .string(matcher)
            return
        }
        return nil
    }

    /// The members of an `IN` collection when every one is an integer.
    private static func integers(_ constant: EvaluationValue) -> Set<Int>? {
        guard case .array(let elements) = constant, !elements.isEmpty else { return nil }
        var members = Set<Int>()
        for element in elements {
            guard case .int(let value) = element else { return nil }
            members.insert(value)
        }
        return members
    }
}

/// The constant of a number comparison (both bounds of BETWEEN, ordered low to high as the
/// general semantics orders them; `low == high` otherwise), as an integer when it is one and as
/// a double when it converts exactly. An integer value is compared as an integer with an
/// integer constant, otherwise as a double when it converts exactly; a double value as a
/// double. NaN constants and Booleans are left to the row evaluator.
struct NumberBounds: Sendable {
    var intLow: Int?
    var intHigh: Int?
    var doubleLow: Double?
    var doubleHigh: Double?

    init?(_ op: ComparisonOperator, _ constant: EvaluationValue) {
        let first: EvaluationValue
        let second: EvaluationValue
        if op == .between {
            guard case .array(let bounds) = constant, bounds.count == 2 else { return nil }
            first = bounds[0]
            second = bounds[1]
        } else {
            first = constant
            second = constant
        }
        if case .int(let a) = first, case .int(let b) = second {
            intLow = Swift.min(a, b)
            intHigh = Swift.max(a, b)
        }
        if let a = Self.exactDouble(first), let b = Self.exactDouble(second) {
            doubleLow = Swift.min(a, b)
            doubleHigh = Swift.max(a, b)
        }
        if intLow == nil && doubleLow == nil { return nil }
    }

    private static func exactDouble(_ value: EvaluationValue) -> Double? {
        switch value {
        case .double(let double): double.isNaN ? nil : double
        case .int(let int): Double(exactly: int)
        default: nil
        }
    }
}
