import Foundation
import Predicates

/// Compiles a parsed predicate once, for one root type, into a ``CompiledPredicate``.
///
/// ```swift
/// let compiler = PredicateCompiler(variables: ["MIN": .int(18)], functions: myFunctions)
/// let p = try compiler.compile(PredicateNode(format: "age >= $MIN"), for: Person.self)
/// ```
///
/// | root type | key access |
/// |---|---|
/// | a ``PredicateKeyed`` type | resolved once through its key table; unknown keys fail here |
/// | a ``KeyValueReadable`` type | `predicateValue(forKey:)` per object |
/// | `[String: Any]` | a path's leading keys looked up one nested dictionary at a time; only the value reached is converted |
/// | ``PredicateValue`` (decoded JSON) | the same walk over the JSON objects |
/// | ``EvaluationValue`` | key-value coding on the value |
///
/// Compile-time errors (``PredicateCompileError``): an unregistered `FUNCTION` selector,
/// `ANYKEY`, `UTI-CONFORMS-TO`/`UTI-EQUALS`, `CAST` to a type other than `NSString`,
/// `NSNumber`, `NSDate`, `NSDecimalNumber`, a constant LIKE/MATCHES pattern that does not
/// compile, an unknown key of a keyed type.
public struct PredicateCompiler: Sendable {
    /// Variables known at compile time; they are folded into constants (unless a SUBQUERY or
    /// `:=` rebinds the same name). Other variables are bound when evaluating.
    public var variables: [String: EvaluationValue]
    /// The functions `FUNCTION(receiver, 'selector', …)` may call.
    public var functions: PredicateFunctionRegistry

    /// A compiler with the given compile-time variables and function registry.
    public init(
        variables: [String: EvaluationValue] = [:], functions: PredicateFunctionRegistry = PredicateFunctionRegistry()
    ) {
        self.variables = variables
        self.functions = functions
    }

    /// Compiles for a type with a key table (the fast path). When the predicate compares only
    /// stored numbers declared by key path (`.int(\.age)`) with number constants, the batch
    /// entry points (``CompiledPredicate/count(in:variables:)``) read them in place.
    public func compile<Root: PredicateKeyed>(
        _ predicate: PredicateNode, for root: Root.Type = Root.self
    ) throws(PredicateCompileError) -> CompiledPredicate<Root> {
        var compiled: CompiledPredicate<Root> = try compile(predicate, access: .keyed)
        if compiled.slotNames.isEmpty { compiled.batch = StructBatch.plan(predicate, keys: Root.predicateKeys) }
        return compiled
    }

    /// Compiles for a type read key by key through ``KeyValueReadable``.
    public func compile<Root: KeyValueReadable>(
        _ predicate: PredicateNode, for root: Root.Type = Root.self
    ) throws(PredicateCompileError) -> CompiledPredicate<Root> {
        try compile(predicate, access: .readable)
    }

    /// Compiles for `[String: Any]` dictionaries (Foundation-style objects, `JSONSerialization`
    /// output). `bucket.owner.name` reads `bucket`, then `owner` in the dictionary found, then
    /// `name`, converting only that value; a value the evaluator cannot read fails only when a
    /// path reaches it.
    public func compile(
        _ predicate: PredicateNode, for root: [String: Any].Type
    ) throws(PredicateCompileError) -> CompiledPredicate<[String: Any]> {
        try compile(predicate, access: .anyDictionary)
    }

    /// Compiles for dynamic values (JSON objects converted with ``EvaluationValue/init(_:)``).
    public func compile(
        _ predicate: PredicateNode, for root: EvaluationValue.Type
    ) throws(PredicateCompileError) -> CompiledPredicate<EvaluationValue> {
        try compile(predicate, access: .value)
    }

    /// Compiles for decoded JSON values (``PredicateValue/init(json:maximumDepth:)``).
    public func compile(
        _ predicate: PredicateNode, for root: PredicateValue.Type
    ) throws(PredicateCompileError) -> CompiledPredicate<PredicateValue> {
        try compile(predicate, access: .json)
    }

    /// Compiles with an explicit root access (how the keys of `Root` are read).
    package func compile<Root>(_ predicate: PredicateNode, access: PredicateRootAccess<Root>)
        throws(PredicateCompileError)
        -> CompiledPredicate<Root>
    {
        let compilation = Compilation<Root>(
            access: access, constants: variables, functions: functions,
            reboundVariables: VariableScan.reboundNames(in: predicate))
        let test = try compilation.test(predicate)
        return CompiledPredicate(
            predicate: predicate, test: test, slotNames: compilation.slotNames,
            slotDefaults: compilation.slotNames.map { variables[$0] })
    }
}

/// Finds the variables a predicate rebinds (SUBQUERY variables and `:=` targets): those are
/// never folded into compile-time constants.
enum VariableScan {
    static func reboundNames(in predicate: PredicateNode) -> Set<String> {
        var names = Set<String>()
        scan(predicate, into: &names)
        return names
    }

    private static func scan(_ predicate: PredicateNode, into names: inout Set<String>) {
        switch predicate.kind {
        case .constant: break
        case .and(let children), .or(let children): for child in children { scan(child, into: &names) }
        case .not(let child): scan(child, into: &names)
        case .comparison(let comparison):
            scan(comparison.left, into: &names)
            scan(comparison.right, into: &names)
        }
    }

    private static func scan(_ expression: ExpressionNode, into names: inout Set<String>) {
        switch expression.kind {
        case .constant, .evaluatedObject, .keyPath, .variable, .anyKey: break
        case .member(let base, _): scan(base, into: &names)
        case .aggregate(let elements): for element in elements { scan(element, into: &names) }
        case .binary(_, let lhs, let rhs):
            scan(lhs, into: &names)
            scan(rhs, into: &names)
        case .unary(_, let operand), .cast(let operand, _): scan(operand, into: &names)
        case .index(let base, let selector):
            scan(base, into: &names)
            if case .expression(let index) = selector { scan(index, into: &names) }
        case .function(_, let arguments): for argument in arguments { scan(argument, into: &names) }
        case .customFunction(let receiver, _, let arguments):
            scan(receiver, into: &names)
            for argument in arguments { scan(argument, into: &names) }
        case .subquery(let collection, let variable, let predicate):
            names.insert(variable)
            scan(collection, into: &names)
            scan(predicate, into: &names)
        case .ternary(let condition, let whenTrue, let whenFalse):
            scan(condition, into: &names)
            scan(whenTrue, into: &names)
            scan(whenFalse, into: &names)
        case .assignment(let variable, let value):
            names.insert(variable)
            scan(value, into: &names)
        }
    }
}
