import Foundation
import KeyPaths
import Predicates

extension Compilation {
    /// Compiles an expression, folding it to a constant when its operands are constants and
    /// it is pure (everything except `now()`, `random()`, `randomn:`, variables, SUBQUERY,
    /// assignments and custom functions). A fold that fails is kept as a read that throws the
    /// same error, so a short-circuited branch stays harmless.
    func expression(_ node: ExpressionNode) throws(PredicateCompileError) -> CompiledExpression<Root> {
        switch node.kind {
        case .constant(let value):
            return .constant(EvaluationValue(value))
        case .evaluatedObject:
            let selfValue = access.selfValue
            return .dynamic({ root, _ throws(EvaluationError) in try selfValue(root) }, typed: nil)
        case .keyPath(let components):
            return try keyPath(components)
        case .member(let base, let components):
            let compiled = try expression(base)
            return fold(compiled) { value throws(EvaluationError) in
                try KeyPathSemantics.apply(components[...], to: value)
            }
        case .variable(let name):
            if !reboundVariables.contains(name), let value = constants[name] { return .constant(value) }
            let index = slot(for: name)
            return .dynamic(
                { _, frame throws(EvaluationError) in
                    guard let value = frame.slots[index] else { throw EvaluationError.unboundVariable(name) }
                    return value
                }, typed: nil)
        case .aggregate(let elements):
            let compiled = try elements.map { element throws(PredicateCompileError) in try expression(element) }
            let constants = compiled.compactMap(\.constant)
            if constants.count == compiled.count { return .constant(.array(constants)) }
            let reads = compiled.map(\.read)
            return .dynamic(
                { root, frame throws(EvaluationError) in
                    var values: [EvaluationValue] = []
                    values.reserveCapacity(reads.count)
                    for read in reads { values.append(try read(root, &frame)) }
                    return .array(values)
                }, typed: nil)
        case .binary(let op, let lhs, let rhs):
            let left = try expression(lhs)
            let right = try expression(rhs)
            return fold(left, right) { a, b throws(EvaluationError) in try Arithmetic.binary(op, a, b) }
        case .unary(let op, let operand):
            return fold(try expression(operand)) { value throws(EvaluationError) in try Arithmetic.unary(op, value) }
        case .index(let base, let selector):
            return try index(base, selector)
        case .function(let function, let arguments):
            return try builtin(function, arguments)
        case .customFunction(let receiver, let selector, let arguments):
            return try custom(receiver, selector, arguments, range: node.range)
        case .subquery(let collection, let variable, let predicate):
            return try subquery(collection, variable, predicate)
        case .cast(let operand, let type):
            guard CastSemantics.supportedTypes.contains(type) else {
                throw failure(
                    "unsupported-cast",
                    "CAST to '\(type)' is not supported (use NSString, NSNumber, NSDate or NSDecimalNumber)", node.range
                )
            }
            return fold(try expression(operand)) { value throws(EvaluationError) in
                try CastSemantics.cast(value, to: type)
            }
        case .ternary(let condition, let whenTrue, let whenFalse):
            let test = try self.test(condition)
            let first = try expression(whenTrue).read
            let second = try expression(whenFalse).read
            return .dynamic(
                { root, frame throws(EvaluationError) in
                    try test(root, &frame) ? try first(root, &frame) : try second(root, &frame)
                }, typed: nil)
        case .assignment(let variable, let value):
            let read = try expression(value).read
            let index = slot(for: variable)
            return .dynamic(
                { root, frame throws(EvaluationError) in
                    let assigned = try read(root, &frame)
                    frame.slots[index] = assigned
                    return assigned
                }, typed: nil)
        case .anyKey:
            throw failure("unsupported", "ANYKEY is a Spotlight construct and cannot be evaluated", node.range)
        }
    }

    /// A key path from the root: leading keys resolved through the root access, the rest
    /// (collection operators, keys of dynamic values) applied per object.
    private func keyPath(_ components: [KeyPathComponent]) throws(PredicateCompileError) -> CompiledExpression<Root> {
        var keys: [String] = []
        for component in components {
            guard case .key(let key) = component else { break }
            keys.append(key)
        }
        if keys.isEmpty {
            let selfValue = access.selfValue
            return .dynamic(
                { root, _ throws(EvaluationError) in
                    try KeyPathSemantics.apply(components[...], to: try selfValue(root))
                }, typed: nil)
        }
        let (accessor, consumed) = try access.resolve(keys[...])
        let rest = components.dropFirst(consumed)
        let read = accessor.read
        if rest.isEmpty {
            if let probe = accessor.probe {
                return .probed({ root, _ throws(EvaluationError) in try read(root) }, probe: probe)
            }
            return .dynamic({ root, _ throws(EvaluationError) in try read(root) }, typed: accessor.typed)
        }
        return .dynamic(
            { root, _ throws(EvaluationError) in try KeyPathSemantics.apply(rest, to: try read(root)) }, typed: nil)
    }

