extension Schema {
    /// The largest number of collection operators accepted in one key path. Each operator
    /// nests the rest of the path one level deeper in ``KeyPathDestination/aggregate(_:then:)``,
    /// so the bound keeps that nesting (and the recursion of hashing, coding and freeing it)
    /// small whatever the input.
    public static let maximumCollectionOperators = 16

    /// Resolves a dotted key path from `entity`: `"bucket.owner.name"` from `Content` gives the
    /// hops `Content.bucket → Bucket`, `Bucket.owner → User` and the attribute `User.name`.
    ///
    /// The text is split at every `.`; components starting with `@` are collection operators.
    /// The overload taking `[String]` components documents the rules and errors.
    public func resolve(keyPath: String, from entity: String) throws(KeyPathError) -> ResolvedKeyPath {
        let components =
            keyPath.isEmpty ? [] : keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return try resolve(keyPath: components, from: entity)
    }

    /// Resolves a key path given as components: `["contents", "@sum", "size"]` from `Bucket`.
    ///
    /// Each key is looked up on the current entity and its ancestors (never on sub-entities):
    /// a relationship followed by more keys becomes a ``RelationshipHop`` and moves to its
    /// destination; the last key may be an attribute or a relationship. A collection operator
    /// (`@count`, `@sum`, …) must follow a to-many path; the rest of the path is resolved from
    /// the element entity. Errors (``KeyPathError``):
    ///
    /// | from | key path | message |
    /// |---|---|---|
    /// | `Content` | `nmae` | `'Content' has no property 'nmae'; did you mean 'name'?` |
    /// | `Content` | `bucket.name.x` | `'name' is an attribute of 'Bucket', not a relationship; it cannot be followed by 'x'` |
    /// | `Content` | `bucket.@count` | `'@count' needs a collection, but 'bucket' is a to-one path from 'Content'` |
    /// | `Bucket` | `contents.@sum` | `'@sum' must be followed by a key path` |
    /// | `Bucket` | `contents.@count.x` | `'@count' cannot be followed by 'x'` |
    public func resolve(keyPath components: [String], from entity: String) throws(KeyPathError) -> ResolvedKeyPath {
        guard self.entity(named: entity) != nil else {
            let unknown = Suggestion.unknownEntity(entity, among: entityNames)
            throw KeyPathError(
                .unknownEntity, entity: entity, key: nil, componentIndex: nil, message: unknown.message,
                suggestion: unknown.replacement)
        }
        guard !components.isEmpty else {
            throw KeyPathError(
                .emptyKeyPath, entity: entity, key: nil, componentIndex: nil, message: "the key path is empty")
        }
        var resolver = KeyPathResolver(schema: self, components: components, root: entity)
        return try resolver.run()
    }
}

/// The loop behind ``Schema/resolve(keyPath:from:)``: one pass over the components, cutting a
/// new segment at each collection operator, then nesting the segments from the innermost out.
private struct KeyPathResolver {
    /// A stretch of the path between collection operators.
    struct Segment {
        var root: String
        var start: Int
        var hops: [RelationshipHop] = []
        /// Set when the segment ends with a collection operator.
        var aggregate: AggregateOperator?
    }

    let schema: Schema
    let components: [String]
    var segments: [Segment]
    var entity: String
    /// What the last segment ends on, when it is an attribute or a relationship.
    var terminal: KeyPathDestination?

    init(schema: Schema, components: [String], root: String) {
        self.schema = schema
        self.components = components
        self.segments = [Segment(root: root, start: 0)]
        self.entity = root
    }

    mutating func run() throws(KeyPathError) -> ResolvedKeyPath {
        if let index = components.firstIndex(of: "") {
            throw error(
                .emptyComponent, key: "", index,
                "empty key at position \(index + 1) of '\(components.joined(separator: "."))'")
        }
        for (index, key) in components.enumerated() {
            if key.hasPrefix("@") {
                try applyOperator(key, at: index)
            } else {
                try applyKey(key, at: index)
            }
        }
        return try assemble()
    }

