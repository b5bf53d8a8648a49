import Foundation
import Predicates
import TestSupport
import Testing

/// Checks of the random tree generator itself, so that the round-trip laws test what they
/// claim: every tree is parser-normal, every node kind shows up, and shrinking terminates
/// with a smaller failing tree.
@Suite("Random AST generator")
struct RoundTripGeneratorTests {
    @Test("10,000 generated predicates are parser-normal and cover every node kind")
    func coverage() {
        let run = PropertyRun("RoundTripGeneratorTests", defaultCases: 10_000)
        let seed = run.seed
        var generator = RandomAST(seed: seed)
        var labels: Set<String> = []
        var abnormal: PredicateNode?
        for _ in 0..<run.cases {
            let predicate = generator.predicate(depth: 4)
            if abnormal == nil, !RandomAST.isParserNormal(predicate) { abnormal = predicate }
            RandomAST.coverageLabels(of: predicate, into: &labels)
        }
        #expect(abnormal == nil, "not parser-normal (seed \(seed)): \(abnormal.map(\.predicateFormat) ?? "")")
        let missing = RandomAST.allCoverageLabels.subtracting(labels).sorted()
        #expect(missing.isEmpty, "never generated (seed \(seed)): \(missing.joined(separator: ", "))")
    }

    @Test("the same seed gives the same trees")
    func deterministic() {
        var first = RandomAST(seed: 42)
        var second = RandomAST(seed: 42)
        for _ in 0..<100 {
            #expect(first.predicate(depth: 4) == second.predicate(depth: 4))
        }
    }

    @Test("SplitMix64 matches its reference sequence")
    func splitMix() {
        // Reference outputs of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
    }

    @Test("shrinking finds a smallest failing subtree")
    func shrinking() {
        // A made-up property that fails whenever the tree contains the key `name` anywhere.
        func containsName(_ predicate: PredicateNode) -> Bool { predicate.predicateFormat.contains("name") }
        var generator = RandomAST(seed: 7)
        var checked = 0
        for _ in 0..<2000 {
            let predicate = generator.predicate(depth: 4)
            guard containsName(predicate), RandomAST.size(of: predicate) > 10 else { continue }
            let shrunk = RandomAST.shrink(predicate, stillFails: containsName)
            #expect(containsName(shrunk))
            #expect(RandomAST.isParserNormal(shrunk))
            #expect(
                RandomAST.size(of: shrunk) <= 5,
                "not minimal: \(shrunk.predicateFormat) from \(predicate.predicateFormat)")
            checked += 1
            if checked == 20 { break }
        }
        #expect(checked == 20)
    }

    @Test("generated predicates have a useful size")
    func sizes() {
        var generator = RandomAST(seed: PropertyRun(seedOnly: "RoundTripGeneratorTests").seed)
        let lengths = (0..<1000).map { _ in generator.predicate(depth: 4).predicateFormat.utf8.count }
        let average = lengths.reduce(0, +) / lengths.count
        #expect((20...2000).contains(average), "average length \(average)")
        #expect(lengths.max() ?? 0 < 200_000)
    }
}
