import Evaluation
import KeyPaths
import Predicates

/// Turns a checked predicate into a ``ColumnPlan`` for one graph layout: the comparisons the
/// columns can run become leaves, the rest is compiled for the row evaluator, as one piece
/// where a whole AND/OR/NOT has nothing for the columns.
struct ColumnPlanner {
    let checked: CheckedPredicate
    let layout: GraphLayout
    let compiler: PredicateCompiler
    /// The root entity's hierarchy.
    let hierarchy: Int
    /// Leaves with to-one hops, each given a join slot.
    private(set) var joinCount = 0

    init?(checked: CheckedPredicate, layout: GraphLayout, compiler: PredicateCompiler) {
        guard let hierarchy = layout.hierarchyIndex(of: checked.entity) else { return nil }
        self.checked = checked
        self.layout = layout
        self.compiler = compiler
        self.hierarchy = hierarchy
    }

    /// The plan of `node`. Throws what compiling it for the row evaluator throws.
    mutating func plan(_ node: PredicateNode) throws(PredicateCompileError) -> ColumnPlan {
        switch node.kind {
        case .constant(let value):
            return .constant(value)
        case .and(let children), .or(let children):
            var plans: [ColumnPlan] = []
            for child in children { plans.append(try plan(child)) }
            guard plans.contains(where: \.usesColumns) else { return .rows(try rows(node)) }
            if case .and = node.kind { return .all(plans) }
            return .any(plans)
        case .not(let child):
            let inner = try plan(child)
            return inner.usesColumns ? .not(inner) : .rows(try rows(node))
        case .comparison(let comparison):
            if let leaf = try leaf(comparison, node) { return .leaf(leaf) }
            return .rows(try rows(node))
        }
    }

    /// `node` compiled for the row evaluator on this graph's layout.
    func rows(_ node: PredicateNode) throws(PredicateCompileError) -> CompiledPredicate<GraphObject> {
        let access = GraphRootAccess(layout: layout, checked: checked)
        return try compiler.compile(
            node,
            access: PredicateRootAccess(
                resolve: { keys throws(PredicateCompileError) in access.resolve(keys) },
                selfValue: { .object(EvaluationObject($0)) }))
    }

    /// A column leaf for `path op constant`, when the path is to-one hops and an attribute and
    /// the operator has an inline test for the constant.
    private mutating func leaf(_ comparison: Comparison, _ node: PredicateNode) throws(PredicateCompileError)
        -> ColumnLeaf?
    {
        guard comparison.modifier == .direct, case .keyPath(let components) = comparison.left.kind,
            let constant = Self.constant(comparison.right)
        else { return nil }
        var keys: [String] = []
        for component in components {
            guard case .key(let key) = component else { return nil }
            keys.append(key)
        }
        guard let resolved = checked.resolvedKeyPath(keys), case .attribute(let attribute) = resolved.destination,
            resolved.hops.count + 1 == keys.count,
            let test = ColumnValueTest(comparison.operator, comparison.options, constant)
        else { return nil }
        var current = hierarchy
        var hops: [ColumnLeaf.Hop] = []
        for hop in resolved.hops {
            guard !hop.isToMany, let column = layout.toOneColumns[current][hop.sourceProperty] else { return nil }
            hops.append(ColumnLeaf.Hop(hierarchy: current, column: column))
            current = layout.toOneDestinations[current][column]
            guard current >= 0 else { return nil }
        }
        guard let column = layout.attributeColumns[current][attribute.name] else { return nil }
        var slot = -1
        if !hops.isEmpty {
            slot = joinCount
            joinCount += 1
        }
        return ColumnLeaf(
            hops: hops, hierarchy: current, column: column, test: test, rows: try rows(node), joinSlot: slot)
    }

    /// The value of a constant operand: a literal or argument, or an aggregate of them
    /// (`{1, 2}`), as the compiler folds it.
    private static func constant(_ expression: ExpressionNode) -> EvaluationValue? {
        switch expression.kind {
        case .constant(let value):
            return EvaluationValue(value)
        case .aggregate(let elements):
            var values: [EvaluationValue] = []
            for element in elements {
                guard case .constant(let value) = element.kind else { return nil }
                values.append(EvaluationValue(value))
            }
            return .array(values)
        default:
            return nil
        }
    }

    /// Whether `node` assigns a variable (`$x := …`): such a predicate runs row by row as a
    /// whole, since an assignment in one operand may be read by another.
    static func assigns(_ node: PredicateNode) -> Bool {
        switch node.kind {
        case .constant: return false
        case .and(let children), .or(let children): return children.contains(where: assigns)
        case .not(let child): return assigns(child)
        case .comparison(let comparison): return assigns(comparison.left) || assigns(comparison.right)
        }
    }

    private static func assigns(_ expression: ExpressionNode) -> Bool {
        switch expression.kind {
        case .constant, .evaluatedObject, .keyPath, .variable, .anyKey: return false
        case .assignment: return true
        case .member(let base, _): return assigns(base)
        case .aggregate(let elements): return elements.contains(where: assigns)
        case .binary(_, let lhs, let rhs): return assigns(lhs) || assigns(rhs)
        case .unary(_, let operand), .cast(let operand, _): return assigns(operand)
        case .index(let base, let selector):
            if case .expression(let index) = selector, assigns(index) { return true }
            return assigns(base)
        case .function(_, let arguments): return arguments.contains(where: assigns)
        case .customFunction(let receiver, _, let arguments):
            return assigns(receiver) || arguments.contains(where: assigns)
        case .subquery(let collection, _, let predicate): return assigns(collection) || assigns(predicate)
        case .ternary(let condition, let whenTrue, let whenFalse):
            return assigns(condition) || assigns(whenTrue) || assigns(whenFalse)
        }
    }
}
