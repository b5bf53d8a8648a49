import KeyPaths

/// A predicate checked against a schema and a root entity: the output of the checking phase.
///
/// The pipeline is parse → check → one of the back ends: compile for memory (the Evaluation
/// module's `PredicateCompiler`, on an object graph), lower to SQL, or derive the dependencies
/// of a query (the ObjectStore module's `QueryDependencies`). Every back end reads what
/// checking learnt here — the static type of every node, every key path resolved into hops, the
/// entity each SUBQUERY variable ranges over — instead of walking the tree again.
///
/// ```swift
/// let format = "bucket.name == 'Inbox' AND ANY tags.name ==[c] $tag"
/// let checked = try CheckedPredicate(PredicateNode(format: format), schema: schema, entity: "Content")
/// checked.keyPaths.map(\.text)              // ["bucket.name", "tags.name"]
/// checked.keyPaths[0].resolved?.hops[0]     // Content.bucket → Bucket (inverse contents)
/// checked.variables                         // ["tag": .string]
/// ```
///
/// Checking is the one entry to the checking phase: it reports every problem at once, in
/// source order, as a ``SchemaCheckError`` of ``Diagnostic``s (ids in `SchemaCheckCatalog`), and
/// a checked predicate exists only for a predicate without errors.
/// ``PredicateNode/check(against:entity:source:)`` lists the same diagnostics without
/// throwing. What is checked:
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
///   collection (`quantifier-needs-collection`);
/// - the entity is in the schema (`unknown-entity`, over the whole predicate).
///
/// The check is conservative: what it cannot type (substitution variables, `FUNCTION`,
/// `CAST` to a number, key paths inside a SUBQUERY predicate that do not start with its
/// variable) produces no diagnostic, and `x == nil` / `x != nil` is always allowed. It walks
/// the tree once, recursing once per level: parsed trees are bounded by
/// ``ParserLimits/maximumDepth``, and a tree built in code nested more than 2,048 levels deep
/// is reported (`nesting-too-deep`), not walked.
public struct CheckedPredicate: Sendable {
    /// The predicate as parsed.
    public let predicate: PredicateNode
    /// The schema it was checked against.
    public let schema: Schema
    /// The entity of the objects it is evaluated on.
    public let entity: String
    /// The checked tree, mirroring ``predicate``.
    public let condition: CheckedCondition
    /// Every key path read, in the order checking met them (an operand before the key path
    /// read through it: `tags` before `tags[FIRST].name`).
    public let keyPaths: [CheckedKeyPath]
    /// The variables the predicate needs bound when it is evaluated (not bound by a SUBQUERY
    /// or an assignment), with the type of what they are compared with (`age > $min` needs an
    /// integer `min`), ``StaticType/unknown`` when nothing says.
    public let variables: [String: StaticType]
    /// Reads whose keys cannot be known before evaluation: `ANYKEY`, `FUNCTION(SELF, …)`, a key
    /// read through a variable no SUBQUERY binds. Derived dependencies cannot cover them.
    public let unknownReads: [UnknownRead]
    /// Resolutions of the leading plain keys of every key path read from the evaluated object,
    /// and of each of their prefixes, by components.
    private let rootResolutions: [[String]: ResolvedKeyPath]

    /// Checks `predicate` for objects of `entity`, in one walk over the tree.
    ///
    /// Pass the format string it was parsed from as `source` to quote `ANY`/`SOME`/`NONE` as
    /// written in messages, to narrow carets to the offending component of a key path written
    /// with spaces or parentheses, and to render errors with carets (without it, the ranges
    /// the parser kept are used; nodes built in code get `0..<0`). Throws every problem at once:
    /// ```
    /// 1:8: error: 'Bucket' has no property 'nmae'
    /// bucket.nmae == "Inbox"
    ///        ^^^^
    /// note: did you mean 'name'?
    /// ```
    public init(_ predicate: PredicateNode, schema: Schema, entity: String, source: String? = nil)
        throws(SchemaCheckError)
    {
        guard schema.entity(named: entity) != nil else {
            let range = predicate.range ?? SourceRange(0, 0)
            throw SchemaCheckError([SchemaCheckCatalog.unknownEntity(entity, in: schema, range: range)], source: source)
        }
        var walk = CheckWalk(schema: schema, root: entity, source: source)
        let condition = walk.check(predicate, scope: CheckScope())
        let diagnostics = walk.sortedDiagnostics()
        if !diagnostics.isEmpty { throw SchemaCheckError(diagnostics, source: source) }
        self.predicate = predicate
        self.schema = schema
        self.entity = entity
        self.condition = condition
        self.keyPaths = walk.keyPaths
        self.variables = walk.freeVariables()
        self.unknownReads = walk.unknownReads
        var resolutions: [[String]: ResolvedKeyPath] = [:]
        for keyPath in walk.keyPaths where keyPath.base == .evaluatedObject {
            let keys = keyPath.components.prefix { if case .key = $0 { true } else { false } }.map(\.spelling)
            for length in stride(from: keys.count, to: 0, by: -1) where resolutions[Array(keys.prefix(length))] == nil {
                let prefix = Array(keys.prefix(length))
                resolutions[prefix] = try? schema.resolve(keyPath: prefix, from: entity)
            }
        }
        self.rootResolutions = resolutions
    }

    /// The resolution from the root entity of the leading plain keys of a key path the
    /// predicate reads from the evaluated object, or of a prefix of them: for
    /// `bucket.name == 'x' AND tags.@count > 2` from `Content`, `["bucket", "name"]`,
    /// `["bucket"]` and `["tags"]`. `nil` for keys the predicate does not read that way.
    public func resolvedKeyPath(_ components: [String]) -> ResolvedKeyPath? {
        rootResolutions[components]
    }
}

extension PredicateNode {
    /// The problems ``CheckedPredicate/init(_:schema:entity:source:)`` reports for this
    /// predicate evaluated on objects of `entity`, in source order; empty when it checks. A
    /// convenience for tools that list problems (`predicate lint`):
    ///
    /// `try PredicateNode(format: "nmae == 'x'").check(against: schema, entity: "Content")`
    /// → `[unknown-key: 'Content' has no property 'nmae' (note: did you mean 'name'?)]`.
    public func check(against schema: Schema, entity: String, source: String? = nil) -> [Diagnostic] {
        do {
            _ = try CheckedPredicate(self, schema: schema, entity: entity, source: source)
            return []
        } catch {
            return error.diagnostics
        }
    }
}

/// A read whose keys cannot be known before evaluation (see
/// ``CheckedPredicate/unknownReads``).
public struct UnknownRead: Sendable, Hashable {
    /// Why: `ANYKEY may read any key`.
    public var message: String
    /// Where it is written.
    public var range: SourceRange?

    /// Creates an unknown read.
    public init(message: String, range: SourceRange?) {
        self.message = message
        self.range = range
    }
}
