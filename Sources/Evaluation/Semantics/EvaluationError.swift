import Predicates

/// A predicate could not be evaluated against an object: the cases where Apple raises an
/// exception (ordering a string against a number, `ANY` over a non-collection, an unbound
/// variable, arithmetic on a string, …).
///
/// `id` is stable and meant for tests and tools; `message` is for people:
/// ```
/// not-comparable: cannot order "5" (string) against 5 (number)
/// ```
public struct EvaluationError: DiagnosticConvertible, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem, from the catalogue, e.g. `not-comparable`.
    public var id: DiagnosticID
    /// The human-readable message.
    public var message: String

    /// Creates an error.
    public init(id: DiagnosticID, message: String) {
        self.id = id
        self.message = message
    }

    public var description: String { "\(id): \(message)" }

    /// The one diagnostic (no range: evaluation fails on an object, not on the text).
    public var diagnostics: [Diagnostic] { [Diagnostic(id: id, message: message, range: nil)] }

    /// Ordering between values that have no common order (`"5" < 5`, `date > "x"`).
    static func notComparable(_ lhs: EvaluationValue, _ rhs: EvaluationValue) -> Self {
        Self(id: .notComparable, message: "cannot order \(describe(lhs)) against \(describe(rhs))")
    }

    /// A key the object does not have (Apple: `NSUnknownKeyException`).
    public static func unknownKey(_ key: String, in typeName: String) -> Self {
        Self(id: .unknownKey, message: "'\(typeName)' has no key '\(key)'")
    }

    /// A key path step on a value that has no keys (`5.name`).
    static func notKeyValueCoding(_ key: String, on value: EvaluationValue) -> Self {
        Self(id: .unknownKey, message: "cannot read key '\(key)' of \(describe(value))")
    }

    /// A `$variable` with no binding.
    static func unboundVariable(_ name: String) -> Self {
        Self(id: .unboundVariable, message: "no value bound for variable $\(name)")
    }

    /// An operand of the wrong type for an operator or function.
    static func typeMismatch(_ what: String, _ value: EvaluationValue) -> Self {
        Self(id: .typeMismatch, message: "\(what), got \(describe(value))")
    }

    /// An operand of the wrong type, with a fixed message.
    static func typeMismatch(_ message: String) -> Self {
        Self(id: .typeMismatch, message: message)
    }

    /// A collection was required.
    static func notACollection(_ what: String, _ value: EvaluationValue) -> Self {
        Self(id: .notACollection, message: "\(what) must be a collection, got \(describe(value))")
    }

    /// An index outside the collection.
    static func indexOutOfRange(_ index: Int, count: Int) -> Self {
        Self(id: .indexOutOfRange, message: "index \(index) is out of range for a collection of \(count)")
    }

    /// A function argument that is not acceptable (empty collection for `min:`, …).
    static func invalidArgument(_ message: String) -> Self {
        Self(id: .invalidArgument, message: message)
    }

    /// A pattern given at evaluation time (a key path or variable) that is not valid.
    static func invalidPattern(_ message: String) -> Self {
        Self(id: .invalidPattern, message: message)
    }

    /// A value that `CAST` cannot convert.
    static func castFailed(_ value: EvaluationValue, to type: String) -> Self {
        Self(id: .castFailed, message: "cannot cast \(describe(value)) to \(type)")
    }

    static func describe(_ value: EvaluationValue) -> String {
        if case .null = value { return "nil" }
        return "\(value.briefDescription) (\(value.typeName))"
    }
}

/// A predicate cannot be compiled: it names an unregistered function, an unknown key of a
/// typed root, `ANYKEY`, a UTI operator, a `CAST` to an unknown type, a bad regular
/// expression, … Found once, before any object is evaluated.
///
/// ```
/// unregistered-function: FUNCTION(name, 'reverse') calls 'reverse', which is not registered
/// ```
public struct PredicateCompileError: DiagnosticConvertible, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem, from the catalogue, e.g. `unregistered-function`, `unknown-key`.
    public var id: DiagnosticID
    /// The human-readable message.
    public var message: String
    /// Where the offending node came from in the format string, when known.
    public var range: SourceRange?

    /// Creates an error.
    public init(id: DiagnosticID, message: String, range: SourceRange? = nil) {
        self.id = id
        self.message = message
        self.range = range
    }

    public var description: String { "\(id): \(message)" }

    /// The error as a ``Diagnostic`` for rendering with a caret, when the range is known.
    public var diagnostic: Diagnostic? {
        range.map { Diagnostic(id: id, message: message, range: $0) }
    }

    /// The one diagnostic, at the offending node's range when known.
    public var diagnostics: [Diagnostic] { [Diagnostic(id: id, message: message, range: range)] }
}
