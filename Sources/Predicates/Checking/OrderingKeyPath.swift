import KeyPaths

/// The one rule for the key paths that order or group rows — a sort key, a live list's
/// section key path — applied by every back end: the live results in memory, the SQL lowering,
/// the command line (`watch`, `sql`, `query`, `affected`) and the REPL's `:sort`.
///
/// The key path must resolve from the root entity and end in an attribute reached through
/// to-one relationships only, so that each row has exactly one value to sort on or to name its
/// section by. Core Data's fetch requests ask the same of their sort descriptors.
///
/// | from `Content` | |
/// |---|---|
/// | `creationDate`, `bucket.name`, `bucket.owner.name` | accepted |
/// | `bucket` | refused: ends on a relationship (sorting by objects has no order) |
/// | `tags.name`, `tags`, `bucket.contents.@count` | refused: goes through a to-many relationship |
/// | `nmae` | refused: does not resolve (with a did-you-mean) |
///
/// A refusal is a ``SchemaCheckError`` whose source is the key path, so it renders with a
/// caret under the component at fault:
/// ```
/// 1:1: error: the section key path 'bucket' ends on the relationship 'bucket', not an attribute
/// bucket
/// ^^^^^^
/// note: sort keys and section key paths end in an attribute, e.g. bucket.name
/// ```
public enum OrderingKeyPath {
    /// What the key path is for (named in messages).
    public enum Role: String, Sendable, CaseIterable {
        /// A sort key.
        case sortKey = "sort key"
        /// A live list's section key path.
        case sectionKeyPath = "section key path"
    }

    /// Resolves `keyPath` from `entity` and checks it by the rule; returns the resolved path.
    @discardableResult
    public static func resolve(_ keyPath: String, role: Role, schema: Schema, entity: String)
        throws(SchemaCheckError) -> ResolvedKeyPath
    {
        let resolved: ResolvedKeyPath
        do {
            resolved = try schema.resolve(keyPath: keyPath, from: entity)
        } catch {
            throw SchemaCheckError([Diagnostic(error, inKeyPath: keyPath)], source: keyPath)
        }
        let ranges = Diagnostic.componentRanges(keyPath)
        func range(_ index: Int) -> SourceRange {
            ranges.indices.contains(index) ? ranges[index] : SourceRange(0, keyPath.utf8.count)
        }
        if let hop = resolved.allHops.first(where: \.isToMany) {
            throw SchemaCheckError(
                [
                    SchemaCheckCatalog.throughToMany(
                        role.rawValue, keyPath: keyPath, relationship: hop.sourceProperty,
                        range: range(hop.componentIndex))
                ], source: keyPath)
        }
        switch resolved.destination {
        case .attribute:
            return resolved
        case .relationship(let relationship):
            let last = resolved.components.count - 1
            let diagnostic =
                relationship.isToMany
                ? SchemaCheckCatalog.throughToMany(
                    role.rawValue, keyPath: keyPath, relationship: relationship.name, range: range(last))
                : SchemaCheckCatalog.endsOnRelationship(
                    role.rawValue, keyPath: keyPath, relationship: relationship.name,
                    example: example(after: keyPath, in: relationship.destination, schema: schema), range: range(last))
            throw SchemaCheckError([diagnostic], source: keyPath)
        case .aggregate:
            // A collection operator follows a to-many path, refused above; kept for exhaustiveness.
            throw SchemaCheckError(
                [
                    SchemaCheckCatalog.throughToMany(
                        role.rawValue, keyPath: keyPath, relationship: resolved.components.first ?? keyPath,
                        range: range(0))
                ], source: keyPath)
        }
    }

    /// `keyPath.name` (or another attribute of `entity`, the first by name): a key path that
    /// would be accepted.
    static func example(after keyPath: String, in entity: String, schema: Schema) -> String? {
        let names = schema.allAttributes(of: entity).map(\.name)
        guard let name = names.contains("name") ? "name" : names.sorted().first else { return nil }
        return keyPath + "." + name
    }
}
