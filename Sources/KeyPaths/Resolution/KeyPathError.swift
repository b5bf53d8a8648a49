/// Why a key path does not resolve against a schema.
///
/// Each error names the entity where the lookup failed, the offending key and its position in
/// the key path's components (so a caller can underline its source text), and may carry a
/// suggestion:
///
/// | key path (from `Content`) | description |
/// |---|---|
/// | `nmae` | `'Content' has no property 'nmae'; did you mean 'name'?` |
/// | `bucket.name.x` | `'name' is an attribute of 'Bucket', not a relationship; it cannot be followed by 'x'` |
/// | `tags.@cnt` | `unknown collection operator '@cnt'; did you mean '@count'?` |
public struct KeyPathError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The root entity, or a relationship's destination, is not in the schema.
        case unknownEntity
        /// The key path has no components.
        case emptyKeyPath
        /// A component is empty (`a..b`, a trailing `.`).
        case emptyComponent
        /// No property of that name on the entity or its ancestors.
        case unknownKey
        /// An attribute is followed by more components.
        case attributeNotLast
        /// An `@` component is not a known collection operator.
        case unknownOperator
        /// A collection operator follows something that is not a collection.
        case operatorNeedsCollection
        /// A collection operator other than `@count` ends the key path.
        case operatorNeedsKeyPath
        /// `@sum`, `@avg`, `@min` or `@max` is followed by a path that ends on a relationship.
        case operatorNeedsAttribute
        /// `@count` is followed by more components.
        case operatorNotLast
        /// More collection operators than ``Schema/maximumCollectionOperators``.
        case tooManyOperators
        /// A relationship has no usable inverse where one is required.
        case missingInverse
    }

    /// What went wrong.
    public var kind: Kind
    /// The entity on which the lookup failed (for ``Kind/unknownEntity``, the missing name).
    public var entity: String?
    /// The offending component: `nmae`, `@cnt`.
    public var key: String?
    /// The offending component's index in the key path's components; `nil` when the problem is
    /// the root entity or the whole path.
    public var componentIndex: Int?
    /// The explanation, without the suggestion.
    public var message: String
    /// A likely intended name (`name` for `nmae`, `@count` for `@cnt`), if any.
    public var suggestion: String?

    /// Creates an error.
    public init(
        _ kind: Kind, entity: String?, key: String?, componentIndex: Int?, message: String, suggestion: String? = nil
    ) {
        self.kind = kind
        self.entity = entity
        self.key = key
        self.componentIndex = componentIndex
        self.message = message
        self.suggestion = suggestion
    }

    /// The message, followed by `; did you mean '…'?` when there is a suggestion.
    public var description: String {
        suggestion.map { "\(message); \(Suggestion.didYouMean($0))" } ?? message
    }
}