    private func index(_ base: ExpressionNode, _ selector: IndexSelector) throws(PredicateCompileError)
        -> CompiledExpression<Root>
    {
        let receiver = try expression(base)
        switch selector {
        case .first: return fold(receiver) { value throws(EvaluationError) in try IndexSemantics.index(value, .first) }
        case .last: return fold(receiver) { value throws(EvaluationError) in try IndexSemantics.index(value, .last) }
        case .size: return fold(receiver) { value throws(EvaluationError) in try IndexSemantics.index(value, .size) }
        case .expression(let indexNode):
            let position = try expression(indexNode)
            return fold(receiver, position) { value, at throws(EvaluationError) in
                try IndexSemantics.index(value, .value(at))
            }
        }
    }

    private func builtin(_ function: BuiltinFunction, _ arguments: [ExpressionNode]) throws(PredicateCompileError)
        -> CompiledExpression<Root>
    {
        let compiled = try arguments.map { argument throws(PredicateCompileError) in try expression(argument) }
        let pure = function != .now && function != .random && function != .randomn
        let constants = compiled.compactMap(\.constant)
        if pure, constants.count == compiled.count {
            do {
                return .constant(try BuiltinFunctionSemantics.call(function, constants))
            } catch {
                return .dynamic({ _, _ throws(EvaluationError) in throw error }, typed: nil)
            }
        }
        let reads = compiled.map(\.read)
        return .dynamic(
            { root, frame throws(EvaluationError) in
                var values: [EvaluationValue] = []
                values.reserveCapacity(reads.count)
                for read in reads { values.append(try read(root, &frame)) }
                return try BuiltinFunctionSemantics.call(function, values)
            }, typed: nil)
    }

    private func custom(
        _ receiver: ExpressionNode, _ selector: String, _ arguments: [ExpressionNode], range: SourceRange?
    ) throws(PredicateCompileError) -> CompiledExpression<Root> {
        guard let function = functions.function(for: selector) else {
            let message = Suggestion(
                "FUNCTION selector '\(selector)' is not registered", name: selector, among: functions.selectors
            ).text
            throw failure("unregistered-function", message, range)
        }
        let target = try expression(receiver).read
        let reads = try arguments.map { argument throws(PredicateCompileError) in try expression(argument).read }
        return .dynamic(
            { root, frame throws(EvaluationError) in
                let value = try target(root, &frame)
                var values: [EvaluationValue] = []
                for read in reads { values.append(try read(root, &frame)) }
                return try PredicateFunctionRegistry.call(function, selector: selector, value, values)
            }, typed: nil)
    }

    private func subquery(
        _ collection: ExpressionNode, _ variable: String, _ predicate: PredicateNode
    ) throws(PredicateCompileError) -> CompiledExpression<Root> {
        let source = try expression(collection).read
        let index = slot(for: variable)
        let test = try self.test(predicate)
        return .dynamic(
            { root, frame throws(EvaluationError) in
                let value = try source(root, &frame)
                if case .null = value { return .null }
                guard let elements = value.collectionElements else {
                    throw EvaluationError.notACollection("the collection of SUBQUERY", value)
                }
                let saved = frame.slots[index]
                defer { frame.slots[index] = saved }
                var selected: [EvaluationValue] = []
                for element in elements {
                    frame.slots[index] = element
                    if try test(root, &frame) { selected.append(element) }
                }
                return .array(selected)
            }, typed: nil)
    }

    // MARK: Folding

    /// A one-operand operation, folded when the operand is constant.
    func fold(
        _ operand: CompiledExpression<Root>,
        _ operation: @escaping @Sendable (EvaluationValue) throws(EvaluationError) -> EvaluationValue
    ) -> CompiledExpression<Root> {
        if let value = operand.constant {
            do {
                return .constant(try operation(value))
            } catch {
                return .dynamic({ _, _ throws(EvaluationError) in throw error }, typed: nil)
            }
        }
        let read = operand.read
        return .dynamic({ root, frame throws(EvaluationError) in try operation(try read(root, &frame)) }, typed: nil)
    }

    /// A two-operand operation, folded when both are constant; operands evaluate left first.
    func fold(
        _ lhs: CompiledExpression<Root>, _ rhs: CompiledExpression<Root>,
        _ operation: @escaping @Sendable (EvaluationValue, EvaluationValue) throws(EvaluationError) -> EvaluationValue
    ) -> CompiledExpression<Root> {
        if let a = lhs.constant, let b = rhs.constant {
            do {
                return .constant(try operation(a, b))
            } catch {
                return .dynamic({ _, _ throws(EvaluationError) in throw error }, typed: nil)
            }
        }
        let left = lhs.read
        let right = rhs.read
        return .dynamic(
            { root, frame throws(EvaluationError) in
                let a = try left(root, &frame)
                return try operation(a, try right(root, &frame))
            }, typed: nil)
    }
}
