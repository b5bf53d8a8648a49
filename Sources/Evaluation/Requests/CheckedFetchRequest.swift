import KeyPaths
import Predicates

/// A ``FetchRequest`` checked against a schema: its predicate checked (a ``CheckedPredicate``),
/// its sort keys, section key path and refresh key paths resolved — each key path once — and
/// read by every back end from here: the compiled evaluator and the live results in memory,
/// the SQL lowering (``PredicateLowering/query(_:)-(CheckedFetchRequest)``) and the
/// dependencies of the query (the ObjectStore module's `QueryDependencies`).
///
/// ```swift
/// let request = try FetchRequest(
///     entity: "Content", format: "bucket.name == %@", arguments: ["Inbox"],
///     sortKeys: [SortKey("creationDate")], sectionKeyPath: "owner.name", refreshKeyPaths: ["bucket.name"])
/// let checked = try CheckedFetchRequest(request, schema: schema)
/// checked.sortKeys.map(\.key.keyPath)          // ["owner.name", "creationDate"]: the section first
/// let select = try PredicateLowering(layout: mapping).query(checked)
/// ```
///
/// The checks, in order, each throwing a ``SchemaCheckError`` that renders with a caret: the
/// entity is in the schema (`unknown-entity`, the entity name as the source); the predicate
/// checks (``CheckedPredicate``, `source` as its source); the section key path, then each sort
/// key, follow ``OrderingKeyPath``'s rule (the key path as the source); each refresh key path
/// resolves (any key path: to-many ones and relationships are displayed too). The window
/// (``FetchRequest/window``) is not a schema matter: each back end refuses a negative one.
public struct CheckedFetchRequest: Sendable {
    /// The request as given.
    public let request: FetchRequest
    /// The schema it was checked against.
    public let schema: Schema
    /// The checked predicate; `nil` when the request lists every object.
    public let predicate: CheckedPredicate?
    /// The order in effect (``FetchRequest/effectiveSortKeys``: the section key path first
    /// when no sort key starts with it), each key resolved.
    public let sortKeys: [CheckedSortKey]
    /// The section key path, resolved.
    public let sectionKeyPath: ResolvedKeyPath?
    /// The refresh key paths, resolved, in the request's order.
    public let refreshKeyPaths: [ResolvedKeyPath]

    /// The entity whose objects are listed.
    public var entity: String { request.entity }

    /// Checks `request` against `schema`. Pass the format string the predicate was parsed from
    /// as `source` to render its diagnostics with carets (see ``CheckedPredicate``).
    public init(_ request: FetchRequest, schema: Schema, source: String? = nil) throws(SchemaCheckError) {
        let entity = request.entity
        guard schema.entity(named: entity) != nil else {
            throw SchemaCheckError(
                [SchemaCheckCatalog.unknownEntity(entity, in: schema, range: SourceRange(0, entity.utf8.count))],
                source: entity)
        }
        self.request = request
        self.schema = schema
        self.predicate = try request.predicate.map { node throws(SchemaCheckError) in
            try CheckedPredicate(node, schema: schema, entity: entity, source: source)
        }
        // Each distinct key path resolved once: the section's is the first sort key's when they agree.
        var resolutions: [String: ResolvedKeyPath] = [:]
        if let section = request.sectionKeyPath {
            resolutions[section] = try OrderingKeyPath.resolve(
                section, role: .sectionKeyPath, schema: schema, entity: entity)
        }
        for key in request.sortKeys where resolutions[key.keyPath] == nil {
            resolutions[key.keyPath] = try OrderingKeyPath.resolve(
                key.keyPath, role: .sortKey, schema: schema, entity: entity)
        }
        self.sortKeys = request.effectiveSortKeys.compactMap { key in
            resolutions[key.keyPath].map { CheckedSortKey(key, resolved: $0) }
        }
        self.sectionKeyPath = request.sectionKeyPath.flatMap { resolutions[$0] }
        var refresh: [ResolvedKeyPath] = []
        for keyPath in request.refreshKeyPaths {
            do {
                refresh.append(try schema.resolve(keyPath: keyPath, from: entity))
            } catch {
                throw SchemaCheckError([Diagnostic(error, inKeyPath: keyPath)], source: keyPath)
            }
        }
        self.refreshKeyPaths = refresh
    }
}
