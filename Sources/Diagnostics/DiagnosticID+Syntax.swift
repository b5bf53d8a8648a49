extension DiagnosticID {
    // Ids of parsing a format string and binding its arguments (Predicates).

    /// `empty-input`: The format string is empty or only whitespace.
    public static let emptyInput: DiagnosticID = "empty-input"
    /// `input-too-large`: The format string is longer than `ParserLimits.maximumBytes`.
    public static let inputTooLarge: DiagnosticID = "input-too-large"
    /// `unexpected-character`: A character that starts no token (`?`, a backquote, an invisible character).
    public static let unexpectedCharacter: DiagnosticID = "unexpected-character"
    /// `unterminated-string`: A string literal without its closing quote.
    public static let unterminatedString: DiagnosticID = "unterminated-string"
    /// `bad-escape`: A backslash escape in a string that is not one the language knows.
    public static let badEscape: DiagnosticID = "bad-escape"
    /// `invalid-number`: A number literal that is malformed (`1e`, `0x`).
    public static let invalidNumber: DiagnosticID = "invalid-number"
    /// `number-out-of-range`: A number literal that no integer or double holds.
    public static let numberOutOfRange: DiagnosticID = "number-out-of-range"
    /// `unsupported-specifier`: A format specifier other than `%@`, `%K`, `%d`, `%ld`, `%f`, ….
    public static let unsupportedSpecifier: DiagnosticID = "unsupported-specifier"
    /// `unexpected-token`: A token where the grammar expects another.
    public static let unexpectedToken: DiagnosticID = "unexpected-token"
    /// `expected-expression`: An operator or a comma followed by no expression.
    public static let expectedExpression: DiagnosticID = "expected-expression"
    /// `expected-comparison-operator`: An expression that is not followed by a comparison operator.
    public static let expectedComparisonOperator: DiagnosticID = "expected-comparison-operator"
    /// `unknown-operator`: A word in operator position that is no operator (`LIKES`).
    public static let unknownOperator: DiagnosticID = "unknown-operator"
    /// `unknown-option`: A comparison option other than `c`, `d`, `n`, `l`, `w`.
    public static let unknownOption: DiagnosticID = "unknown-option"
    /// `unbalanced-parenthesis`: A bracket that is not closed, or closed without being opened.
    public static let unbalancedParenthesis: DiagnosticID = "unbalanced-parenthesis"
    /// `chained-comparison`: `a < b < c`: comparisons do not chain.
    public static let chainedComparison: DiagnosticID = "chained-comparison"
    /// `not-in`: `NOT IN` and friends: negate the whole comparison instead.
    public static let notIn: DiagnosticID = "not-in"
    /// `reserved-word-as-key`: A reserved word used as a key without `#`.
    public static let reservedWordAsKey: DiagnosticID = "reserved-word-as-key"
    /// `unknown-collection-operator`: An `@` operator that is not `@count`, `@sum`, ….
    public static let unknownCollectionOperator: DiagnosticID = "unknown-collection-operator"
    /// `unknown-function`: A function name the language does not have.
    public static let unknownFunction: DiagnosticID = "unknown-function"
    /// `wrong-argument-count`: A function called with too few or too many arguments.
    public static let wrongArgumentCount: DiagnosticID = "wrong-argument-count"
    /// `missing-argument`: A format specifier with no argument given for it.
    public static let missingArgument: DiagnosticID = "missing-argument"
    /// `wrong-argument-type`: An argument that does not fit its specifier (`%K` given a number).
    public static let wrongArgumentType: DiagnosticID = "wrong-argument-type"
    /// `specifier-as-predicate`: A specifier standing for a whole predicate.
    public static let specifierAsPredicate: DiagnosticID = "specifier-as-predicate"
    /// `invalid-key`: A key path given to `%K` that is not a key path.
    public static let invalidKey: DiagnosticID = "invalid-key"
    /// `nesting-too-deep`: A predicate nested deeper than `ParserLimits.maximumDepth`.
    public static let nestingTooDeep: DiagnosticID = "nesting-too-deep"
    /// `missing-variable`: A `$variable` without a value in the substitution.
    public static let missingVariable: DiagnosticID = "missing-variable"
    /// `no-literal-form`: A value with no literal spelling, so `parseableFormat` cannot print it.
    public static let noLiteralForm: DiagnosticID = "no-literal-form"
    /// `surplus-arguments`: More arguments than specifiers (a warning: Apple ignores them).
    public static let surplusArguments: DiagnosticID = "surplus-arguments"
    /// `internal-error`: A failure of the parser itself; please report it.
    public static let internalError: DiagnosticID = "internal-error"

    /// The ids of parsing a format string and binding its arguments (Predicates), in catalogue order.
    static let syntaxFamily: [DiagnosticID] = [
        .emptyInput, .inputTooLarge, .unexpectedCharacter, .unterminatedString, .badEscape, .invalidNumber,
        .numberOutOfRange, .unsupportedSpecifier, .unexpectedToken, .expectedExpression, .expectedComparisonOperator,
        .unknownOperator, .unknownOption, .unbalancedParenthesis, .chainedComparison, .notIn, .reservedWordAsKey,
        .unknownCollectionOperator, .unknownFunction, .wrongArgumentCount, .missingArgument, .wrongArgumentType,
        .specifierAsPredicate, .invalidKey, .nestingTooDeep, .missingVariable, .noLiteralForm, .surplusArguments,
        .internalError,
    ]
}