    private mutating func applyKey(_ key: String, at index: Int) throws(KeyPathError) {
        guard let property = schema.property(named: key, in: entity) else {
            let unknown = Suggestion.unknownProperty(key, of: entity, among: schema.visiblePropertyNames(of: entity))
            throw error(.unknownKey, key: key, index, unknown.message, suggestion: unknown.replacement)
        }
        let isLast = index == components.count - 1
        switch property {
        case .attribute(let attribute):
            guard isLast else {
                throw error(
                    .attributeNotLast, key: key, index,
                    "'\(key)' is an attribute of '\(entity)', not a relationship; "
                        + "it cannot be followed by '\(components[index + 1])'")
            }
            terminal = .attribute(attribute)
        case .relationship(let relationship):
            if isLast {
                terminal = .relationship(relationship)
                return
            }
            let destination = relationship.destination
            guard schema.entity(named: destination) != nil else {
                throw error(
                    .unknownEntity, key: key, index,
                    "'\(entity).\(key)' leads to '\(destination)', which is not an entity of the schema")
            }
            // An inverse that does not point back is no usable inverse (see Schema.validationWarnings()).
            let inverse =
                schema.hasReciprocalInverse(relationship, of: entity)
                ? relationship.inverse.flatMap { schema.property(named: $0, in: destination)?.relationship } : nil
            let hop = RelationshipHop(
                sourceEntity: entity, declaringEntity: schema.declaringEntity(ofProperty: key, in: entity) ?? entity,
                sourceProperty: key, destinationEntity: destination, inverse: relationship.inverse,
                inverseIsToMany: inverse?.isToMany, isToMany: relationship.isToMany,
                isOrdered: relationship.isOrdered, isOptional: relationship.isOptional, componentIndex: index)
            segments[segments.count - 1].hops.append(hop)
            entity = destination
        }
    }

    private mutating func applyOperator(_ key: String, at index: Int) throws(KeyPathError) {
        guard let operation = AggregateOperator(spelling: key) else {
            let unknown = Suggestion(
                "unknown collection operator '\(key)'", name: key, among: AggregateOperator.allCases.map(\.spelling))
            throw error(.unknownOperator, key: key, index, unknown.message, suggestion: unknown.replacement)
        }
        let segment = segments[segments.count - 1]
        guard segment.hops.contains(where: \.isToMany) else {
            let reason: String
            if let last = segment.hops.last {
                let path = components[segment.start...last.componentIndex].joined(separator: ".")
                reason = "'\(path)' is a to-one path from '\(segment.root)'"
            } else if segment.start == 0 {
                reason = "it starts the key path on '\(segment.root)'"
            } else {
                reason = "it directly follows '\(components[index - 1])'"
            }
            throw error(.operatorNeedsCollection, key: key, index, "'\(key)' needs a collection, but \(reason)")
        }
        if operation.requiresKeyPath, index == components.count - 1 {
            throw error(.operatorNeedsKeyPath, key: key, index, "'\(key)' must be followed by a key path")
        }
        if !operation.requiresKeyPath, index < components.count - 1 {
            throw error(.operatorNotLast, key: key, index, "'\(key)' cannot be followed by '\(components[index + 1])'")
        }
        guard segments.count <= Schema.maximumCollectionOperators else {
            throw error(
                .tooManyOperators, key: key, index,
                "too many collection operators in one key path (at most \(Schema.maximumCollectionOperators))")
        }
        segments[segments.count - 1].aggregate = operation
        segments.append(Segment(root: entity, start: index + 1))
    }

    /// Builds the nested result from the innermost segment outwards (no recursion).
    private func assemble() throws(KeyPathError) -> ResolvedKeyPath {
        var inner: ResolvedKeyPath?
        if let terminal, let last = segments.last {
            inner = ResolvedKeyPath(
                root: last.root, components: Array(components[last.start...]),
                hops: last.hops, destination: terminal)
        }
        for segment in segments.dropLast().reversed() {
            guard let operation = segment.aggregate else { continue }
            if operation.requiresAttribute, let then = inner,
                case .relationship(let relationship) = then.innermost.destination
            {
                let index = components.count - 1
                throw error(
                    .operatorNeedsAttribute, key: relationship.name, index,
                    "'\(operation.spelling)' needs an attribute, but '\(then.destinationEntity).\(relationship.name)' is a relationship"
                )
            }
            inner = ResolvedKeyPath(
                root: segment.root, components: Array(components[segment.start...]),
                hops: segment.hops, destination: .aggregate(operation, then: inner))
        }
        guard let result = inner else {
            // Unreachable: a path always ends on a key (terminal) or on `@count` (an aggregate).
            throw error(.emptyKeyPath, key: nil, nil, "the key path is empty")
        }
        return result
    }

    private func error(
        _ kind: KeyPathError.Kind, key: String?, _ index: Int?, _ message: String, suggestion: String? = nil
    ) -> KeyPathError {
        KeyPathError(kind, entity: entity, key: key, componentIndex: index, message: message, suggestion: suggestion)
    }
}
