import Foundation
import Predicates

extension EvaluationValue {
    /// The runtime value of a constant: `PredicateValue.set` becomes an ``EvaluationSet``,
    /// everything else maps case by case.
    public init(_ value: PredicateValue) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .int(let int): self = .int(int)
        case .double(let double): self = .double(double)
        case .string(let string): self = .string(string)
        case .date(let date): self = .date(date)
        case .data(let data): self = .data(data)
        case .uuid(let uuid): self = .uuid(uuid)
        case .array(let values): self = .array(values.map(EvaluationValue.init))
        case .set(let values):
            // Sort for a deterministic element order (Swift's Set order is per process).
            self = .set(EvaluationSet(values.map(EvaluationValue.init).sorted(by: EvaluationValue.stableOrder)))
        case .dictionary(let dictionary): self = .dictionary(dictionary.mapValues(EvaluationValue.init))
        case .reference(let reference): self = .reference(reference)
        }
    }

    /// The constant for this value, or `nil` when it holds an ``object(_:)`` without an identity
    /// somewhere (an object with one, such as a graph object, becomes its reference).
    public var predicateValue: PredicateValue? {
        switch self {
        case .null: return .null
        case .bool(let bool): return .bool(bool)
        case .int(let int): return .int(int)
        case .double(let double): return .double(double)
        case .string(let string): return .string(string)
        case .date(let date): return .date(date)
        case .data(let data): return .data(data)
        case .uuid(let uuid): return .uuid(uuid)
        case .array(let values):
            var result: [PredicateValue] = []
            result.reserveCapacity(values.count)
            for value in values {
                guard let converted = value.predicateValue else { return nil }
                result.append(converted)
            }
            return .array(result)
        case .set(let set):
            var result = Set<PredicateValue>()
            for value in set.elements {
                guard let converted = value.predicateValue else { return nil }
                result.insert(converted)
            }
            return .set(result)
        case .dictionary(let dictionary):
            var result: [String: PredicateValue] = [:]
            for (key, value) in dictionary {
                guard let converted = value.predicateValue else { return nil }
                result[key] = converted
            }
            return .dictionary(result)
        case .object(let object): return object.reference.map { .reference($0) }
        case .reference(let reference): return .reference(reference)
        }
    }

    /// A total order used only to make set element order deterministic, whatever order the
    /// elements arrive in: by kind, then numbers by value (NaN first; equal values ordered
    /// Boolean, integer, double), strings by UTF-8 bytes, dates by time, composites by their
    /// JSON text.
    package static func stableOrder(_ a: EvaluationValue, _ b: EvaluationValue) -> Bool {
        let rankA = a.kindRank
        let rankB = b.kindRank
        if rankA != rankB { return rankA < rankB }
        switch (a, b) {
        case (.string(let x), .string(let y)): return StringComparison.literalOrder(x, y) == .orderedAscending
        case (.date(let x), .date(let y)): return x < y
        case (.uuid(let x), .uuid(let y)): return x.uuidString < y.uuidString
        case (.data(let x), .data(let y)): return x.lexicographicallyPrecedes(y)
        default:
            if let x = NumericValue(a), let y = NumericValue(b) {
                let xNaN = x.doubleValue.isNaN
                let yNaN = y.doubleValue.isNaN
                if xNaN || yNaN { return xNaN && !yNaN }
                switch x.compare(to: y) {
                case .orderedAscending?: return true
                case .orderedDescending?: return false
                default: return a.numberKindRank < b.numberKindRank
                }
            }
            let textA = a.predicateValue?.jsonText() ?? a.briefDescription
            let textB = b.predicateValue?.jsonText() ?? b.briefDescription
            return StringComparison.literalOrder(textA, textB) == .orderedAscending
        }
    }

    private var numberKindRank: Int {
        switch self {
        case .bool: 0
        case .int: 1
        default: 2
        }
    }

    private var kindRank: Int {
        switch self {
        case .null: 0
        case .bool, .int, .double: 1
        case .string: 2
        case .date: 3
        case .data: 4
        case .uuid: 5
        case .array: 6
        case .set: 7
        case .dictionary: 8
        case .object: 9
        case .reference: 10
        }
    }
}

