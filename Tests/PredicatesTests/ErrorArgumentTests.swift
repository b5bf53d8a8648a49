import Testing

@testable import Predicates

/// Diagnostics of format specifiers and their arguments, with full renderings.
@Suite("Diagnostics: specifiers and arguments")
struct ErrorArgumentTests {
    static let specifiers: [ErrorCase] = [
        failure(
            "a == %ls", args: ["x"], "unsupported-specifier",
            "1:6: error: unsupported format specifier '%ls'",
            "a == %ls",
            "     ^^^",
            "note: use %@ for a value, %K for a key path, %d or %ld for an integer, %f for a floating-point number"),
        failure(
            "a == %c", args: [1], "unsupported-specifier",
            "1:6: error: unsupported format specifier '%c'",
            "a == %c",
            "     ^^",
            "note: use %@ for a value, %K for a key path, %d or %ld for an integer, %f for a floating-point number"),
        failure(
            "a == %1$@", args: ["x"], "unsupported-specifier",
            "1:6: error: unsupported format specifier '%1$@'",
            "a == %1$@",
            "     ^^^^",
            "note: use %@ for a value, %K for a key path, %d or %ld for an integer, %f for a floating-point number"),
        failure(
            "a == % 1", "unsupported-specifier",
            "1:6: error: unsupported format specifier '%'",
            "a == % 1",
            "     ^",
            "note: use %@ for a value, %K for a key path, %d or %ld for an integer, %f for a floating-point number"),
        failure(
            "a == %5.2f", args: [1.5], "unsupported-specifier",
            "1:6: error: unsupported format specifier '%5.2f'",
            "a == %5.2f",
            "     ^^^^^",
            "note: use %@ for a value, %K for a key path, %d or %ld for an integer, %f for a floating-point number"),
        failure(
            "a == %%", "unsupported-specifier",
            "1:6: error: '%%' (a literal percent sign) cannot appear outside a string literal",
            "a == %%",
            "     ^^"),
        failure(
            "a == %@", "missing-argument",
            "1:6: error: missing argument for '%@': the format uses 1, 0 given",
            "a == %@",
            "     ^^"),
        failure(
            "a == %@ AND b == %d", args: ["x"], "missing-argument",
            "1:18: error: missing argument for '%d': the format uses 2, 1 given",
            "a == %@ AND b == %d",
            "                 ^^"),
        failure(
            "a == %d", args: ["x"], "wrong-argument-type",
            "1:6: error: '%d' needs an integer argument, but argument 1 is a string",
            "a == %d",
            "     ^^"),
        failure(
            "b == %@ AND a == %ld", args: ["x", 2.5], "wrong-argument-type",
            "1:18: error: '%ld' needs an integer argument, but argument 2 is a double",
            "b == %@ AND a == %ld",
            "                 ^^^"),
        failure(
            "a == %f", args: ["x"], "wrong-argument-type",
            "1:6: error: '%f' needs a floating-point argument, but argument 1 is a string",
            "a == %f",
            "     ^^"),
        failure(
            "%K >= %la", args: ["price", "x"], "wrong-argument-type",
            "1:7: error: '%la' needs a floating-point argument, but argument 2 is a string",
            "%K >= %la",
            "      ^^^"),
        failure(
            "%K == %s", args: ["key", 1], "wrong-argument-type",
            "1:7: error: '%s' needs a string argument, but argument 2 is an integer",
            "%K == %s",
            "      ^^"),
        failure(
            "a == %S", args: [.null], "wrong-argument-type",
            "1:6: error: '%S' needs a string argument, but argument 1 is nil",
            "a == %S",
            "     ^^"),
        failure(
            "%K == 1", args: [1], "wrong-argument-type",
            "1:1: error: '%K' needs a string argument (a key path), but argument 1 is an integer",
            "%K == 1",
            "^^"),
        failure(
            "FUNCTION(a, b) == 1", "wrong-argument-type",
            "1:13: error: FUNCTION's selector must be a string such as 'uppercaseString', found 'b'",
            "FUNCTION(a, b) == 1",
            "            ^"),
        failure(
            "CAST(a, 1) == 1", "wrong-argument-type",
            "1:9: error: CAST's type must be a string such as 'NSNumber', found '1'",
            "CAST(a, 1) == 1",
            "        ^"),
        failure(
            "%@", args: [true], "specifier-as-predicate",
            "1:1: error: '%@' cannot stand for a whole predicate; a format specifier is a value",
            "%@",
            "^^",
            "note: compare it with something: %K == %@"),
        failure(
            "%@ AND a == 1", args: [1], "specifier-as-predicate",
            "1:1: error: '%@' cannot stand for a whole predicate; a format specifier is a value",
            "%@ AND a == 1",
            "^^",
            "note: compare it with something: %K == %@"),
        failure(
            "NOT (%@)", args: [1], "specifier-as-predicate",
            "1:6: error: '%@' cannot stand for a whole predicate; a format specifier is a value",
            "NOT (%@)",
            "     ^^",
            "note: compare it with something: %K == %@"),
        failure(
            "%K == 1", args: ["first name"], "invalid-key",
            "1:1: error: key path component 'first name' is not a valid key; use SELF['first name']",
            "%K == 1",
            "^^"),
        failure(
            "%K == 1", args: [""], "invalid-key",
            "1:1: error: the key path given for '%K' (argument 1) is empty",
            "%K == 1",
            "^^"),
        failure(
            "%K == 1", args: ["a..b"], "invalid-key",
            "1:1: error: the key path 'a..b' given for '%K' has an empty component",
            "%K == 1",
            "^^"),
        failure(
            "a. == 1", "invalid-key",
            "1:4: error: expected a key after '.', found '=='",
            "a. == 1",
            "   ^^"),
        failure(
            "a.1 == 1", "invalid-key",
            "1:3: error: expected a key after '.', found '1'",
            "a.1 == 1",
            "  ^"),
        failure(
            "%K == 1", args: ["a.@foo"], "unknown-collection-operator",
            "1:1: error: unknown collection operator '@foo'",
            "%K == 1",
            "^^",
            "note: the collection operators are @count, @sum, @avg, @min, @max, @distinctUnionOfObjects, @unionOfObjects, @distinctUnionOfArrays, @unionOfArrays, @distinctUnionOfSets"
        ),
    ]

