import KeyPaths

/// One pass of ``SchemaChecker`` over a tree: infers a ``StaticType`` for every expression
/// bottom-up and collects diagnostics on the way.
///
/// The walk is split by phase: predicates and comparison rules
/// (`CheckWalk+Predicates.swift`), expressions (`CheckWalk+Expressions.swift`) and key paths
/// (`CheckWalk+KeyPaths.swift`). An expression's inference reports the problems inside it;
/// whether a to-many key path is acceptable is decided by its consumer (a comparison allows
/// it under ANY, an aggregate function always, arithmetic never), through ``requireSingle``.
struct CheckWalk {
    /// How deep the walk goes before it stops looking (silently). Parsed trees are bounded
    /// by ``ParserLimits/maximumDepth`` (256 by default); this only protects the stack from
    /// hand-built trees.
    static let depthLimit = 2048

    let schema: Schema
    let root: String
    let sourceMap: KeyPathSourceMap?
    private(set) var diagnostics: [Diagnostic] = []
    var depth = 0

    init(schema: Schema, root: String, source: String?) {
        self.schema = schema
        self.root = root
        self.sourceMap = source.map(KeyPathSourceMap.init(source:))
    }

    mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// The diagnostics in source order (stable for equal starts), duplicates removed.
    func sortedDiagnostics() -> [Diagnostic] {
        var seen: Set<Diagnostic> = []
        let unique = diagnostics.filter { seen.insert($0).inserted }
        return unique.enumerated().sorted { a, b in
            (a.element.range.lowerBound, a.offset) < (b.element.range.lowerBound, b.offset)
        }.map(\.element)
    }

    /// A node's range; `0..<0` for nodes built in code.
    static func range(_ node: ExpressionNode) -> SourceRange { node.range ?? SourceRange(0, 0) }

    /// Reports a to-many key path used where one value is expected.
    mutating func requireSingle(_ operand: Operand, example: String? = nil) {
        guard let path = operand.path, path.resolved.isCollection else { return }
        var example = example
        if example == nil, case .relationship = path.resolved.lastSegment.destination {
            example = "\(path.text).@count"
        }
        report(SchemaCheckCatalog.toManyNotAllowed(path.text, range: operand.range, example: example))
    }
}

/// An expression after inference.
struct Operand {
    /// The inferred type.
    var type: StaticType
    /// The expression.
    var node: ExpressionNode
    /// Set when the expression is a key path resolved against the schema (from the root
    /// entity, or from a SUBQUERY variable or another object-typed base).
    var path: ResolvedPath?
    /// The operands of an aggregate literal `{a, b}`, for BETWEEN and IN.
    var elements: [Operand]?

    init(_ type: StaticType, _ node: ExpressionNode, path: ResolvedPath? = nil, elements: [Operand]? = nil) {
        self.type = type
        self.node = node
        self.path = path
        self.elements = elements
    }

    /// Where the expression is written.
    var range: SourceRange { CheckWalk.range(node) }

    /// How messages quote the operand: `'bucket.name'` for key paths, the canonical text of
    /// anything else (`42`, `"x"`, `{1, 2}`), cut after 40 characters.
    var text: String {
        if let path { return "'\(path.text)'" }
        let format = node.expressionFormat
        return format.count > 40 ? String(format.prefix(39)) + "…" : format
    }

    /// The family used to compare types. A bare object that is not a relationship key path
    /// (`SELF`, a SUBQUERY variable) has none: it may legitimately meet an object argument.
    var family: String? {
        if case .object = type, path == nil { return nil }
        return type.comparisonFamily
    }

    /// Whether this is the `nil` constant.
    var isNil: Bool { type == .null }
}

/// A key path operand resolved against the schema.
struct ResolvedPath {
    /// The key path as messages show it: `bucket.name`, `$t.name`.
    var text: String
    /// The resolution.
    var resolved: ResolvedKeyPath
}

extension ResolvedKeyPath {
    /// The last segment of the path: this one, or the one after its last collection operator.
    var lastSegment: ResolvedKeyPath {
        var path = self
        while case .aggregate(_, let then?) = path.destination { path = then }
        return path
    }
}
