import Foundation
import Predicates

/// The reference evaluator: a plain walk over the AST, kept simple so that it is obviously
/// right. Tests use it as the oracle for the compiled evaluator (``PredicateCompiler``); it
/// prepares nothing in advance, so it is much slower.
///
/// ```swift
/// let interpreter = ReferenceInterpreter()
/// let object = EvaluationValue(try PredicateValue(json: #"{"age": 40}"#))
/// try interpreter.evaluate(PredicateNode(format: "age > 30"), on: object)   // true
/// ```
///
/// Constructs that a compiler rejects up front (an unregistered `FUNCTION`, `ANYKEY`, a UTI
/// operator, `CAST` to an unknown type, a bad constant pattern) are errors here too, raised
/// when they are reached.
public struct ReferenceInterpreter: Sendable {
    /// The functions `FUNCTION(…)` may call.
    public var functions: PredicateFunctionRegistry

    /// An interpreter calling only `functions`.
    public init(functions: PredicateFunctionRegistry = PredicateFunctionRegistry()) {
        self.functions = functions
    }

    /// Evaluates `predicate` with `object` as `SELF` and `variables` bound to `$name`.
    public func evaluate(
        _ predicate: PredicateNode, on object: EvaluationValue, variables: [String: EvaluationValue] = [:]
    ) throws(EvaluationError) -> Bool {
        try StaticChecks.check(predicate, functions: functions)
        var walker = Walker(root: object, variables: variables, functions: functions)
        return try walker.test(predicate)
    }

    /// Evaluates an expression with `object` as `SELF`.
    public func evaluate(
        _ expression: ExpressionNode, on object: EvaluationValue, variables: [String: EvaluationValue] = [:]
    ) throws(EvaluationError) -> EvaluationValue {
        try StaticChecks.check(expression, functions: functions)
        var walker = Walker(root: object, variables: variables, functions: functions)
        return try walker.value(expression)
    }
}

/// One evaluation: the object, the variable bindings (changed by SUBQUERY and `:=`).
private struct Walker {
    let root: EvaluationValue
    var variables: [String: EvaluationValue]
    let functions: PredicateFunctionRegistry

    mutating func test(_ predicate: PredicateNode) throws(EvaluationError) -> Bool {
        switch predicate.kind {
        case .constant(let value):
            return value
        case .and(let children):
            for child in children where try !test(child) { return false }
            return true
        case .or(let children):
            for child in children where try test(child) { return true }
            return false
        case .not(let child):
            return try !test(child)
        case .comparison(let comparison):
            return try compare(comparison)
        }
    }

    private mutating func compare(_ comparison: Comparison) throws(EvaluationError) -> Bool {
        // Apple evaluates both sides first, then applies the quantifier and the operator.
        let lhs = try value(comparison.left)
        let rhs = try value(comparison.right)
        let op = comparison.operator
        let options = comparison.options
        switch comparison.modifier {
        case .direct:
            return try ComparisonSemantics.evaluate(op, options, lhs, rhs)
        case .any:
            for element in try ComparisonSemantics.quantifiedElements(lhs)
            where try ComparisonSemantics.evaluate(op, options, element, rhs) {
                return true
            }
            return false
        case .all:
            for element in try ComparisonSemantics.quantifiedElements(lhs)
            where try !ComparisonSemantics.evaluate(op, options, element, rhs) {
                return false
            }
            return true
        }
    }

    mutating func value(_ expression: ExpressionNode) throws(EvaluationError) -> EvaluationValue {
        switch expression.kind {
        case .constant(let constant):
            return EvaluationValue(constant)
        case .evaluatedObject:
            return root
        case .keyPath(let components):
            return try KeyPathSemantics.apply(components[...], to: root)
        case .member(let base, let components):
            return try KeyPathSemantics.apply(components[...], to: try value(base))
        case .variable(let name):
            guard let bound = variables[name] else { throw EvaluationError.unboundVariable(name) }
            return bound
        case .aggregate(let elements):
            var values: [EvaluationValue] = []
            for element in elements { values.append(try value(element)) }
            return .array(values)
        case .binary(let op, let lhs, let rhs):
            let left = try value(lhs)
            return try Arithmetic.binary(op, left, try value(rhs))
        case .unary(let op, let operand):
            return try Arithmetic.unary(op, try value(operand))
        case .index(let base, let selector):
            let receiver = try value(base)
            return try IndexSemantics.index(receiver, try resolve(selector))
        case .function(let function, let arguments):
            var values: [EvaluationValue] = []
            for argument in arguments { values.append(try value(argument)) }
            return try BuiltinFunctionSemantics.call(function, values)
        case .customFunction(let receiver, let selector, let arguments):
            guard let function = functions.function(for: selector) else {
                throw EvaluationError(
                    id: "unregistered-function", message: "FUNCTION selector '\(selector)' is not registered")
            }
            let target = try value(receiver)
            var values: [EvaluationValue] = []
            for argument in arguments { values.append(try value(argument)) }
            return try PredicateFunctionRegistry.call(function, selector: selector, target, values)
        case .subquery(let collection, let variable, let predicate):
            return try subquery(collection, variable, predicate)
        case .cast(let operand, let type):
            guard CastSemantics.supportedTypes.contains(type) else {
                throw EvaluationError(id: "unsupported-cast", message: "CAST to '\(type)' is not supported")
            }
            return try CastSemantics.cast(try value(operand), to: type)
        case .ternary(let condition, let whenTrue, let whenFalse):
            return try test(condition) ? try value(whenTrue) : try value(whenFalse)
        case .assignment(let variable, let operand):
            let assigned = try value(operand)
            variables[variable] = assigned
            return assigned
        case .anyKey:
            throw EvaluationError(id: "unsupported", message: "ANYKEY is a Spotlight construct and cannot be evaluated")
        }
    }

    private mutating func resolve(_ selector: IndexSelector) throws(EvaluationError) -> ResolvedIndex {
        switch selector {
        case .first: .first
        case .last: .last
        case .size: .size
        case .expression(let index): .value(try value(index))
        }
    }

    /// SUBQUERY (spec §3.13): nil collection → nil; the variable is bound to each element
    /// while the predicate runs (SELF stays the evaluated object), then restored.
    private mutating func subquery(
        _ collection: ExpressionNode, _ variable: String, _ predicate: PredicateNode
    ) throws(EvaluationError) -> EvaluationValue {
        let source = try value(collection)
        if case .null = source { return .null }
        guard let elements = source.collectionElements else {
            throw EvaluationError.notACollection("the collection of SUBQUERY", source)
        }
        let saved = variables[variable]
        defer { variables[variable] = saved }
        var selected: [EvaluationValue] = []
        for element in elements {
            variables[variable] = element
            if try test(predicate) { selected.append(element) }
        }
        return .array(selected)
    }
}
