import Evaluation
import Predicates

/// The sub-expressions of a predicate that the compiler folds into constants before it
/// evaluates any object, for `:explain`: the largest expressions that are not literals and
/// read nothing from the object: `size > 50 * 1024` folds `50 * 1024` to `51200`,
/// `name ==[c] lowercase:($NAME)` with `$NAME` set folds `lowercase:($NAME)`.
///
/// Expressions reading `now()` or `random()` are not constants. The walk follows the tree,
/// whose depth the parser bounds.
struct FoldedConstants {
    /// The variables known when compiling.
    let variables: [String: PredicateValue]

    /// Each folded expression in the order written, with its value; a fold that fails shows
    /// the error instead (the compiler keeps it as a read that throws).
    func folds(in predicate: PredicateNode) -> [(expression: String, value: String)] {
        var found: [ExpressionNode] = []
        collect(predicate, into: &found)
        let bound = variables.mapValues(EvaluationValue.init)
        return found.map { expression in
            let value: String
            do throws(EvaluationError) {
                let result = try ReferenceInterpreter().evaluate(expression, on: .null, variables: bound)
                value =
                    result.predicateValue.map { ExpressionNode(.constant($0)).expressionFormat }
                    ?? result.briefDescription
            } catch {
                value = "error: \(error.message)"
            }
            return (expression.expressionFormat, value)
        }
    }

    private func collect(_ predicate: PredicateNode, into found: inout [ExpressionNode]) {
        switch predicate.kind {
        case .constant: break
        case .and(let children), .or(let children): for child in children { collect(child, into: &found) }
        case .not(let child): collect(child, into: &found)
        case .comparison(let comparison):
            collect(comparison.left, into: &found)
            collect(comparison.right, into: &found)
        }
    }

    private func collect(_ expression: ExpressionNode, into found: inout [ExpressionNode]) {
        if isFoldable(expression) {
            if !isLiteral(expression) { found.append(expression) }
            return
        }
        switch expression.kind {
        case .constant, .evaluatedObject, .keyPath, .variable, .anyKey: break
        case .member(let base, _): collect(base, into: &found)
        case .aggregate(let items): for item in items { collect(item, into: &found) }
        case .binary(_, let left, let right):
            collect(left, into: &found)
            collect(right, into: &found)
        case .unary(_, let operand), .cast(let operand, _), .assignment(_, let operand): collect(operand, into: &found)
        case .index(let base, let selector):
            collect(base, into: &found)
            if case .expression(let index) = selector { collect(index, into: &found) }
        case .function(_, let arguments): for argument in arguments { collect(argument, into: &found) }
        case .customFunction(let receiver, _, let arguments):
            collect(receiver, into: &found)
            for argument in arguments { collect(argument, into: &found) }
        case .subquery(let collection, _, let predicate):
            collect(collection, into: &found)
            collect(predicate, into: &found)
        case .ternary(let condition, let whenTrue, let whenFalse):
            collect(condition, into: &found)
            collect(whenTrue, into: &found)
            collect(whenFalse, into: &found)
        }
    }

    /// A literal needs no folding: a constant, or an array of literals.
    private func isLiteral(_ expression: ExpressionNode) -> Bool {
        switch expression.kind {
        case .constant: true
        case .aggregate(let items): items.allSatisfy(isLiteral)
        default: false
        }
    }

    /// Whether the expression's value is known before any object is read.
    private func isFoldable(_ expression: ExpressionNode) -> Bool {
        switch expression.kind {
        case .constant: return true
        case .variable(let name): return variables[name] != nil
        case .aggregate(let items): return items.allSatisfy(isFoldable)
        case .binary(_, let left, let right): return isFoldable(left) && isFoldable(right)
        case .unary(_, let operand), .cast(let operand, _): return isFoldable(operand)
        case .index(let base, let selector):
            guard isFoldable(base) else { return false }
            if case .expression(let index) = selector { return isFoldable(index) }
            return true
        case .function(let function, let arguments):
            return function != .now && function != .random && function != .randomn && arguments.allSatisfy(isFoldable)
        case .evaluatedObject, .keyPath, .member, .customFunction, .subquery, .ternary, .assignment, .anyKey:
            return false
        }
    }
}
