import Evaluation
import KeyPaths
import Predicates

/// What a query reads, resolved against the schema: for a root entity, a checked predicate,
/// sort key paths and display key paths, every key path as a ``DependencyPath``, and the
/// (entity, property) pairs whose change can alter membership, order or display.
///
/// ```swift
/// let predicate = try PredicateNode(format: "bucket.name BEGINSWITH 'In' AND ANY tags.name == 'x'")
/// let checked = try CheckedPredicate(predicate, schema: schema, entity: "Content")
/// let dependencies = try QueryDependencies(
///     checked, sortKeyPaths: ["creationDate"], displayKeyPaths: ["bucket.owner.name"])
/// dependencies.properties[EntityProperty("Bucket", "name")]       // [.membership]
/// dependencies.properties[EntityProperty("Bucket", "contents")]   // [.membership, .display]
/// dependencies.properties[EntityProperty("User", "name")]         // [.display]
/// ```
///
/// The predicate's key paths come from the checked predicate (``CheckedPredicate/keyPaths``,
/// each read from the root: `$c.owner.name` in `SUBQUERY(contents, $c, …)` is
/// `contents.owner.name`); nothing is resolved twice. The pairs include every relationship
/// along each path (`Content.bucket` for `bucket.name`), the property at its end, the inverse
/// of each relationship (`Bucket.contents`: moving a Content changes both sides), and the same
/// keys on every sub-entity (`ImageContent.bucket`).
public struct QueryDependencies: Sendable, Hashable {
    /// The entity whose objects the query returns.
    public let rootEntity: String
    /// Every key path read, with its roles; paths reading the same keys are merged.
    public let paths: [DependencyPath]
    /// The (entity, property) pairs whose change can affect the query, with the roles of the
    /// paths that read them.
    public let properties: [EntityProperty: DependencyRoles]

    /// Derives the dependencies of a query whose predicate was checked for its root entity.
    ///
    /// Sort and display key paths are dotted key paths from the root. Errors
    /// (``DependencyError``): a sort or display key path that does not resolve, a relationship
    /// without an inverse along any path, and a read the predicate makes that cannot be known
    /// in advance (``CheckedPredicate/unknownReads``: `ANYKEY`, `FUNCTION(SELF, …)`, `$x.key`
    /// with `$x` not bound by a SUBQUERY).
    public init(_ checked: CheckedPredicate, sortKeyPaths: [String] = [], displayKeyPaths: [String] = [])
        throws(DependencyError)
    {
        var keyPaths = try Self.membership(checked)
        keyPaths += sortKeyPaths.map { DependencyKeyPath($0, roles: .order) }
        keyPaths += displayKeyPaths.map { DependencyKeyPath($0, roles: .display) }
        try self.init(schema: checked.schema, rootEntity: checked.entity, keyPaths: keyPaths)
    }

    /// Derives the dependencies of a checked fetch request from the key paths checking
    /// resolved, none of them resolved again: its predicate's (membership), its sort keys and
    /// section key path (order) and its refresh key paths (display). Errors: a relationship
    /// without an inverse along any path, and a read the predicate makes that cannot be known in
    /// advance (see ``init(_:sortKeyPaths:displayKeyPaths:)``).
    public init(_ request: CheckedFetchRequest) throws(DependencyError) {
        var keyPaths = try request.predicate.map(Self.membership) ?? []
        keyPaths += request.sortKeys.map { DependencyKeyPath(resolved: $0.resolved, roles: .order) }
        keyPaths += request.refreshKeyPaths.map { DependencyKeyPath(resolved: $0, roles: .display) }
        try self.init(schema: request.schema, rootEntity: request.entity, keyPaths: keyPaths)
    }

    /// The key paths a checked predicate reads from the root, or the first read that cannot be
    /// known in advance.
    private static func membership(_ checked: CheckedPredicate) throws(DependencyError) -> [DependencyKeyPath] {
        if let read = checked.unknownReads.first {
            throw DependencyError(.untrackable, range: read.range, message: read.message)
        }
        return checked.keyPaths.compactMap { keyPath in
            keyPath.fromRoot.map { DependencyKeyPath(resolved: $0, roles: .membership, range: keyPath.range) }
        }
    }

