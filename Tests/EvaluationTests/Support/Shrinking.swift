import Evaluation
import Foundation
import Predicates
import TestSupport

/// Smaller variants of a failing case, tried in order until none still fails: drop compound
/// children, replace expressions by their parts or by constants, drop options and
/// quantifiers, drop object keys and collection elements.
enum Shrinking {
    struct Case {
        var predicate: PredicateNode
        var object: PredicateValue
        var variables: [String: PredicateValue]
    }

    /// Shrinks `start` while `fails` holds, for at most `rounds` accepted steps.
    static func shrink(_ start: Case, rounds: Int = 200, fails: (Case) -> Bool) -> Case {
        Shrinker.shrink(start, rounds: rounds, candidates: candidates, fails: fails)
    }

    static func candidates(_ c: Case) -> [Case] {
        var result: [Case] = []
        for predicate in smaller(c.predicate) {
            result.append(Case(predicate: predicate, object: c.object, variables: c.variables))
        }
        for object in smaller(c.object) {
            result.append(Case(predicate: c.predicate, object: object, variables: c.variables))
        }
        for key in c.variables.keys.sorted() {
            var variables = c.variables
            variables[key] = nil
            result.append(Case(predicate: c.predicate, object: c.object, variables: variables))
        }
        return result
    }

    static func smaller(_ predicate: PredicateNode) -> [PredicateNode] {
        switch predicate.kind {
        case .constant: return []
        case .and(let children), .or(let children):
            var result = children
            for index in children.indices where children.count > 2 {
                var fewer = children
                fewer.remove(at: index)
                result.append(PredicateNode(predicate.kind.isAnd ? .and(fewer) : .or(fewer)))
            }
            for index in children.indices {
                for child in smaller(children[index]) {
                    var changed = children
                    changed[index] = child
                    result.append(PredicateNode(predicate.kind.isAnd ? .and(changed) : .or(changed)))
                }
            }
            return result
        case .not(let child):
            return [child] + smaller(child).map { PredicateNode(.not($0)) }
        case .comparison(let comparison):
            var result: [PredicateNode] = [.truePredicate, .falsePredicate]
            if comparison.modifier != .direct {
                var direct = comparison
                direct.modifier = .direct
                result.append(PredicateNode(.comparison(direct)))
            }
            if !comparison.options.isEmpty {
                var plain = comparison
                plain.options = []
                result.append(PredicateNode(.comparison(plain)))
            }
            for left in smaller(comparison.left) {
                var changed = comparison
                changed.left = left
                result.append(PredicateNode(.comparison(changed)))
            }
            for right in smaller(comparison.right) {
                var changed = comparison
                changed.right = right
                result.append(PredicateNode(.comparison(changed)))
            }
            return result
        }
    }

    static func smaller(_ expression: ExpressionNode) -> [ExpressionNode] {
        var result: [ExpressionNode] = []
        let null = ExpressionNode(.constant(.null))
        if expression != null { result.append(null) }
        switch expression.kind {
        case .constant(let value):
            result += smaller(value).map { ExpressionNode(.constant($0)) }
        case .keyPath(let components) where components.count > 1:
            result.append(ExpressionNode(.keyPath(Array(components.dropLast()))))
            result.append(ExpressionNode(.keyPath(Array(components.dropFirst()))))
        case .member(let base, _), .unary(_, let base), .cast(let base, _), .index(let base, _):
            result.append(base)
        case .aggregate(let elements):
            result += elements
        case .binary(_, let lhs, let rhs):
            result += [lhs, rhs]
        case .function(_, let arguments):
            result += arguments
        case .customFunction(let receiver, _, let arguments):
            result += [receiver] + arguments
        case .subquery(let collection, _, _):
            result.append(collection)
        case .ternary(_, let whenTrue, let whenFalse):
            result += [whenTrue, whenFalse]
        case .assignment(_, let value):
            result.append(value)
        default:
            break
        }
        return result
    }

    static func smaller(_ value: PredicateValue) -> [PredicateValue] {
        switch value {
        case .dictionary(let fields):
            var result: [PredicateValue] = []
            for key in fields.keys.sorted() {
                var fewer = fields
                fewer[key] = nil
                result.append(.dictionary(fewer))
            }
            for key in fields.keys.sorted() {
                for inner in smaller(fields[key] ?? .null) {
                    var changed = fields
                    changed[key] = inner
                    result.append(.dictionary(changed))
                }
            }
            return result
        case .array(let elements):
            var result: [PredicateValue] = elements.isEmpty ? [] : [.array([])]
            for index in elements.indices {
                var fewer = elements
                fewer.remove(at: index)
                result.append(.array(fewer))
            }
            return result
        case .set(let elements):
            return elements.isEmpty ? [] : [.set([]), .array(Array(elements))]
        case .null:
            return []
        default:
            return [.null]
        }
    }
}

extension PredicateNode.Kind {
    var isAnd: Bool {
        if case .and = self { return true }
        return false
    }
}
