import Foundation
import Testing

@testable import Predicates

/// Issue 17 §15: the canonical text of every tree the parser returns parses back, and
/// `parseableFormat(limits:)` refuses, with a reason, the trees built in code whose text would not.
@Suite("Canonical text that parses back")
struct ParseableFormatTests: ASTBuilders {
    /// Parses `text` and returns the error's diagnostic, or `nil` when it parses.
    static func refusal(_ text: String, _ arguments: [PredicateValue] = []) -> Diagnostic? {
        do {
            _ = try PredicateParser().parsePredicate(text, arguments: arguments)
            return nil
        } catch {
            return error.diagnostic
        }
    }

    static func nested(_ depth: Int) -> PredicateValue {
        var value = PredicateValue.int(1)
        for _ in 0..<depth { value = .array([value]) }
        return value
    }

    // MARK: - The issue's three reproducers

    @Test("200 '~' before b > 0: refused at the 129th '~', whose canonical form reaches level 257")
    func onesComplementChain() {
        // `~~a` prints `~(~a)`: the k-th '~' is at level 2k - 1 of the canonical text.
        let diagnostic = Self.refusal(String(repeating: "~", count: 200) + "b > 0")
        #expect(diagnostic?.id == "nesting-too-deep")
        #expect(diagnostic?.range == SourceRange(128, 129))
        #expect(
            diagnostic?.message
                == "the predicate is nested too deeply: its canonical form would be more than 256 levels deep")
    }

    @Test("128 nested minus signs parse and print as text that parses back; 129 are refused")
    func minusChain() throws {
        let accepted = try PredicateNode(format: "x == " + String(repeating: "-", count: 128) + "a")
        let expected = "x == " + String(repeating: "-(", count: 127) + "-a" + String(repeating: ")", count: 127)
        #expect(accepted.predicateFormat == expected)
        #expect(try PredicateNode(format: expected) == accepted)
        #expect(try accepted.parseableFormat() == expected)
        let refused = Self.refusal("x == " + String(repeating: "-", count: 129) + "a")
        #expect(refused?.id == "nesting-too-deep")
        #expect(refused?.range == SourceRange(133, 134))
    }

    @Test("an array argument 256 levels deep round-trips as an aggregate; 257 or 500 levels are refused at '%@'")
    func deepArrayArgument() throws {
        let deepest = try PredicateNode(format: "a IN %@", Self.nested(256))
        let text = deepest.predicateFormat
        #expect(text == "a IN " + String(repeating: "{", count: 256) + "1" + String(repeating: "}", count: 256))
        let reparsed = try PredicateNode(format: text)
        #expect(reparsed.predicateFormat == text)
        for depth in [257, 500] {
            let diagnostic = Self.refusal("a IN %@", [Self.nested(depth)])
            #expect(diagnostic?.id == "nesting-too-deep")
            #expect(diagnostic?.range == SourceRange(5, 7))
        }
    }

    @Test("a collection argument before '.key' prints bare, like the aggregate it reads back as")
    func collectionBase() throws {
        let predicate = try PredicateNode(format: "%@.@count == 2", .array([1, 2]))
        #expect(predicate.predicateFormat == "{1, 2}.@count == 2")
        #expect(try PredicateNode(format: predicate.predicateFormat).predicateFormat == "{1, 2}.@count == 2")
    }

    // MARK: - Trees built in code

    static let unprintable: [(PredicateNode, String, String)] = [
        (compare(key("a"), .equalTo, const(.double(.infinity))), "no-literal-form", "the number inf"),
        (compare(key("a"), .equalTo, const(.double(-.nan))), "no-literal-form", "the number -nan"),
        (compare(key("a"), .equalTo, const(.data(Data([1])))), "no-literal-form", "a data value"),
        (
            compare(key("a"), .equalTo, const(.uuid(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))))),
            "no-literal-form", "the UUID 00000000-0000-0000-0000-000000000001"
        ),
        (compare(key("a"), .in, const(.array([.dictionary(["k": 1])]))), "no-literal-form", "a dictionary"),
        (compare(key("first name"), .equalTo, const(1)), "no-literal-form", "the key 'first name'"),
        (compare(member(variable("x"), "a b"), .equalTo, const(1)), "no-literal-form", "the key 'a b'"),
        (compare(ExpressionNode(.keyPath([])), .equalTo, const(1)), "no-literal-form", "an empty key path"),
        (compare(variable("1x"), .equalTo, const(1)), "no-literal-form", "the variable name '1x'"),
        (compare(assign("a-b", const(1)), .equalTo, const(1)), "no-literal-form", "the variable name 'a-b'"),
        (
            compare(call(.sqrt, const(1), const(2)), .equalTo, const(1)), "no-literal-form",
            "'sqrt:' with 2 arguments (it takes 1)"
        ),
        (compare(call(.max), .equalTo, const(1)), "no-literal-form", "'max:' with 0 arguments (it takes 1)"),
        (compare(key("a"), .equalTo, const(date(.infinity))), "no-literal-form", "a date at inf seconds from 2001"),
    ]

    @Test("parseableFormat refuses what has no literal form, naming it")
    func refusesUnprintable() {
        for (tree, id, what) in Self.unprintable {
            do {
                let text = try tree.parseableFormat()
                Issue.record("printed \(text)")
            } catch {
                #expect(error.diagnostic.id == id)
                #expect(error.diagnostic.message.hasPrefix(what), "\(error.diagnostic.message)")
                #expect(
                    error.diagnostic.message.hasSuffix(
                        "has no literal form: the canonical text would not read back as this predicate"))
                #expect(error.diagnostic.range == SourceRange(0, 0))
            }
        }
    }

    @Test("parseableFormat refuses a tree built in code whose text would nest too deeply")
    func refusesDeepTrees() throws {
        var predicate = Self.a1
        for _ in 0..<128 { predicate = Self.not(predicate) }
        #expect(CanonicalFormWalk.depth(of: predicate) == 255)
        #expect(try predicate.parseableFormat() == predicate.predicateFormat)
        #expect(try PredicateNode(format: predicate.predicateFormat) == predicate)
        for _ in 0..<72 { predicate = Self.not(predicate) }
        #expect(CanonicalFormWalk.depth(of: predicate) == 399)
        #expect(throws: PredicateSyntaxError.self) { try predicate.parseableFormat() }
        // A raised limit accepts it, and the parser with that limit reads it back.
        let raised = ParserLimits(maximumDepth: 399)
        #expect(try predicate.parseableFormat(limits: raised) == predicate.predicateFormat)
        #expect(try PredicateParser(limits: raised).parsePredicate(predicate.predicateFormat) == predicate)
        var expression = Self.key("a")
        for _ in 0..<300 { expression = Self.aggregate(expression) }
        #expect(throws: PredicateSyntaxError.self) { try expression.parseableFormat() }
    }

    @Test("text longer than maximumInputBytes is refused (a large argument can make it so)")
    func refusesLongText() throws {
        let predicate = try PredicateNode(format: "name == %@", .string(String(repeating: "x", count: 2_000)))
        let small = ParserLimits(maximumInputBytes: 1_000)
        do {
            _ = try predicate.parseableFormat(limits: small)
            Issue.record("accepted 2,010 bytes with a limit of 1,000")
        } catch {
            #expect(error.diagnostic.id == "input-too-large")
            #expect(error.diagnostic.message == "the format string is 2010 bytes long; the limit is 1000 bytes")
        }
        #expect(try predicate.parseableFormat().utf8.count == 2_010)
    }

    @Test("long chains that print without nesting are printed and measured without recursion")
    func flatChainsBuiltInCode() throws {
        // One-child AND/OR print as their child; a member of a member as one dotted chain.
        var predicate = Self.a1
        for level in 0..<10_000 {
            predicate = PredicateNode(level.isMultiple(of: 2) ? .and([predicate]) : .or([predicate]))
        }
        #expect(try predicate.parseableFormat() == "a == 1")
        var expression = Self.variable("x")
        for _ in 0..<10_000 { expression = Self.member(expression, "k") }
        let text = try expression.parseableFormat()
        #expect(text == "$x" + String(repeating: ".k", count: 10_000))
        let normal = ExpressionNode(.member(Self.variable("x"), Array(repeating: .key("k"), count: 10_000)))
        #expect(try PredicateParser().parseExpression(text) == normal)
    }
}
