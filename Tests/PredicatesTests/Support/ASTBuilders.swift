import Foundation
import Predicates
import Testing

/// Short builders for hand-written trees. A suite adopts the protocol and calls them
/// unqualified from its static tables (`key("a", "@count")`, `compare(x, .equalTo, y)`);
/// being protocol members they do not clash with helpers of other suites.
protocol ASTBuilders {}

extension ASTBuilders {
    /// A key path; a component starting with `@` is a collection operator: `key("a", "@count")`.
    static func key(_ components: String...) -> ExpressionNode {
        ExpressionNode(.keyPath(components.map(component)))
    }
    static func component(_ text: String) -> KeyPathComponent {
        guard text.hasPrefix("@"), let op = CollectionOperator(rawValue: String(text.dropFirst())) else {
            return .key(text)
        }
        return .collectionOperator(op)
    }
    static func member(_ base: ExpressionNode, _ components: String...) -> ExpressionNode {
        ExpressionNode(.member(base, components.map(component)))
    }
    static func const(_ value: PredicateValue) -> ExpressionNode { ExpressionNode(.constant(value)) }
    static var this: ExpressionNode { ExpressionNode(.evaluatedObject) }
    static func variable(_ name: String) -> ExpressionNode { ExpressionNode(.variable(name)) }
    static func binary(_ op: BinaryOperator, _ left: ExpressionNode, _ right: ExpressionNode) -> ExpressionNode {
        ExpressionNode(.binary(op, left, right))
    }
    static func unary(_ op: UnaryOperator, _ operand: ExpressionNode) -> ExpressionNode {
        ExpressionNode(.unary(op, operand))
    }
    static func aggregate(_ elements: ExpressionNode...) -> ExpressionNode { ExpressionNode(.aggregate(elements)) }
    static func index(_ base: ExpressionNode, _ selector: IndexSelector) -> ExpressionNode {
        ExpressionNode(.index(base, selector))
    }
    static func call(_ function: BuiltinFunction, _ arguments: ExpressionNode...) -> ExpressionNode {
        ExpressionNode(.function(function, arguments))
    }
    static func custom(_ receiver: ExpressionNode, _ selector: String, _ arguments: ExpressionNode...) -> ExpressionNode
    {
        ExpressionNode(.customFunction(receiver: receiver, selector: selector, arguments: arguments))
    }
    static func subquery(_ collection: ExpressionNode, _ variable: String, _ predicate: PredicateNode) -> ExpressionNode
    {
        ExpressionNode(.subquery(collection: collection, variable: variable, predicate: predicate))
    }
    static func cast(_ value: ExpressionNode, _ type: String) -> ExpressionNode {
        ExpressionNode(.cast(value, type: type))
    }
    static func ternary(_ condition: PredicateNode, _ whenTrue: ExpressionNode, _ whenFalse: ExpressionNode)
        -> ExpressionNode
    {
        ExpressionNode(.ternary(condition, whenTrue, whenFalse))
    }
    static func assign(_ variable: String, _ value: ExpressionNode) -> ExpressionNode {
        ExpressionNode(.assignment(variable: variable, value: value))
    }
    static var anyKey: ExpressionNode { ExpressionNode(.anyKey) }

    static func compare(
        _ left: ExpressionNode, _ op: ComparisonOperator, _ right: ExpressionNode,
        _ modifier: ComparisonModifier = .direct, options: ComparisonOptions = []
    ) -> PredicateNode {
        PredicateNode(
            .comparison(Comparison(modifier: modifier, left: left, operator: op, options: options, right: right)))
    }
    static func and(_ children: PredicateNode...) -> PredicateNode { PredicateNode(.and(children)) }
    static func or(_ children: PredicateNode...) -> PredicateNode { PredicateNode(.or(children)) }
    static func not(_ child: PredicateNode) -> PredicateNode { PredicateNode(.not(child)) }
    static func date(_ seconds: Double) -> PredicateValue { .date(Date(timeIntervalSinceReferenceDate: seconds)) }

    /// `a == 1`, `b == 2`, `c == 3`.
    static var a1: PredicateNode { compare(key("a"), .equalTo, const(1)) }
    static var b2: PredicateNode { compare(key("b"), .equalTo, const(2)) }
    static var c3: PredicateNode { compare(key("c"), .equalTo, const(3)) }
}

/// One row of a table: a node (or input text) and the text it must print as.
struct FormatCase<Node: Sendable>: Sendable, CustomTestStringConvertible {
    var node: Node
    var expected: String
    init(_ node: Node, _ expected: String) {
        self.node = node
        self.expected = expected
    }
    var testDescription: String { expected }
}
