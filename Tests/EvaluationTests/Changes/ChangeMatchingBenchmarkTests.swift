import Evaluation
import Foundation
import Testing

@Suite("Change matching benchmark helper")
struct ChangeMatchingBenchmarkTests {
    @Test("a small instance: the matcher and the full scan agree on the renamed Buckets' Contents")
    func smallInstance() throws {
        // 20,000 Contents in 200 Buckets: Content i is in Bucket (i - 1) % 200 + 1, so renaming
        // Buckets 1…10 affects the 100 Contents of each: 1,000 roots.
        let bench = try ChangeMatchingBenchmark.make(contents: 20_000, buckets: 200, renames: 10)
        #expect(bench.graph.count == 20_200)
        #expect(bench.graph.objects(of: "ImageContent").count == 2_000)
        let matched = bench.runMatcher()
        let expected = Set((1...20_000).filter { ($0 - 1) % 200 < 10 }.map { ObjectID(hierarchy: "Content", id: $0) })
        #expect(matched.reevaluate == expected)
        #expect(matched.refresh.isEmpty)
        #expect(bench.runFullScan() == matched)
    }

    @Test("the bulk-built graph equals the same graph loaded through the checked path")
    func bulkGraphIsConsistent() throws {
        let bulk = ChangeMatchingBenchmark.makeContentGraph(contents: 30, buckets: 4)
        let reloaded = try ObjectGraph.load(json: try bulk.jsonData(), schema: bulk.schema)
        #expect(reloaded == bulk)
        #expect(
            try bulk.value(forKey: "bucket", of: ObjectID(hierarchy: "Content", id: 6))
                == .toOne(ObjectID(hierarchy: "Bucket", id: 2)))
        for (contents, buckets) in [(0, 0), (5, 0), (0, 3), (-1, -1)] {
            let edge = ChangeMatchingBenchmark.makeContentGraph(contents: contents, buckets: buckets)
            #expect(try ObjectGraph.load(json: try edge.jsonData(), schema: edge.schema) == edge)
            #expect(edge.count == max(0, contents) + max(0, buckets))
        }
    }

    /// `PREDICATE_BENCH=1 swift test -c release --filter ChangeMatchingBenchmarkTests` prints the
    /// timings of the full-size row (1,000,000 Contents, 10,000 Buckets, 100 renames).
    @Test("full-size timing (only with PREDICATE_BENCH=1)")
    func fullSize() throws {
        guard ProcessInfo.processInfo.environment["PREDICATE_BENCH"] == "1" else { return }
        let clock = ContinuousClock()
        var bench: ChangeMatchingBenchmark?
        let build = try clock.measure { bench = try ChangeMatchingBenchmark.make() }
        guard let bench else { return }
        var matched = AffectedRoots()
        let matcher = clock.measure { matched = bench.runMatcher() }
        var scanned = AffectedRoots()
        let scan = clock.measure { scanned = bench.runFullScan() }
        print("build+apply \(build); matcher \(matcher) (\(matched.reevaluate.count) roots); full scan \(scan)")
        #expect(matched == scanned)
        #expect(matched.reevaluate.count == 10_000)
    }
}
