import Foundation
import TestSupport
import Testing

@testable import Predicates

/// One family of deep trees: a single recursive node kind, or all of them mixed.
struct DepthFamily: Sendable, CustomTestStringConvertible {
    var kind: DeepAST.Kind?
    var testDescription: String { kind?.rawValue ?? "mixed" }
    static let all = DeepAST.Kind.allCases.map { DepthFamily(kind: $0) } + [DepthFamily(kind: nil)]
}

/// Issue 17 §15: the printer and the parser count nesting the same way. For trees whose
/// canonical text nests within a few levels of ``ParserLimits/maximumDepth``, of every
/// recursive node kind:
///
/// 1. the parser reaches exactly ``CanonicalFormWalk``'s count on the printed text;
/// 2. within the limit, `parse(format(tree)) == tree` (a `%@` collection as its aggregate),
///    printing is a fixed point and ``PredicateNode/parseableFormat(limits:)`` gives the same
///    text; beyond it, both the parser and `parseableFormat` refuse with `nesting-too-deep`.
@Suite("Round trip at the nesting limit")
struct RoundTripDepthTests {
    static let limit = ParserLimits().maximumDepth
    /// Limits that never refuse, to read the parser's own count.
    static let unbounded = ParserLimits(maximumDepth: 1 << 20, maximumInputBytes: 1 << 28)

    @Test("deep trees of every kind round-trip or are refused by both sides", arguments: DepthFamily.all)
    func nearTheLimit(_ family: DepthFamily) throws {
        let run = PropertyRun("RoundTripDepthTests.\(family.testDescription)", defaultCases: 24)
        var within = 0
        var beyond = 0
        for index in 0..<run.cases {
            var generator = DeepAST(seed: run.caseSeed(index))
            let tree = Self.deepTree(&generator, family: family)
            let depth = CanonicalFormWalk.depth(of: tree)
            if let problem = try Self.violation(tree, depth: depth) {
                Issue.record("\(family.testDescription), depth \(depth): \(problem); \(run.replay(index))")
                return
            }
            if depth <= Self.limit { within += 1 } else { beyond += 1 }
        }
        // Both sides of the limit were exercised.
        #expect(within > 0 && beyond > 0, "within the limit: \(within), beyond: \(beyond) (seed \(run.seed))")
    }

    /// Wraps a random core in `family`'s node kind until the canonical text nests at least
    /// `limit - 4 … limit + 4` levels.
    static func deepTree(_ generator: inout DeepAST, family: DepthFamily) -> PredicateNode {
        let target = limit + generator.int(-4...4)
        let start = family.kind ?? generator.pick(DeepAST.Kind.allCases)
        var node = generator.start(start, arrayDepth: target - generator.int(0...6))
        let kinds = DeepAST.Kind.allCases.filter { $0 != .arrays }
        for _ in 0..<(8 * target) {
            let tree = generator.predicate(node)
            if CanonicalFormWalk.depth(of: tree) >= target { return tree }
            let kind = family.kind.flatMap { $0 == .arrays ? nil : $0 } ?? generator.pick(kinds)
            node = generator.wrap(node, in: kind)
        }
        return generator.predicate(node)
    }

    /// Why `tree` (whose canonical text nests `depth` levels) breaks the laws, or `nil`.
    static func violation(_ tree: PredicateNode, depth: Int) throws -> String? {
        let text = tree.predicateFormat
        let reached = try Parser.withParser(source: text, arguments: [], limits: unbounded) { counting in
            _ = try counting.parseWholePredicate()
            return counting.deepestReached
        }
        if reached != depth {
            return "the parser reaches \(reached) levels, the walk counts \(depth): \(text.prefix(300))"
        }
        if depth <= limit {
            let parsed = try PredicateParser().parsePredicate(text)
            if parsed != DeepAST.normalisingCollections(tree) { return "parses to another tree: \(parsed.sExpression)" }
            if parsed.predicateFormat != text {
                return "printing is not a fixed point:\n\(text)\n\(parsed.predicateFormat)"
            }
            if try tree.parseableFormat() != text { return "parseableFormat differs from predicateFormat" }
            return nil
        }
        for refusal in [{ _ = try PredicateParser().parsePredicate(text) }, { _ = try tree.parseableFormat() }] {
            do {
                try refusal()
                return "accepted although \(depth) levels deep"
            } catch let error as PredicateSyntaxError {
                if error.diagnostic.id != "nesting-too-deep" { return "refused with \(error.diagnostic.id)" }
            }
        }
        return nil
    }

