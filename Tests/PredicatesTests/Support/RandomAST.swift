import Foundation
import Predicates
import TestSupport

/// A seeded generator of random *parser-normal* trees: trees the parser can produce from
/// some text, so that `parse(format(tree)) == tree` must hold for every one of them.
///
/// Parser-normal means (see ``isParserNormal(_:)-swift.type.method``): AND/OR have at least two
/// children; BETWEEN has no options; constants are only nil, booleans, integers, finite doubles,
/// strings and dates with whole milliseconds (arrays, sets, dictionaries, data and UUIDs come
/// only from `%@` arguments); a member's base is never `SELF`, a key path or another member;
/// functions get exactly their arity; `CAST(<number>, "NSDate")` is never built (the parser
/// folds it into a date constant); keys and variable names are identifiers.
///
/// Every node kind is reachable; ``coverageLabels(of:)`` names what a tree contains so a test
/// can check that a run covered them all.
struct RandomAST {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    // MARK: - Pools

    /// Keys: plain, Unicode, keyword look-alikes, function and operator names, and reserved
    /// words in several letter cases (printed with `#`).
    static let keys = [
        "a", "b", "name", "age", "_x1", "Ab9", "e", "café", "名前", "notes", "andy", "order", "index",
        "now", "sum", "count", "avg", "length", "selfish", "ANYthing", "nilly", "yesterday",
        "size", "Size", "first", "LAST", "self", "SELF", "in", "not", "Any", "nil", "yes", "between",
        "contains", "function", "ternary", "union", "minus", "subquery", "anykey", "truepredicate",
        "cafe\u{301}", "x٣", "Ωmega", "_",
    ]

    /// Variable names, reserved words included (printed `$#size`).
    static let variables = ["x", "y", "item", "LAST_NAME", "v2", "ü", "size", "first", "self"]

    /// Characters strings are built from: quotes, backslashes, line breaks, specifier and
    /// wildcard look-alikes, non-ASCII letters and an emoji.
    static let stringCharacters: [Character] = [
        "a", "b", "Z", "0", "9", " ", "\"", "'", "\\", "\n", "\t", "\r", "%", "@", "K", "$", "*",
        "?", "#", "(", ")", "{", "é", "名", "😀", ".", ",", "x", "n", "u", "\u{0}", "\u{1B}", "\u{7F}",
        "e\u{301}", "\u{FEFF}", "\u{2028}",
    ]

    /// Whole strings worth having verbatim.
    static let specialStrings = [
        "", "%@", "%K", "%%", "FIRST", "a\\b", "say \"hi\"", "it's", "\\n", "line\nbreak", "$x", "NSDate",
    ]

    static let selectors = ["lastPathComponent", "stringByAppendingString:", "foo:bar:", "quo\"te", "a\\b", ""]
    static let castTypes = ["NSNumber", "NSString", "NSDecimalNumber", "Class", "My\"Type", "NSDate"]

    // MARK: - Basics

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    // MARK: - Predicates

    /// A random predicate whose nesting is at most `depth` predicate levels.
    mutating func predicate(depth: Int) -> PredicateNode {
        if depth <= 0 || chance(30) {
            return chance(8) ? PredicateNode(.constant(chance(50))) : comparison(depth: depth)
        }
        switch int(0...9) {
        case 0...2: return PredicateNode(.and(predicates(depth: depth - 1)))
        case 3...5: return PredicateNode(.or(predicates(depth: depth - 1)))
        case 6...7: return PredicateNode(.not(predicate(depth: depth - 1)))
        default: return comparison(depth: depth)
        }
    }

    private mutating func predicates(depth: Int) -> [PredicateNode] {
        (0..<int(2...3)).map { _ in predicate(depth: depth) }
    }

    /// A comparison with random operands of expression depth below `depth`.
    mutating func comparison(depth: Int) -> PredicateNode {
        let op = pick(ComparisonOperator.allCases)
        var options: ComparisonOptions = []
        if op != .between, chance(30) {
            for entry in ComparisonOptions.letters where chance(40) { options.insert(entry.option) }
        }
        let modifier: ComparisonModifier = chance(70) ? .direct : (chance(50) ? .any : .all)
        let expressionDepth = max(0, min(depth, 3))
        let comparison = Comparison(
            modifier: modifier, left: expression(depth: expressionDepth), operator: op, options: options,
            right: expression(depth: expressionDepth))
        return PredicateNode(.comparison(comparison))
    }

    // MARK: - Expressions

