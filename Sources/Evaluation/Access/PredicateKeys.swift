import Foundation
import KeyPaths
import Predicates

/// A Swift type that declares, once, which keys predicates may read and how.
///
/// ```swift
/// struct Person: PredicateKeyed {
///     var name: String, age: Int, tags: [String], address: Address?
///     static let predicateKeys = PredicateKeys<Person>([
///         "name": .string(\.name),
///         "age": .int(\.age),
///         "tags": .value(\.tags),
///         "address": .optionalObject(\.address),   // Address: PredicateKeyed
///     ])
/// }
/// ```
/// Compiling `name BEGINSWITH 'A' AND address.city == 'Oslo'` for `Person` looks `name`,
/// `address` and `city` up in the tables once; evaluating then calls the getters directly (no
/// reflection, no string hashing per object), and `age > 30` becomes an `Int` comparison.
/// An unknown key (`nmae`) is a compile-time error: `'Person' has no key 'nmae'; did you mean 'name'?`.
///
/// The type also becomes ``KeyValueReadable`` (a table lookup per read) for the places where
/// it is reached dynamically, e.g. `$x.name` inside a SUBQUERY.
public protocol PredicateKeyed: KeyValueReadable {
    /// The key table.
    static var predicateKeys: PredicateKeys<Self> { get }
}

extension PredicateKeyed {
    /// The value of `key` through the key table (`self` is the object itself); an undeclared
    /// key throws `unknown-key`.
    public func predicateValue(forKey key: String) throws(EvaluationError) -> EvaluationValue {
        guard let entry = Self.predicateKeys.entries[key] else {
            if key == "self" { return .object(EvaluationObject(self)) }
            throw EvaluationError.unknownKey(key, in: predicateTypeName)
        }
        return try entry.read(self)
    }
}

/// The key table of a ``PredicateKeyed`` type: key name → ``PredicateKey``.
public struct PredicateKeys<Root: PredicateKeyed>: Sendable {
    let entries: [String: PredicateKey<Root>]

    /// A table from key names to accessors.
    public init(_ entries: [String: PredicateKey<Root>]) { self.entries = entries }

    /// The declared key names.
    public var keys: [String] { entries.keys.sorted() }

    /// Resolves the leading keys of `path`: a scalar consumes one key, an object relationship
    /// continues into the related type's table.
    func resolve(_ path: ArraySlice<String>) throws(PredicateCompileError) -> (KeyAccessor<Root>, Int) {
        let key = path[path.startIndex]
        guard let entry = entries[key] else {
            if key == "self" { return (KeyAccessor { .object(EvaluationObject($0)) }, 1) }
            let typeName = String(describing: Root.self)
            let message = Suggestion("'\(typeName)' has no key '\(key)'", name: key, among: Array(entries.keys)).text
            throw PredicateCompileError(id: "unknown-key", message: message)
        }
        switch entry.kind {
        case .scalar(let accessor):
            return (accessor, 1)
        case .relationship(let continueInto):
            let (accessor, consumed) = try continueInto(path.dropFirst())
            return (accessor, consumed + 1)
        }
    }
}
