extension PredicateNode {
    /// Replaces every `$NAME` by the constant `variables[NAME]`, like
    /// `-predicateWithSubstitutionVariables:`.
    ///
    /// `lastName LIKE[c] $LAST_NAME` with `["LAST_NAME": "Turner"]` becomes
    /// `lastName LIKE[c] "Turner"`. The variable of a SUBQUERY is bound by the SUBQUERY and
    /// left alone inside its predicate; the target of an assignment (`$x := …`) is a name, not
    /// a use, and stays. A variable without a value throws `missing-variable` at the
    /// variable's range (the error's `source` is empty: the original text is not kept).
    public func substitutingVariables(_ variables: [String: PredicateValue]) throws(PredicateSyntaxError)
        -> PredicateNode
    {
        try Parser.run("") {
            var substitution = VariableSubstitution(variables: variables)
            return try substitution.predicate(self)
        }
    }
}

/// The tree walk behind ``PredicateNode/substitutingVariables(_:)``. Its recursion follows
/// the tree, whose depth the parser bounds.
struct VariableSubstitution {
    let variables: [String: PredicateValue]
    /// Names bound by enclosing SUBQUERY expressions.
    var bound: [String] = []

    mutating func predicate(_ node: PredicateNode) throws -> PredicateNode {
        switch node.kind {
        case .constant:
            return node
        case .and(let items):
            var result: [PredicateNode] = []
            for item in items { result.append(try predicate(item)) }
            return PredicateNode(.and(result), range: node.range)
        case .or(let items):
            var result: [PredicateNode] = []
            for item in items { result.append(try predicate(item)) }
            return PredicateNode(.or(result), range: node.range)
        case .not(let inner):
            return PredicateNode(.not(try predicate(inner)), range: node.range)
        case .comparison(var comparison):
            comparison.left = try expression(comparison.left)
            comparison.right = try expression(comparison.right)
            return PredicateNode(.comparison(comparison), range: node.range)
        }
    }

    mutating func expression(_ node: ExpressionNode) throws -> ExpressionNode {
        let kind: ExpressionNode.Kind
        switch node.kind {
        case .constant, .evaluatedObject, .keyPath, .anyKey:
            return node
        case .variable(let name):
            if bound.contains(name) { return node }
            guard let value = variables[name] else {
                throw PredicateSyntaxError(
                    DiagnosticCatalog.missingVariable(name, range: node.range ?? SourceRange(0, 0)), source: "")
            }
            kind = .constant(value)
        case .member(let base, let components):
            kind = .member(try expression(base), components)
        case .aggregate(let elements):
            kind = .aggregate(try expressions(elements))
        case .binary(let op, let left, let right):
            kind = .binary(op, try expression(left), try expression(right))
        case .unary(let op, let operand):
            kind = .unary(op, try expression(operand))
        case .index(let base, let selector):
            var newSelector = selector
            if case .expression(let index) = selector { newSelector = .expression(try expression(index)) }
            kind = .index(try expression(base), newSelector)
        case .function(let function, let arguments):
            kind = .function(function, try expressions(arguments))
        case .customFunction(let receiver, let selector, let arguments):
            kind = .customFunction(
                receiver: try expression(receiver), selector: selector, arguments: try expressions(arguments))
        case .subquery(let collection, let variable, let inner):
            let newCollection = try expression(collection)
            bound.append(variable)
            let newPredicate = try predicate(inner)
            bound.removeLast()
            kind = .subquery(collection: newCollection, variable: variable, predicate: newPredicate)
        case .cast(let value, let type):
            kind = .cast(try expression(value), type: type)
        case .ternary(let condition, let whenTrue, let whenFalse):
            kind = .ternary(try predicate(condition), try expression(whenTrue), try expression(whenFalse))
        case .assignment(let variable, let value):
            kind = .assignment(variable: variable, value: try expression(value))
        }
        return ExpressionNode(kind, range: node.range, componentRangeStorage: node.componentRangeStorage)
    }

    mutating func expressions(_ nodes: [ExpressionNode]) throws -> [ExpressionNode] {
        var result: [ExpressionNode] = []
        result.reserveCapacity(nodes.count)
        for node in nodes { result.append(try expression(node)) }
        return result
    }
}
