/// A parsed predicate: the typed tree of one NSPredicate format string.
///
/// `PredicateNode` is a value: `Sendable`, `Hashable` and `Codable`. Equality compares the
/// structure only, never the ``range``, so `parse(format(p)) == p`.
///
/// ```
/// name CONTAINS[cd] "x" AND age > 3
/// ```
/// parses to `.and([comparison(name CONTAINS[cd] "x"), comparison(age > 3)])`.
/// AND and OR are n-ary: a chain of the same connective is one node. `NONE p` is stored as
/// `NOT (ANY p)` and `SOME` as `ANY`, as Apple does.
public struct PredicateNode: Sendable, Hashable, Codable {
    /// The shape of a predicate node.
    ///
    /// `NOT` and comparisons are `indirect` (boxed); constants and the AND/OR lists are
    /// stored inline.
    public enum Kind: Sendable, Hashable, Codable {
        /// `TRUEPREDICATE` (`true`) or `FALSEPREDICATE` (`false`).
        case constant(Bool)
        /// `a AND b AND …`; an empty list is true (printed `TRUEPREDICATE`).
        case and([PredicateNode])
        /// `a OR b OR …`; an empty list is false (printed `FALSEPREDICATE`).
        case or([PredicateNode])
        /// `NOT a`.
        indirect case not(PredicateNode)
        /// `[ANY|ALL] lhs OP[options] rhs`.
        indirect case comparison(Comparison)
    }

    /// What this node is.
    public var kind: Kind
    /// Where the node came from in the source text; `nil` for nodes built in code.
    public var range: SourceRange?

    /// Creates a node.
    public init(_ kind: Kind, range: SourceRange? = nil) {
        self.kind = kind
        self.range = range
    }

    public static func == (lhs: PredicateNode, rhs: PredicateNode) -> Bool { lhs.kind == rhs.kind }
    public func hash(into hasher: inout Hasher) { hasher.combine(kind) }

    /// `TRUEPREDICATE`.
    public static let truePredicate = PredicateNode(.constant(true))
    /// `FALSEPREDICATE`.
    public static let falsePredicate = PredicateNode(.constant(false))
}

/// One comparison: `[modifier] left operator[options] right`.
///
/// `ANY tags.name ==[c] "x"` is `Comparison(modifier: .any, left: tags.name, operator: .equalTo,
/// options: .caseInsensitive, right: "x")`.
public struct Comparison: Sendable, Hashable, Codable {
    /// `ANY`/`SOME` → `.any`, `ALL` → `.all`, none → `.direct`.
    public var modifier: ComparisonModifier
    /// The left operand.
    public var left: ExpressionNode
    /// The operator.
    public var `operator`: ComparisonOperator
    /// `[c]`, `[d]`, `[n]`, `[l]`, `[w]` in any combination; empty when absent.
    public var options: ComparisonOptions
    /// The right operand.
    public var right: ExpressionNode

    /// Creates a comparison.
    public init(
        modifier: ComparisonModifier = .direct, left: ExpressionNode, operator: ComparisonOperator,
        options: ComparisonOptions = [], right: ExpressionNode
    ) {
        self.modifier = modifier
        self.left = left
        self.operator = `operator`
        self.options = options
        self.right = right
    }
}
