import Foundation
import Predicates

extension EvaluationValue {
    /// Converts a Foundation/Swift value of unknown type, as found in `[String: Any]`
    /// dictionaries and `JSONSerialization` output.
    ///
    /// | input | value |
    /// |---|---|
    /// | `nil`, `NSNull`, `Optional.none` | ``null`` |
    /// | `String`, `Substring`, `NSString` | ``string(_:)`` |
    /// | `Bool`, a Boolean `NSNumber` | ``bool(_:)`` |
    /// | `Int`, `Int8`…`Int64`, `UInt8`…`UInt64` (≤ `Int.max`), an integral `NSNumber` | ``int(_:)`` |
    /// | `Double`, `Float`, `CGFloat`, `Decimal`, a floating `NSNumber` | ``double(_:)`` |
    /// | `Date`, `Data`, `UUID` | the matching case |
    /// | `[Any]` / `Set` / `[String: Any]` | ``array(_:)`` / ``set(_:)`` / ``dictionary(_:)`` |
    /// | a ``KeyValueReadable`` | ``object(_:)`` |
    /// | ``PredicateValue``, ``EvaluationValue``, ``EvaluationValueConvertible`` | converted |
    ///
    /// Returns `nil` for anything else (a type the evaluator cannot read).
    public init?(any value: Any?) {
        guard let value else {
            self = .null
            return
        }
        // The common scalar types first: each `as?` is a dynamic cast.
        if let string = value as? String {
            self = .string(string)
            return
        }
        // An NSNumber first: it would also cast to Int/Bool/Double, losing its stored type.
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber,
            let converted = Self(number: number)
        {
            self = converted
            return
        }
        if let int = value as? Int {
            self = .int(int)
            return
        }
        if let double = value as? Double {
            self = .double(double)
            return
        }
        if let bool = value as? Bool {
            self = .bool(bool)
            return
        }
        if let converted = Self(otherAny: value) {
            self = converted
            return
        }
        return nil
    }

    /// Everything but the common scalars.
    private init?(otherAny value: Any) {
        switch value {
        case is NSNull: self = .null
        case let value as EvaluationValue: self = value
        case let value as PredicateValue: self = EvaluationValue(value)
        case let value as Date: self = .date(value)
        case let value as Data: self = .data(value)
        case let value as UUID: self = .uuid(value)
        case let value as Decimal: self = .double(NSDecimalNumber(decimal: value).doubleValue)
        case let value as KeyValueReadable: self = .object(EvaluationObject(value))
        case let value as EvaluationValueConvertible: self = value.evaluationValue
        case let value as [Any]:
            var elements: [EvaluationValue] = []
            elements.reserveCapacity(value.count)
            for element in value {
                guard let converted = EvaluationValue(any: element) else { return nil }
                elements.append(converted)
            }
            self = .array(elements)
        case let value as [String: Any]:
            var dictionary: [String: EvaluationValue] = [:]
            dictionary.reserveCapacity(value.count)
            for (key, element) in value {
                guard let converted = EvaluationValue(any: element) else { return nil }
                dictionary[key] = converted
            }
            self = .dictionary(dictionary)
        case let value as Set<AnyHashable>:
            var elements: [EvaluationValue] = []
            for element in value {
                guard let converted = EvaluationValue(any: element.base) else { return nil }
                elements.append(converted)
            }
            self = .set(EvaluationSet(elements.sorted(by: EvaluationValue.stableOrder)))
        case let value as NSArray:
            guard let converted = EvaluationValue(any: value as? [Any]) else { return nil }
            self = converted
        default:
            if let converted = Self(integer: value) {
                self = converted
                return
            }
            if let float = value as? Float {
                self = .double(Double(float))
                return
            }
            // An Optional hidden inside `Any`.
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional {
                guard let child = mirror.children.first else {
                    self = .null
                    return
                }
                guard let converted = EvaluationValue(any: child.value) else { return nil }
                self = converted
                return
            }
            return nil
        }
    }

    /// Fixed-width integers.
    private init?(integer value: Any) {
        switch value {
        case let value as Int64: self = .int(Int(value))
        case let value as Int32: self = .int(Int(value))
        case let value as Int16: self = .int(Int(value))
        case let value as Int8: self = .int(Int(value))
        case let value as UInt8: self = .int(Int(value))
        case let value as UInt16: self = .int(Int(value))
        case let value as UInt32: self = .int(Int(value))
        case let value as UInt64: self = value.evaluationValue
        case let value as UInt: self = value.evaluationValue
        default: return nil
        }
    }

    /// An `NSNumber`, classified by its stored type like Apple's arithmetic does:
    /// `c`/`B` (Booleans) → bool, `f`/`d` → double, integer types → int.
    init?(number: NSNumber) {
        let type = String(cString: number.objCType)
        switch type {
        case "c", "B":
            // `char` is how Objective-C stores BOOL; JSON `true`/`false` arrive like this.
            self = .bool(number.boolValue)
        case "f", "d":
            self = .double(number.doubleValue)
        case "Q", "L", "I", "S", "C":
            self = number.uint64Value.evaluationValue
        default:
            self = .int(number.intValue)
        }
    }
}

extension PredicateValue {
    /// Converts a Foundation/Swift value (for example `JSONSerialization` output, or a
    /// `%@` argument) into a constant; tagged JSON objects (`{"$date": …}`, `{"$set": …}`)
    /// are decoded as in ``init(json:)``. Returns `nil` for values with no constant form.
    public init?(jsonObject: Any?) {
        guard let value = EvaluationValue(any: jsonObject), let constant = value.predicateValue else { return nil }
        guard let tagged = try? JSONTaggedValues.untag(constant) else { return nil }
        self = tagged
    }
}
