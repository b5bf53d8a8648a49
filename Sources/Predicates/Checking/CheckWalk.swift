import KeyPaths

/// The one walk of checking: infers a ``StaticType`` for every expression bottom-up, resolves
/// every key path, builds the checked tree (``CheckedCondition``/``CheckedExpression``) and
/// collects diagnostics on the way.
///
/// The walk is split by phase: predicates and comparison rules
/// (`CheckWalk+Predicates.swift`), expressions (`CheckWalk+Expressions.swift`) and key paths
/// (`CheckWalk+KeyPaths.swift`). An expression's inference reports the problems inside it;
/// whether a to-many key path is acceptable is decided by its consumer (a comparison allows
/// it under ANY, an aggregate function always, arithmetic never), through ``requireSingle``.
struct CheckWalk {
    /// How deep the walk goes: parsed trees are bounded by ``ParserLimits/maximumDepth``
    /// (256 by default); a tree built in code that goes deeper is reported (`nesting-too-deep`)
    /// rather than walked, which protects the stack.
    static let depthLimit = 2048

    let schema: Schema
    let root: String
    /// The source as bytes, to quote `ANY`/`SOME`/`NONE` as written.
    let source: [UInt8]?
    private(set) var diagnostics: [Diagnostic] = []
    /// Every key path checked, in the order met.
    var keyPaths: [CheckedKeyPath] = []
    /// Variables read but not bound by a SUBQUERY, with the type of what they meet.
    var readVariables: [String: StaticType] = [:]
    /// Variables assigned with `:=` anywhere.
    var assignedVariables: Set<String> = []
    /// Reads whose keys cannot be known.
    var unknownReads: [UnknownRead] = []
    var depth = 0
    private var reportedDepth = false

    init(schema: Schema, root: String, source: String?) {
        self.schema = schema
        self.root = root
        self.source = source.map { Array($0.utf8) }
    }

    mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Enters one level of the tree; `false` (after reporting once) beyond ``depthLimit``.
    mutating func enter(_ range: SourceRange?) -> Bool {
        guard depth < Self.depthLimit else {
            if !reportedDepth {
                reportedDepth = true
                report(SchemaCheckCatalog.nestingTooDeep(limit: Self.depthLimit, range: range ?? SourceRange(0, 0)))
            }
            return false
        }
        depth += 1
        return true
    }

    mutating func leave() { depth -= 1 }

    /// The diagnostics in source order (stable for equal starts), duplicates removed.
    func sortedDiagnostics() -> [Diagnostic] {
        var seen: Set<Diagnostic> = []
        let unique = diagnostics.filter { seen.insert($0).inserted }
        return unique.enumerated().sorted { a, b in
            (a.element.range?.lowerBound ?? 0, a.offset) < (b.element.range?.lowerBound ?? 0, b.offset)
        }.map(\.element)
    }

    /// The variables the predicate needs bound when it is evaluated.
    func freeVariables() -> [String: StaticType] {
        readVariables.filter { !assignedVariables.contains($0.key) }
    }

    /// Records that variable `name` meets a value of `type` (the first known type wins).
    mutating func noteVariable(_ name: String, meets type: StaticType) {
        if let known = readVariables[name], known != .unknown { return }
        readVariables[name] = type
    }

    /// The word of ASCII letters starting at byte `offset` of the source, if any: `ANY` for the
    /// comparison `ANY tags.name == "x"`.
    func word(at offset: Int) -> String? {
        guard let source, offset >= 0, offset < source.count else { return nil }
        let letters = source[offset...].prefix { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        return letters.isEmpty ? nil : String(decoding: letters, as: UTF8.self)
    }

    /// A node's range; `0..<0` for nodes built in code.
    static func range(_ node: ExpressionNode) -> SourceRange { node.range ?? SourceRange(0, 0) }

    /// Reports a to-many key path used where one value is expected.
    mutating func requireSingle(_ operand: Operand, example: String? = nil) {
        guard let path = operand.path, let resolved = path.resolved, resolved.isCollection else { return }
        var example = example
        if example == nil, case .relationship = resolved.lastSegment.destination {
            example = "\(path.text).@count"
        }
        report(SchemaCheckCatalog.toManyNotAllowed(path.text, range: operand.range, example: example))
    }
}

/// An expression after inference.
struct Operand {
    /// The checked expression (its node, shape and type).
    var checked: CheckedExpression
    /// Set when the expression is a key path resolved against the schema (from the root
    /// entity, a SUBQUERY variable or another object-typed base): the to-many rules apply.
    var path: CheckedKeyPath?
    /// The operands of an aggregate literal `{a, b}`, for BETWEEN and IN.
    var elements: [Operand]?
    /// The key path from the root to the objects the expression denotes, when they are
    /// reached through plain keys: `[]` for `SELF`, `["tags"]` for `tags`, `tags[FIRST]` and
    /// a SUBQUERY variable over `tags`.
    var objectPath: [String]?
    /// The name, when the expression is a variable no SUBQUERY binds.
    var freeVariable: String?

    init(
        _ type: StaticType, _ node: ExpressionNode, _ kind: CheckedExpression.Kind, path: CheckedKeyPath? = nil,
        elements: [Operand]? = nil, objectPath: [String]? = nil
    ) {
        self.checked = CheckedExpression(node: node, kind: kind, type: type)
        self.path = path
        self.elements = elements
        self.objectPath = objectPath
    }

    /// The inferred type.
    var type: StaticType { checked.type }
    /// The expression.
    var node: ExpressionNode { checked.node }
    /// Where the expression is written.
    var range: SourceRange { CheckWalk.range(node) }

    /// How messages quote the operand: `'bucket.name'` for key paths, the canonical text of
    /// anything else (`42`, `"x"`, `{1, 2}`), cut after 40 characters.
    var text: String {
        if let path { return "'\(path.text)'" }
        let format = node.expressionFormat
        return format.count > 40 ? String(format.prefix(39)) + "…" : format
    }

    /// The family used to compare types. A bare object that is neither a relationship key path
    /// nor a reference argument (`SELF`, a SUBQUERY variable) has none: the rules for objects
    /// (`CheckWalk+Objects.swift`) judge it.
    var family: String? {
        if case .object = type, path == nil, constant == nil { return nil }
        return type.comparisonFamily
    }

    /// Whether this is the `nil` constant.
    var isNil: Bool { type == .null }

    /// The same operand seen with another type (the element under a quantifier).
    func retyped(_ type: StaticType) -> Operand {
        var copy = self
        copy.checked.type = type
        return copy
    }
}

/// What is in scope while checking a part of the predicate.
struct CheckScope {
    /// A SUBQUERY variable.
    struct Variable {
        /// The element type (`object(Tag)` for `SUBQUERY(tags, $t, …)`).
        var type: StaticType
        /// The key path from the root to the collection, when it is one of plain keys.
        var objectPath: [String]?
    }

    /// SUBQUERY variables in scope.
    var variables: [String: Variable] = [:]
}

extension ResolvedKeyPath {
    /// The last segment of the path: this one, or the one after its last collection operator.
    var lastSegment: ResolvedKeyPath {
        var path = self
        while case .aggregate(_, let then?) = path.destination { path = then }
        return path
    }
}
