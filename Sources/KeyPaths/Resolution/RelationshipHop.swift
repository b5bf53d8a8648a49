/// One relationship step of a resolved key path.
///
/// Resolving `bucket.owner.name` from `Content` gives two hops:
///
/// | | sourceEntity | sourceProperty | destinationEntity | inverse | isToMany |
/// |---|---|---|---|---|---|
/// | 0 | `Content` | `bucket` | `Bucket` | `contents` | no |
/// | 1 | `Bucket` | `owner` | `User` | `buckets` | no |
///
/// Change matching walks hops backwards: a changed `User.name` reaches its Buckets through
/// `buckets`, and their Contents through `contents`.
public struct RelationshipHop: Sendable, Hashable, Codable {
    /// The entity the step starts from: the key path's root, or the previous hop's destination.
    public var sourceEntity: String
    /// The entity that declares the relationship: `sourceEntity` or one of its ancestors
    /// (`Content` for `bucket` resolved from `ImageContent`).
    public var declaringEntity: String
    /// The relationship's name: `bucket`.
    public var sourceProperty: String
    /// The relationship's destination entity. Objects reached may be of its sub-entities.
    public var destinationEntity: String
    /// The inverse relationship's name on the destination, if declared.
    public var inverse: String?
    /// Whether the inverse is to-many; `nil` when there is no inverse, or when the named
    /// inverse is not a relationship of the destination (an invalid schema).
    public var inverseIsToMany: Bool?
    /// Whether the relationship is to-many.
    public var isToMany: Bool
    /// Whether the to-many relationship is ordered.
    public var isOrdered: Bool
    /// Whether the relationship is optional.
    public var isOptional: Bool
    /// The position of the relationship's key in the components given to
    /// `Schema.resolve(keyPath:from:)` (counted over the whole key path, also for
    /// hops after a collection operator), so that callers can point at its source text.
    public var componentIndex: Int

    /// Creates a hop.
    public init(
        sourceEntity: String, declaringEntity: String, sourceProperty: String, destinationEntity: String,
        inverse: String?, inverseIsToMany: Bool?, isToMany: Bool, isOrdered: Bool, isOptional: Bool,
        componentIndex: Int
    ) {
        self.sourceEntity = sourceEntity
        self.declaringEntity = declaringEntity
        self.sourceProperty = sourceProperty
        self.destinationEntity = destinationEntity
        self.inverse = inverse
        self.inverseIsToMany = inverseIsToMany
        self.isToMany = isToMany
        self.isOrdered = isOrdered
        self.isOptional = isOptional
        self.componentIndex = componentIndex
    }
}
