/// A slow convenience: a type that lets predicates read its stored properties by name
/// through `Mirror`, without declaring a key table.
///
/// ```swift
/// struct Point: MirrorReadable { var x: Int; var y: Int }
/// // "x > 1 AND y < 5" reads `x` and `y` by reflection, for every object.
/// ```
/// Every read reflects the whole value and converts the property with
/// ``EvaluationValue/init(any:)``: use ``PredicateKeyed`` for anything performance-sensitive.
/// A property whose type cannot be converted reads as an `unsupported-value` error; an
/// unknown name is `unknown-key`.
public protocol MirrorReadable: KeyValueReadable {}

extension MirrorReadable {
    /// The stored property named `key`, converted with ``EvaluationValue/init(any:)``.
    public func predicateValue(forKey key: String) throws(EvaluationError) -> EvaluationValue {
        for child in Mirror(reflecting: self).children where child.label == key {
            guard let value = EvaluationValue(any: child.value) else {
                throw EvaluationError(
                    id: "unsupported-value",
                    message: "'\(predicateTypeName).\(key)' has the unsupported type \(type(of: child.value))")
            }
            return value
        }
        if key == "self" { return .object(EvaluationObject(self)) }
        throw EvaluationError.unknownKey(key, in: predicateTypeName)
    }
}
