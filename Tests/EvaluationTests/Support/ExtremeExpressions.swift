import Evaluation
import Foundation
import Predicates
import TestSupport

/// Seeded random expressions and comparisons over extreme values, for the sweep of
/// `ExtremeValueTests`: every binary and unary operator, every built-in function, every
/// collection operator, CAST, subscripts and every comparison operator, with `Int.min`,
/// `Int.max`, ±0, NaN, ±∞, the largest and smallest doubles, empty and one-element collections,
/// huge strings, integer strings beyond 64 bits and dates at ±∞. Operands are constants (folded
/// by the compiler) or keys of the object (read per evaluation), so both paths are exercised.
struct ExtremeExpressions {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    // MARK: Pools

    static let hugeASCII = String(repeating: "ab", count: 25_000)
    static let hugeAccented = String(repeating: "é", count: 20_000)

    static let integers: [PredicateValue] = [
        .int(Int.min), .int(Int.min + 1), .int(Int.max), .int(Int.max - 1), .int(0), .int(1), .int(-1), .int(2),
        .int(-2), .int(3_037_000_500), .int(1 << 62), .int(63), .int(64),
    ]
    static let doubles: [PredicateValue] = [
        .double(0), .double(-0.0), .double(.nan), .double(.infinity), .double(-.infinity),
        .double(.greatestFiniteMagnitude), .double(-.greatestFiniteMagnitude), .double(.leastNonzeroMagnitude),
        .double(9_223_372_036_854_775_808.0), .double(-9_223_372_036_854_775_808.0), .double(1.5), .double(-2.5),
        .double(1e300),
    ]
    static let others: [PredicateValue] = [
        .null, .bool(true), .bool(false), .string(""), .string("a"), .string(hugeASCII), .string(hugeAccented),
        .string("99999999999999999999"), .string("-0x10000000000000000"), .string("0777777777777777777777777"),
        .string("1e400"), .string("(a|b)*"), .string("("), .string("*a?"),
        .date(Date(timeIntervalSinceReferenceDate: 0)), .date(Date(timeIntervalSinceReferenceDate: .infinity)),
        .date(Date(timeIntervalSinceReferenceDate: -.infinity)), .date(Date(timeIntervalSinceReferenceDate: .nan)),
        .date(Date(timeIntervalSinceReferenceDate: 1e300)),
    ]
    static let keys = ["v0", "v1", "v2", "v3"]
    static let integerKeys = ["i0", "i1"]
    static let listKeys = ["ints", "mixed", "empty", "one"]
    static let castTypes = ["NSString", "NSNumber", "NSDate", "NSDecimalNumber"]

    // MARK: Values

    mutating func number() -> PredicateValue {
        random.chance(3, in: 5) ? random.pick(Self.integers) : random.pick(Self.doubles)
    }

    mutating func scalar() -> PredicateValue {
        switch random.next() % 10 {
        case 0, 1, 2, 3: return random.pick(Self.integers)
        case 4, 5, 6: return random.pick(Self.doubles)
        default: return random.pick(Self.others)
        }
    }

    /// A collection: empty, one element, or a few extreme numbers (no NaN in sets: a set of
    /// Swift doubles cannot hold two NaNs consistently).
    mutating func collection() -> PredicateValue {
        switch random.next() % 6 {
        case 0: return .array([])
        case 1: return .array([number()])
        case 2: return .array((0..<random.int(in: 2...5)).map { _ in random.pick(Self.integers) })
        case 3: return .set(Set((0..<random.int(in: 0...3)).map { _ in random.pick(Self.integers) }))
        case 4: return .array([.int(Int.max), .int(Int.max), .int(Int.min)])
        default: return .array((0..<random.int(in: 1...4)).map { _ in scalar() })
        }
    }

    /// The object every expression is evaluated on: scalars under `v0`…`v3`, integers under
    /// `i0`, `i1`, collections under
    /// `ints`, `mixed`, `empty`, `one`.
    mutating func object() -> PredicateValue {
        var fields: [String: PredicateValue] = [:]
        for key in Self.keys { fields[key] = scalar() }
        for key in Self.integerKeys { fields[key] = random.pick(Self.integers) }
        fields["ints"] = .array((0..<random.int(in: 2...6)).map { _ in random.pick(Self.integers) })
        fields["mixed"] = collection()
        fields["empty"] = .array([])
        fields["one"] = .array([number()])
        return .dictionary(fields)
    }

    // MARK: Expressions

    private func constant(_ value: PredicateValue) -> ExpressionNode { ExpressionNode(.constant(value)) }

    /// A constant or a key of the object.
    mutating func leaf() -> ExpressionNode {
        random.chance(1, in: 2) ? constant(scalar()) : ExpressionNode(.keyPath([.key(random.pick(Self.keys))]))
    }

    /// A collection operand: a constant collection, an aggregate of leaves or a list key.
    mutating func collectionOperand() -> ExpressionNode {
        switch random.next() % 3 {
        case 0: return constant(collection())
        case 1: return ExpressionNode(.aggregate((0..<random.int(in: 0...3)).map { _ in leaf() }))
        default: return ExpressionNode(.keyPath([.key(random.pick(Self.listKeys))]))
        }
    }

    mutating func operand(depth: Int) -> ExpressionNode {
        depth >= 2 || random.chance(1, in: 2) ? leaf() : expression(depth: depth + 1)
    }

    /// An integer constant or key: most arithmetic gets integers, where overflow lives.
    mutating func integerOperand(depth: Int) -> ExpressionNode {
        guard random.chance(2, in: 3) else { return operand(depth: depth) }
        if random.chance(1, in: 2) { return constant(random.pick(Self.integers)) }
        return ExpressionNode(.keyPath([.key(random.pick(Self.integerKeys))]))
    }

