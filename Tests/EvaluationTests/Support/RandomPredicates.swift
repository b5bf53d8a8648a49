import Evaluation
import Foundation
import Predicates
import TestSupport

/// Seeded random predicates and objects for the differential tests: every node kind, every
/// operator and option, quantifiers, collection operators, subscripts, SUBQUERY, arithmetic,
/// functions, casts; objects with nulls, empty strings and collections, non-ASCII text with
/// diacritics and decomposed characters, and ints, doubles and Booleans mixed under one key.
/// `now()` and `random()` are never generated (their values are not repeatable).
struct RandomPredicates {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    // MARK: Pools

    static let keys = ["a", "b", "name", "n", "x", "tags", "items", "d", "s", "child", "when"]
    static let strings = [
        "", "a", "A", "abc", "Ab", "aBC", "é", "e\u{301}", "É", "café", "naïve", "Straße", "STRASSE", "ﬁle", "😀",
        "a*c", "a?c", "x\ny", "10", "0x10", "2.5", "an", "Dàn", "ΣΊΣΥΦΟΣ", "ＡＢＣ", "2020-01-01T00:00:00Z",
    ]
    static let likePatterns = ["*", "a?c", "a*", "", "*b*", "?", "*an*", "A*", "\\*", "a\\", "é*", "*e"]
    static let regexPatterns = [".*", "a.c", "(", "[a-z]+", "\\d+", "", "a|ab", "^x$", ".*é.*", "[A-Z].*"]
    static let dates = [
        Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: 600_000_000),
        Date(timeIntervalSinceReferenceDate: -1_000),
    ]
    static let numbers: [PredicateValue] = [
        .int(0), .int(1), .int(2), .int(-3), .int(5), .int(30), .double(0.5), .double(2.0), .double(-1.25),
        .double(30.5),
        .bool(true), .bool(false), .int(Int.max), .double(1e300), .double(.nan),
    ]

    // MARK: Values and objects

    mutating func scalar() -> PredicateValue {
        switch random.next() % 10 {
        case 0: return .null
        case 1, 2, 3: return random.pick(Self.numbers)
        case 4, 5, 6, 7: return .string(random.pick(Self.strings))
        case 8: return .date(random.pick(Self.dates))
        default: return .bool(random.chance(1, in: 2))
        }
    }

    mutating func value(depth: Int) -> PredicateValue {
        if depth >= 2 { return scalar() }
        switch random.next() % 12 {
        case 0, 1: return .array((0..<random.int(in: 0...3)).map { _ in scalar() })
        case 2: return .array((0..<random.int(in: 0...3)).map { _ in object(depth: depth + 1) })
        case 3: return .set(Set((0..<random.int(in: 0...3)).map { _ in scalar() }))
        case 4: return object(depth: depth + 1)
        default: return scalar()
        }
    }

    /// A JSON-like object: a random subset of the key pool. Each key usually holds its own
    /// kind of value (`name` a string, `items` objects, …) and sometimes anything at all, so
    /// that key paths mostly resolve and type mismatches still occur.
    mutating func object(depth: Int = 0) -> PredicateValue {
        var fields: [String: PredicateValue] = [:]
        for key in Self.keys where random.chance(3, in: 4) {
            fields[key] = random.chance(1, in: 6) ? value(depth: depth) : typedValue(for: key, depth: depth)
        }
        return .dictionary(fields)
    }

    mutating func typedValue(for key: String, depth: Int) -> PredicateValue {
        switch key {
        case "name": return random.chance(1, in: 10) ? .null : .string(random.pick(Self.strings))
        case "a", "b", "n", "x": return random.chance(1, in: 10) ? .null : random.pick(Self.numbers)
        case "when": return .date(random.pick(Self.dates))
        case "tags":
            return .array(
                (0..<random.int(in: 0...3)).map { _ in
                    random.chance(2, in: 3) ? .string(random.pick(Self.strings)) : scalar()
                })
        case "s": return .set(Set((0..<random.int(in: 0...3)).map { _ in random.pick(Self.numbers) }))
        case "items":
            return depth >= 2 ? .array([]) : .array((0..<random.int(in: 0...3)).map { _ in object(depth: depth + 1) })
        case "child", "d": return depth >= 2 ? .null : object(depth: depth + 1)
        default: return scalar()
        }
    }

    /// `SELF` is usually an object, sometimes another value.
    mutating func root() -> PredicateValue {
        random.chance(9, in: 10) ? object() : value(depth: 1)
    }

    // MARK: Predicates

    mutating func predicate(depth: Int = 0) -> PredicateNode {
        let roll = depth >= 2 ? 0 : random.next() % 10
        switch roll {
        case 7: return PredicateNode(.and((0..<random.int(in: 2...3)).map { _ in predicate(depth: depth + 1) }))
        case 8: return PredicateNode(.or((0..<random.int(in: 2...3)).map { _ in predicate(depth: depth + 1) }))
        case 9:
            if random.chance(1, in: 4) { return PredicateNode(.constant(random.chance(1, in: 2))) }
            return PredicateNode(.not(predicate(depth: depth + 1)))
        default: return PredicateNode(.comparison(comparison(depth: depth)))
        }
    }

    mutating func comparison(depth: Int) -> Comparison {
        let ops = ComparisonOperator.allCases.filter { $0 != .utiConformsTo && $0 != .utiEquals }
        let op = random.chance(1, in: 300) ? .utiEquals : random.pick(ops)
        let modifier: ComparisonModifier = random.chance(7, in: 10) ? .direct : (random.chance(1, in: 2) ? .any : .all)
        var options: ComparisonOptions = []
        if random.chance(1, in: 3) {
            for option in [ComparisonOptions.caseInsensitive, .diacriticInsensitive, .normalized, .localeSensitive]
            where random.chance(1, in: 2) {
                options.insert(option)
            }
        }
        // Mostly operands that suit the operator; sometimes anything at all.
        if random.chance(2, in: 3) {
            let (left, right) = suitedOperands(op, modifier, depth: depth)
            return Comparison(modifier: modifier, left: left, operator: op, options: options, right: right)
        }
        let left =
            modifier != .direct && random.chance(3, in: 4)
            ? ExpressionNode(.keyPath(collectionPath())) : expression(depth: depth + 1)
        let right: ExpressionNode
        switch op {
        case .like where random.chance(2, in: 3): right = constant(.string(random.pick(Self.likePatterns)))
        case .matches where random.chance(2, in: 3): right = constant(.string(random.pick(Self.regexPatterns)))
        case .between where random.chance(2, in: 3):
            right = ExpressionNode(
                .aggregate([constant(random.pick(Self.numbers)), constant(random.pick(Self.numbers))]))
        case .in where random.chance(1, in: 2):
            right = ExpressionNode(.aggregate((0..<random.int(in: 0...4)).map { _ in constant(scalar()) }))
        case .in, .contains:
            right = random.chance(1, in: 2) ? ExpressionNode(.keyPath(collectionPath())) : expression(depth: depth + 1)
        default: right = expression(depth: depth + 1)
        }
        return Comparison(modifier: modifier, left: left, operator: op, options: options, right: right)
    }

    /// Operands of matching types for `op`: strings for string operators, numbers or dates
    /// for ordering, collections under quantifiers.
    mutating func suitedOperands(
        _ op: ComparisonOperator, _ modifier: ComparisonModifier, depth: Int
    ) -> (ExpressionNode, ExpressionNode) {
        let quantified = modifier != .direct
        func path(_ components: [KeyPathComponent]) -> ExpressionNode { ExpressionNode(.keyPath(components)) }
        let stringSide =
            quantified
            ? path(random.chance(1, in: 2) ? [.key("tags")] : [.key("items"), .key("name")])
            : path(random.chance(3, in: 4) ? [.key("name")] : [.key(random.pick(["child", "d"])), .key("name")])
        let numberKey = random.pick(["a", "b", "n", "x"])
        let numberSide =
            quantified
            ? path(random.chance(1, in: 2) ? [.key("s")] : [.key("items"), .key(numberKey)])
            : path(random.chance(3, in: 4) ? [.key(numberKey)] : [.key(random.pick(["child", "d"])), .key(numberKey)])
        switch op {
        case .beginsWith, .endsWith,
            .contains where !quantified && random.chance(1, in: 2):
            return (stringSide, constant(.string(random.pick(Self.strings))))
        case .like:
            return (stringSide, constant(.string(random.pick(Self.likePatterns))))
        case .matches:
            return (stringSide, constant(.string(random.pick(Self.regexPatterns))))
        case .between:
            let bounds = ExpressionNode(
                .aggregate([constant(random.pick(Self.numbers)), constant(random.pick(Self.numbers))]))
            return (numberSide, bounds)
        case .in:
            let members = (0..<random.int(in: 0...4)).map { _ in
                constant(random.chance(1, in: 2) ? random.pick(Self.numbers) : .string(random.pick(Self.strings)))
            }
            return (random.chance(1, in: 2) ? stringSide : numberSide, ExpressionNode(.aggregate(members)))
        case .contains:
            return (
                path(collectionPath()),
                constant(random.chance(1, in: 2) ? random.pick(Self.numbers) : .string(random.pick(Self.strings)))
            )
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            switch random.next() % 4 {
            case 0: return (stringSide, constant(.string(random.pick(Self.strings))))
            case 1: return (path([.key("when")]), constant(.date(random.pick(Self.dates))))
            default:
                let right =
                    random.chance(1, in: 4)
                    ? path([.key(random.pick(["a", "b", "n", "x"]))]) : constant(random.pick(Self.numbers))
                return (numberSide, right)
            }
        default:
            let left = random.chance(1, in: 2) ? stringSide : numberSide
            return (left, random.chance(3, in: 4) ? constant(scalar()) : expression(depth: depth + 1))
        }
    }

    func constant(_ value: PredicateValue) -> ExpressionNode { ExpressionNode(.constant(value)) }

    static let scalarKeys = ["a", "b", "name", "n", "x", "when"]
    static let containerKeys = ["items", "child", "d"]

    /// Mostly paths that exist: `name`, `child.n`, `items.name`, `items.@sum.n`, `tags.@count`.
    mutating func keyPath() -> [KeyPathComponent] {
        if random.chance(1, in: 12) {
            return (0..<random.int(in: 1...3)).map { _ in .key(random.pick(Self.keys)) }
        }
        var components: [KeyPathComponent] = []
        var depth = 0
        while depth < 2, random.chance(1, in: 3) {
            components.append(.key(random.pick(Self.containerKeys)))
            depth += 1
        }
        if random.chance(1, in: 5) {
            let collection = random.pick(["items", "tags", "s"])
            components.append(.key(collection))
            let op = random.pick(CollectionOperator.allCases)
            components.append(.collectionOperator(op))
            if op != .count, collection == "items" || random.chance(1, in: 4) {
                components.append(.key(random.pick(Self.scalarKeys)))
            }
            return components
        }
        components.append(.key(random.pick(random.chance(3, in: 4) ? Self.scalarKeys : Self.keys)))
        return components
    }

    /// A path to a collection, for ANY/ALL, IN and SUBQUERY.
    mutating func collectionPath() -> [KeyPathComponent] {
        switch random.next() % 4 {
        case 0: return [.key("tags")]
        case 1: return [.key("s")]
        case 2: return [.key("items"), .key(random.pick(Self.scalarKeys))]
        default: return [.key("items")]
        }
    }

    mutating func expression(depth: Int) -> ExpressionNode {
        if depth >= 4 { return random.chance(1, in: 2) ? ExpressionNode(.keyPath(keyPath())) : constant(scalar()) }
        switch random.next() % 40 {
        case 0...11: return ExpressionNode(.keyPath(keyPath()))
        case 12...19: return constant(random.chance(1, in: 8) ? value(depth: 0) : scalar())
        case 20: return ExpressionNode(.evaluatedObject)
        case 21: return ExpressionNode(.variable(random.pick(["v", "list", "v", "v", "list", "unbound"])))
        case 22, 23:
            let op = random.pick(BinaryOperator.allCases)
            if [.union, .intersect, .minus].contains(op) {
                return ExpressionNode(
                    .binary(op, ExpressionNode(.keyPath(collectionPath())), expression(depth: depth + 1)))
            }
            let operand = { (g: inout RandomPredicates) in
                g.random.chance(2, in: 3)
                    ? ExpressionNode(.keyPath([.key(g.random.pick(["a", "b", "n", "x", "when"]))]))
                    : g.constant(g.random.pick(Self.numbers))
            }
            return ExpressionNode(
                .binary(op, operand(&self), random.chance(1, in: 4) ? expression(depth: depth + 1) : operand(&self)))
        case 24: return ExpressionNode(.unary(random.pick(UnaryOperator.allCases), expression(depth: depth + 1)))
        case 25, 26: return function(depth: depth)
        case 27, 28:
            let selector: IndexSelector = random.pick([
                .first, .last, .size, .expression(constant(.int(random.int(in: -1...2)))),
                .expression(constant(.string("a"))),
            ])
            return ExpressionNode(.index(expression(depth: depth + 1), selector))
        case 29, 30:
            let element = ExpressionNode(.variable("x"))
            let inner = Comparison(
                modifier: .direct,
                left: random.chance(1, in: 2)
                    ? element : ExpressionNode(.member(element, [.key(random.pick(Self.keys))])),
                operator: random.pick([.equalTo, .greaterThan, .notEqualTo, .in, .beginsWith]),
                options: random.chance(1, in: 3) ? .caseInsensitive : [], right: expression(depth: depth + 2))
            let subquery = ExpressionNode(
                .subquery(
                    collection: ExpressionNode(.keyPath(collectionPath())), variable: "x",
                    predicate: PredicateNode(.comparison(inner))))
            return random.chance(2, in: 3) ? ExpressionNode(.member(subquery, [.collectionOperator(.count)])) : subquery
        case 31:
            return ExpressionNode(
                .ternary(predicate(depth: 3), expression(depth: depth + 1), expression(depth: depth + 1)))
        case 32:
            let type =
                random.chance(1, in: 40) ? "Class" : random.pick(["NSNumber", "NSString", "NSDate", "NSDecimalNumber"])
            return ExpressionNode(.cast(expression(depth: depth + 1), type: type))
        case 33:
            return ExpressionNode(.aggregate((0..<random.int(in: 0...3)).map { _ in expression(depth: depth + 1) }))
        case 34: return ExpressionNode(.member(ExpressionNode(.variable("v")), [.key(random.pick(Self.keys))]))
        case 35:
            let selector = random.chance(1, in: 10) ? "unregistered" : "reversed"
            return ExpressionNode(
                .customFunction(receiver: expression(depth: depth + 1), selector: selector, arguments: []))
        case 36: return ExpressionNode(.assignment(variable: "w", value: expression(depth: depth + 1)))
        case 37: return random.chance(1, in: 20) ? ExpressionNode(.anyKey) : ExpressionNode(.keyPath(keyPath()))
        default: return ExpressionNode(.keyPath([.key(random.pick(Self.keys))]))
        }
    }

    mutating func function(depth: Int) -> ExpressionNode {
        let functions = BuiltinFunction.allCases.filter { $0 != .now && $0 != .random && $0 != .randomn }
        let function = random.pick(functions)
        let arguments = (0..<function.arity).map { _ in
            function.takesCollection && random.chance(1, in: 2)
                ? ExpressionNode(
                    .aggregate((0..<random.int(in: 0...3)).map { _ in constant(random.pick(Self.numbers)) }))
                : expression(depth: depth + 1)
        }
        return ExpressionNode(.function(function, arguments))
    }

    /// Variables bound at evaluation time.
    mutating func variables() -> [String: PredicateValue] {
        [
            "v": random.chance(1, in: 3) ? object(depth: 1) : scalar(),
            "list": .array((0..<random.int(in: 0...3)).map { _ in scalar() }),
        ]
    }
}
