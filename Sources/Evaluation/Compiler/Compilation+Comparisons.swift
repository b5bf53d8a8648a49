import Foundation
import Predicates

/// A comparison operator with its constant right-hand side already prepared.
typealias PreparedOperation = @Sendable (EvaluationValue, EvaluationValue) throws(EvaluationError) -> Bool

extension Compilation {
    /// Compiles `[ANY|ALL] lhs op[options] rhs`.
    func comparison(_ comparison: Comparison, range: SourceRange?) throws(PredicateCompileError) -> Condition {
        let op = comparison.operator
        let options = comparison.options
        if op == .utiConformsTo || op == .utiEquals {
            throw failure("unsupported", ComparisonSemantics.unsupportedUTI(op).message, range)
        }
        let left = try expression(comparison.left)
        let right = try expression(comparison.right)
        if case .constant(.string(let pattern)) = comparison.right.kind {
            try validatePattern(op, pattern, options, range: range)
        }
        let operation = try prepare(op, options, constant: right.constant, range: range)

        let modifier = comparison.modifier
        if modifier == .direct, let a = left.constant, let b = right.constant {
            // Both sides constant: decide now, or throw the same error every time.
            do {
                let result = try operation(a, b)
                return Condition(test: { _, _ in result }, isPure: true, cost: 0)
            } catch {
                return .opaque({ _, _ throws(EvaluationError) in throw error })
            }
        }
        if let typed = left.typed, let constant = right.constant,
            let fast = TypedComparisons.test(typed, modifier, op, options, constant)
        {
            // Typed comparisons never throw and read only the object.
            return Condition(test: fast.test, isPure: true, cost: fast.cost)
        }
        let general = Self.general(modifier, left.read, right, operation)
        if let probe = left.probe, let constant = right.constant,
            let kind = TypedComparisons.expectedKind(modifier, op, constant),
            let fast = TypedComparisons.test(probe(kind), modifier, op, options, constant, fallback: general)
        {
            return .opaque(fast)
        }
        return .opaque(general)
    }

    /// The comparison on boxed values: both sides evaluated (left first), then the quantifier.
    private static func general(
        _ modifier: ComparisonModifier, _ lhs: @escaping CompiledRead<Root>, _ right: CompiledExpression<Root>,
        _ operation: @escaping PreparedOperation
    ) -> CompiledTest<Root> {
        let rhs = right.read
        switch modifier {
        case .direct:
            if let constant = right.constant {
                return { root, frame throws(EvaluationError) in try operation(try lhs(root, &frame), constant) }
            }
            return { root, frame throws(EvaluationError) in
                let a = try lhs(root, &frame)
                return try operation(a, try rhs(root, &frame))
            }
        case .any:
            return { root, frame throws(EvaluationError) in
                let a = try lhs(root, &frame)
                let b = try rhs(root, &frame)
                for element in try ComparisonSemantics.quantifiedElements(a) where try operation(element, b) {
                    return true
                }
                return false
            }
        case .all:
            return { root, frame throws(EvaluationError) in
                let a = try lhs(root, &frame)
                let b = try rhs(root, &frame)
                for element in try ComparisonSemantics.quantifiedElements(a) where try !operation(element, b) {
                    return false
                }
                return true
            }
        }
    }

    /// A LIKE/MATCHES pattern written as a literal must compile: a bad one is a compile-time
    /// error even if no object would ever reach it (the interpreter checks the same).
    private func validatePattern(
        _ op: ComparisonOperator, _ pattern: String, _ options: ComparisonOptions, range: SourceRange?
    ) throws(PredicateCompileError) {
        do {
            try ComparisonSemantics.validateLiteralPattern(op, pattern, options)
        } catch {
            throw failure("invalid-pattern", error.message, range)
        }
    }

    /// The operator as a closure; with a constant right side, the side is prepared once
    /// (folded strings, compiled patterns, hash sets). Every fast path falls back to the
    /// shared ``ComparisonSemantics`` for the operand types it does not handle, so results
    /// and errors are those of the reference interpreter.
    private func prepare(
        _ op: ComparisonOperator, _ options: ComparisonOptions, constant: EvaluationValue?, range: SourceRange?
    ) throws(PredicateCompileError) -> PreparedOperation {
        let generic: PreparedOperation = { a, b throws(EvaluationError) in
            try ComparisonSemantics.evaluate(op, options, a, b)
        }
        guard let constant else { return generic }
        switch op {
        case .equalTo, .notEqualTo:
            let negate = op == .notEqualTo
            let mode = StringMatchMode(options)
            if case .string(let text) = constant, mode.folds || mode.literal || options.contains(.localeSensitive) {
                let prepared = StringFolding.fold(text, mode)
                let locale = options.contains(.localeSensitive)
                return { a, _ in
                    if case .string(let string) = a {
                        return StringComparison.equals(string, prepared: prepared, mode, localeSensitive: locale)
                            != negate
                    }
                    return (a == constant) != negate
                }
            }
            return { a, _ in (a == constant) != negate }
        case .in:
            switch constant {
            case .array, .set, .dictionary:
                let members: Set<EvaluationValue>
                switch constant {
                case .array(let elements): members = Set(elements)
                case .set(let set): members = Set(set.elements)
                case .dictionary(let dictionary): members = Set(dictionary.values)
                default: members = []
                }
                return { a, _ in !a.isNull && members.contains(a) }
            default:
                return generic
            }
        case .contains, .beginsWith, .endsWith:
            guard case .string(let text) = constant else { return generic }
            let needle = StringNeedle(text, options)
            let anchor: StringSearch.Anchor = op == .beginsWith ? .prefix : (op == .endsWith ? .suffix : .anywhere)
            return { a, b throws(EvaluationError) in
                if case .string(let haystack) = a { return StringSearch.matches(haystack, needle, anchor) }
                return try generic(a, b)
            }
        case .like:
            guard case .string(let text) = constant else { return generic }
            guard let pattern = try? LikePattern(text, options: options) else { return generic }
            return { a, b throws(EvaluationError) in
                if case .string(let subject) = a { return pattern.matches(subject) }
                return try generic(a, b)
            }
        case .matches:
            guard case .string(let text) = constant else { return generic }
            guard let pattern = try? RegexPattern(text, options: options) else { return generic }
            return { a, b throws(EvaluationError) in
                if case .string(let subject) = a { return try pattern.matches(subject) }
                return try generic(a, b)
            }
        case .between:
            guard case .array(let bounds) = constant, bounds.count == 2 else { return generic }
            let low = bounds[0]
            let high = bounds[1]
            return { a, _ throws(EvaluationError) in try ValueComparison.between(a, low: low, high: high) }
        default:
            return generic
        }
    }
}