    mutating func expression(depth: Int = 0) -> ExpressionNode {
        switch random.next() % 10 {
        case 0, 1:
            let op = random.pick(BinaryOperator.allCases)
            return ExpressionNode(.binary(op, operand(depth: depth), operand(depth: depth)))
        case 2:
            // The integer operators, over integers.
            let op = random.pick([BinaryOperator.add, .subtract, .multiply, .divide])
            return ExpressionNode(.binary(op, integerOperand(depth: depth), integerOperand(depth: depth)))
        case 3:
            return ExpressionNode(.unary(random.pick(UnaryOperator.allCases), integerOperand(depth: depth)))
        case 4, 5:
            return function()
        case 6:
            let op = random.pick(CollectionOperator.allCases)
            if random.chance(1, in: 2) {
                return ExpressionNode(.keyPath([.key(random.pick(Self.listKeys)), .collectionOperator(op)]))
            }
            return ExpressionNode(.member(collectionOperand(), [.collectionOperator(op)]))
        case 7:
            return ExpressionNode(.cast(operand(depth: depth), type: random.pick(Self.castTypes)))
        case 8:
            let selector: IndexSelector
            switch random.next() % 4 {
            case 0: selector = .first
            case 1: selector = .last
            case 2: selector = .size
            default: selector = .expression(leaf())
            }
            return ExpressionNode(.index(collectionOperand(), selector))
        default:
            return ExpressionNode(.aggregate((0..<random.int(in: 0...2)).map { _ in operand(depth: depth) }))
        }
    }

    /// A call of a built-in function with the right number of arguments, a collection for the
    /// aggregates.
    mutating func function() -> ExpressionNode {
        let function = random.pick(BuiltinFunction.allCases)
        let arguments: [ExpressionNode]
        switch function {
        case .sum, .count, .min, .max, .average, .median, .mode, .stddev:
            arguments = [random.chance(9, in: 10) ? collectionOperand() : leaf()]
        case .abs, .modulus:
            arguments = (0..<function.arity).map { _ in integerOperand(depth: 1) }
        default:
            arguments = (0..<function.arity).map { _ in leaf() }
        }
        return ExpressionNode(.function(function, arguments))
    }

    /// Whether `expression` calls something whose value is not repeatable.
    static func isRepeatable(_ expression: ExpressionNode) -> Bool {
        switch expression.kind {
        case .function(let function, let arguments):
            return function != .random && function != .randomn && function != .now && arguments.allSatisfy(isRepeatable)
        case .binary(_, let lhs, let rhs): return isRepeatable(lhs) && isRepeatable(rhs)
        case .unary(_, let operand), .cast(let operand, _), .member(let operand, _): return isRepeatable(operand)
        case .index(let base, let selector):
            if case .expression(let index) = selector, !isRepeatable(index) { return false }
            return isRepeatable(base)
        case .aggregate(let elements): return elements.allSatisfy(isRepeatable)
        default: return true
        }
    }

    // MARK: Describing values

    /// Spells out a value with its type, exactly: `i:5` and `d:5.0` differ, `d:nan`, `d:-0.0`.
    /// (Never `\(value)`: Foundation traps describing a date at NaN seconds.)
    static func exactDescription(_ value: EvaluationValue) -> String {
        switch value {
        case .null: return "nil"
        case .bool(let bool): return "b:\(bool)"
        case .int(let int): return "i:\(int)"
        case .double(let double): return double.isNaN ? "d:nan" : "d:\(double)"
        case .string(let string): return "s:\(string)"
        case .date(let date): return "t:\(date.timeIntervalSinceReferenceDate)"
        case .data(let data): return "data:\(data.base64EncodedString())"
        case .uuid(let uuid): return "u:\(uuid.uuidString)"
        case .array(let values): return "[" + values.map(exactDescription).joined(separator: ",") + "]"
        case .set(let set): return "set[" + set.elements.map(exactDescription).joined(separator: ",") + "]"
        case .dictionary(let dictionary):
            let entries = dictionary.keys.sorted().map { "\($0)=\(dictionary[$0].map(exactDescription) ?? "")" }
            return "{" + entries.joined(separator: ",") + "}"
        case .object: return "object"
        case .reference(let reference): return "ref:\(reference.entity)/\(reference.id)"
        }
    }

    // MARK: Comparisons

    /// An expression without `random()`, `randomn:` or `now()`, whose Boolean outcomes the two
    /// engines must agree on.
    mutating func repeatableExpression() -> ExpressionNode {
        for _ in 0..<10 {
            let candidate = expression()
            if Self.isRepeatable(candidate) { return candidate }
        }
        return leaf()
    }

    /// `expression op[options] operand` with any comparison operator.
    mutating func comparison() -> PredicateNode {
        let op = random.pick(ComparisonOperator.allCases.filter { $0 != .utiConformsTo && $0 != .utiEquals })
        var options: ComparisonOptions = []
        for option in [ComparisonOptions.caseInsensitive, .diacriticInsensitive, .normalized]
        where random.chance(1, in: 4) {
            options.insert(option)
        }
        let left = random.chance(1, in: 2) ? repeatableExpression() : leaf()
        let right: ExpressionNode
        switch op {
        case .between: right = ExpressionNode(.aggregate([leaf(), leaf()]))
        case .in, .contains: right = random.chance(1, in: 2) ? collectionOperand() : leaf()
        default: right = random.chance(1, in: 3) ? repeatableExpression() : leaf()
        }
        let modifier: ComparisonModifier = random.chance(4, in: 5) ? .direct : random.pick([.any, .all])
        return PredicateNode(
            .comparison(Comparison(modifier: modifier, left: left, operator: op, options: options, right: right)))
    }
}
