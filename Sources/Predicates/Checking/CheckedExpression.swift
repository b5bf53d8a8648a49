import KeyPaths

/// An expression of a ``CheckedPredicate``: the parsed node with its static type, its operands
/// checked in turn, and every key path resolved.
///
/// The shape mirrors ``ExpressionNode/Kind`` case for case, so a back end switches over it
/// exhaustively; what checking learnt sits where the back end needs it:
///
/// | text (from `Content`) | kind | type |
/// |---|---|---|
/// | `bucket.name` | `keyPath` (hops `Content.bucket → Bucket`, attribute `Bucket.name`) | string |
/// | `$t.name` in `SUBQUERY(tags, $t, …)` | `member(variable t, keyPath from Tag)` | string |
/// | `SUBQUERY(tags, $t, …).@count` | `member(subquery, @count over Tag objects)` | integer |
/// | `#size * 2` | `binary(multiply, keyPath size, constant 2)` | integer |
/// | `$limit` (not bound by a SUBQUERY) | `variable` | what it is compared with, else unknown |
public struct CheckedExpression: Sendable {
    /// The shape of a checked expression: ``ExpressionNode/Kind`` with checked operands.
    public indirect enum Kind: Sendable {
        /// A literal or an argument.
        case constant(PredicateValue)
        /// `SELF`: an object of the root entity (also inside a SUBQUERY predicate).
        case evaluatedObject
        /// A key path read from the evaluated object, resolved from the root entity.
        case keyPath(CheckedKeyPath)
        /// A key path read from another expression; the path is `nil` when the base is not an
        /// object (or a collection of objects) of a known entity, and is then read dynamically.
        case member(CheckedExpression, CheckedKeyPath?)
        /// `$name`: bound by an enclosing SUBQUERY, an assignment, or when evaluating.
        case variable(String)
        /// `{a, b}`.
        case aggregate([CheckedExpression])
        /// `a + b`, `a UNION b`, …
        case binary(BinaryOperator, CheckedExpression, CheckedExpression)
        /// `-a`, `~a`.
        case unary(UnaryOperator, CheckedExpression)
        /// `a[i]`, `a[FIRST]`, `a[LAST]`, `a[SIZE]`.
        case index(CheckedExpression, CheckedIndexSelector)
        /// `sum:(a)`, `now()`, …
        case function(BuiltinFunction, [CheckedExpression])
        /// `FUNCTION(receiver, 'selector', arguments…)`.
        case customFunction(receiver: CheckedExpression, selector: String, arguments: [CheckedExpression])
        /// `SUBQUERY(collection, $variable, predicate)`: `variable` ranges over the elements of
        /// `collection`, of type `element` (`object(entity: "Tag")` for `tags`).
        case subquery(
            collection: CheckedExpression, variable: String, element: StaticType, predicate: CheckedCondition)
        /// `CAST(value, 'Type')`.
        case cast(CheckedExpression, type: String)
        /// `TERNARY(condition, whenTrue, whenFalse)`.
        case ternary(CheckedCondition, CheckedExpression, CheckedExpression)
        /// `$variable := value`.
        case assignment(variable: String, value: CheckedExpression)
        /// `ANYKEY`.
        case anyKey
    }

    /// The parsed node (its text and range).
    public var node: ExpressionNode
    /// The checked shape.
    public var kind: Kind
    /// The static type of the value (``StaticType/unknown`` when it cannot be known).
    public var type: StaticType

    /// Creates a checked expression.
    public init(node: ExpressionNode, kind: Kind, type: StaticType) {
        self.node = node
        self.kind = kind
        self.type = type
    }

    /// Where the expression is written; `nil` for nodes built in code.
    public var range: SourceRange? { node.range }
}

/// What goes between the brackets of a checked index expression.
public enum CheckedIndexSelector: Sendable {
    /// `[FIRST]`.
    case first
    /// `[LAST]`.
    case last
    /// `[SIZE]`.
    case size
    /// `[n]` or `['key']`.
    case expression(CheckedExpression)
}

/// A predicate of a ``CheckedPredicate``: ``PredicateNode/Kind`` with checked operands.
public struct CheckedCondition: Sendable {
    /// The shape of a checked predicate node.
    public indirect enum Kind: Sendable {
        /// `TRUEPREDICATE` / `FALSEPREDICATE`.
        case constant(Bool)
        /// `a AND b AND …`.
        case and([CheckedCondition])
        /// `a OR b OR …`.
        case or([CheckedCondition])
        /// `NOT a`.
        case not(CheckedCondition)
        /// `[ANY|ALL] left OP[options] right`.
        case comparison(CheckedComparison)
    }

    /// The parsed node.
    public var node: PredicateNode
    /// The checked shape.
    public var kind: Kind

    /// Creates a checked predicate node.
    public init(node: PredicateNode, kind: Kind) {
        self.node = node
        self.kind = kind
    }

    /// Where the predicate is written; `nil` for nodes built in code.
    public var range: SourceRange? { node.range }
}

/// A checked comparison: the parsed one with both operands checked.
///
/// For `ANY tags.name ==[c] 'x'` from `Content`, `left` is the key path `tags.name` (a
/// collection of strings) and ``subjectType`` is `string`: under `ANY`/`ALL` each element is
/// compared.
public struct CheckedComparison: Sendable {
    /// The comparison as parsed (modifier, operator, options).
    public var comparison: Comparison
    /// The left operand.
    public var left: CheckedExpression
    /// The right operand.
    public var right: CheckedExpression
    /// The type of what the operator compares on the left: the left operand's type, or its
    /// element type under `ANY`/`ALL`.
    public var subjectType: StaticType

    /// Creates a checked comparison.
    public init(comparison: Comparison, left: CheckedExpression, right: CheckedExpression, subjectType: StaticType) {
        self.comparison = comparison
        self.left = left
        self.right = right
        self.subjectType = subjectType
    }
}