    /// Checks `predicate` (when there is one) for `rootEntity` and derives the dependencies;
    /// see ``init(_:sortKeyPaths:displayKeyPaths:)``. A predicate that does not check throws
    /// ``DependencyError/Kind/invalidPredicate`` with every diagnostic.
    public init(
        schema: Schema, rootEntity: String, predicate: PredicateNode?, sortKeyPaths: [String] = [],
        displayKeyPaths: [String] = [], source: String? = nil
    ) throws(DependencyError) {
        guard let predicate else {
            let keyPaths =
                sortKeyPaths.map { DependencyKeyPath($0, roles: .order) }
                + displayKeyPaths.map { DependencyKeyPath($0, roles: .display) }
            try self.init(schema: schema, rootEntity: rootEntity, keyPaths: keyPaths)
            return
        }
        let checked: CheckedPredicate
        do {
            checked = try CheckedPredicate(predicate, schema: schema, entity: rootEntity, source: source)
        } catch {
            guard schema.entity(named: rootEntity) != nil else {
                throw DependencyError(.unknownRootEntity, message: Self.unknownEntity(rootEntity, in: schema))
            }
            throw DependencyError(
                .invalidPredicate, range: error.diagnostics.first?.range, diagnostics: error.diagnostics,
                message: error.diagnostics.first?.message ?? "the predicate does not check")
        }
        try self.init(checked, sortKeyPaths: sortKeyPaths, displayKeyPaths: displayKeyPaths)
    }

    /// Derives the dependencies of explicit key paths, each with its roles.
    public init(schema: Schema, rootEntity: String, keyPaths: [DependencyKeyPath]) throws(DependencyError) {
        guard schema.entity(named: rootEntity) != nil else {
            throw DependencyError(.unknownRootEntity, message: Self.unknownEntity(rootEntity, in: schema))
        }
        var paths: [DependencyPath] = []
        var positions: [[DependencyPath.Step]: Int] = [:]
        for keyPath in keyPaths {
            let path = try Self.path(keyPath, schema: schema, root: rootEntity)
            let steps = path.steps
            if let position = positions[steps] {
                paths[position].roles.formUnion(path.roles)
            } else {
                positions[steps] = paths.count
                paths.append(path)
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

    private static func unknownEntity(_ name: String, in schema: Schema) -> String {
        var message = "no entity named '\(name)'"
        if let guess = EditDistance.bestMatch(for: name, among: schema.entityNames) {
            message += "; did you mean '\(guess)'?"
        }
        return message
    }

    /// The key path resolved (unless it already is) with every inverse required.
    private static func path(_ keyPath: DependencyKeyPath, schema: Schema, root: String) throws(DependencyError)
        -> DependencyPath
    {
        let text = keyPath.keyPath
        do throws(KeyPathError) {
            let resolved: ResolvedKeyPath
            if let known = keyPath.resolved {
                resolved = known
            } else {
                resolved = try schema.resolve(keyPath: text, from: root)
            }
            try resolved.requireInverses()
            return DependencyPath(root: root, resolved: resolved, roles: keyPath.roles)
        } catch {
            let kind: DependencyError.Kind = error.kind == .missingInverse ? .missingInverse : .unresolvedKeyPath
            throw DependencyError(
                kind, keyPath: text, range: keyPath.range, keyPathError: error, message: error.description)
        }
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

/// A key path given to ``QueryDependencies/init(schema:rootEntity:keyPaths:)`` with its roles:
/// dotted text resolved from the root, or a key path already resolved (by checking).
public struct DependencyKeyPath: Sendable, Hashable {
    /// The key path as text: `bucket.name`.
    public var keyPath: String
    /// The resolution, when known.
    public var resolved: ResolvedKeyPath?
    /// Why the query reads it.
    public var roles: DependencyRoles
    /// Where it is written in a predicate, for error carets.
    public var range: SourceRange?

    /// A dotted key path: `DependencyKeyPath("bucket.name", roles: .display)`.
    public init(_ keyPath: String, roles: DependencyRoles, range: SourceRange? = nil) {
        self.keyPath = keyPath
        self.roles = roles
        self.range = range
    }

    /// A key path already resolved from the root.
    public init(resolved: ResolvedKeyPath, roles: DependencyRoles, range: SourceRange? = nil) {
        self.keyPath = resolved.keyPath
        self.resolved = resolved
        self.roles = roles
        self.range = range
    }
}
