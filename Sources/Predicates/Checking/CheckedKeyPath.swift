import KeyPaths

/// A key path of a ``CheckedPredicate``, resolved against the schema.
///
/// | text (from `Content`) | base | entity | resolved | fromRoot |
/// |---|---|---|---|---|
/// | `bucket.owner.name` | evaluated object | `Content` | hops `bucket`, `owner`; `User.name` | the same |
/// | `$t.name` in `SUBQUERY(tags, $t, …)` | variable `t` | `Tag` | `Tag.name` | `tags.name` |
/// | `tags[FIRST].name` | object | `Tag` | `Tag.name` | `tags.name` |
/// | `SUBQUERY(tags, $t, …).@count` | collection | `Tag` | `nil` (operator `@count`) | `tags.@count` |
/// | `SUBQUERY(tags, $t, …).@max.name` | collection | `Tag` | `Tag.name` (operator `@max`) | `tags.@max.name` |
///
/// Inside a SUBQUERY predicate a key path without a variable (and `SELF`) still reads the
/// evaluated object, as Apple's `NSSubqueryExpression` does: it is resolved from the root entity.
public struct CheckedKeyPath: Sendable, Hashable {
    /// Where the key path starts.
    public enum Base: Sendable, Hashable {
        /// The evaluated object: `name`, `SELF.bucket.name`.
        case evaluatedObject
        /// A SUBQUERY variable: `$t` in `$t.name`.
        case variable(String)
        /// Another expression denoting one object: `tags[FIRST]` in `tags[FIRST].name`.
        case object
        /// An expression denoting a collection of objects: `SUBQUERY(…)` in `SUBQUERY(…).@count`.
        /// The path applies to the elements, after ``CheckedKeyPath/collectionOperator``.
        case collection
    }

    /// Where the key path starts.
    public var base: Base
    /// The entity the components are read from (for a ``Base/collection`` base, the elements'
    /// entity).
    public var entity: String
    /// The components as parsed.
    public var components: [KeyPathComponent]
    /// Where each component is written (see ``ExpressionNode/componentRanges``).
    public var componentRanges: [SourceRange]?
    /// Where the whole key path (with its base) is written.
    public var range: SourceRange?
    /// For a ``Base/collection`` base: the collection operator applied to the collection
    /// before the rest of the path (`@count` in `SUBQUERY(…).@count`).
    public var collectionOperator: AggregateOperator?
    /// The resolution of the components (after ``collectionOperator``) from ``entity``; `nil`
    /// only when nothing follows the operator.
    public var resolved: ResolvedKeyPath?
    /// The same read as a key path from the root entity, when the base is reached from the root
    /// through plain keys: `tags.name` for `$t.name` over `tags`. `nil` when the base is not
    /// (a SUBQUERY over a constant list, a function result). Dependencies are derived from it.
    public var fromRoot: ResolvedKeyPath?
    /// The static type of the value read.
    public var type: StaticType
    /// The key path as messages show it: `bucket.name`, `$t.name`.
    public var text: String

    /// Creates a checked key path.
    public init(
        base: Base, entity: String, components: [KeyPathComponent], componentRanges: [SourceRange]?,
        range: SourceRange?, collectionOperator: AggregateOperator? = nil, resolved: ResolvedKeyPath?,
        fromRoot: ResolvedKeyPath?, type: StaticType, text: String
    ) {
        self.base = base
        self.entity = entity
        self.components = components
        self.componentRanges = componentRanges
        self.range = range
        self.collectionOperator = collectionOperator
        self.resolved = resolved
        self.fromRoot = fromRoot
        self.type = type
        self.text = text
    }

    /// The components as key-path strings: `["bucket", "name"]`, `["@count"]`.
    public var keys: [String] { components.map(\.spelling) }
}
