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
        switch predicate.kind {
        case .constant(let value):
            return { _, _ in value }
        case .and(let children):
            let tests = try children.map { child throws(PredicateCompileError) in try test(child) }
            return Self.all(tests)
        case .or(let children):
            let tests = try children.map { child throws(PredicateCompileError) in try test(child) }
            return Self.any(tests)
        case .not(let child):
            let inner = try test(child)
            return { root, frame throws(EvaluationError) in try !inner(root, &frame) }
        case .comparison(let comparison):
            return try self.comparison(comparison, range: predicate.range)
        }
    }

    /// AND: stops at the first false.
    private static func all(_ tests: [CompiledTest<Root>]) -> CompiledTest<Root> {
        switch tests.count {
        case 0: return { _, _ in true }
        case 1: return tests[0]
        case 2:
            let first = tests[0], second = tests[1]
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
            let first = tests[0], second = tests[1]
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
    func failure(_ id: String, _ message: String, _ range: SourceRange?) -> PredicateCompileError {
        PredicateCompileError(id: id, message: message, range: range)
    }
}
