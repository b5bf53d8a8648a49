/// A key path resolved against a schema: the relationship hops from the root entity, then
/// what the path ends on.
///
/// | from | key path | hops | destination |
/// |---|---|---|---|
/// | `Content` | `name` | none | attribute `name` |
/// | `Content` | `bucket.owner.name` | `bucket` → `Bucket`, `owner` → `User` | attribute `User.name` |
/// | `Content` | `bucket.owner` | `bucket` → `Bucket` | relationship `Bucket.owner` |
/// | `Bucket` | `contents.@count` | `contents` → `Content` (to-many) | `@count` |
/// | `Bucket` | `contents.@sum.size` | `contents` → `Content` (to-many) | `@sum`, then attribute `Content.size` |
///
/// After a collection operator, the rest of the key path is resolved from the collection's
/// element entity and kept in ``KeyPathDestination/aggregate(_:then:)``.
public struct ResolvedKeyPath: Sendable, Hashable, Codable {
    /// The entity the path starts from.
    public var root: String
    /// The components of this path (for a path after a collection operator, the remaining ones).
    public var components: [String]
    /// The relationships followed before the destination (or before the collection operator).
    public var hops: [RelationshipHop]
    /// What the path ends on.
    public var destination: KeyPathDestination

    /// Creates a resolved path.
    public init(root: String, components: [String], hops: [RelationshipHop], destination: KeyPathDestination) {
        self.root = root
        self.components = components
        self.hops = hops
        self.destination = destination
    }

    /// The components joined with `.`: `bucket.owner.name`.
    public var keyPath: String { components.joined(separator: ".") }

    /// Whether the path crosses a to-many relationship: one of ``hops``, or the relationship it
    /// ends on, is to-many. `contents.name` and `contents` from `Bucket` are; so is
    /// `contents.@count`, although its value is a single number (see ``isCollection``).
    public var isToMany: Bool {
        if hops.contains(where: \.isToMany) { return true }
        if case .relationship(let relationship) = destination { return relationship.isToMany }
        return false
    }

    /// Whether the value read through the path is a collection: it crosses a to-many
    /// relationship and no `@count`/`@sum`/`@avg`/`@min`/`@max` collapses it.
    /// `contents.name` and `contents.@distinctUnionOfObjects.name` are collections;
    /// `contents.@count` and `bucket.name` are not. A predicate must put a collection under
    /// `ANY`/`ALL`/`NONE`, `IN`/`CONTAINS`, or an aggregate.
    public var isCollection: Bool {
        switch destination {
        case .attribute, .relationship: isToMany
        case .aggregate(let operation, _): !operation.yieldsSingleValue
        }
    }

    /// The hops of the whole path, including those after collection operators, in path order.
    /// For `buckets.@sum.contents.size` from `User`: `User.buckets`, then `Bucket.contents`.
    public var allHops: [RelationshipHop] {
        var result: [RelationshipHop] = []
        var current: ResolvedKeyPath? = self
        while let path = current {
            result += path.hops
            current = path.continuation
        }
        return result
    }

    /// The path after this path's collection operator, if any.
    var continuation: ResolvedKeyPath? {
        if case .aggregate(_, let then) = destination { return then }
        return nil
    }

    /// The innermost path: this one, or the one after the last collection operator.
    var innermost: ResolvedKeyPath {
        var path = self
        while let next = path.continuation { path = next }
        return path
    }

    /// The entity that holds the final property: the last hop's destination (after collection
    /// operators too), or the root. `User` for `bucket.owner.name`; `Content` for
    /// `contents.@count` from `Bucket` (the entity counted).
    public var destinationEntity: String {
        allHops.last?.destinationEntity ?? root
    }

    /// The final attribute or relationship (after collection operators too); `nil` when the path
    /// ends with `@count`. `User.name` for `bucket.owner.name`; `Content.size` for
    /// `contents.@sum.size`.
    public var destinationProperty: PropertyDescription? {
        switch innermost.destination {
        case .attribute(let attribute): .attribute(attribute)
        case .relationship(let relationship): .relationship(relationship)
        case .aggregate: nil
        }
    }

    /// The name of ``destinationProperty``: `name` for `bucket.owner.name`.
    public var destinationPropertyName: String? { destinationProperty?.name }

    /// The collection operators of the path, outermost first: `[.sum]` for `contents.@sum.size`.
    public var operators: [AggregateOperator] {
        var result: [AggregateOperator] = []
        var current: ResolvedKeyPath? = self
        while let path = current {
            if case .aggregate(let operation, _) = path.destination { result.append(operation) }
            current = path.continuation
        }
        return result
    }

    /// The inverse relationships from ``destinationEntity`` back to the root, or `nil` when a
    /// hop has no inverse. For `bucket.owner.name` from `Content`: `["buckets", "contents"]`
    /// (a `User` reaches its Buckets, then their Contents). Empty for a path without hops.
    public var inverseKeyPath: [String]? {
        var names: [String] = []
        for hop in allHops.reversed() {
            guard let inverse = hop.inverse, hop.inverseIsToMany != nil else { return nil }
            names.append(inverse)
        }
        return names
    }

    /// ``inverseKeyPath``, or a ``KeyPathError`` of kind `missingInverse` naming the first hop
    /// without a usable inverse, e.g. `'Bucket.owner' has no inverse, so a change on 'User'
    /// cannot be traced back to 'Bucket'`, or `'Image.artist' names 'Artist.thumbnail' as its
    /// inverse, but 'Artist.thumbnail' does not name 'artist' as its inverse, so a change on
    /// 'Artist' cannot be traced back to 'Image'`. Change matching needs every inverse; evaluation needs none.
    @discardableResult
    public func requireInverses() throws(KeyPathError) -> [String] {
        for hop in allHops where hop.inverse == nil || hop.inverseIsToMany == nil {
            let name = "'\(hop.declaringEntity).\(hop.sourceProperty)'"
            let message: String
            if let inverse = hop.inverse {
                // In a schema that validates, the inverse names another relationship back (or
                // points at another entity): Schema.validationWarnings() reports it.
                let back = "'\(hop.destinationEntity).\(inverse)'"
                message =
                    "\(name) names \(back) as its inverse, but \(back) does not name '\(hop.sourceProperty)' as its "
                    + "inverse, so a change on '\(hop.destinationEntity)' cannot be traced back to '\(hop.sourceEntity)'"
            } else {
                message =
                    "\(name) has no inverse, so a change on '\(hop.destinationEntity)' "
                    + "cannot be traced back to '\(hop.sourceEntity)'"
            }
            throw KeyPathError(
                .missingInverse, entity: hop.sourceEntity, key: hop.sourceProperty,
                componentIndex: hop.componentIndex, message: message)
        }
        return inverseKeyPath ?? []
    }
}

/// What a resolved key path ends on.
public indirect enum KeyPathDestination: Sendable, Hashable, Codable {
    /// An attribute: `name` in `bucket.name`.
    case attribute(AttributeDescription)
    /// A relationship: `owner` in `bucket.owner` (compared with objects or `nil`, or counted
    /// with `IN`/`CONTAINS` when to-many).
    case relationship(RelationshipDescription)
    /// A collection operator applied to the collection reached by the hops, and the rest of the
    /// path resolved from the collection's element entity (`nil` after `@count`):
    /// `contents.@sum.size` is `.aggregate(.sum, then: <size from Content>)`.
    case aggregate(AggregateOperator, then: ResolvedKeyPath?)
}
