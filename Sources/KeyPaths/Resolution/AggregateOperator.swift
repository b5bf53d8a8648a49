/// A key-value-coding collection operator inside a key path: `@count`, `@sum`, …
///
/// On a to-many path it turns the collection into one value (`contents.@count`,
/// `contents.@sum.size`) or into another collection (`contents.@distinctUnionOfObjects.name`).
/// Every operator except `@count` must be followed by a key path, resolved against the
/// collection's elements.
///
/// The raw values are the spellings after `@`. The Predicates module uses this type for
/// the collection operators of its key paths (`CollectionOperator` is a type alias of this enum).
public enum AggregateOperator: String, Sendable, Hashable, Codable, CaseIterable {
    /// `@count`: the number of elements. Ends the key path.
    case count
    /// `@sum.key`: the sum of `key` over the elements.
    case sum
    /// `@avg.key`: the mean of `key` over the elements.
    case avg
    /// `@min.key`: the smallest `key`.
    case min
    /// `@max.key`: the largest `key`.
    case max
    /// `@distinctUnionOfObjects.key`: the distinct values of `key`.
    case distinctUnionOfObjects
    /// `@unionOfObjects.key`: the values of `key`, repeats kept.
    case unionOfObjects
    /// `@distinctUnionOfArrays.key`: the distinct elements of the collections `key`.
    case distinctUnionOfArrays
    /// `@unionOfArrays.key`: the elements of the collections `key`, repeats kept.
    case unionOfArrays
    /// `@distinctUnionOfSets.key`: the distinct elements of the sets `key`.
    case distinctUnionOfSets

    /// The operator spelt by the key path component `spelling` (`"@count"`), or `nil`.
    /// Spellings are case-sensitive, as in key-value coding.
    public init?(spelling: String) {
        guard spelling.hasPrefix("@") else { return nil }
        self.init(rawValue: String(spelling.dropFirst()))
    }

    /// The key path component, with its `@`: `@count`.
    public var spelling: String { "@" + rawValue }

    /// Whether a key path must follow the operator (all but `@count`).
    public var requiresKeyPath: Bool { self != .count }

    /// Whether the result is a single value (`@count`, `@sum`, `@avg`, `@min`, `@max`) rather
    /// than a collection (the union operators).
    public var yieldsSingleValue: Bool {
        switch self {
        case .count, .sum, .avg, .min, .max: true
        case .distinctUnionOfObjects, .unionOfObjects, .distinctUnionOfArrays, .unionOfArrays, .distinctUnionOfSets:
            false
        }
    }

    /// Whether the key path after the operator must end on an attribute (a value to add up or
    /// compare): `@sum`, `@avg`, `@min`, `@max`.
    public var requiresAttribute: Bool {
        switch self {
        case .sum, .avg, .min, .max: true
        case .count, .distinctUnionOfObjects, .unionOfObjects, .distinctUnionOfArrays, .unionOfArrays,
            .distinctUnionOfSets:
            false
        }
    }
}
