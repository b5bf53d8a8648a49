import Foundation
import Predicates

/// Comparisons of an unboxed key (declared `.int`, `.double`, `.string`, `.strings` in a key
/// table, or probed from a `[String: Any]`) against a constant, specialised to plain Swift
/// operations: `age > 30` becomes `{ $0.age > 30 }`, `name IN {…}` a hash lookup,
/// `name CONTAINS[cd] 'an'` a byte search with the needle folded once, `ANY tags == 'x'` a
/// scan of the `[String]` without boxing.
///
/// Each matcher computes exactly what ``ComparisonSemantics`` computes for those operand
/// types (the differential tests check this); combinations not listed return `nil` and take
/// the general path.
enum TypedComparisons {
    /// A test on one unboxed value.
    enum Matcher: Sendable {
        case int(@Sendable (Int) -> Bool)
        case double(@Sendable (Double) -> Bool)
        case string(@Sendable (String) -> Bool)
        case strings(@Sendable ([String]) -> Bool)
    }

    /// The compiled test for a typed key of the root, with a rough cost (1 for a number
    /// comparison, more for string work) used to order pure AND/OR operands.
    static func test<Root>(
        _ read: TypedRead<Root>, _ modifier: ComparisonModifier, _ op: ComparisonOperator, _ options: ComparisonOptions,
        _ constant: EvaluationValue
    ) -> (test: CompiledTest<Root>, cost: Int)? {
        if case .string(let get) = read, modifier == .direct, let plan = StringPlan(op, options, constant) {
            return (plan.test(get), plan.cost)
        }
        guard let kind = read.kind, let matcher = matcher(kind, modifier, op, options, constant) else { return nil }
        switch (read, matcher) {
        case (.int(let get), .int(let test)): return ({ root, _ in test(get(root)) }, 1)
        case (.double(let get), .double(let test)): return ({ root, _ in test(get(root)) }, 1)
        case (.string(let get), .string(let test)): return ({ root, _ in test(get(root)) }, 4)
        case (.strings(let get), .strings(let test)): return ({ root, _ in test(get(root)) }, 6)
        default: return nil
        }
    }

    /// The compiled test for a probed key: the matcher when the probe finds the expected Swift
    /// type, the general test otherwise.
    static func test<Root>(
        _ probe: ProbeRead<Root>, _ modifier: ComparisonModifier, _ op: ComparisonOperator,
        _ options: ComparisonOptions,
        _ constant: EvaluationValue, fallback: @escaping CompiledTest<Root>
    ) -> CompiledTest<Root>? {
        switch probe {
        case .number(let get):
            guard modifier == .direct else { return nil }
            let intTest = intMatcher(op, constant)
            let doubleTest = doubleMatcher(op, constant)
            if intTest == nil && doubleTest == nil { return nil }
            return { root, frame throws(EvaluationError) in
                switch get(root) {
                case .int(let value)?:
                    if let intTest { return intTest(value) }
                    // Exactly representable integers compare the same as doubles.
                    if let doubleTest, let exact = Double(exactly: value) { return doubleTest(exact) }
                case .double(let value)?:
                    if let doubleTest { return doubleTest(value) }
                case nil:
                    break
                }
                return try fallback(root, &frame)
            }
        case .string(let get):
            guard case .string(let test)? = matcher(.string, modifier, op, options, constant) else { return nil }
            return { root, frame throws(EvaluationError) in
                if let value = get(root) { return test(value) }
                return try fallback(root, &frame)
            }
        case .strings(let get):
            guard case .strings(let test)? = matcher(.strings, modifier, op, options, constant) else { return nil }
            return { root, frame throws(EvaluationError) in
                if let value = get(root) { return test(value) }
                return try fallback(root, &frame)
            }
        }
    }

    /// The Swift type a probe should look for, for a comparison against `constant`.
    static func expectedKind(_ modifier: ComparisonModifier, _ op: ComparisonOperator, _ constant: EvaluationValue)
        -> TypedKind?
    {
        if modifier != .direct { return constant.stringValue != nil ? .strings : nil }
        switch constant {
        case .int, .bool, .double: return .number
        case .string: return .string
        case .array, .set:
            let elements = constant.collectionElements ?? []
            if op == .between, let first = elements.first {
                return expectedKind(.direct, .equalTo, first)
            }
            if elements.contains(where: { $0.stringValue != nil }) { return .string }
            return elements.isEmpty ? nil : .number
        default: return nil
        }
    }