    @Test(arguments: specifiers)
    func argumentErrors(_ row: ErrorCase) { ErrorTests.check(row) }

    /// Apple's rule: surplus arguments are ignored; `surplusArgumentsWarning` is what `lint`
    /// prints about them (rendered as a warning).
    @Test(
        "surplus arguments are a warning, never an error",
        arguments: [
            (
                "a == 1", [PredicateValue.string("x")],
                [
                    "1:1: warning: 1 argument given but the format uses 0; argument 1 is ignored",
                    "a == 1",
                    "^^^^^^",
                    "note: Apple ignores surplus arguments; quoted text such as '%@' is not a specifier",
                ]
            ),
            (
                "a == %@", [1, 2, 3],
                [
                    "1:1: warning: 3 arguments given but the format uses 1; arguments 2–3 are ignored",
                    "a == %@",
                    "^^^^^^^",
                    "note: Apple ignores surplus arguments; quoted text such as '%@' is not a specifier",
                ]
            ),
        ])
    func surplusArguments(_ format: String, _ arguments: [PredicateValue], _ rendered: [String]) throws {
        _ = try PredicateParser().parsePredicate(format, arguments: arguments)
        let warning = PredicateParser().surplusArgumentsWarning(format: format, arguments: arguments)
        #expect(warning?.id == "surplus-arguments")
        #expect(warning?.severity == .warning)
        #expect(warning?.render(in: format) == rendered.joined(separator: "\n"))
    }

    @Test("no warning when every argument is used, or when there are too few")
    func noSurplus() {
        let parser = PredicateParser()
        #expect(parser.surplusArgumentsWarning(format: "a == %@ AND b == %K", arguments: [1, "b"]) == nil)
        #expect(parser.surplusArgumentsWarning(format: "a == %@", arguments: []) == nil)
        #expect(parser.surplusArgumentsWarning(format: "a == '%@'", arguments: []) == nil)
    }
}
