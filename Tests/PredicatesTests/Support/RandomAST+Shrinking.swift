import Foundation
import Predicates

/// Shrinking of counterexamples: repeatedly replace a subtree by one of its children or by a
/// leaf (or drop a list element, a key path component, a character) while the property still
/// fails, keeping only parser-normal candidates that are strictly smaller.
extension RandomAST {
    /// The smallest failing tree reachable from `predicate` by one-step simplifications.
    static func shrink(_ predicate: PredicateNode, stillFails: (PredicateNode) -> Bool) -> PredicateNode {
        minimize(predicate, candidates: smaller, size: size, isNormal: isParserNormal, stillFails: stillFails)
    }

    /// The smallest failing expression reachable from `expression`.
    static func shrink(_ expression: ExpressionNode, stillFails: (ExpressionNode) -> Bool) -> ExpressionNode {
        minimize(expression, candidates: smaller, size: size, isNormal: isParserNormal, stillFails: stillFails)
    }

    /// Greedy descent: take the first strictly smaller, parser-normal candidate that still
    /// fails, and start again from it, until no candidate fails.
    private static func minimize<Tree>(
        _ tree: Tree, candidates: (Tree) -> [Tree], size: (Tree) -> Int, isNormal: (Tree) -> Bool,
        stillFails: (Tree) -> Bool
    ) -> Tree {
        var current = tree
        var currentSize = size(current)
        var steps = 0
        search: while steps < 1000 {
            for candidate in candidates(current) {
                let candidateSize = size(candidate)
                guard candidateSize < currentSize, isNormal(candidate), stillFails(candidate) else { continue }
                current = candidate
                currentSize = candidateSize
                steps += 1
                continue search
            }
            break
        }
        return current
    }

    // MARK: - Size

    /// Nodes, plus list lengths, string lengths and options: every accepted shrink lowers it.
    static func size(of predicate: PredicateNode) -> Int {
        switch predicate.kind {
        case .constant: return 1
        case .and(let children), .or(let children): return 1 + children.reduce(0) { $0 + size(of: $1) }
        case .not(let child): return 1 + size(of: child)
        case .comparison(let comparison):
            let extras = (comparison.modifier == .direct ? 0 : 1) + comparison.options.letterString.count
            return 1 + extras + size(of: comparison.left) + size(of: comparison.right)
        }
    }

    static func size(of expression: ExpressionNode) -> Int {
        switch expression.kind {
        case .constant(let value):
            switch value {
            case .string(let text): return 1 + text.count
            case .int(let number): return number == 0 ? 1 : 2
            case .double(let number): return number == 0 ? 2 : 3
            case .date: return 4
            default: return 1
            }
        case .evaluatedObject, .anyKey, .variable: return 1
        case .keyPath(let components): return components.count
        case .member(let base, let components): return 1 + components.count + size(of: base)
        case .aggregate(let elements): return 1 + elements.reduce(0) { $0 + size(of: $1) }
        case .binary(_, let left, let right): return 1 + size(of: left) + size(of: right)
        case .unary(_, let operand): return 1 + size(of: operand)
        case .index(let base, let selector):
            if case .expression(let index) = selector { return 2 + size(of: base) + size(of: index) }
            return 1 + size(of: base)
        case .function(_, let arguments): return 1 + arguments.reduce(0) { $0 + size(of: $1) }
        case .customFunction(let receiver, let selector, let arguments):
            return 1 + selector.count + size(of: receiver) + arguments.reduce(0) { $0 + size(of: $1) }
        case .subquery(let collection, _, let predicate): return 1 + size(of: collection) + size(of: predicate)
        case .cast(let value, let type): return 1 + type.count + size(of: value)
        case .ternary(let condition, let whenTrue, let whenFalse):
            return 1 + size(of: condition) + size(of: whenTrue) + size(of: whenFalse)
        case .assignment(_, let value): return 1 + size(of: value)
        }
    }

    // MARK: - One-step candidates

    /// Simpler predicates: a constant, a child in place of the node, a child removed from a
    /// chain, or one simplification somewhere inside.
    static func smaller(_ predicate: PredicateNode) -> [PredicateNode] {
        var candidates: [PredicateNode] = [.truePredicate]
        switch predicate.kind {
        case .constant:
            return []
        case .and(let children), .or(let children):
            let rebuild: ([PredicateNode]) -> PredicateNode = {
                if case .and = predicate.kind { PredicateNode(.and($0)) } else { PredicateNode(.or($0)) }
            }
            candidates += children
            for position in children.indices {
                var fewer = children
                fewer.remove(at: position)
                candidates.append(rebuild(fewer))
            }
            for (position, child) in children.enumerated() {
                for simpler in smaller(child) {
                    var replaced = children
                    replaced[position] = simpler
                    candidates.append(rebuild(replaced))
                }
            }
        case .not(let child):
            candidates.append(child)
            candidates += smaller(child).map { PredicateNode(.not($0)) }
        case .comparison(let comparison):
            var plain = comparison
            plain.modifier = .direct
            plain.options = []
            candidates.append(PredicateNode(.comparison(plain)))
            for simpler in smaller(comparison.left) {
                var copy = comparison
                copy.left = simpler
                candidates.append(PredicateNode(.comparison(copy)))
            }
            for simpler in smaller(comparison.right) {
                var copy = comparison
                copy.right = simpler
                candidates.append(PredicateNode(.comparison(copy)))
            }
        }
        return candidates
    }

