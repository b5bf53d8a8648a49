extension DiagnosticID {
    // Ids of compiling and evaluating predicates in memory (Evaluation).

    /// `not-comparable`: Ordering values that have no common order (`"5" < 5`).
    public static let notComparable: DiagnosticID = "not-comparable"
    /// `unbound-variable`: A `$variable` with no value bound.
    public static let unboundVariable: DiagnosticID = "unbound-variable"
    /// `not-a-collection`: A collection was required (`ANY` over a number).
    public static let notACollection: DiagnosticID = "not-a-collection"
    /// `index-out-of-range`: An index outside the collection.
    public static let indexOutOfRange: DiagnosticID = "index-out-of-range"
    /// `invalid-argument`: A function argument it does not accept.
    public static let invalidArgument: DiagnosticID = "invalid-argument"
    /// `invalid-pattern`: A LIKE or MATCHES pattern that is not valid.
    public static let invalidPattern: DiagnosticID = "invalid-pattern"
    /// `regex-limit`: A regular expression beyond the size or work limits.
    public static let regexLimit: DiagnosticID = "regex-limit"
    /// `cast-failed`: A value that `CAST` cannot convert.
    public static let castFailed: DiagnosticID = "cast-failed"
    /// `unsupported-cast`: A `CAST` to a type that is not supported.
    public static let unsupportedCast: DiagnosticID = "unsupported-cast"
    /// `unsupported`: A construct that cannot be evaluated (`ANYKEY`, the UTI operators).
    public static let unsupported: DiagnosticID = "unsupported"
    /// `unsupported-value`: An object that holds a value of a type the evaluator does not read.
    public static let unsupportedValue: DiagnosticID = "unsupported-value"
    /// `unregistered-function`: A `FUNCTION` selector that is not registered.
    public static let unregisteredFunction: DiagnosticID = "unregistered-function"
    /// `function-failed`: A registered function that threw.
    public static let functionFailed: DiagnosticID = "function-failed"

    /// The ids of compiling and evaluating predicates in memory (Evaluation), in catalogue order.
    static let evaluationFamily: [DiagnosticID] = [
        .notComparable, .unboundVariable, .notACollection, .indexOutOfRange, .invalidArgument, .invalidPattern,
        .regexLimit, .castFailed, .unsupportedCast, .unsupported, .unsupportedValue, .unregisteredFunction,
        .functionFailed,
    ]
}
