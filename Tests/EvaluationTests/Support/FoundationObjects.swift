import Evaluation
import Foundation
import Predicates

/// Converts decoded JSON into the Foundation-style `Any` values a `[String: Any]` caller
/// would hold (Swift `Int`, `Double`, `Bool`, `String`, `Date`, `[Any]`, `Set<AnyHashable>`,
/// `[String: Any]`, `NSNull`), to check that the dictionary path agrees with the JSON path.
enum FoundationObjects {
    static func any(_ value: PredicateValue) -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let bool): return bool
        case .int(let int): return int
        case .double(let double): return double
        case .string(let string): return string
        case .date(let date): return date
        case .data(let data): return data
        case .uuid(let uuid): return uuid
        case .array(let values):
            // Homogeneous string arrays are `[String]`, as Swift code would hold them.
            let strings = values.compactMap { if case .string(let s) = $0 { s } else { nil } }
            if !values.isEmpty, strings.count == values.count { return strings }
            return values.map(any)
        case .set(let values): return Set(values.map(hashable))
        case .dictionary(let dictionary): return dictionary.mapValues(any)
        case .reference(let reference): return reference
        }
    }

    static func dictionary(_ value: PredicateValue) -> [String: Any]? {
        guard case .dictionary = value else { return nil }
        return any(value) as? [String: Any]
    }
}

extension FoundationObjects {
    /// A set element as Foundation would hold it; nested collections stay `PredicateValue`s
    /// (the evaluator converts those too).
    static func hashable(_ value: PredicateValue) -> AnyHashable {
        switch value {
        case .null: return AnyHashable(NSNull())
        case .bool(let bool): return AnyHashable(bool)
        case .int(let int): return AnyHashable(int)
        case .double(let double): return AnyHashable(double)
        case .string(let string): return AnyHashable(string)
        case .date(let date): return AnyHashable(date)
        case .data(let data): return AnyHashable(data)
        case .uuid(let uuid): return AnyHashable(uuid)
        default: return AnyHashable(value)
        }
    }
}
