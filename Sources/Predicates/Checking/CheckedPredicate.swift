import KeyPaths

/// A predicate checked against a schema and a root entity: the output of the checking phase,
/// which every back end (in-memory evaluation on an object graph, SQL lowering, dependencies)
/// reads instead of walking the tree again.
///
/// ```swift
/// let predicate = try PredicateNode(format: "bucket.name == 'Inbox'")
/// let checked = try CheckedPredicate(predicate, schema: schema, entity: "Content")
/// checked.resolvedKeyPath(["bucket", "name"])?.hops.first?.destinationEntity   // "Bucket"
/// ```
///
/// Checking throws a ``SchemaCheckError`` listing every problem at once.
public struct CheckedPredicate: Sendable {
    /// The predicate as parsed.
    public let predicate: PredicateNode
    /// The schema it was checked against.
    public let schema: Schema
    /// The entity of the objects it is evaluated on.
    public let entity: String

    /// Checks `predicate` for objects of `entity`. Pass the format string as `source` so that
    /// errors can be rendered with a caret.
    public init(_ predicate: PredicateNode, schema: Schema, entity: String, source: String? = nil)
        throws(SchemaCheckError)
    {
        try predicate.validate(against: schema, entity: entity, source: source)
        self.predicate = predicate
        self.schema = schema
        self.entity = entity
    }

    /// The resolution of a key path read from the root entity (`["bucket", "name"]` from
    /// `Content`), or `nil` when it does not resolve.
    public func resolvedKeyPath(_ components: [String]) -> ResolvedKeyPath? {
        try? schema.resolve(keyPath: components, from: entity)
    }
}