    /// A random expression nested at most `depth` levels; predicates inside SUBQUERY and
    /// TERNARY get a smaller depth too.
    mutating func expression(depth: Int) -> ExpressionNode {
        if depth <= 0 || chance(35) { return leaf() }
        let inner = depth - 1
        switch int(0...15) {
        case 0: return member(base: memberBase(depth: inner))
        case 1: return ExpressionNode(.aggregate((0..<int(0...3)).map { _ in expression(depth: inner) }))
        case 2, 3:
            return ExpressionNode(
                .binary(pick(BinaryOperator.allCases), expression(depth: inner), expression(depth: inner)))
        case 4: return ExpressionNode(.unary(pick(UnaryOperator.allCases), expression(depth: inner)))
        case 5, 6: return ExpressionNode(.index(expression(depth: inner), indexSelector(depth: inner)))
        case 7, 8:
            let function = pick(BuiltinFunction.allCases)
            return ExpressionNode(.function(function, (0..<function.arity).map { _ in expression(depth: inner) }))
        case 9:
            return ExpressionNode(
                .customFunction(
                    receiver: expression(depth: inner), selector: pick(Self.selectors),
                    arguments: (0..<int(0...2)).map { _ in expression(depth: inner) }))
        case 10:
            return ExpressionNode(
                .subquery(
                    collection: expression(depth: inner), variable: pick(Self.variables),
                    predicate: predicate(depth: min(inner, 2))))
        case 11: return cast(value: expression(depth: inner))
        case 12:
            return ExpressionNode(
                .ternary(predicate(depth: min(inner, 2)), expression(depth: inner), expression(depth: inner)))
        case 13: return ExpressionNode(.assignment(variable: pick(Self.variables), value: expression(depth: inner)))
        default: return leaf()
        }
    }

    /// A node without expression children.
    mutating func leaf() -> ExpressionNode {
        switch int(0...11) {
        case 0...3: return ExpressionNode(.constant(constant()))
        case 4...6: return ExpressionNode(.keyPath(keyPath()))
        case 7: return ExpressionNode(.evaluatedObject)
        case 8, 9: return ExpressionNode(.variable(pick(Self.variables)))
        case 10: return ExpressionNode(.anyKey)
        default: return ExpressionNode(.function(chance(50) ? .now : .random, []))
        }
    }

    /// 1–3 components; a collection operator now and then.
    mutating func keyPath() -> [KeyPathComponent] {
        (0..<int(1...3)).map { _ in component() }
    }

    private mutating func component() -> KeyPathComponent {
        chance(15) ? .collectionOperator(pick(CollectionOperator.allCases)) : .key(pick(Self.keys))
    }

    /// Anything but `SELF`, a key path or a member (the parser folds or merges those).
    private mutating func memberBase(depth: Int) -> ExpressionNode {
        while true {
            let base = expression(depth: depth)
            switch base.kind {
            case .evaluatedObject, .keyPath, .member: continue
            default: return base
            }
        }
    }

    private mutating func member(base: ExpressionNode) -> ExpressionNode {
        ExpressionNode(.member(base, (0..<int(1...2)).map { _ in component() }))
    }

    private mutating func indexSelector(depth: Int) -> IndexSelector {
        switch int(0...5) {
        case 0: .first
        case 1: .last
        case 2: .size
        default: .expression(expression(depth: depth))
        }
    }

    /// `CAST(value, "Type")`, never `CAST(<number>, "NSDate")`, which the parser folds.
    private mutating func cast(value: ExpressionNode) -> ExpressionNode {
        var type = pick(Self.castTypes)
        if type == "NSDate", case .constant(.int) = value.kind { type = "NSNumber" }
        if type == "NSDate", case .constant(.double) = value.kind { type = "NSNumber" }
        return ExpressionNode(.cast(value, type: type))
    }

    // MARK: - Constants

    /// A constant of a kind the parser can produce without arguments.
    mutating func constant() -> PredicateValue {
        switch int(0...9) {
        case 0: return .null
        case 1: return .bool(chance(50))
        case 2, 3: return .int(integer())
        case 4, 5: return .double(double())
        case 6...8: return .string(string())
        default: return .date(date())
        }
    }

    mutating func integer() -> Int {
        switch int(0...5) {
        case 0: return pick([0, 1, -1, Int.max, Int.min, Int.min + 1, 10, 255])
        case 1: return Int(bitPattern: UInt(truncatingIfNeeded: random.next()))
        default: return int(-1000...1000)
        }
    }

    mutating func double() -> Double {
        switch int(0...4) {
        case 0:
            return pick([
                0.0, -0.0, 1.0, -1.0, 0.5, 2.5, 1e-5, 1e16, 1e300, .leastNonzeroMagnitude, -1.5e-7, 123456789.125, 0.1,
            ])
        case 1:
            while true {
                let value = Double(bitPattern: random.next())
                if value.isFinite { return value }
            }
        default:
            return Double(int(-100_000...100_000)) / Double(pick([1, 4, 10, 1000]))
        }
    }

    mutating func string() -> String {
        if chance(20) { return pick(Self.specialStrings) }
        return String((0..<int(0...8)).map { _ in pick(Self.stringCharacters) })
    }

    /// Whole milliseconds within ±10^10 seconds of 2001: exact through six printed decimals.
    mutating func date() -> Date {
        let milliseconds =
            chance(50)
            ? int(-10_000_000_000...10_000_000_000) * 1000 : int(-10_000_000_000_000...10_000_000_000_000)
        return Date(timeIntervalSinceReferenceDate: Double(milliseconds) / 1000)
    }
}
