import Foundation
import Predicates

/// The round-trip law the fuzzer checks on every format string the parser accepts, as a
/// predicate or else as an expression: the tree prints (``PredicateNode/parseableFormat(limits:)``
/// never refuses a parsed tree whose arguments all have literal forms), the text parses again,
/// printing that is a fixed point, and — when no collection was bound to `%@` (a collection
/// comes back as an aggregate) — the re-parsed tree equals the first. A violation aborts with
/// the text, which makes libFuzzer save the input.
enum FuzzRoundTrip {
    /// The arguments of variant `variant` (0…63): even variants bind scalars only, odd ones
    /// collections, among them an array nested `(variant / 2) * 9` levels deep (0…279, across
    /// the default limit of 256).
    static func arguments(variant: Int) -> [PredicateValue] {
        let scalars: [PredicateValue] = [.int(1), .string("a")]
        guard variant % 2 == 1 else {
            return scalars + [.double(-2.5), .date(Date(timeIntervalSinceReferenceDate: 1.5)), .bool(true), .null]
        }
        var nested = PredicateValue.int(7)
        for _ in 0..<((variant / 2) * 9) { nested = .array([nested]) }
        return scalars + [
            nested, .set([.int(1), .string("b")]), .array([.date(Date(timeIntervalSinceReferenceDate: 0)), .null]),
        ]
    }

    static func check(_ text: String, variant: Int) {
        let arguments = arguments(variant: variant)
        let exact = variant % 2 == 0
        let parser = PredicateParser()
        if let predicate = try? parser.parsePredicate(text, arguments: arguments) {
            let canonical: String
            do {
                canonical = try predicate.parseableFormat()
            } catch {
                fail(
                    "a parsed predicate has no parseable form (\(error.diagnostic.message))", predicate.predicateFormat)
            }
            guard let again = try? parser.parsePredicate(canonical) else { fail("does not parse", canonical) }
            if again.predicateFormat != canonical { fail("printing is not a fixed point", canonical) }
            if exact, again != predicate { fail("parses to another tree", canonical) }
        } else if let expression = try? parser.parseExpression(text, arguments: arguments) {
            let canonical: String
            do {
                canonical = try expression.parseableFormat()
            } catch {
                fail(
                    "a parsed expression has no parseable form (\(error.diagnostic.message))",
                    expression.expressionFormat)
            }
            guard let again = try? parser.parseExpression(canonical) else { fail("does not parse", canonical) }
            if again.expressionFormat != canonical { fail("printing is not a fixed point", canonical) }
            if exact, again != expression { fail("parses to another tree", canonical) }
        }
    }

    /// Reports a finding; libFuzzer saves the input when the target aborts.
    static func fail(_ what: String, _ canonical: String) -> Never {
        FileHandle.standardError.write(Data("round trip: \(what): \(canonical.prefix(2000))\n".utf8))
        abort()
    }
}
