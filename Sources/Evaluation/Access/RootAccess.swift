import Foundation
import Predicates

/// A key read from a root type, resolved at compile time.
package struct KeyAccessor<Root>: Sendable {
    /// Reads the value.
    package let read: @Sendable (Root) throws(EvaluationError) -> EvaluationValue
    /// The same read without boxing, when the key table declared a plain scalar.
    let typed: TypedRead<Root>?
    /// Speculative unboxed reads (dictionaries), made for the Swift type a comparison expects.
    let probe: (@Sendable (TypedKind) -> ProbeRead<Root>)?

    package init(
        read: @escaping @Sendable (Root) throws(EvaluationError) -> EvaluationValue, typed: TypedRead<Root>? = nil,
        probe: (@Sendable (TypedKind) -> ProbeRead<Root>)? = nil
    ) {
        self.read = read
        self.typed = typed
        self.probe = probe
    }
}

/// The Swift type of an unboxed read (`number`: an `Int` or a `Double`, for probes).
package enum TypedKind: Sendable {
    case int, double, number, string, strings
}

/// A probed number.
package enum ProbedNumber: Sendable {
    case int(Int)
    case double(Double)
}

/// Speculative unboxed reads: the value when it has exactly that Swift type, else `nil`
/// (and the compiled test falls back to the general path).
package enum ProbeRead<Root>: Sendable {
    case number(@Sendable (Root) -> ProbedNumber?)
    case string(@Sendable (Root) -> String?)
    case strings(@Sendable (Root) -> [String]?)
}

/// Unboxed reads that let the compiler specialise `age > 30` to an `Int` comparison.
package enum TypedRead<Root>: Sendable {
    case int(@Sendable (Root) -> Int)
    case double(@Sendable (Root) -> Double)
    case string(@Sendable (Root) -> String)
    case bool(@Sendable (Root) -> Bool)
    case strings(@Sendable (Root) -> [String])

    /// The kind of value read; `nil` for Booleans (no specialised comparisons).
    var kind: TypedKind? {
        switch self {
        case .int: .int
        case .double: .double
        case .string: .string
        case .strings: .strings
        case .bool: nil
        }
    }

    /// The same read, boxed.
    var boxed: @Sendable (Root) throws(EvaluationError) -> EvaluationValue {
        switch self {
        case .int(let get): { .int(get($0)) }
        case .double(let get): { .double(get($0)) }
        case .string(let get): { .string(get($0)) }
        case .bool(let get): { .bool(get($0)) }
        case .strings(let get): { .array(get($0).map { .string($0) }) }
        }
    }

    /// This read applied after `first` (for `address.city` through a to-one object).
    func after<Outer>(_ first: @escaping @Sendable (Outer) -> Root) -> TypedRead<Outer> {
        switch self {
        case .int(let get): .int { get(first($0)) }
        case .double(let get): .double { get(first($0)) }
        case .string(let get): .string { get(first($0)) }
        case .bool(let get): .bool { get(first($0)) }
        case .strings(let get): .strings { get(first($0)) }
        }
    }
}

/// How a compiled predicate reaches the keys of its root type: which leading keys of a key
/// path can be resolved once, and how `SELF` becomes a value.
///
/// Obtained from the type: ``PredicateKeyed`` types resolve through their key table,
/// ``KeyValueReadable`` types and dictionaries look keys up per object.
public struct PredicateRootAccess<Root>: Sendable {
    /// Resolves the leading keys of a path (at least one) and says how many it consumed.
    let resolve: @Sendable (ArraySlice<String>) throws(PredicateCompileError) -> (KeyAccessor<Root>, Int)
    /// `SELF` as a value.
    let selfValue: @Sendable (Root) throws(EvaluationError) -> EvaluationValue

    package init(
        resolve: @escaping @Sendable (ArraySlice<String>) throws(PredicateCompileError) -> (KeyAccessor<Root>, Int),
        selfValue: @escaping @Sendable (Root) throws(EvaluationError) -> EvaluationValue
    ) {
        self.resolve = resolve
        self.selfValue = selfValue
    }
}

extension PredicateRootAccess where Root: PredicateKeyed {
    /// Keys resolved through `Root.predicateKeys` at compile time; an unknown key is a
    /// compile-time error naming the type and suggesting a close key.
    static var keyed: Self {
        Self(
            resolve: { keys throws(PredicateCompileError) in try Root.predicateKeys.resolve(keys) },
            selfValue: { .object(EvaluationObject($0)) })
    }
}

extension PredicateRootAccess where Root: KeyValueReadable {
    /// One `predicateValue(forKey:)` call per key and object.
    static var readable: Self {
        Self(
            resolve: { keys in
                let key = keys[keys.startIndex]
                if key == "self" { return (KeyAccessor { .object(EvaluationObject($0)) }, 1) }
                return (KeyAccessor { root throws(EvaluationError) in try root.predicateValue(forKey: key) }, 1)
            },
            selfValue: { .object(EvaluationObject($0)) })
    }
}

extension PredicateRootAccess where Root == EvaluationValue {
    /// Key-value coding on the value itself (JSON objects are dictionaries).
    static var value: Self {
        Self(
            resolve: { keys in
                let key = keys[keys.startIndex]
                return (KeyAccessor { root throws(EvaluationError) in try KeyPathSemantics.step(root, key) }, 1)
            },
            selfValue: { $0 })
    }
}
