import Predicates

/// An object whose keys a predicate can read: `name` in `name == "x"` calls
/// `predicateValue(forKey: "name")`.
///
/// This is the dynamic path (one string lookup per read). Types that declare a key table with
/// ``PredicateKeyed`` get a conformance for free and, when they are the root of a compiled
/// predicate, have their keys resolved once at compile time instead.
///
/// ```swift
/// struct Tag: KeyValueReadable {
///     var label: String
///     func predicateValue(forKey key: String) throws(EvaluationError) -> EvaluationValue {
///         guard key == "label" else { throw .unknownKey(key, in: "Tag") }
///         return .string(label)
///     }
/// }
/// ```
public protocol KeyValueReadable: Sendable {
    /// The value for `key`. Throw ``EvaluationError/unknownKey(_:in:)`` for a key the type
    /// does not have (Apple raises `NSUnknownKeyException`); return `.null` for a key that is
    /// known but empty.
    func predicateValue(forKey key: String) throws(EvaluationError) -> EvaluationValue

    /// Apple's `isEqual:` for `SELF == $other` and collection membership.
    ///
    /// Defaults: `==` for `Equatable` types, identity for classes, otherwise `false`.
    func isPredicateEqual(to other: any KeyValueReadable) -> Bool

    /// The type name used in error messages. Defaults to the Swift type name.
    var predicateTypeName: String { get }

    /// The object's identity in a store, when references can name it: a graph object's entity
    /// and key. Defaults to `nil` (no reference ever equals the object). As a constant (a `%@`
    /// argument) an object with an identity becomes this reference.
    var predicateReference: ObjectReference? { get }

    /// Whether `reference` names this object (Core Data's comparison of a managed object with
    /// an object ID): `bucket == %@`, `SELF IN %@`. Defaults to `predicateReference ==
    /// reference`; a graph object also accepts a reference naming another entity of its
    /// inheritance hierarchy. It must be `false` unless `reference.id` is the key of
    /// ``predicateReference`` (values are hashed by that key), and objects equal under
    /// ``isPredicateEqual(to:)`` must have equal keys.
    func isPredicateReferenced(by reference: ObjectReference) -> Bool
}

extension KeyValueReadable {
    /// Identity for class instances; values of other non-`Equatable` types are never equal.
    public func isPredicateEqual(to other: any KeyValueReadable) -> Bool {
        guard Self.self is AnyObject.Type, let other = other as? Self else { return false }
        return (self as AnyObject) === (other as AnyObject)
    }

    /// The Swift type name, e.g. `Person`.
    public var predicateTypeName: String { String(describing: Self.self) }

    /// No identity: references never name the object.
    public var predicateReference: ObjectReference? { nil }

    /// The object's own reference, compared structurally.
    public func isPredicateReferenced(by reference: ObjectReference) -> Bool {
        predicateReference == reference
    }
}

extension KeyValueReadable where Self: Equatable {
    /// `==` with another value of the same type; values of other types are never equal.
    public func isPredicateEqual(to other: any KeyValueReadable) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

/// An object held by an ``EvaluationValue/object(_:)``: a reference to a ``KeyValueReadable``.
public struct EvaluationObject: Sendable {
    private let box: Box

    private final class Box: Sendable {
        let base: any KeyValueReadable
        init(_ base: any KeyValueReadable) { self.base = base }
    }

    /// Wraps `base`.
    public init(_ base: any KeyValueReadable) { box = Box(base) }

    /// The wrapped object.
    public var base: any KeyValueReadable { box.base }

    /// The type name for messages.
    public var typeName: String { box.base.predicateTypeName }

    /// Reads one key.
    public func value(forKey key: String) throws(EvaluationError) -> EvaluationValue {
        try box.base.predicateValue(forKey: key)
    }

    /// `isEqual:` between two objects.
    public func isEqual(to other: EvaluationObject) -> Bool {
        box === other.box || box.base.isPredicateEqual(to: other.box.base)
    }

    /// The object's identity, when references can name it.
    public var reference: ObjectReference? { box.base.predicateReference }

    /// Whether `reference` names the object.
    public func isReferenced(by reference: ObjectReference) -> Bool {
        box.base.isPredicateReferenced(by: reference)
    }
}
