import Foundation
import Predicates

/// Comparisons of an unboxed key (declared `.int`, `.double`, `.string` in a key table)
/// against a constant, specialised to plain Swift operations: `age > 30` becomes
/// `{ $0.age > 30 }`, `name IN {…}` a `Set<String>`-style lookup, `name CONTAINS[cd] 'an'` a
/// byte search of `name` with the needle folded once.
///
/// Each specialisation computes exactly what ``ComparisonSemantics`` computes for those
/// operand types (the differential tests check this); combinations not listed here return
/// `nil` and take the general path.
enum TypedComparisons {
    static func test<Root>(
        _ read: TypedRead<Root>, _ op: ComparisonOperator, _ options: ComparisonOptions, _ constant: EvaluationValue
    ) -> CompiledTest<Root>? {
        switch read {
        case .int(let get): return intTest(get, op, constant)
        case .double(let get): return doubleTest(get, op, constant)
        case .string(let get): return stringTest(get, op, options, constant)
        case .bool: return nil
        }
    }

    private static func intTest<Root>(
        _ get: @escaping @Sendable (Root) -> Int, _ op: ComparisonOperator, _ constant: EvaluationValue
    ) -> CompiledTest<Root>? {
        switch (op, constant) {
        case (.equalTo, .int(let c)): return { root, _ in get(root) == c }
        case (.notEqualTo, .int(let c)): return { root, _ in get(root) != c }
        case (.lessThan, .int(let c)): return { root, _ in get(root) < c }
        case (.lessThanOrEqualTo, .int(let c)): return { root, _ in get(root) <= c }
        case (.greaterThan, .int(let c)): return { root, _ in get(root) > c }
        case (.greaterThanOrEqualTo, .int(let c)): return { root, _ in get(root) >= c }
        case (.between, .array(let bounds)):
            guard bounds.count == 2, case .int(let first) = bounds[0], case .int(let second) = bounds[1] else { return nil }
            let low = Swift.min(first, second), high = Swift.max(first, second)
            return { root, _ in
                let value = get(root)
                return value >= low && value <= high
            }
        case (.in, .array), (.in, .set), (.in, .dictionary):
            guard let members = integerMembers(of: constant) else { return nil }
            return { root, _ in members.contains(get(root)) }
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

    private static func doubleTest<Root>(
        _ get: @escaping @Sendable (Root) -> Double, _ op: ComparisonOperator, _ constant: EvaluationValue
    ) -> CompiledTest<Root>? {
        if op == .between {
            guard case .array(let bounds) = constant, bounds.count == 2,
                let first = exactDouble(bounds[0]), let second = exactDouble(bounds[1])
            else { return nil }
            let low = Swift.min(first, second), high = Swift.max(first, second)
            return { root, _ in
                let value = get(root)
                return value >= low && value <= high
            }
        }
        guard let c = exactDouble(constant) else { return nil }
        switch op {
        case .equalTo: return { root, _ in get(root) == c }
        case .notEqualTo: return { root, _ in get(root) != c }
        case .lessThan: return { root, _ in get(root) < c }
        case .lessThanOrEqualTo: return { root, _ in get(root) <= c }
        case .greaterThan: return { root, _ in get(root) > c }
        case .greaterThanOrEqualTo: return { root, _ in get(root) >= c }
        default: return nil
        }
    }

    /// A numeric constant as a `Double` when the conversion is exact (so `Double`
    /// comparison gives the exact answer); NaN bounds take the general path.
    private static func exactDouble(_ value: EvaluationValue) -> Double? {
        switch value {
        case .double(let double): double.isNaN ? nil : double
        case .int(let int): Double(exactly: int)
        case .bool(let bool): bool ? 1 : 0
        default: nil
        }
    }

    private static func stringTest<Root>(
        _ get: @escaping @Sendable (Root) -> String, _ op: ComparisonOperator, _ options: ComparisonOptions,
        _ constant: EvaluationValue
    ) -> CompiledTest<Root>? {
        switch op {
        case .equalTo, .notEqualTo:
            guard case .string(let text) = constant else { return nil }
            let negate = op == .notEqualTo
            let mode = StringMatchMode(options)
            let prepared = StringFolding.fold(text, mode)
            let locale = options.contains(.localeSensitive)
            if !mode.folds && !locale {
                return { root, _ in StringComparison.literalEquals(get(root), text) != negate }
            }
            return { root, _ in StringComparison.equals(get(root), prepared: prepared, mode, localeSensitive: locale) != negate }
        case .beginsWith, .endsWith, .contains:
            guard case .string(let text) = constant else { return nil }
            let needle = StringNeedle(text, options)
            let anchor: StringSearch.Anchor = op == .beginsWith ? .prefix : (op == .endsWith ? .suffix : .anywhere)
            return { root, _ in StringSearch.matches(get(root), needle, anchor) }
        case .in:
            let members: Set<EvaluationValue>
            switch constant {
            case .array(let elements): members = Set(elements)
            case .set(let set): members = Set(set.elements)
            case .dictionary(let dictionary): members = Set(dictionary.values)
            default: return nil
            }
            return { root, _ in members.contains(.string(get(root))) }
        case .like:
            guard case .string(let text) = constant, let pattern = try? LikePattern(text, options: options) else { return nil }
            return { root, _ in pattern.matches(get(root)) }
        case .matches:
            guard case .string(let text) = constant, let pattern = try? RegexPattern(text, options: options) else { return nil }
            return { root, _ in pattern.matches(get(root)) }
        default:
            return nil
        }
    }
}
