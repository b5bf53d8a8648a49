import KeyPaths

/// Every diagnostic the parser and argument binding can produce: its stable id and its wording.
///
/// Messages quote the offending text; the range under the caret is that text. Tests match on
/// the ``Diagnostic/id``; the wording lives only here.
///
/// ```
/// a LIKES 'x'
/// ```
/// ```
/// 1:3: error: unknown operator 'LIKES'
/// a LIKES 'x'
///   ^^^^^
/// note: did you mean 'LIKE'?
/// ```
package enum DiagnosticCatalog {
    /// All diagnostic ids, in the order of the catalogue.
    package static let identifiers: [String] = [
        "empty-input", "input-too-large", "unexpected-character", "unterminated-string", "bad-escape",
        "invalid-number", "number-out-of-range", "unsupported-specifier", "unexpected-token",
        "expected-expression", "expected-comparison-operator", "unknown-operator", "unknown-option",
        "unbalanced-parenthesis", "chained-comparison", "not-in", "reserved-word-as-key",
        "unknown-collection-operator", "unknown-function", "wrong-argument-count", "missing-argument",
        "wrong-argument-type", "specifier-as-predicate", "invalid-key", "nesting-too-deep", "missing-variable",
        "no-literal-form",
    ]

    /// The ids of warnings: problems that do not stop parsing (`predicate lint` prints them).
    package static let warningIdentifiers: [String] = ["surplus-arguments"]

    // MARK: - Input

    static func emptyInput(range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "empty-input", message: "the format string is empty", range: range,
            notes: ["write TRUEPREDICATE for a predicate that is always true"])
    }

    static func inputTooLarge(bytes: Int, limit: Int, range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "input-too-large", message: "the format string is \(bytes) bytes long; the limit is \(limit) bytes",
            range: range)
    }

    static func nestingTooDeep(limit: Int, range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "nesting-too-deep", message: "the format string is nested too deeply (more than \(limit) levels)",
            range: range, notes: ["the limit is ParserLimits.maximumDepth"])
    }

    /// The input nests within the limit but the canonical form of its tree would not:
    /// `NOT NOT … a == 1` (each NOT prints as `NOT (…)`), `--…-a` (`-(-a)`), a nested collection
    /// bound to `%@` (one brace per level).
    static func canonicalNestingTooDeep(limit: Int, range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "nesting-too-deep",
            message: "the predicate is nested too deeply: its canonical form would be more than \(limit) levels deep",
            range: range,
            notes: [
                "printing adds levels: NOT NOT p prints as NOT (NOT p), --a as -(-a), and a collection "
                    + "argument as nested braces",
                "the limit is ParserLimits.maximumDepth",
            ])
    }

    /// From ``PredicateNode/parseableFormat(limits:)``: a part of the tree prints as text that
    /// does not read back (`the number inf has no literal form…`).
    static func noLiteralForm(_ what: String, range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "no-literal-form",
            message: "\(what) has no literal form: the canonical text would not read back as this predicate",
            range: range)
    }

    // MARK: - Lexical

    static func unexpectedCharacter(_ scalar: Unicode.Scalar, range: SourceRange) -> Diagnostic {
        let invisible: Bool
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .nonspacingMark,
            .enclosingMark, .privateUse, .surrogate, .unassigned:
            invisible = true
        default:
            invisible = scalar.value == 0xFFFD
        }
        let shown = invisible ? "U+" + hex(scalar.value) : "'\(Character(scalar))'"
        var notes: [String] = []
        if scalar == "?" { notes.append("'?' is a wildcard only inside a LIKE pattern: name LIKE 'a?c'") }
        if scalar == "`" { notes.append("strings are quoted with ' or \"") }
        return Diagnostic(
            id: "unexpected-character", message: "unexpected character \(shown)", range: range, notes: notes)
    }

    static func expectedNameAfter(_ sigil: String, what: String, range: SourceRange) -> Diagnostic {
        Diagnostic(id: "unexpected-character", message: "expected \(what) after '\(sigil)'", range: range)
    }

    static func unterminatedString(quote: UInt8, range: SourceRange) -> Diagnostic {
        let q = quote == UInt8(ascii: "'") ? "'" : "\""
        return Diagnostic(
            id: "unterminated-string", message: "unterminated string: missing the closing \(q)", range: range)
    }

    static func badEscape(_ text: String, reason: String, range: SourceRange) -> Diagnostic {
        Diagnostic(id: "bad-escape", message: "bad escape '\(text)' in a string: \(reason)", range: range)
    }

    static func invalidNumber(_ text: String, reason: String?, range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "invalid-number", message: "invalid number '\(text)'" + (reason.map { ": " + $0 } ?? ""), range: range)
    }

    static func numberOutOfRange(_ text: String, isInteger: Bool, range: SourceRange) -> Diagnostic {
        let message =
            isInteger
            ? "integer literal '\(text)' is out of range; the largest integer is \(Int.max)"
            : "number '\(text)' is out of range for a double"
        return Diagnostic(id: "number-out-of-range", message: message, range: range)
    }

    static func percentOutsideString(range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "unsupported-specifier",
            message: "'%%' (a literal percent sign) cannot appear outside a string literal", range: range)
    }

    static func unsupportedSpecifier(_ spelling: String, range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "unsupported-specifier", message: "unsupported format specifier '\(spelling)'", range: range,
            notes: ["use %@ for a value, %K for a key path, %d or %ld for an integer, %f for a floating-point number"])
    }

    static func unknownCollectionOperator(_ name: String, range: SourceRange) -> Diagnostic {
        let names = CollectionOperator.allCases.map(\.rawValue)
        var notes: [String] = []
        if let guess = suggestion(for: name, among: names) {
            notes.append("did you mean '@\(guess)'?")
        } else {
            notes.append("the collection operators are " + names.map { "@" + $0 }.joined(separator: ", "))
        }
        return Diagnostic(
            id: "unknown-collection-operator", message: "unknown collection operator '@\(name)'",
            range: range, notes: notes)
    }

    // MARK: - Syntax

    static func unexpectedToken(expected: String, found: String, range: SourceRange, notes: [String] = []) -> Diagnostic
    {
        Diagnostic(id: "unexpected-token", message: "expected \(expected), found \(found)", range: range, notes: notes)
    }

    static func expectedExpression(after previous: String?, found: String, range: SourceRange) -> Diagnostic {
        let message =
            previous.map { "expected an expression after '\($0)', found \(found)" }
            ?? "expected an expression, found \(found)"
        return Diagnostic(id: "expected-expression", message: message, range: range)
    }

    static func expectedComparisonOperator(after left: String, found: String, range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "expected-comparison-operator",
            message: "expected a comparison operator after '\(left)', found \(found)", range: range)
    }

    static func unknownOperator(_ word: String, range: SourceRange) -> Diagnostic {
        var notes: [String] = []
        if word.uppercased() == "TOKENMATCHES" {
            notes.append("TOKENMATCHES (CloudKit only) is not supported")
        } else if let guess = suggestion(for: word, among: Operators.keywordComparisons.keys.sorted()) {
            notes.append("did you mean '\(guess)'?")
        }
        return Diagnostic(id: "unknown-operator", message: "unknown operator '\(word)'", range: range, notes: notes)
    }

    static func unknownOption(_ letter: String, in options: String, range: SourceRange) -> Diagnostic {
        let message =
            letter.isEmpty
            ? "empty comparison options '\(options)'"
            : "unknown comparison option '\(letter)' in '\(options)'"
        return Diagnostic(
            id: "unknown-option", message: message, range: range,
            notes: ["the options are c, d, n, l and w, e.g. CONTAINS[cd]"])
    }

    static func unclosed(
        _ open: String, close: String, openedAt location: String, found: String,
        range: SourceRange, isClosingToken: Bool
    ) -> Diagnostic {
        Diagnostic(
            id: isClosingToken ? "unbalanced-parenthesis" : "unexpected-token",
            message: "expected '\(close)' to close '\(open)', found \(found)", range: range,
            notes: ["the '\(open)' opened here at \(location)"])
    }

    static func unmatchedClosing(_ close: String, range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "unbalanced-parenthesis", message: "unmatched '\(close)'", range: range,
            notes: ["nothing before it is open"])
    }

    static func chainedComparison(_ op: String, range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "chained-comparison",
            message: "comparison operators do not chain: '\(op)' follows a complete comparison",
            range: range, notes: ["combine two comparisons with AND: a < b AND b < c"])
    }

    static func notIn(_ op: String, left: String, range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "not-in", message: "'NOT \(op)' is not an operator", range: range,
            notes: ["negate the whole comparison: NOT (\(left) \(op) …)"])
    }

    static func reservedWordAsKey(_ word: String, range: SourceRange) -> Diagnostic {
        var notes: [String] = []
        if ["FIRST", "LAST", "SIZE"].contains(word.uppercased()) {
            notes.append("FIRST, LAST and SIZE select an element or the count only inside brackets: a[FIRST]")
        }
        return Diagnostic(
            id: "reserved-word-as-key",
            message: "'\(word)' is a reserved word; write '#\(word)' to use it as a key", range: range, notes: notes)
    }

    static func specifierAsPredicate(_ spelling: String, range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "specifier-as-predicate",
            message: "'\(spelling)' cannot stand for a whole predicate; a format specifier is a value",
            range: range, notes: ["compare it with something: %K == %@"])
    }

    static func invalidKey(_ message: String, range: SourceRange) -> Diagnostic {
        Diagnostic(id: "invalid-key", message: message, range: range)
    }

    // MARK: - Functions

    static func unknownFunction(_ name: String, candidates: [String], range: SourceRange, notes extra: [String] = [])
        -> Diagnostic
    {
        var notes: [String] = []
        if let guess = suggestion(for: name, among: candidates) { notes.append("did you mean '\(guess)'?") }
        return Diagnostic(
            id: "unknown-function", message: "unknown function '\(name)'", range: range, notes: notes + extra)
    }

    static func wrongArgumentCount(_ message: String, range: SourceRange, notes: [String] = []) -> Diagnostic {
        Diagnostic(id: "wrong-argument-count", message: message, range: range, notes: notes)
    }

    // MARK: - Arguments and variables

    static func missingArgument(_ spelling: String, uses: Int, given: Int, range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: "missing-argument",
            message: "missing argument for '\(spelling)': the format uses \(uses), \(given) given", range: range)
    }

    static func surplusArguments(given: Int, uses: Int, range: SourceRange) -> Diagnostic {
        let ignored = given - uses == 1 ? "argument \(given) is" : "arguments \(uses + 1)–\(given) are"
        return Diagnostic(
            id: "surplus-arguments",
            message: "\(given) \(given == 1 ? "argument" : "arguments") given but the format uses \(uses); "
                + "\(ignored) ignored",
            range: range, notes: ["Apple ignores surplus arguments; quoted text such as '%@' is not a specifier"])
    }

    static func wrongArgumentType(_ message: String, range: SourceRange) -> Diagnostic {
        Diagnostic(id: "wrong-argument-type", message: message, range: range)
    }

    static func missingVariable(_ name: String, range: SourceRange) -> Diagnostic {
        Diagnostic(id: "missing-variable", message: "no value for the variable '$\(name)'", range: range)
    }

    // MARK: - Helpers

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
    }

    /// The candidate closest to `word` (``EditDistance/bestMatch(for:among:)``).
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        EditDistance.bestMatch(for: word, among: candidates)
    }
}
