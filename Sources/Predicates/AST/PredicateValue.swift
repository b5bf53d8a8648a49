import Foundation

/// A constant value in a predicate: a literal of the format string or an argument bound to
/// `%@`, `%d`, … It is also the value type of substitution variables.
///
/// Equality is structural: `.int(1)` and `.double(1)` are different constants (they behave
/// differently in arithmetic: `7 / 2 == 3` but `7 / 2.0 == 3.5`), although the evaluator
/// compares them as equal numbers.
public enum PredicateValue: Sendable, Hashable, Codable {
    /// `nil` / `NULL`.
    case null
    /// `YES` / `TRUE` / `NO` / `FALSE`.
    case bool(Bool)
    /// An integer literal or `%d`-style argument.
    case int(Int)
    /// A floating-point literal or `%f`-style argument.
    case double(Double)
    /// A string literal or a string argument.
    case string(String)
    /// A date (prints as `CAST(<seconds since 2001-01-01>, "NSDate")`).
    case date(Date)
    /// Binary data (argument only).
    case data(Data)
    /// A UUID (argument only).
    case uuid(UUID)
    /// An ordered collection.
    case array([PredicateValue])
    /// An unordered collection (argument only; prints like an array).
    case set(Set<PredicateValue>)
    /// A dictionary (argument only; `IN` looks at its values).
    case dictionary([String: PredicateValue])
    /// An object of a store (argument only): `bucket == %@` with a Bucket's reference, from
    /// an `ObjectID` in Swift or `{"$ref": {"entity": "Bucket", "id": 2}}` in JSON. Prints as
    /// `<x-coredata:///Bucket/p2>`; see ``ObjectReference``.
    /// (Boxed: it is rare and twice the size of the other cases, and the value is stored
    /// inline in every constant node.)
    indirect case reference(ObjectReference)
}
