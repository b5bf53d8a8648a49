/// The functions that `FUNCTION(receiver, 'selector', arguments…)` may call: nothing else.
///
/// On Apple, `FUNCTION` sends an arbitrary Objective-C message (a known code-execution
/// vector). Here a predicate can only call what the application registered, by exact
/// selector name; any other selector is a compile-time error.
///
/// ```swift
/// var functions = PredicateFunctionRegistry()
/// functions.register("reversed") { receiver, _ in
///     guard case .string(let s) = receiver else { throw EvaluationError(id: "type-mismatch", message: "not a string") }
///     return .string(String(s.reversed()))
/// }
/// // FUNCTION(name, 'reversed') == 'olleh'
/// ```
public struct PredicateFunctionRegistry: Sendable {
    /// A registered function: the receiver's value and the arguments' values in, a value out.
    /// Errors it throws that are not ``EvaluationError`` are reported as `function-failed`.
    public typealias Function =
        @Sendable (_ receiver: EvaluationValue, _ arguments: [EvaluationValue]) throws -> EvaluationValue

    private var functions: [String: Function] = [:]

    /// An empty registry.
    public init() {}

    /// Registers (or replaces) the function called by `FUNCTION(x, 'selector', …)`.
    public mutating func register(_ selector: String, _ function: @escaping Function) {
        functions[selector] = function
    }

    /// A copy with one more function.
    public func registering(_ selector: String, _ function: @escaping Function) -> Self {
        var copy = self
        copy.register(selector, function)
        return copy
    }

    /// The registered selector names.
    public var selectors: [String] { functions.keys.sorted() }

    /// The function for `selector`, if registered.
    public func function(for selector: String) -> Function? { functions[selector] }

    /// Calls `function`, mapping foreign errors to `function-failed`.
    static func call(
        _ function: Function, selector: String, _ receiver: EvaluationValue, _ arguments: [EvaluationValue]
    ) throws(EvaluationError) -> EvaluationValue {
        do {
            return try function(receiver, arguments)
        } catch let error as EvaluationError {
            throw error
        } catch {
            throw EvaluationError(id: "function-failed", message: "FUNCTION '\(selector)' failed: \(error)")
        }
    }
}
