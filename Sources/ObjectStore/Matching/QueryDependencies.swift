import Evaluation
import KeyPaths
import Predicates

/// What a query reads, resolved against the schema: for a root entity, a predicate, sort key
/// paths and display key paths, every key path as a ``DependencyPath`` (the keys read level by
/// level), and the (entity, property) pairs whose change can alter membership, order or
/// display.
///
/// ```swift
/// let predicate = try PredicateNode(format: "bucket.name BEGINSWITH 'In' AND ANY tags.name == 'x'")
/// let dependencies = try QueryDependencies(
///     schema: schema, rootEntity: "Content", predicate: predicate,
///     sortKeyPaths: ["creationDate"], displayKeyPaths: ["bucket.owner.name"])
/// dependencies.properties[EntityProperty("Bucket", "name")]       // [.membership]
/// dependencies.properties[EntityProperty("Bucket", "contents")]   // [.membership, .display]
/// dependencies.properties[EntityProperty("User", "name")]         // [.display]
/// ```
///
/// The pairs include every relationship along each path (`Content.bucket` for `bucket.name`),
/// the property at its end, the inverse of each relationship (`Bucket.contents`: moving a
/// Content changes both sides), and the same keys on every sub-entity (`ImageContent.bucket`).
public struct QueryDependencies: Sendable, Hashable {
    /// The entity whose objects the query returns.
    public let rootEntity: String
    /// Every key path read, with its roles; identical paths are merged.
    public let paths: [DependencyPath]
    /// The (entity, property) pairs whose change can affect the query, with the roles of the
    /// paths that read them.
    public let properties: [EntityProperty: DependencyRoles]

    /// Derives the dependencies of a query.
    ///
    /// The predicate's key paths are found by walking its tree (see ``PredicateKeyPaths``):
    /// plain key paths relative to `SELF`, `SUBQUERY(collection, $x, …)` paths prefixed by the
    /// collection's path, `@count` and other collection operators. Sort key paths and display
    /// key paths are dotted key paths from the root. Errors (``DependencyError``): an unknown
    /// root entity, a key path that does not resolve (with the predicate's source range), a
    /// relationship without an inverse along a path, `ANYKEY` or `FUNCTION(SELF, …)`.
    public init(
        schema: Schema, rootEntity: String, predicate: PredicateNode?, sortKeyPaths: [String] = [],
        displayKeyPaths: [String] = []
    ) throws(DependencyError) {
        var keyPaths: [DependencyKeyPath] = []
        if let predicate {
            for collected in try PredicateKeyPaths.collect(from: predicate) {
                keyPaths.append(
                    DependencyKeyPath(alternatives: collected.alternatives, roles: .membership, range: collected.range))
            }
        }
        keyPaths += sortKeyPaths.map { DependencyKeyPath($0, roles: .order) }
        keyPaths += displayKeyPaths.map { DependencyKeyPath($0, roles: .display) }
        try self.init(schema: schema, rootEntity: rootEntity, keyPaths: keyPaths)
    }

    /// Derives the dependencies of explicit key paths, each with its roles.
    public init(schema: Schema, rootEntity: String, keyPaths: [DependencyKeyPath]) throws(DependencyError) {
        guard schema.entity(named: rootEntity) != nil else {
            var message = "no entity named '\(rootEntity)'"
            if let guess = EditDistance.bestMatch(for: rootEntity, among: schema.entityNames) {
                message += "; did you mean '\(guess)'?"
            }
            throw DependencyError(.unknownRootEntity, message: message)
        }
        var paths: [DependencyPath] = []
        var positions: [[DependencyStep]: Int] = [:]
        for keyPath in keyPaths {
            for resolved in try Self.resolve(keyPath, schema: schema, root: rootEntity) {
                if let position = positions[resolved.steps] {
                    paths[position].roles.formUnion(resolved.roles)
                } else {
                    positions[resolved.steps] = paths.count
                    paths.append(resolved)
                }
            }
        }
        self.rootEntity = rootEntity
        self.paths = paths
        self.properties = Self.pairs(of: paths, schema: schema)
    }

