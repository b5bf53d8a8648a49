import Foundation
import Predicates
import TestSupport
import Testing

/// A parsed predicate can be archived and sent across a process boundary: encoding to JSON and
/// decoding gives an equal tree, for random trees of every node kind and for parsed text
/// (whose nodes also carry source ranges, which survive the trip).
@Suite("Codable: archive and restore")
struct CodableTests {
    @Test("random predicates survive a JSON round trip")
    func randomPredicates() throws {
        let run = PropertyRun("CodableTests", defaultCases: 10_000)
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        for index in 0..<1_000 {
            let seed = run.caseSeed(index)
            var generator = RandomAST(seed: seed)
            let tree = generator.predicate(depth: 4)
            let restored = try decoder.decode(PredicateNode.self, from: encoder.encode(tree))
            #expect(restored == tree, "replay with PREDICATE_SEED=\(seed): \(tree.predicateFormat)")
            if restored != tree { return }
        }
    }

    @Test("parsed text keeps its source ranges through a round trip")
    func ranges() throws {
        let parsed = try PredicateNode(format: "name CONTAINS[cd] %@ AND ANY tags.name IN {'a', 'b'}", "zoë")
        let restored = try JSONDecoder().decode(PredicateNode.self, from: JSONEncoder().encode(parsed))
        #expect(restored == parsed)
        #expect(restored.range == SourceRange(0, 52))
        guard case .and(let children) = restored.kind else {
            Issue.record("expected an AND, got \(restored.sExpression)")
            return
        }
        #expect(children.map(\.range) == [SourceRange(0, 20), SourceRange(25, 52)])
    }

    @Test("equality ignores source ranges")
    func equalityIgnoresRanges() throws {
        let compact = try PredicateNode(format: "a=1")
        let spaced = try PredicateNode(format: "   a   ==   1")
        #expect(compact == spaced)
        #expect(compact.hashValue == spaced.hashValue)
        #expect(compact.range != spaced.range)
    }
}
