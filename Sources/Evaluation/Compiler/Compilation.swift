import Foundation
import Predicates

/// The state of one compilation: the root access, the compile-time variables and the
/// variable slots handed out so far. Used only while compiling; the closures it produces
/// capture nothing mutable.
final class Compilation<Root> {
    let access: PredicateRootAccess<Root>
    let constants: [String: EvaluationValue]
    let functions: PredicateFunctionRegistry
    /// Variables rebound by SUBQUERY or `:=`: always read from a slot.
    let reboundVariables: Set<String>
    private(set) var slotNames: [String] = []

    init(
        access: PredicateRootAccess<Root>, constants: [String: EvaluationValue],
        functions: PredicateFunctionRegistry, reboundVariables: Set<String>
    ) {
        self.access = access
        self.constants = constants
        self.functions = functions
        self.reboundVariables = reboundVariables
    }

    /// The slot of a variable, allocated on first use.
    func slot(for name: String) -> Int {
        if let index = slotNames.firstIndex(of: name) { return index }
        slotNames.append(name)
        return slotNames.count - 1
    }

    // MARK: Predicates

    func test(_ predicate: PredicateNode) throws(PredicateCompileError) -> CompiledTest<Root> {
        try condition(predicate).test
    }

    /// A compiled test with what the planner may know about it.
    struct Condition {
        let test: CompiledTest<Root>
        /// Neither throws nor has side effects: its position in an AND/OR cannot change the result.
        let isPure: Bool
        /// A rough relative cost, to run cheap pure tests first.
        let cost: Int

        static func opaque(_ test: @escaping CompiledTest<Root>) -> Condition {
            Condition(test: test, isPure: false, cost: 0)
        }
    }

    func condition(_ predicate: PredicateNode) throws(PredicateCompileError) -> Condition {
        switch predicate.kind {
        case .constant(let value):
            return Condition(test: { _, _ in value }, isPure: true, cost: 0)
        case .and(let children):
            let conditions = Self.planned(
                try children.map { child throws(PredicateCompileError) in try condition(child) })
            return Condition(
                test: Self.all(conditions.map(\.test)), isPure: conditions.allSatisfy(\.isPure),
                cost: conditions.reduce(0) { $0 + $1.cost })
        case .or(let children):
            let conditions = Self.planned(
                try children.map { child throws(PredicateCompileError) in try condition(child) })
            return Condition(
                test: Self.any(conditions.map(\.test)), isPure: conditions.allSatisfy(\.isPure),
                cost: conditions.reduce(0) { $0 + $1.cost })
        case .not(let child):
            let inner = try condition(child)
            let test = inner.test
            return Condition(
                test: { root, frame throws(EvaluationError) in try !test(root, &frame) }, isPure: inner.isPure,
                cost: inner.cost)
        case .comparison(let comparison):
            return try self.comparison(comparison, range: predicate.range)
        }
    }

    /// Sorts each run of adjacent pure conditions by cost (stable); impure conditions keep
    /// their place, so errors surface exactly where left-to-right evaluation raises them.
    static func planned(_ conditions: [Condition]) -> [Condition] {
        var result: [Condition] = []
        var run: [Condition] = []
        for condition in conditions {
            if condition.isPure {
                run.append(condition)
                continue
            }
            result += run.enumerated().sorted { ($0.element.cost, $0.offset) < ($1.element.cost, $1.offset) }.map(
                \.element)
            run.removeAll()
            result.append(condition)
        }
        return result
            + run.enumerated().sorted { ($0.element.cost, $0.offset) < ($1.element.cost, $1.offset) }.map(\.element)
    }

    /// AND: stops at the first false.
    private static func all(_ tests: [CompiledTest<Root>]) -> CompiledTest<Root> {
        switch tests.count {
        case 0: return { _, _ in true }
        case 1: return tests[0]
        case 2:
            let first = tests[0]
            let second = tests[1]
            return { root, frame throws(EvaluationError) in
                guard try first(root, &frame) else { return false }
                return try second(root, &frame)
            }
        default:
            return { root, frame throws(EvaluationError) in
                for test in tests where try !test(root, &frame) { return false }
                return true
            }
        }
    }

    /// OR: stops at the first true.
    private static func any(_ tests: [CompiledTest<Root>]) -> CompiledTest<Root> {
        switch tests.count {
        case 0: return { _, _ in false }
        case 1: return tests[0]
        case 2:
            let first = tests[0]
            let second = tests[1]
            return { root, frame throws(EvaluationError) in
                if try first(root, &frame) { return true }
                return try second(root, &frame)
            }
        default:
            return { root, frame throws(EvaluationError) in
                for test in tests where try test(root, &frame) { return true }
                return false
            }
        }
    }

    /// A compile error located at `range`.
    func failure(_ id: DiagnosticID, _ message: String, _ range: SourceRange?) -> PredicateCompileError {
        PredicateCompileError(id: id, message: message, range: range)
    }
}