    /// The issue's reproducers in general: deep inputs written the shortest way (the canonical
    /// text nests deeper) with `%@` bound to nested arrays. Whatever the parser accepts prints
    /// as text that reads back as the same tree; what it refuses is too deep as written or as
    /// printed. Also checks the bound that lets the parser skip measuring short inputs.
    @Test("deep inputs the parser accepts print as text that reads back as the same tree")
    func acceptedInputs() throws {
        let run = PropertyRun("RoundTripDepthTests.inputs", defaultCases: 300)
        let generous = ParserLimits(maximumDepth: 2_000, maximumInputBytes: 1 << 24)
        var accepted = 0
        var refused = 0
        for index in 0..<run.cases {
            var source = DeepSource(seed: run.caseSeed(index))
            let text = source.predicate(levels: source.int(100...250))
            let arguments = source.arguments
            let (whole, tokenCount, argumentLevels, deepestReached) = try Parser.withParser(
                source: text, arguments: arguments, limits: generous
            ) { counting in
                let whole = try counting.parseWholePredicate()
                return (whole, counting.tokenCount, counting.argumentLevels, counting.deepestReached)
            }
            let depth = CanonicalFormWalk.depth(of: whole)
            let bound = 2 * tokenCount + argumentLevels
            #expect(depth <= bound, "canonical depth \(depth) above the bound \(bound); \(run.replay(index))")
            let tree: PredicateNode
            do {
                tree = try PredicateParser().parsePredicate(text, arguments: arguments)
            } catch {
                #expect(error.diagnostic.id == "nesting-too-deep")
                #expect(deepestReached > Self.limit || depth > Self.limit, "\(run.replay(index))")
                refused += 1
                continue
            }
            accepted += 1
            let canonical = try tree.parseableFormat()
            let reparsed = try PredicateParser().parsePredicate(canonical)
            #expect(reparsed == DeepAST.normalisingCollections(tree), "\(run.replay(index))")
            #expect(reparsed.predicateFormat == canonical, "\(run.replay(index))")
        }
        #expect(accepted >= run.cases / 10 && refused >= run.cases / 10, "accepted \(accepted), refused \(refused)")
    }

    /// The same laws through `parseExpression` for deep expressions.
    @Test("deep expressions round-trip through parseExpression or are refused")
    func expressions() throws {
        let run = PropertyRun("RoundTripDepthTests.expressions", defaultCases: 40)
        for index in 0..<run.cases {
            var generator = DeepAST(seed: run.caseSeed(index))
            let target = Self.limit + generator.int(-3...3)
            var node = DeepAST.Node.expression(generator.core.leaf())
            while case .expression(let expression) = node, CanonicalFormWalk.depth(of: expression) < target {
                node = generator.wrap(node, in: generator.pick(DeepAST.Kind.allCases.filter { $0 != .arrays }))
            }
            let expression = generator.expression(node)
            let depth = CanonicalFormWalk.depth(of: expression)
            let text = expression.expressionFormat
            let reached = try Parser.withParser(source: text, arguments: [], limits: Self.unbounded) { counting in
                _ = try counting.parseWholeExpression()
                return counting.deepestReached
            }
            #expect(reached == depth, "\(run.replay(index))")
            if depth <= Self.limit {
                let parsed = try PredicateParser().parseExpression(text)
                #expect(parsed == expression, "\(run.replay(index))")
                #expect(try expression.parseableFormat() == text)
            } else {
                #expect(throws: PredicateSyntaxError.self) { try PredicateParser().parseExpression(text) }
                #expect(throws: PredicateSyntaxError.self) { try expression.parseableFormat() }
            }
        }
    }

    /// The count agrees with the parser on the ordinary random trees too, which hold every
    /// node kind in every position.
    @Test("the walk counts what the parser reaches on 5,000 random trees")
    func randomTrees() throws {
        let run = PropertyRun("RoundTripDepthTests.random", defaultCases: 5_000)
        for index in 0..<run.cases {
            var generator = RandomAST(seed: run.caseSeed(index))
            let tree = generator.predicate(depth: 5)
            let reached = try Parser.withParser(source: tree.predicateFormat, arguments: [], limits: Self.unbounded) {
                counting in
                _ = try counting.parseWholePredicate()
                return counting.deepestReached
            }
            let depth = CanonicalFormWalk.depth(of: tree)
            if reached != depth {
                Issue.record(
                    "parser \(reached), walk \(depth): \(tree.predicateFormat); \(run.replay(index))")
                return
            }
        }
    }
}
