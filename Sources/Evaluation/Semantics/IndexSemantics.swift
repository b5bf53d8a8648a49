import Foundation
import Predicates

/// What an index expression selects once its index is evaluated.
enum ResolvedIndex: Sendable {
    case first, last, size
    case value(EvaluationValue)
}

/// `collection[index]` (spec §3.14).
///
/// | receiver | `[n]` | `[FIRST]` / `[LAST]` | `[SIZE]` | `['key']` |
/// |---|---|---|---|---|
/// | array | element n (0-based); out of range → error | first/last, nil when empty | count | error |
/// | set | the index itself if it is a member, else nil | first/last in insertion order | count | same as `[n]` |
/// | dictionary | the entry for the number's text (`"4"`) | entry of the first/last key in sorted order | count | the entry, nil when missing |
/// | anything else, nil included | error `not-a-collection` | | | |
enum IndexSemantics {
    static func index(_ receiver: EvaluationValue, _ index: ResolvedIndex) throws(EvaluationError) -> EvaluationValue {
        switch receiver {
        case .array(let elements):
            switch index {
            case .first: return elements.first ?? .null
            case .last: return elements.last ?? .null
            case .size: return .int(elements.count)
            case .value(let value):
                guard let position = integer(value) else {
                    throw EvaluationError.typeMismatch("an array index must be an integer", value)
                }
                guard position >= 0, position < elements.count else {
                    throw EvaluationError.indexOutOfRange(position, count: elements.count)
                }
                return elements[position]
            }
        case .set(let set):
            switch index {
            case .first: return set.elements.first ?? .null
            case .last: return set.elements.last ?? .null
            case .size: return .int(set.count)
            case .value(let value): return set.contains(value) ? value : .null
            }
        case .dictionary(let dictionary):
            switch index {
            case .first: return dictionary.keys.min().flatMap { dictionary[$0] } ?? .null
            case .last: return dictionary.keys.max().flatMap { dictionary[$0] } ?? .null
            case .size: return .int(dictionary.count)
            case .value(let value):
                switch value {
                case .string(let key): return dictionary[key] ?? .null
                case .int(let number): return dictionary[String(number)] ?? .null
                case .null: return .null
                default:
                    if let number = integer(value) { return dictionary[String(number)] ?? .null }
                    throw EvaluationError.typeMismatch("a dictionary key must be a string", value)
                }
            }
        default:
            throw EvaluationError.notACollection("the receiver of an index", receiver)
        }
    }

    /// An integral number as `Int` (`2` or `2.0`); Booleans and fractions are not indexes.
    private static func integer(_ value: EvaluationValue) -> Int? {
        switch value {
        case .int(let int): int
        case .double(let double): Int(exactly: double)
        default: nil
        }
    }
}
