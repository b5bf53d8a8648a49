import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import TestSupport
import Testing

/// The change matcher's walk by key over a navigation (what a database answers in SQL) finds
/// exactly the roots its walk by row over the graph's columns finds — which the brute-force
/// property (``ChangeMatcherPropertyTests``) checks against the definition — on the same random
/// schemas, graphs, key paths and change sets; and a change set outside a query's region
/// affects none of its roots.
@Suite("Change matching: the walk by key over a navigation equals the walk by row")
struct ChangeMatcherNavigationPropertyTests {
    /// The two answers for one case; `nil` when the change set does not apply.
    static func outcome(_ testCase: ChangeCase) throws -> (byRow: AffectedRoots, byKey: AffectedRoots, untouched: Bool)?
    {
        var after = testCase.graph
        guard let applied = try? after.apply(testCase.changes) else { return nil }
        let dependencies = try QueryDependencies(
            schema: testCase.schema, rootEntity: testCase.root,
            keyPaths: testCase.keyPaths.map { DependencyKeyPath($0.0, roles: $0.1) })
        let matcher = ChangeMatcher(dependencies: dependencies)
        let byRow = matcher.affectedRoots(by: applied, in: after)
        let byKey = try matcher.affectedRoots(
            by: applied, through: GraphNavigation(graph: after), schema: testCase.schema)
        let region = QueryRegion(dependencies, schema: testCase.schema)
        return (byRow, byKey, !region.isTouched(by: applied))
    }

    static func problem(_ testCase: ChangeCase) -> String? {
        guard let outcome = try? outcome(testCase) else { return nil }
        if outcome.byRow != outcome.byKey { return "by row \(outcome.byRow), by key \(outcome.byKey)" }
        if outcome.untouched, !outcome.byRow.isEmpty { return "outside the region, yet \(outcome.byRow)" }
        return nil
    }

    @Test("by key == by row, and nothing outside the region (≥ 1,000 seeded cases)")
    func byKeyEqualsByRow() throws {
        let run = PropertyRun("ChangeMatcherNavigationPropertyTests", defaultCases: 1_000)
        var checked = 0
        var untouched = 0
        var index = 0
        while checked < run.cases, index < run.cases * 3 {
            let seed = run.caseSeed(index)
            index += 1
            var generator = ChangeCaseGenerator(seed: seed)
            guard let testCase = generator.makeCase(), let outcome = try Self.outcome(testCase) else { continue }
            checked += 1
            if outcome.untouched { untouched += 1 }
            guard let problem = Self.problem(testCase) else { continue }
            let shrunk = testCase.shrunk(while: { Self.problem($0) != nil })
            Issue.record(
                """
                \(Self.problem(shrunk) ?? problem)
                \(try ChangeMatcherPropertyTests.report(shrunk, runSeed: run.seed, caseSeed: seed))
                \(run.replay(index - 1))
                """)
            return
        }
        print("navigation walk: \(checked) cases, \(untouched) outside the region, PREDICATE_SEED=\(run.seed)")
        #expect(checked >= run.cases)
    }

    /// `Content` filtered on `bucket.name`: renaming a User touches nothing the query reads;
    /// renaming a Bucket does, and reaches exactly that Bucket's Contents.
    @Test("the region of bucket.name: a User rename is outside, a Bucket rename inside")
    func regionExample() throws {
        let schema = try ChangeFixtures.schema()
        let dependencies = try QueryDependencies(
            schema: schema, rootEntity: "Content", keyPaths: [DependencyKeyPath("bucket.name", roles: .membership)])
        let region = QueryRegion(dependencies, schema: schema)
        var renameUser = ChangeSet()
        renameUser["User"].updated = [UpdatedObject(id: 1, attributes: ["name": .string("Ann")])]
        var renameBucket = ChangeSet()
        renameBucket["Bucket"].updated = [UpdatedObject(id: 1, attributes: ["name": .string("Inbox")])]
        #expect(!region.isTouched(by: renameUser))
        #expect(region.isTouched(by: renameBucket))
        #expect(region.keys.contains(RegionKey("Bucket", .property("name"))))
        #expect(region.keys.contains(RegionKey("Content", .property("bucket"))))
        #expect(!region.keys.contains(RegionKey("User", .property("name"))))
    }
}