/// A Swift value that a key table can expose: `Int`, `Double`, `String`, `Bool`, `Date`,
/// `Data`, `UUID`, optionals, arrays, sets and `[String: …]` dictionaries of them, and
/// ``PredicateKeyed`` / ``KeyValueReadable`` objects.
public protocol EvaluationValueConvertible {
    /// The value as the evaluator sees it.
    var evaluationValue: EvaluationValue { get }
}

extension EvaluationValue: EvaluationValueConvertible {
    /// The value itself.
    public var evaluationValue: EvaluationValue { self }
}
extension Int: EvaluationValueConvertible { public var evaluationValue: EvaluationValue { .int(self) } }
extension Int8: EvaluationValueConvertible { public var evaluationValue: EvaluationValue { .int(Int(self)) } }
extension Int16: EvaluationValueConvertible { public var evaluationValue: EvaluationValue { .int(Int(self)) } }
extension Int32: EvaluationValueConvertible { public var evaluationValue: EvaluationValue { .int(Int(self)) } }
extension Int64: EvaluationValueConvertible { public var evaluationValue: EvaluationValue { .int(Int(self)) } }
extension UInt8: EvaluationValueConvertible { public var evaluationValue: EvaluationValue { .int(Int(self)) } }
extension UInt16: EvaluationValueConvertible { public var evaluationValue: EvaluationValue { .int(Int(self)) } }
extension UInt32: EvaluationValueConvertible { public var evaluationValue: EvaluationValue { .int(Int(self)) } }
extension UInt64: EvaluationValueConvertible {
    /// Values above `Int.max` become doubles.
    public var evaluationValue: EvaluationValue { Int(exactly: self).map { .int($0) } ?? .double(Double(self)) }
}
extension UInt: EvaluationValueConvertible {
    /// Values above `Int.max` become doubles.
    public var evaluationValue: EvaluationValue { Int(exactly: self).map { .int($0) } ?? .double(Double(self)) }
}
extension Double: EvaluationValueConvertible { public var evaluationValue: EvaluationValue { .double(self) } }
extension Float: EvaluationValueConvertible { public var evaluationValue: EvaluationValue { .double(Double(self)) } }
extension Bool: EvaluationValueConvertible { public var evaluationValue: EvaluationValue { .bool(self) } }
extension String: EvaluationValueConvertible { public var evaluationValue: EvaluationValue { .string(self) } }
extension Substring: EvaluationValueConvertible {
    public var evaluationValue: EvaluationValue { .string(String(self)) }
}
extension Date: EvaluationValueConvertible { public var evaluationValue: EvaluationValue { .date(self) } }
extension Data: EvaluationValueConvertible { public var evaluationValue: EvaluationValue { .data(self) } }
extension UUID: EvaluationValueConvertible { public var evaluationValue: EvaluationValue { .uuid(self) } }
extension ObjectReference: EvaluationValueConvertible {
    /// The reference as a runtime value.
    public var evaluationValue: EvaluationValue { .reference(self) }
}
extension PredicateValue: EvaluationValueConvertible {
    /// The constant as a runtime value.
    public var evaluationValue: EvaluationValue { EvaluationValue(self) }
}

extension Optional: EvaluationValueConvertible where Wrapped: EvaluationValueConvertible {
    /// `nil` becomes `.null`.
    public var evaluationValue: EvaluationValue { self?.evaluationValue ?? .null }
}

extension Array: EvaluationValueConvertible where Element: EvaluationValueConvertible {
    /// An array of the converted elements.
    public var evaluationValue: EvaluationValue { .array(map(\.evaluationValue)) }
}

extension Set: EvaluationValueConvertible where Element: EvaluationValueConvertible {
    /// A set of the converted elements, in a deterministic order.
    public var evaluationValue: EvaluationValue {
        .set(EvaluationSet(map(\.evaluationValue).sorted(by: EvaluationValue.stableOrder)))
    }
}

extension Dictionary: EvaluationValueConvertible where Key == String, Value: EvaluationValueConvertible {
    /// A dictionary of the converted values.
    public var evaluationValue: EvaluationValue { .dictionary(mapValues(\.evaluationValue)) }
}
