import KeyPaths
import Predicates

/// A sort key checked against a schema: the key and its key path resolved from the root entity,
/// once, by the rule every back end applies (``OrderingKeyPath``: an attribute reached through
/// to-one relationships). The in-memory readers, the SQL `ORDER BY` and the dependencies of a
/// query all read ``resolved`` instead of resolving the key path again.
///
/// ```swift
/// let key = try CheckedSortKey(SortKey("bucket.name", ascending: false), schema: schema, entity: "Content")
/// key.resolved.hops.map(\.sourceProperty)   // ["bucket"]
/// key.resolved.destinationPropertyName      // "name"
/// ```
public struct CheckedSortKey: Sendable, Hashable {
    /// The sort key as given.
    public let key: SortKey
    /// Its key path, resolved from the root entity: to-one hops, then an attribute.
    public let resolved: ResolvedKeyPath

    /// Checks `key` for objects of `entity`; `role` names it in messages (a section key path
    /// sorts first, see ``FetchRequest/effectiveSortKeys``). Throws the refusal of
    /// ``OrderingKeyPath/resolve(_:role:schema:entity:)``, a caret under the component at fault.
    public init(_ key: SortKey, schema: Schema, entity: String, role: OrderingKeyPath.Role = .sortKey)
        throws(SchemaCheckError)
    {
        self.key = key
        self.resolved = try OrderingKeyPath.resolve(key.keyPath, role: role, schema: schema, entity: entity)
    }

    /// A key whose key path was already resolved by the rule.
    init(_ key: SortKey, resolved: ResolvedKeyPath) {
        self.key = key
        self.resolved = resolved
    }
}