    /// The comparison operands of a predicate nested in an expression (through AND, OR and
    /// NOT), so that a SUBQUERY or TERNARY can be replaced by an expression from inside it.
    static func operands(of predicate: PredicateNode) -> [ExpressionNode] {
        switch predicate.kind {
        case .constant: []
        case .and(let children), .or(let children): children.flatMap(operands)
        case .not(let child): operands(of: child)
        case .comparison(let comparison): [comparison.left, comparison.right]
        }
    }

    /// Simpler expressions: a leaf, a child in place of the node, an element or component
    /// dropped, a shorter string, or one simplification inside a child.
    static func smaller(_ expression: ExpressionNode) -> [ExpressionNode] {
        let leaves = [ExpressionNode(.constant(.int(0))), ExpressionNode(.keyPath([.key("a")]))]
        var candidates = leaves
        func node(_ kind: ExpressionNode.Kind) -> ExpressionNode { ExpressionNode(kind) }
        /// Each list with one element simplified.
        func variants(_ list: [ExpressionNode]) -> [[ExpressionNode]] {
            var result: [[ExpressionNode]] = []
            for (position, element) in list.enumerated() {
                for simpler in smaller(element) {
                    var copy = list
                    copy[position] = simpler
                    result.append(copy)
                }
            }
            return result
        }
        func dropping(_ list: [ExpressionNode]) -> [[ExpressionNode]] {
            list.indices.map { position in
                var copy = list
                copy.remove(at: position)
                return copy
            }
        }
        switch expression.kind {
        case .constant(let value):
            if case .string(let text) = value {
                candidates.append(node(.constant(.string(""))))
                for offset in 0..<text.count {
                    var shorter = Array(text)
                    shorter.remove(at: offset)
                    candidates.append(node(.constant(.string(String(shorter)))))
                }
            }
        case .evaluatedObject, .anyKey, .variable:
            break
        case .keyPath(let components):
            if components.count > 1 {
                candidates += components.indices.map { position in
                    var copy = components
                    copy.remove(at: position)
                    return node(.keyPath(copy))
                }
            }
        case .member(let base, let components):
            candidates.append(base)
            if components.count > 1 {
                candidates += components.indices.map { position in
                    var copy = components
                    copy.remove(at: position)
                    return node(.member(base, copy))
                }
            }
            candidates += smaller(base).map { node(.member($0, components)) }
        case .aggregate(let elements):
            candidates += elements
            candidates += dropping(elements).map { node(.aggregate($0)) }
            candidates += variants(elements).map { node(.aggregate($0)) }
        case .binary(let op, let left, let right):
            candidates += [left, right]
            candidates += smaller(left).map { node(.binary(op, $0, right)) }
            candidates += smaller(right).map { node(.binary(op, left, $0)) }
        case .unary(let op, let operand):
            candidates.append(operand)
            candidates += smaller(operand).map { node(.unary(op, $0)) }
        case .index(let base, let selector):
            candidates.append(base)
            if case .expression(let index) = selector {
                candidates.append(index)
                candidates.append(node(.index(base, .first)))
                candidates += smaller(index).map { node(.index(base, .expression($0))) }
            }
            candidates += smaller(base).map { node(.index($0, selector)) }
        case .function(let function, let arguments):
            candidates += arguments
            candidates += variants(arguments).map { node(.function(function, $0)) }
        case .customFunction(let receiver, let selector, let arguments):
            candidates.append(receiver)
            candidates += arguments
            if !selector.isEmpty {
                candidates.append(node(.customFunction(receiver: receiver, selector: "", arguments: arguments)))
            }
            candidates += dropping(arguments).map {
                node(.customFunction(receiver: receiver, selector: selector, arguments: $0))
            }
            candidates += smaller(receiver).map {
                node(.customFunction(receiver: $0, selector: selector, arguments: arguments))
            }
            candidates += variants(arguments).map {
                node(.customFunction(receiver: receiver, selector: selector, arguments: $0))
            }
        case .subquery(let collection, let variable, let predicate):
            candidates.append(collection)
            candidates += operands(of: predicate)
            candidates += smaller(collection).map {
                node(.subquery(collection: $0, variable: variable, predicate: predicate))
            }
            candidates += smaller(predicate).map {
                node(.subquery(collection: collection, variable: variable, predicate: $0))
            }
        case .cast(let value, let type):
            candidates.append(value)
            if type != "T" { candidates.append(node(.cast(value, type: "T"))) }
            candidates += smaller(value).map { node(.cast($0, type: type)) }
        case .ternary(let condition, let whenTrue, let whenFalse):
            candidates += [whenTrue, whenFalse]
            candidates += operands(of: condition)
            candidates += smaller(condition).map { node(.ternary($0, whenTrue, whenFalse)) }
            candidates += smaller(whenTrue).map { node(.ternary(condition, $0, whenFalse)) }
            candidates += smaller(whenFalse).map { node(.ternary(condition, whenTrue, $0)) }
        case .assignment(let variable, let value):
            candidates.append(value)
            candidates += smaller(value).map { node(.assignment(variable: variable, value: $0)) }
        }
        return candidates
    }
}
