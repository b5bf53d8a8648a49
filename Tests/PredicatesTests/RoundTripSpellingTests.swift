import Foundation
import Predicates
import TestSupport
import Testing

/// The third law: every accepted spelling of a tree parses to that tree. ``Respeller`` prints
/// random parser-normal trees with random alternative spellings (keyword case, `&&`, `=`,
/// `SOME`, `NONE`, extra parentheses and whitespace, escapes, number bases, `SELF.`, `#key`,
/// `$#var`, plain calls, operator selectors); parsing the text must give the tree back, and
/// printing it must give the canonical text.
@Suite("Round trip: parse(respell(tree)) == tree")
struct RoundTripSpellingTests {
    /// Respellings tried per tree when shrinking (the spelling choices change with the tree).
    static let spellingsPerCandidate = 16

    @Test("random respellings of random predicates parse to the same tree")
    func respelledPredicates() {
        let run = PropertyRun("RoundTripSpellingTests", defaultCases: 10_000)
        var failures = 0
        for index in 0..<run.cases {
            let seed = run.caseSeed(index)
            var generator = RandomAST(seed: seed)
            let tree = generator.predicate(depth: 4)
            guard Self.violation(of: tree, spellingSeed: seed) != nil else { continue }
            failures += 1
            if failures <= 3 { Issue.record(Comment(rawValue: Self.report(tree, seed: seed))) }
        }
        #expect(
            failures == 0, "\(failures) of \(run.cases) respelled predicates failed (run seed \(run.seed))")
    }

    /// The text a seed gives for a tree.
    static func respell(_ tree: PredicateNode, seed: UInt64) -> String {
        var respeller = Respeller(seed: seed)
        respeller.write(tree)
        return respeller.output
    }

    /// Why the respelling of `tree` with `spellingSeed` breaks the law, or `nil`.
    static func violation(of tree: PredicateNode, spellingSeed: UInt64) -> String? {
        let text = respell(tree, seed: spellingSeed)
        do {
            let parsed = try PredicateParser().parsePredicate(text)
            if parsed != tree {
                return "text: \(text)\nparsed as: \(parsed.sExpression)\nexpected:  \(tree.sExpression)"
            }
            if parsed.predicateFormat != tree.predicateFormat {
                return "text: \(text)\nprinted as \(parsed.predicateFormat)"
            }
            return nil
        } catch {
            return "text: \(text)\ndoes not parse:\n\(error.rendered)"
        }
    }

    static func report(_ tree: PredicateNode, seed: UInt64) -> String {
        func failingSeed(_ candidate: PredicateNode) -> UInt64? {
            (0..<UInt64(spellingsPerCandidate)).map { seed &+ $0 }.first {
                violation(of: candidate, spellingSeed: $0) != nil
            }
        }
        let shrunk = RandomAST.shrink(tree) { failingSeed($0) != nil }
        let problem =
            failingSeed(shrunk).flatMap { violation(of: shrunk, spellingSeed: $0) } ?? "(shrinking went wrong)"
        return """
            respelling law failed; replay with PREDICATE_SEED=\(seed)
            original (canonical): \(tree.predicateFormat)
            shrunk (canonical):   \(shrunk.predicateFormat)
            sExpression: \(shrunk.sExpression)
            \(problem)
            """
    }
}