    static func matcher(
        _ kind: TypedKind, _ modifier: ComparisonModifier, _ op: ComparisonOperator, _ options: ComparisonOptions,
        _ constant: EvaluationValue
    ) -> Matcher? {
        switch (kind, modifier) {
        case (.int, .direct), (.number, .direct): return intMatcher(op, constant).map(Matcher.int)
        case (.double, .direct): return doubleMatcher(op, constant).map(Matcher.double)
        case (.string, .direct): return stringMatcher(op, options, constant).map(Matcher.string)
        case (.strings, .direct):
            // `tags CONTAINS 'x'`: membership, options ignored, literal string equality.
            guard op == .contains, case .string(let element) = constant else { return nil }
            return .strings { values in values.contains { StringComparison.literalEquals($0, element) } }
        case (.strings, .any):
            guard let test = stringMatcher(op, options, constant) else { return nil }
            return .strings { $0.contains(where: test) }
        case (.strings, .all):
            guard let test = stringMatcher(op, options, constant) else { return nil }
            return .strings { $0.allSatisfy(test) }
        default:
            return nil
        }
    }

    private static func intMatcher(_ op: ComparisonOperator, _ constant: EvaluationValue) -> (@Sendable (Int) -> Bool)?
    {
        switch (op, constant) {
        case (.equalTo, .int(let c)): return { $0 == c }
        case (.notEqualTo, .int(let c)): return { $0 != c }
        case (.lessThan, .int(let c)): return { $0 < c }
        case (.lessThanOrEqualTo, .int(let c)): return { $0 <= c }
        case (.greaterThan, .int(let c)): return { $0 > c }
        case (.greaterThanOrEqualTo, .int(let c)): return { $0 >= c }
        case (.between, .array(let bounds)):
            guard bounds.count == 2, case .int(let first) = bounds[0], case .int(let second) = bounds[1] else {
                return nil
            }
            let low = Swift.min(first, second)
            let high = Swift.max(first, second)
            return { $0 >= low && $0 <= high }
        case (.in, .array), (.in, .set), (.in, .dictionary):
            guard let members = integerMembers(of: constant) else { return nil }
            return { members.contains($0) }
        default:
            return nil
        }
    }

    /// The integers equal to some element (`1`, `1.0` and `TRUE` all admit 1).
    private static func integerMembers(of collection: EvaluationValue) -> Set<Int>? {
        let elements: [EvaluationValue]
        switch collection {
        case .array(let values): elements = values
        case .set(let set): elements = set.elements
        case .dictionary(let dictionary): elements = Array(dictionary.values)
        default: return nil
        }
        var members = Set<Int>()
        for element in elements {
            switch element {
            case .int(let int): members.insert(int)
            case .double(let double): if let exact = Int(exactly: double) { members.insert(exact) }
            case .bool(let bool): members.insert(bool ? 1 : 0)
            default: break
            }
        }
        return members
    }

    private static func doubleMatcher(_ op: ComparisonOperator, _ constant: EvaluationValue) -> (
        @Sendable (Double) -> Bool
    )? {
        if op == .between {
            guard case .array(let bounds) = constant, bounds.count == 2,
                let first = exactDouble(bounds[0]), let second = exactDouble(bounds[1])
            else { return nil }
            let low = Swift.min(first, second)
            let high = Swift.max(first, second)
            return { $0 >= low && $0 <= high }
        }
        guard let c = exactDouble(constant) else { return nil }
        switch op {
        case .equalTo: return { $0 == c }
        case .notEqualTo: return { $0 != c }
        case .lessThan: return { $0 < c }
        case .lessThanOrEqualTo: return { $0 <= c }
        case .greaterThan: return { $0 > c }
        case .greaterThanOrEqualTo: return { $0 >= c }
        default: return nil
        }
    }

    /// A numeric constant as a `Double` when the conversion is exact (so `Double`
    /// comparison gives the exact answer); NaN constants take the general path.
    private static func exactDouble(_ value: EvaluationValue) -> Double? {
        switch value {
        case .double(let double): double.isNaN ? nil : double
        case .int(let int): Double(exactly: int)
        case .bool(let bool): bool ? 1 : 0
        default: nil
        }
    }

