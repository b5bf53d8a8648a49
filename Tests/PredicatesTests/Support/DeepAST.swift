import Foundation
import Predicates
import TestSupport

/// Deep trees for the depth round-trip laws: a small random parser-normal core (``RandomAST``)
/// wrapped level after level by one recursive node kind, or by a random mix of them, until
/// its canonical text nests about as deep as the parser's limit.
///
/// Every wrapper keeps the tree parser-normal, so `parse(format(tree)) == tree` must hold for
/// every tree whose canonical text is within the limit; a collection constant (what `%@`
/// binds) comes back as the aggregate of its elements (``normalisingCollections(_:)``).
struct DeepAST {
    /// The recursive node kinds, one wrapper each.
    enum Kind: String, CaseIterable, Sendable {
        case negate, complement, not, parentheses, arrays, aggregates, functionArguments, subquery
        case keyPathChain, arithmeticChain, assignment, ternary
    }

    /// A tree under construction: a predicate or an expression.
    enum Node {
        case predicate(PredicateNode)
        case expression(ExpressionNode)
    }

    var core: RandomAST

    init(seed: UInt64) { core = RandomAST(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { core.int(range) }
    mutating func pick<T>(_ items: [T]) -> T { core.pick(items) }

    /// The starting point: a random shallow expression, or for ``Kind/arrays`` a constant
    /// array nested `arrayDepth` levels (as `%@` binds it).
    mutating func start(_ kind: Kind, arrayDepth: Int) -> Node {
        if kind == .arrays {
            var value = core.constant()
            for _ in 0..<arrayDepth {
                value = .array(int(0...2) == 0 ? [value] : [core.constant(), value])
            }
            return .expression(ExpressionNode(.constant(value)))
        }
        return core.chance(50) ? .expression(core.expression(depth: 1)) : .predicate(core.predicate(depth: 1))
    }

    /// `node` one level deeper through a node of `kind` (an expression becomes a comparison
    /// where a predicate is needed, a predicate a SUBQUERY or TERNARY where an expression is).
    mutating func wrap(_ node: Node, in kind: Kind) -> Node {
        switch kind {
        case .not:
            return .predicate(PredicateNode(.not(predicate(node))))
        case .parentheses:
            let other = core.comparison(depth: 0)
            let children = core.chance(50) ? [predicate(node), other] : [other, predicate(node)]
            return .predicate(PredicateNode(core.chance(50) ? .and(children) : .or(children)))
        case .subquery:
            let collection = ExpressionNode(.keyPath([.key(pick(RandomAST.keys))]))
            let subquery = ExpressionNode(
                .subquery(collection: collection, variable: pick(RandomAST.variables), predicate: predicate(node)))
            if core.chance(50) { return .expression(subquery) }
            let count = ExpressionNode(.member(subquery, [.collectionOperator(.count)]))
            return .predicate(comparison(count, ExpressionNode(.constant(.int(0)))))
        case .ternary:
            return .expression(ExpressionNode(.ternary(predicate(node), core.leaf(), core.leaf())))
        case .negate, .complement, .arrays, .aggregates, .functionArguments, .keyPathChain, .arithmeticChain,
            .assignment:
            return .expression(wrap(expression(node), in: kind))
        }
    }

    private mutating func wrap(_ operand: ExpressionNode, in kind: Kind) -> ExpressionNode {
        switch kind {
        case .negate, .arrays: return ExpressionNode(.unary(.negate, operand))  // arrays: only ever the start
        case .complement: return ExpressionNode(.unary(.onesComplement, operand))
        case .aggregates:
            var elements = [operand]
            if core.chance(50) { elements.insert(core.leaf(), at: 0) }
            if core.chance(30) { elements.append(core.leaf()) }
            return ExpressionNode(.aggregate(elements))
        case .functionArguments:
            switch int(0...4) {
            case 0: return ExpressionNode(.function(pick([.abs, .sqrt, .uppercase, .max, .sum]), [operand]))
            case 1:
                return ExpressionNode(
                    .function(.modulus, core.chance(50) ? [operand, core.leaf()] : [core.leaf(), operand]))
            case 2:
                return ExpressionNode(
                    .customFunction(receiver: operand, selector: pick(RandomAST.selectors), arguments: [core.leaf()]))
            case 3: return ExpressionNode(.customFunction(receiver: core.leaf(), selector: "f:", arguments: [operand]))
            default: return ExpressionNode(.cast(operand, type: pick(["NSString", "NSNumber"])))
            }
        case .keyPathChain:
            let component = KeyPathComponent.key(pick(RandomAST.keys))
            switch operand.kind {
            case .member, .keyPath, .evaluatedObject:
                // A key after these extends the path: index first.
                return ExpressionNode(.index(operand, pick([.first, .last, .size, .expression(core.leaf())])))
            default:
                if core.chance(50) { return ExpressionNode(.member(operand, [component])) }
                return ExpressionNode(.index(operand, .expression(core.leaf())))
            }
        case .arithmeticChain:
            let op = pick(BinaryOperator.allCases)
            let leaf = core.leaf()
            return ExpressionNode(core.chance(60) ? .binary(op, operand, leaf) : .binary(op, leaf, operand))
        case .assignment:
            return ExpressionNode(.assignment(variable: pick(RandomAST.variables), value: operand))
        case .not, .parentheses, .subquery, .ternary:
            return operand  // unreachable: handled on nodes
        }
    }

    /// The node as a predicate: an expression becomes `expression <op> leaf`.
    mutating func predicate(_ node: Node) -> PredicateNode {
        switch node {
        case .predicate(let predicate): return predicate
        case .expression(let expression): return comparison(expression, core.leaf())
        }
    }

    /// The node as an expression: a predicate becomes a TERNARY's condition.
    mutating func expression(_ node: Node) -> ExpressionNode {
        switch node {
        case .expression(let expression): return expression
        case .predicate(let predicate): return ExpressionNode(.ternary(predicate, core.leaf(), core.leaf()))
        }
    }

    private mutating func comparison(_ left: ExpressionNode, _ right: ExpressionNode) -> PredicateNode {
        let op = pick(ComparisonOperator.allCases.filter { $0 != .between })
        let swap = core.chance(30)
        return PredicateNode(
            .comparison(Comparison(left: swap ? right : left, operator: op, right: swap ? left : right)))
    }
}

extension DeepAST {
    /// `tree` with every collection constant replaced by the aggregate of its elements: the
    /// tree its canonical text reads back as. (Only arrays occur in these tests.)
    static func normalisingCollections(_ predicate: PredicateNode) -> PredicateNode {
        switch predicate.kind {
        case .constant: return predicate
        case .and(let children): return PredicateNode(.and(children.map(normalisingCollections)))
        case .or(let children): return PredicateNode(.or(children.map(normalisingCollections)))
        case .not(let child): return PredicateNode(.not(normalisingCollections(child)))
        case .comparison(var comparison):
            comparison.left = normalisingCollections(comparison.left)
            comparison.right = normalisingCollections(comparison.right)
            return PredicateNode(.comparison(comparison))
        }
    }

    static func normalisingCollections(_ expression: ExpressionNode) -> ExpressionNode {
        let n: (ExpressionNode) -> ExpressionNode = normalisingCollections
        switch expression.kind {
        case .constant(.array(let elements)):
            return ExpressionNode(.aggregate(elements.map { n(ExpressionNode(.constant($0))) }))
        case .constant, .evaluatedObject, .keyPath, .variable, .anyKey: return expression
        case .member(let base, let components): return ExpressionNode(.member(n(base), components))
        case .aggregate(let elements): return ExpressionNode(.aggregate(elements.map(n)))
        case .binary(let op, let left, let right): return ExpressionNode(.binary(op, n(left), n(right)))
        case .unary(let op, let operand): return ExpressionNode(.unary(op, n(operand)))
        case .index(let base, .expression(let index)): return ExpressionNode(.index(n(base), .expression(n(index))))
        case .index(let base, let selector): return ExpressionNode(.index(n(base), selector))
        case .function(let function, let arguments): return ExpressionNode(.function(function, arguments.map(n)))
        case .customFunction(let receiver, let selector, let arguments):
            return ExpressionNode(
                .customFunction(receiver: n(receiver), selector: selector, arguments: arguments.map(n)))
        case .subquery(let collection, let variable, let predicate):
            return ExpressionNode(
                .subquery(collection: n(collection), variable: variable, predicate: normalisingCollections(predicate)))
        case .cast(let value, let type): return ExpressionNode(.cast(n(value), type: type))
        case .ternary(let condition, let whenTrue, let whenFalse):
            return ExpressionNode(.ternary(normalisingCollections(condition), n(whenTrue), n(whenFalse)))
        case .assignment(let variable, let value):
            return ExpressionNode(.assignment(variable: variable, value: n(value)))
        }
    }
}
