import Evaluation
import Foundation
import Predicates
import Testing

/// MATCHES never answers a silent `false` (issue 9 §1, §4): a regular expression the engine
/// gives up on is the evaluation error `regex-limit` naming the pattern, in both engines and on
/// every root; an invalid pattern says what is wrong with it, without Foundation's error dump.
@Suite("MATCHES: engine limits and invalid patterns")
struct RegexLimitTests {
    /// 2,000,000 characters: `(a|b)*` fills ICU's backtracking stack long before the end.
    static let long = String(repeating: "ab", count: 1_000_000)

    static let limitMessage =
        "MATCHES pattern '(a|b)*' could not be evaluated on a string of 2000000 characters: "
        + "the regular expression engine ran out of backtracking space"

    @Test("a pattern ICU gives up on is regex-limit in every engine, never false")
    func limitIsAnError() throws {
        let node = try PredicateNode(format: "SELF MATCHES '(a|b)*'")
        let expected = EvaluationError(id: "regex-limit", message: Self.limitMessage)
        #expect(throws: expected) {
            try ReferenceInterpreter().evaluate(node, on: .string(Self.long))
        }
        #expect(throws: expected) {
            try PredicateCompiler().compile(node, for: PredicateValue.self).evaluate(.string(Self.long))
        }
        #expect(throws: expected) {
            try PredicateCompiler().compile(node, for: EvaluationValue.self).evaluate(.string(Self.long))
        }
    }

    @Test("the same on typed and dictionary roots, with the pattern from a key or an argument")
    func limitOnTypedRoots() throws {
        // A key table's typed string key, and a probed `[String: Any]` string: the paths that
        // compare unboxed strings.
        let friend = Friend(name: Self.long, age: 1)
        let dictionary: [String: Any] = ["name": Self.long]
        for format in ["name MATCHES '(a|b)*'", "name MATCHES[c] '(a|b)*'"] {
            let node = try PredicateNode(format: format)
            #expect(throws: EvaluationError.self) {
                try PredicateCompiler().compile(node, for: Friend.self).evaluate(friend)
            }
            #expect(throws: EvaluationError.self) {
                try PredicateCompiler().compile(node, for: [String: Any].self).evaluate(dictionary)
            }
        }
        let fromKey = try PredicateNode(format: "a MATCHES b")
        let object: PredicateValue = .dictionary(["a": .string(Self.long), "b": .string("(a|b)*")])
        #expect(throws: EvaluationError(id: "regex-limit", message: Self.limitMessage)) {
            try PredicateCompiler().compile(fromKey, for: PredicateValue.self).evaluate(object)
        }
        // A short subject with the same pattern still matches.
        #expect(
            try PredicateCompiler().compile(fromKey, for: PredicateValue.self).evaluate(
                .dictionary(["a": "abba", "b": "(a|b)*"])))
    }

    @Test(
        "an invalid pattern says what is wrong, in our words",
        arguments: [
            ("(", "MATCHES pattern '(' is not a valid regular expression: expected ')'"),
            (
                "a)",
                "MATCHES pattern 'a)' is not a valid regular expression: closing ')' does not balance any groups openings"
            ),
            ("[a", "MATCHES pattern '[a' is not a valid regular expression: expected ']'"),
            (
                "a{2,1}",
                "MATCHES pattern 'a{2,1}' is not a valid regular expression: range lower bound '2' must be less than or equal to upper bound '1'"
            ),
            (
                "*a",
                "MATCHES pattern '*a' is not a valid regular expression: quantifier '*' must appear after expression"
            ),
            (
                "\\p{Foo}",
                "MATCHES pattern '\\p{Foo}' is not a valid regular expression: unknown character property 'Foo'"
            ),
            // The standard library's parser does not support lookbehind: no reason is given.
            ("(?<=a*)b", "MATCHES pattern '(?<=a*)b' is not a valid regular expression"),
        ])
    func invalidPattern(_ pattern: String, _ message: String) throws {
        let node = try PredicateNode(format: "SELF MATCHES %@", .string(pattern))
        do {
            _ = try PredicateCompiler().compile(node, for: PredicateValue.self)
            Issue.record("compiled without error")
        } catch {
            #expect(error.id == "invalid-pattern")
            #expect(error.message == message)
            #expect(!error.message.contains("NSCocoaErrorDomain"))
        }
        let fromKey = try PredicateNode(format: "s MATCHES p")
        #expect(throws: EvaluationError(id: "invalid-pattern", message: message)) {
            try ReferenceInterpreter().evaluate(fromKey, on: .dictionary(["s": .string("x"), "p": .string(pattern)]))
        }
    }

    @Test("a long invalid pattern is cut in the message")
    func longPattern() throws {
        let pattern = String(repeating: "a", count: 100) + "("
        let node = try PredicateNode(format: "s MATCHES p")
        do {
            _ = try ReferenceInterpreter().evaluate(node, on: .dictionary(["s": .string("x"), "p": .string(pattern)]))
            Issue.record("evaluated without error")
        } catch {
            #expect(
                error.message
                    == "MATCHES pattern '\(String(repeating: "a", count: 57))...' is not a valid regular expression: expected ')'"
            )
        }
    }
}
