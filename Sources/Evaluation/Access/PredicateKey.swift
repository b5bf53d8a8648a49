import Foundation
import Predicates

/// How one key of a ``PredicateKeys`` table is read. Getters are closures; a key path
/// literal converts to one: `.int(\.age)` or `.int { $0.age }`.
///
/// | declaration | value | compiled read |
/// |---|---|---|
/// | `.int(\.age)` | number | unboxed `Int` (`age > 30` compares integers) |
/// | `.double(\.score)` | number | unboxed `Double` |
/// | `.string(\.name)` | string | unboxed `String` (`name CONTAINS[cd] 'x'` searches it directly) |
/// | `.bool(\.isActive)` | Boolean | unboxed `Bool` |
/// | `.value(\.tags)` | any ``EvaluationValueConvertible`` (optionals, arrays, sets, dates, …) | boxed |
/// | `.strings(\.tags)` | array of strings | boxed |
/// | `.object(\.address)` | a ``PredicateKeyed`` object; `address.city` resolves into its table | composed |
/// | `.optionalObject(\.manager)` | the same, `nil` when absent | composed |
/// | `.objects(\.children)` | to-many: `children.age` is the array of ages | composed |
public struct PredicateKey<Root>: Sendable {
    enum Kind: Sendable {
        /// A key whose value the path reads; any further keys apply to that value dynamically.
        case scalar(KeyAccessor<Root>)
        /// A relationship: the rest of the path continues into the related type's table.
        case relationship(@Sendable (ArraySlice<String>) throws(PredicateCompileError) -> (KeyAccessor<Root>, Int))
    }

    let kind: Kind
    /// The dynamic read (for `predicateValue(forKey:)`).
    let read: @Sendable (Root) throws(EvaluationError) -> EvaluationValue
    /// Where a key declared with a key path to a stored `Int` or `Double` lies inside the
    /// root's memory (see `PredicateKey+StoredField.swift`); `nil` otherwise.
    var stored: StoredField?

    private init(scalar accessor: KeyAccessor<Root>) {
        kind = .scalar(accessor)
        read = accessor.read
    }

    private init(
        read: @escaping @Sendable (Root) throws(EvaluationError) -> EvaluationValue,
        continueInto: @escaping @Sendable (ArraySlice<String>) throws(PredicateCompileError) -> (KeyAccessor<Root>, Int)
    ) {
        kind = .relationship(continueInto)
        self.read = read
    }

    /// An integer key.
    public static func int(_ get: @escaping @Sendable (Root) -> Int) -> Self {
        Self(scalar: KeyAccessor(read: { .int(get($0)) }, typed: .int(get)))
    }

    /// A floating-point key.
    public static func double(_ get: @escaping @Sendable (Root) -> Double) -> Self {
        Self(scalar: KeyAccessor(read: { .double(get($0)) }, typed: .double(get)))
    }

    /// A string key.
    public static func string(_ get: @escaping @Sendable (Root) -> String) -> Self {
        Self(scalar: KeyAccessor(read: { .string(get($0)) }, typed: .string(get)))
    }

    /// A Boolean key.
    public static func bool(_ get: @escaping @Sendable (Root) -> Bool) -> Self {
        Self(scalar: KeyAccessor(read: { .bool(get($0)) }, typed: .bool(get)))
    }

    /// An array-of-strings key (`ANY tags == 'x'`).
    public static func strings(_ get: @escaping @Sendable (Root) -> [String]) -> Self {
        Self(scalar: KeyAccessor(read: { .array(get($0).map { .string($0) }) }, typed: .strings(get)))
    }

    /// A date key.
    public static func date(_ get: @escaping @Sendable (Root) -> Date) -> Self {
        Self(scalar: KeyAccessor(read: { .date(get($0)) }))
    }

    /// Any convertible value: optionals (`nil` → null), arrays, sets, dictionaries, dates, …
    public static func value<Value: EvaluationValueConvertible & SendableMetatype>(
        _ get: @escaping @Sendable (Root) -> Value
    ) -> Self {
        Self(scalar: KeyAccessor(read: { get($0).evaluationValue }))
    }

    /// A to-one relationship to another keyed type.
    public static func object<Related: PredicateKeyed>(_ get: @escaping @Sendable (Root) -> Related) -> Self {
        Self(
            read: { .object(EvaluationObject(get($0))) },
            continueInto: { rest throws(PredicateCompileError) in
                guard !rest.isEmpty else { return (KeyAccessor { .object(EvaluationObject(get($0))) }, 0) }
                let (inner, consumed) = try Related.predicateKeys.resolve(rest)
                let innerRead = inner.read
                return (
                    KeyAccessor(
                        read: { root throws(EvaluationError) in try innerRead(get(root)) },
                        typed: inner.typed?.after(get)), consumed
                )
            })
    }

    /// An optional to-one relationship; a path through `nil` reads `nil`.
    public static func optionalObject<Related: PredicateKeyed>(_ get: @escaping @Sendable (Root) -> Related?) -> Self {
        let readObject: @Sendable (Root) -> EvaluationValue = { root in
            get(root).map { .object(EvaluationObject($0)) } ?? .null
        }
        return Self(
            read: { readObject($0) },
            continueInto: { rest throws(PredicateCompileError) in
                guard !rest.isEmpty else { return (KeyAccessor { readObject($0) }, 0) }
                let (inner, consumed) = try Related.predicateKeys.resolve(rest)
                let innerRead = inner.read
                return (
                    KeyAccessor { root throws(EvaluationError) in
                        guard let related = get(root) else { return .null }
                        return try innerRead(related)
                    }, consumed
                )
            })
    }

    /// A to-many relationship: `children.name` is the array of the children's names.
    public static func objects<Related: PredicateKeyed>(_ get: @escaping @Sendable (Root) -> [Related]) -> Self {
        let readObjects: @Sendable (Root) -> EvaluationValue = { root in
            .array(get(root).map { .object(EvaluationObject($0)) })
        }
        return Self(
            read: { readObjects($0) },
            continueInto: { rest throws(PredicateCompileError) in
                guard !rest.isEmpty else { return (KeyAccessor { readObjects($0) }, 0) }
                let (inner, consumed) = try Related.predicateKeys.resolve(rest)
                let innerRead = inner.read
                return (
                    KeyAccessor { root throws(EvaluationError) in
                        let related = get(root)
                        var values: [EvaluationValue] = []
                        values.reserveCapacity(related.count)
                        for element in related { values.append(try innerRead(element)) }
                        return .array(values)
                    }, consumed
                )
            })
    }
}
