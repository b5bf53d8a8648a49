import KeyPaths

/// Checks a parsed predicate against a schema before any data is touched, and reports every
/// problem at once as ``Diagnostic``s with the source range of the offending key path.
///
/// ```swift
/// let format = "bucket.nmae == 'Inbox' AND tags.name == 'swift' AND #size > 'big'"
/// let predicate = try PredicateNode(format: format)
/// let checker = try SchemaChecker(schema: schema, entity: "Content")
/// for diagnostic in checker.diagnostics(for: predicate, source: format) {
///     print(diagnostic.render(in: format))
/// }
/// ```
/// prints
/// ```
/// 1:8: error: 'Bucket' has no property 'nmae'
/// bucket.nmae == 'Inbox' AND tags.name == 'swift' AND #size > 'big'
///        ^^^^
/// note: did you mean 'name'?
/// 1:28: error: 'tags.name' is a to-many key path; use ANY, ALL, NONE, @count or SUBQUERY
/// …
/// 1:53: error: cannot compare 'size' (an integer) with "big" (a string)
/// …
/// ```
///
/// What is checked (ids in ``SchemaCheckCatalog``):
/// - every key path resolves from the entity (`unknown-key` with a did-you-mean,
///   `not-a-relationship`, `invalid-collection-operator`); `$x.key` inside
///   `SUBQUERY(collection, $x, …)` resolves from the collection's destination entity;
/// - operand types are compatible (`type-mismatch`): a string against a number, a date
///   against a string, a relationship against a constant, `LIKE`/`MATCHES`/`BEGINSWITH`/
///   `ENDSWITH`/`CONTAINS` on something that is not a string, arithmetic on strings,
///   `BETWEEN` without exactly two bounds;
/// - a to-many key path appears only under `ANY`/`ALL`/`NONE`, as the collection of
///   `IN`/`CONTAINS`, in an aggregate (`@count`, `sum:(…)`, `count:(…)`…), an index or as
///   SUBQUERY's collection (`to-many-not-allowed`); `ANY`/`ALL`/`NONE` and SUBQUERY need a
///   collection (`quantifier-needs-collection`).
///
/// The check is conservative: what it cannot type (substitution variables, `FUNCTION`,
/// `CAST` to a number, key paths inside a SUBQUERY predicate that do not start with its
/// variable) produces no diagnostic, and `x == nil` / `x != nil` is always allowed.
/// It recurses once per tree level; trees from ``PredicateParser`` are bounded by
/// ``ParserLimits/maximumDepth``.
public struct SchemaChecker: Sendable {
    /// The schema key paths resolve against.
    public let schema: Schema
    /// The entity of the objects the predicate is evaluated on.
    public let entity: String

    /// Creates a checker for predicates evaluated on objects of `entity`. Throws a
    /// ``KeyPathError`` of kind `unknownEntity` (with a suggestion) when the schema has no
    /// such entity: `no entity named 'Contnet'; did you mean 'Content'?`.
    public init(schema: Schema, entity: String) throws(KeyPathError) {
        guard schema.entity(named: entity) != nil else {
            throw KeyPathError(
                .unknownEntity, entity: entity, key: nil, componentIndex: nil,
                message: "no entity named '\(entity)'",
                suggestion: EditDistance.bestMatch(for: entity, among: schema.entityNames))
        }
        self.schema = schema
        self.entity = entity
    }

    /// Every problem of `predicate`, in source order; empty when it is valid.
    ///
    /// Pass the format string it was parsed from as `source` to narrow carets to the
    /// offending component of a key path (`bucket.nmae` underlines `nmae`); without it the
    /// whole key path is underlined. Nodes built in code (no range) get the range `0..<0`.
    public func diagnostics(for predicate: PredicateNode, source: String? = nil) -> [Diagnostic] {
        var walk = CheckWalk(schema: schema, root: entity, source: source)
        _ = walk.check(predicate, scope: CheckScope())
        return walk.sortedDiagnostics()
    }

    /// Checks `predicate` and throws every problem at once; see ``diagnostics(for:source:)``.
    public func check(_ predicate: PredicateNode, source: String? = nil) throws(SchemaCheckError) {
        let found = diagnostics(for: predicate, source: source)
        if !found.isEmpty { throw SchemaCheckError(found, source: source) }
    }
}

extension PredicateNode {
    /// Every problem of this predicate when evaluated on objects of `entity`; see
    /// ``SchemaChecker``. An entity missing from the schema gives one `unknown-entity`
    /// diagnostic covering the whole predicate.
    ///
    /// `try PredicateNode(format: "nmae == 'x'").check(against: schema, entity: "Content")`
    /// → `[unknown-key: 'Content' has no property 'nmae' (note: did you mean 'name'?)]`.
    public func check(against schema: Schema, entity: String, source: String? = nil) -> [Diagnostic] {
        do {
            return try SchemaChecker(schema: schema, entity: entity).diagnostics(for: self, source: source)
        } catch {
            return [SchemaCheckCatalog.unknownEntity(error, range: range ?? SourceRange(0, 0))]
        }
    }

    /// Throws every problem of this predicate at once as a ``SchemaCheckError``; see
    /// ``check(against:entity:source:)``.
    public func validate(against schema: Schema, entity: String, source: String? = nil) throws(SchemaCheckError) {
        let found = check(against: schema, entity: entity, source: source)
        if !found.isEmpty { throw SchemaCheckError(found, source: source) }
    }
}

/// The problems a schema check found, thrown together (never empty when thrown).
///
/// With the source, ``rendered`` shows each with its line and caret:
/// ```
/// 1:1: error: 'Content' has no property 'nmae'
/// nmae == "x"
/// ^^^^
/// note: did you mean 'name'?
/// ```
public struct SchemaCheckError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in source order.
    public var diagnostics: [Diagnostic]
    /// The format string that was checked, when known.
    public var source: String?

    /// Wraps a list of problems.
    public init(_ diagnostics: [Diagnostic], source: String? = nil) {
        self.diagnostics = diagnostics
        self.source = source
    }

    /// Each diagnostic rendered against the source (or as `range: message` without one),
    /// separated by newlines.
    public var rendered: String {
        diagnostics.map { diagnostic in
            guard let source else {
                return ([diagnostic.description] + diagnostic.notes.map { "note: \($0)" }).joined(separator: "\n")
            }
            return diagnostic.render(in: source)
        }.joined(separator: "\n")
    }

    /// The same as ``rendered``.
    public var description: String { rendered }
}