    /// The pairs with any of `roles`, sorted: `[Bucket.contents, Bucket.name, Content.bucket, …]`.
    public func properties(with roles: DependencyRoles) -> [EntityProperty] {
        properties.filter { !$0.value.isDisjoint(with: roles) }.map(\.key).sorted()
    }

    /// Every reading of `keyPath` that resolves (at least one must), as dependency paths.
    private static func resolve(_ keyPath: DependencyKeyPath, schema: Schema, root: String) throws(DependencyError)
        -> [DependencyPath]
    {
        var result: [DependencyPath] = []
        var firstError: DependencyError?
        for components in keyPath.alternatives {
            let text = components.joined(separator: ".")
            do throws(DependencyError) {
                result.append(
                    try path(
                        components, text: text, schema: schema, root: root, roles: keyPath.roles, range: keyPath.range))
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if result.isEmpty, let firstError { throw firstError }
        return result
    }

    private static func path(
        _ components: [String], text: String, schema: Schema, root: String, roles: DependencyRoles, range: SourceRange?
    ) throws(DependencyError) -> DependencyPath {
        let resolved: ResolvedKeyPath
        do {
            resolved = try schema.resolve(keyPath: components, from: root)
            try resolved.requireInverses()
        } catch {
            let kind: DependencyError.Kind = error.kind == .missingInverse ? .missingInverse : .unresolvedKeyPath
            throw DependencyError(kind, keyPath: text, range: range, keyPathError: error, message: error.description)
        }
        var steps = resolved.allHops.map { hop in
            DependencyStep(
                entity: hop.sourceEntity, key: hop.sourceProperty, kind: hop.isToMany ? .toMany : .toOne,
                destination: hop.destinationEntity, inverse: hop.inverse)
        }
        switch resolved.destinationProperty {
        case .attribute(let attribute):
            steps.append(DependencyStep(entity: resolved.destinationEntity, key: attribute.name, kind: .attribute))
        case .relationship(let relationship):
            steps.append(
                DependencyStep(
                    entity: resolved.destinationEntity, key: relationship.name,
                    kind: relationship.isToMany ? .toMany : .toOne,
                    destination: relationship.destination, inverse: relationship.inverse))
        case nil:
            break  // `@count`: the count changes exactly when the relationship before it does.
        }
        return DependencyPath(root: root, keyPath: text, steps: steps, roles: roles)
    }

    private static func pairs(of paths: [DependencyPath], schema: Schema) -> [EntityProperty: DependencyRoles] {
        var pairs: [EntityProperty: DependencyRoles] = [:]
        func add(_ entity: String, _ key: String, _ roles: DependencyRoles) {
            for name in [entity] + schema.subentities(of: entity) {
                pairs[EntityProperty(name, key), default: []].formUnion(roles)
            }
        }
        for path in paths {
            for step in path.steps {
                add(step.entity, step.key, path.roles)
                if let destination = step.destination, let inverse = step.inverse {
                    add(destination, inverse, path.roles)
                }
            }
        }
        return pairs
    }
}

/// A key path given to ``QueryDependencies/init(schema:rootEntity:keyPaths:)`` with its roles.
public struct DependencyKeyPath: Sendable, Hashable {
    /// The possible readings of the key path as components (usually one); every one that
    /// resolves is a dependency, and at least one must.
    public var alternatives: [[String]]
    /// Why the query reads it.
    public var roles: DependencyRoles
    /// Where it is written in a predicate, for error carets.
    public var range: SourceRange?

    /// A dotted key path: `DependencyKeyPath("bucket.name", roles: .display)`.
    public init(_ keyPath: String, roles: DependencyRoles, range: SourceRange? = nil) {
        let components =
            keyPath.isEmpty ? [] : keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        self.init(alternatives: [components], roles: roles, range: range)
    }

    /// A key path with several possible readings.
    public init(alternatives: [[String]], roles: DependencyRoles, range: SourceRange? = nil) {
        self.alternatives = alternatives
        self.roles = roles
        self.range = range
    }
}
