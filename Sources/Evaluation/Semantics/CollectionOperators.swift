import Foundation
import Predicates

/// The key-value-coding collection operators inside key paths (spec §1.8, §3.9).
///
/// | predicate | value |
/// |---|---|
/// | `tags.@count` | element count; also dictionaries (entries) and strings (UTF-16 length) |
/// | `items.@sum.price` | sum of the non-nil prices; `0` for none; integers stay integers |
/// | `items.@avg.price` | sum ÷ count, **nil entries counted** (Apple); `0.0` for none |
/// | `items.@min.price`, `@max` | smallest/largest non-nil value (numbers, strings or dates); nil for none |
/// | `items.@distinctUnionOfObjects.kind` | the distinct values, first-occurrence order |
/// | `items.@unionOfObjects.kind` | all the values |
/// | `groups.@unionOfArrays.name` | the inner collections' values concatenated |
/// | `groups.@distinctUnionOfArrays.name` | the same, distinct |
/// | `groups.@distinctUnionOfSets.name` | the same, as a set |
///
/// The right key path is optional (`scores.@sum` sums the elements themselves). On nil the
/// result is nil. The object operators raise, as Apple documents, on a nil leaf.
enum CollectionOperators {
    static func apply(
        _ op: CollectionOperator, to value: EvaluationValue, rest: ArraySlice<KeyPathComponent>
    ) throws(EvaluationError) -> EvaluationValue {
        if case .null = value { return .null }
        if op == .count {
            switch value {
            case .array(let elements): return .int(elements.count)
            case .set(let set): return .int(set.count)
            case .dictionary(let dictionary): return .int(dictionary.count)
            case .string(let string): return .int(string.utf16.count)
            default: throw EvaluationError.notACollection("the receiver of @count", value)
            }
        }
        guard let elements = value.collectionElements else {
            throw EvaluationError.notACollection("the receiver of \(op.spelling)", value)
        }
        var leaves: [EvaluationValue] = []
        leaves.reserveCapacity(elements.count)
        for element in elements {
            leaves.append(rest.isEmpty ? element : try KeyPathSemantics.apply(rest, to: element))
        }
        switch op {
        case .count: return .int(elements.count)
        case .sum: return try sum(leaves.filter { !$0.isNull }, what: "@sum")
        case .avg:
            guard !leaves.isEmpty else { return .double(0) }
            let total = try sum(leaves.filter { !$0.isNull }, what: "@avg")
            return .double((NumericValue(total)?.doubleValue ?? 0) / Double(leaves.count))
        case .min, .max: return try extreme(leaves.filter { !$0.isNull }, smallest: op == .min)
        case .distinctUnionOfObjects, .unionOfObjects:
            if leaves.contains(where: \.isNull) {
                throw EvaluationError.invalidArgument("\(op.spelling) found a nil value")
            }
            return .array(op == .distinctUnionOfObjects ? distinct(leaves) : leaves)
        case .unionOfArrays, .distinctUnionOfArrays, .distinctUnionOfSets:
            var flattened: [EvaluationValue] = []
            for leaf in leaves {
                guard let inner = leaf.collectionElements else {
                    throw EvaluationError.notACollection("each element of \(op.spelling)", leaf)
                }
                flattened += inner
            }
            switch op {
            case .unionOfArrays: return .array(flattened)
            case .distinctUnionOfArrays: return .array(distinct(flattened))
            default: return .set(EvaluationSet(flattened))
            }
        }
    }

    /// Sum of numbers (Booleans count as 0/1, as KVC's `decimalValue` does): integers add with
    /// wrap-around; any double makes the sum a double.
    static func sum(_ values: [EvaluationValue], what: String) throws(EvaluationError) -> EvaluationValue {
        var intTotal = 0
        var doubleTotal = 0.0
        var isDouble = false
        for value in values {
            guard let number = NumericValue(value) else {
                throw EvaluationError.typeMismatch("\(what) needs numbers", value)
            }
            switch number {
            case .int(let int):
                intTotal = intTotal &+ int
                doubleTotal += Double(int)
            case .double(let double):
                isDouble = true
                doubleTotal += double
            }
        }
        return isDouble ? .double(doubleTotal) : .int(intTotal)
    }

    /// Smallest or largest value by the ordering operators; nil for none.
    static func extreme(_ values: [EvaluationValue], smallest: Bool) throws(EvaluationError) -> EvaluationValue {
        guard var best = values.first else { return .null }
        for value in values.dropFirst() {
            guard let order = try ValueComparison.compare(value, best, []) else { continue }
            if smallest ? order == .orderedAscending : order == .orderedDescending { best = value }
        }
        return best
    }

    /// The first of each group of equal values, in order.
    static func distinct(_ values: [EvaluationValue]) -> [EvaluationValue] {
        EvaluationSet(values).elements
    }
}
