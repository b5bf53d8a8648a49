import Foundation
import Predicates

/// Reading a key path from a value, as key-value coding does (spec §3.1).
///
/// | value | `value.key` |
/// |---|---|
/// | dictionary | the entry, `nil` when missing (`@allKeys`, `@allValues` also work) |
/// | object | ``KeyValueReadable/predicateValue(forKey:)`` (an unknown key is an error) |
/// | array | an array of each element's value, `nil` elements staying `nil` (`children.age`) |
/// | set | a set of the elements' values |
/// | nil | nil |
/// | string | `length` (UTF-16 count); any other key is an error |
/// | anything | `self` is the value itself (not for dictionaries: that is the key `self`) |
///
/// A collection operator takes the rest of the path as its right key path:
/// `items.@sum.price` sums `price` over `items`.
enum KeyPathSemantics {
    /// Applies `components` to `base` in order.
    static func apply(_ components: ArraySlice<KeyPathComponent>, to base: EvaluationValue) throws(EvaluationError)
        -> EvaluationValue
    {
        var value = base
        var index = components.startIndex
        while index < components.endIndex {
            switch components[index] {
            case .key(let key):
                value = try step(value, key)
            case .collectionOperator(let op):
                return try CollectionOperators.apply(op, to: value, rest: components[(index + 1)...])
            }
            index += 1
        }
        return value
    }

    /// One key.
    static func step(_ value: EvaluationValue, _ key: String) throws(EvaluationError) -> EvaluationValue {
        switch value {
        case .dictionary(let dictionary):
            if key.hasPrefix("@") { return try dictionaryOperator(dictionary, key) }
            return dictionary[key] ?? .null
        case .object(let object):
            if key == "self" { return value }
            return try object.value(forKey: key)
        case .array(let elements):
            if key == "self" { return value }
            var result: [EvaluationValue] = []
            result.reserveCapacity(elements.count)
            for element in elements { result.append(try step(element, key)) }
            return .array(result)
        case .set(let set):
            if key == "self" { return value }
            var result = EvaluationSet()
            for element in set.elements { result.insert(try step(element, key)) }
            return .set(result)
        case .null:
            return .null
        case .string(let string):
            if key == "self" { return value }
            if key == "length" { return .int(string.utf16.count) }
            throw EvaluationError.notKeyValueCoding(key, on: value)
        default:
            if key == "self" { return value }
            throw EvaluationError.notKeyValueCoding(key, on: value)
        }
    }

    /// `@`-keys of a dictionary (KVC strips the `@` and asks the dictionary object itself).
    private static func dictionaryOperator(_ dictionary: [String: EvaluationValue], _ key: String)
        throws(EvaluationError) -> EvaluationValue
    {
        switch key {
        case "@count": return .int(dictionary.count)
        case "@allKeys": return .array(dictionary.keys.sorted().map { .string($0) })
        case "@allValues": return .array(dictionary.keys.sorted().compactMap { dictionary[$0] })
        default: throw EvaluationError.notKeyValueCoding(key, on: .dictionary(dictionary))
        }
    }
}
