import Foundation
import Predicates

/// The key-value-coding collection operators inside key paths (spec §1.8, §3.9).
///
/// | predicate | value |
/// |---|---|
/// | `tags.@count` | element count; also dictionaries (entries) and strings (UTF-16 length) |
/// | `items.@sum.price` | sum of the non-nil prices; `0` for none; integers stay integers while the sum fits, a larger sum is a double |
/// | `items.@avg.price` | the exact sum ÷ count, **nil entries counted** (Apple); `0.0` for none |
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

    /// Sum of numbers (Booleans count as 0/1, as KVC's `decimalValue` does). Integers add
    /// exactly, never wrapping: the sum is an integer when it fits (`{Int.max, 1, -1}` →
    /// `Int.max`) and a double when it does not (`{Int.max, 1}` → `9.223372036854775808e18`);
    /// any double makes the sum a double.
    static func sum(_ values: [EvaluationValue], what: String) throws(EvaluationError) -> EvaluationValue {
        var intTotal = ExactIntegerSum()
        var doubleTotal = 0.0
        var isDouble = false
        for value in values {
            guard let number = NumericValue(value) else {
                throw EvaluationError.typeMismatch("\(what) needs numbers", value)
            }
            switch number {
            case .int(let int):
                intTotal.add(int)
                doubleTotal += Double(int)
            case .double(let double):
                isDouble = true
                doubleTotal += double
            }
        }
        return isDouble ? .double(doubleTotal) : intTotal.value
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

/// A sum of integers kept exactly: the low 64 bits in `low` (wrapping) and the number of
/// times the running total crossed ±2^64 in `carries`. The exact sum is
/// `carries × 2^64 + low`; with fewer than 2^63 terms `carries` cannot overflow.
struct ExactIntegerSum {
    private var low = 0
    private var carries = 0

    mutating func add(_ term: Int) {
        let (partial, overflow) = low.addingReportingOverflow(term)
        if overflow { carries += term > 0 ? 1 : -1 }
        low = partial
    }

    /// The sum: an integer when it fits, otherwise a double (`Int.max + 1` → 2^63).
    var value: EvaluationValue {
        if carries == 0 { return .int(low) }
        return .double(Double(carries) * 18_446_744_073_709_551_616.0 + Double(low))
    }
}