    private static func stringMatcher(
        _ op: ComparisonOperator, _ options: ComparisonOptions, _ constant: EvaluationValue
    ) -> (@Sendable (String) -> Bool)? {
        StringPlan(op, options, constant)?.matcher
    }
}

/// A string comparison against a constant, prepared once: the operand folded, the needle or
/// pattern compiled, the set built. Turned into a closure over a string, or over a root with
/// the getter inlined (one call fewer per object).
enum StringPlan: Sendable {
    case literalEquals(String, negate: Bool)
    case foldedEquals(String, StringMatchMode, localeSensitive: Bool, negate: Bool)
    case search(StringNeedle, StringSearch.Anchor)
    case member(Set<EvaluationValue>)
    /// Only string members matter for a string; a small set of them is compared by bytes.
    case literalMember(LiteralStringSet)
    case like(LikePattern)

    init?(_ op: ComparisonOperator, _ options: ComparisonOptions, _ constant: EvaluationValue) {
        switch op {
        case .equalTo, .notEqualTo:
            guard case .string(let text) = constant else { return nil }
            let negate = op == .notEqualTo
            let mode = StringMatchMode(options)
            let locale = options.contains(.localeSensitive)
            if !mode.folds && !locale {
                self = .literalEquals(text, negate: negate)
            } else {
                self = .foldedEquals(StringFolding.fold(text, mode), mode, localeSensitive: locale, negate: negate)
            }
        case .beginsWith, .endsWith, .contains:
            guard case .string(let text) = constant else { return nil }
            let anchor: StringSearch.Anchor = op == .beginsWith ? .prefix : (op == .endsWith ? .suffix : .anywhere)
            self = .search(StringNeedle(text, options), anchor)
        case .in:
            let elements: [EvaluationValue]
            switch constant {
            case .array(let values): elements = values
            case .set(let set): elements = set.elements
            case .dictionary(let dictionary): elements = Array(dictionary.values)
            default: return nil
            }
            // A string equals only strings, literally: the other members can be dropped.
            if let small = LiteralStringSet(elements.compactMap(\.stringValue)) {
                self = .literalMember(small)
            } else {
                self = .member(Set(elements))
            }
        case .like:
            guard case .string(let text) = constant, let pattern = try? LikePattern(text, options: options) else {
                return nil
            }
            self = .like(pattern)
        default:
            // MATCHES is not here: a regular expression can fail to evaluate (`regex-limit`), so
            // it takes the general path, which may throw and is never reordered.
            return nil
        }
    }

    /// A rough relative cost per evaluation.
    var cost: Int {
        switch self {
        case .literalEquals: 2
        case .member, .search: 3
        case .literalMember: 2
        case .foldedEquals: 4
        case .like: 5
        }
    }

    /// The test on one string.
    var matcher: @Sendable (String) -> Bool {
        switch self {
        case .literalEquals(let text, let negate): return { StringComparison.literalEquals($0, text) != negate }
        case .foldedEquals(let text, let mode, let locale, let negate):
            return { StringComparison.equals($0, prepared: text, mode, localeSensitive: locale) != negate }
        case .search(let needle, let anchor): return { StringSearch.matches($0, needle, anchor) }
        case .member(let members): return { members.contains(.string($0)) }
        case .literalMember(let members): return { members.contains($0) }
        case .like(let pattern): return { pattern.matches($0) }
        }
    }

    /// The test on a root, reading the string with `get`.
    func test<Root>(_ get: @escaping @Sendable (Root) -> String) -> CompiledTest<Root> {
        switch self {
        case .literalEquals(let text, let negate):
            return { root, _ in StringComparison.literalEquals(get(root), text) != negate }
        case .foldedEquals(let text, let mode, let locale, let negate):
            return { root, _ in
                StringComparison.equals(get(root), prepared: text, mode, localeSensitive: locale) != negate
            }
        case .search(let needle, let anchor): return { root, _ in StringSearch.matches(get(root), needle, anchor) }
        case .member(let members): return { root, _ in members.contains(.string(get(root))) }
        case .literalMember(let members): return { root, _ in members.contains(get(root)) }
        case .like(let pattern): return { root, _ in pattern.matches(get(root)) }
        }
    }
}
