import KeyPaths

/// A parsed expression: an operand of a comparison, a function argument, a SUBQUERY collection…
///
/// Like ``PredicateNode``, equality ignores the ``range``.
///
/// | text | node |
/// |---|---|
/// | `"x"`, `42`, `2.5`, `YES`, `nil` | ``Kind/constant(_:)`` |
/// | `SELF` | ``Kind/evaluatedObject`` |
/// | `a.b.@count`, `SELF.a`, `%K` | ``Kind/keyPath(_:)`` (relative to the evaluated object) |
/// | `$x.name`, `SUBQUERY(…).@count` | ``Kind/member(_:_:)`` |
/// | `$x` | ``Kind/variable(_:)`` |
/// | `{1, 2}` | ``Kind/aggregate(_:)`` |
/// | `a + b`, `a & b`, `a UNION b` | ``Kind/binary(_:_:_:)`` |
/// | `-a`, `~a` | ``Kind/unary(_:_:)`` (a minus before a number literal is folded into the constant) |
/// | `a[0]`, `a[FIRST]`, `a['key']` | ``Kind/index(_:_:)`` |
/// | `sum:(a)`, `max(1, 2)`, `now()` | ``Kind/function(_:_:)`` |
/// | `FUNCTION(r, 'sel:', x)` | ``Kind/customFunction(receiver:selector:arguments:)`` |
/// | `SUBQUERY(c, $x, p)` | ``Kind/subquery(collection:variable:predicate:)`` |
/// | `CAST(x, 'NSNumber')` | ``Kind/cast(_:type:)`` |
/// | `TERNARY(p, a, b)` | ``Kind/ternary(_:_:_:)`` |
/// | `$x := a` | ``Kind/assignment(variable:value:)`` |
/// | `ANYKEY` | ``Kind/anyKey`` |
public struct ExpressionNode: Sendable, Hashable, Codable {
    /// The shape of an expression node.
    ///
    /// The cases that hold another node are `indirect` (boxed); the leaves (constants, key
    /// paths, variables) and the lists are stored inline, so that building them allocates no
    /// box.
    public enum Kind: Sendable, Hashable, Codable {
        /// A literal or an argument bound from `%@`, `%d`, …
        case constant(PredicateValue)
        /// `SELF`: the object being evaluated.
        case evaluatedObject
        /// A key path read from the evaluated object: `a.b`, `@count`, `#size`. Never empty.
        case keyPath([KeyPathComponent])
        /// A key path read from another expression: `$x.name`, `(a + b).c`. Never empty.
        /// The base is never `SELF` or a plain key path (those are folded into ``keyPath(_:)``).
        indirect case member(ExpressionNode, [KeyPathComponent])
        /// `$name`: a variable bound later (substitution or SUBQUERY).
        case variable(String)
        /// `{a, b, …}`: an array literal.
        case aggregate([ExpressionNode])
        /// An infix operator: arithmetic, bitwise or set.
        indirect case binary(BinaryOperator, ExpressionNode, ExpressionNode)
        /// A prefix operator.
        indirect case unary(UnaryOperator, ExpressionNode)
        /// `collection[index]`.
        indirect case index(ExpressionNode, IndexSelector)
        /// A predefined function: `sum:(a)`, `now()`.
        case function(BuiltinFunction, [ExpressionNode])
        /// `FUNCTION(receiver, 'selector', arguments…)`: a function the user registers by name.
        indirect case customFunction(receiver: ExpressionNode, selector: String, arguments: [ExpressionNode])
        /// `SUBQUERY(collection, $variable, predicate)`.
        indirect case subquery(collection: ExpressionNode, variable: String, predicate: PredicateNode)
        /// `CAST(value, 'TypeName')`.
        indirect case cast(ExpressionNode, type: String)
        /// `TERNARY(condition, whenTrue, whenFalse)`.
        indirect case ternary(PredicateNode, ExpressionNode, ExpressionNode)
        /// `$variable := value`.
        indirect case assignment(variable: String, value: ExpressionNode)
        /// `ANYKEY` (Spotlight's "any attribute"): parsed, never evaluable.
        case anyKey
    }

    /// What this node is.
    public var kind: Kind
    /// Where the node came from in the source text; `nil` for nodes built in code.
    public var range: SourceRange?
    /// For a ``Kind/keyPath(_:)`` or ``Kind/member(_:_:)`` node parsed from text, where each
    /// of its components is written, one range per component: in `bucket.nmae` the second is
    /// the range of `nmae`, so a diagnostic can point at it. The components a `%K` argument
    /// supplies share the range of the `%K`. `nil` for other nodes and for nodes built in code.
    /// Like ``range``, it is kept beside the tree: equality and hashing ignore it.
    public var componentRanges: [SourceRange]? {
        get { componentRangeStorage.ranges }
        set { componentRangeStorage = ComponentRanges(newValue) }
    }
    /// The storage of ``componentRanges`` (one range and a count when they are all the same).
    var componentRangeStorage: ComponentRanges

    /// Creates a node.
    public init(_ kind: Kind, range: SourceRange? = nil, componentRanges: [SourceRange]? = nil) {
        self.kind = kind
        self.range = range
        self.componentRangeStorage = ComponentRanges(componentRanges)
    }

    /// Creates a node whose component ranges are given in their compact form.
    init(_ kind: Kind, range: SourceRange?, componentRangeStorage: ComponentRanges) {
        self.kind = kind
        self.range = range
        self.componentRangeStorage = componentRangeStorage
    }

    private enum CodingKeys: String, CodingKey {
        case kind, range, componentRanges
    }

    /// Decodes `kind` and the optional `range` and `componentRanges`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.kind = try container.decode(Kind.self, forKey: .kind)
        self.range = try container.decodeIfPresent(SourceRange.self, forKey: .range)
        self.componentRangeStorage = ComponentRanges(
            try container.decodeIfPresent([SourceRange].self, forKey: .componentRanges))
    }

    /// Encodes `kind`, and `range` and `componentRanges` when present.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(range, forKey: .range)
        try container.encodeIfPresent(componentRanges, forKey: .componentRanges)
    }

    public static func == (lhs: ExpressionNode, rhs: ExpressionNode) -> Bool { lhs.kind == rhs.kind }
    public func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

/// What goes between the brackets of an index expression.
public enum IndexSelector: Sendable, Hashable, Codable {
    /// `[FIRST]`.
    case first
    /// `[LAST]`.
    case last
    /// `[SIZE]`: the element count.
    case size
    /// `[n]` or `['key']`.
    case expression(ExpressionNode)
}

/// One step of a key path.
public enum KeyPathComponent: Sendable, Hashable, Codable {
    /// A key: `name`, or a reserved word escaped with `#` (`#size` is the key `size`).
    case key(String)
    /// A collection operator: `@count`, `@sum`, …
    case collectionOperator(CollectionOperator)

    /// The component as written in a dotted key path: `name`, `@count` (`#size` is the key
    /// `size`).
    public var spelling: String {
        switch self {
        case .key(let key): key
        case .collectionOperator(let operation): operation.spelling
        }
    }
}

/// The key-value-coding collection operators usable inside a key path (`@count`, `@sum`, …).
///
/// It is KeyPaths' ``AggregateOperator`` under the name the syntax tree uses, so a parsed key
/// path and its resolution against a schema share one type: `spelling` is `"@count"`, the raw
/// value `"count"`.
public typealias CollectionOperator = AggregateOperator
