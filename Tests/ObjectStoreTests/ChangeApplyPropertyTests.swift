import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import TestSupport
import Testing

/// What `ObjectGraph.apply` must guarantee for any valid change set, checked through the public
/// reading API only (no knowledge of how lists are stored or changes worked out):
/// both sides of every relationship with an inverse agree; an unordered to-many list reads
/// sorted by key, without duplicates; the applied change set lists only values that differ,
/// and applied to the graph before it gives exactly the graph after.
@Suite("Change sets: property test of the applied graph and the applied change set")
struct ChangeApplyPropertyTests {
    /// The rules `testCase` breaks; `nil` when its change set does not apply (not a case).
    static func violations(_ testCase: ChangeCase) -> [String]? {
        var after = testCase.graph
        guard let applied = try? after.apply(testCase.changes) else { return nil }
        let schema = testCase.schema
        var problems: [String] = []
        func targets(_ value: GraphValue?) -> [ObjectID] {
            switch value {
            case .toOne(let target?): [target]
            case .toMany(let list): list
            default: []
            }
        }
        for top in schema.entities where top.parent == nil {
            for object in after.objects(of: top.name) {
                guard let concrete = after.entity(of: object) else { continue }
                for case .relationship(let relationship) in schema.allProperties(of: concrete) {
                    let list = targets(try? after.value(forKey: relationship.name, of: object))
                    if Set(list).count != list.count {
                        problems.append("\(object).\(relationship.name) lists an object twice: \(list)")
                    }
                    if relationship.isToMany, !relationship.isOrdered, list != list.sorted() {
                        problems.append("\(object).\(relationship.name) is not sorted by key: \(list)")
                    }
                    guard let inverse = relationship.inverse, schema.hasReciprocalInverse(relationship, of: concrete)
                    else { continue }
                    for target in list where !targets(try? after.value(forKey: inverse, of: target)).contains(object) {
                        problems.append("\(object).\(relationship.name) holds \(target), whose '\(inverse)' lacks it")
                    }
                }
            }
        }
        for (name, changes) in applied.entities {
            for update in changes.updated {
                guard let object = testCase.graph.objectID(entity: name, id: update.id) else { continue }
                for key in Array(update.attributes.keys) + Array(update.relationships.keys) {
                    let before = try? testCase.graph.value(forKey: key, of: object)
                    let now = try? after.value(forKey: key, of: object)
                    if before == now { problems.append("applied lists \(object).\(key), which did not change") }
                }
            }
        }
        var replay = testCase.graph
        do {
            try replay.apply(applied)
            if replay != after { problems.append("the applied change set, replayed, gives another graph") }
        } catch {
            problems.append("the applied change set does not apply to the graph before: \(error)")
        }
        return problems
    }

    static func fails(_ testCase: ChangeCase) -> Bool {
        !(violations(testCase) ?? []).isEmpty
    }

    @Test("any valid change set keeps inverses, key order and the applied change set exact (≥ 1,000 seeded cases)")
    func appliedGraphKeepsItsRules() throws {
        let run = PropertyRun("ChangeApplyPropertyTests", defaultCases: 1_000)
        var checked = 0
        var index = 0
        while checked < run.cases, index < run.cases * 3 {
            let seed = run.caseSeed(index)
            index += 1
            var generator = ChangeCaseGenerator(seed: seed)
            guard let testCase = generator.makeCase(), let problems = Self.violations(testCase) else { continue }
            checked += 1
            guard !problems.isEmpty else { continue }
            let shrunk = testCase.shrunk(while: Self.fails)
            Issue.record(
                Comment(
                    rawValue: """
                        the applied graph breaks a rule (shrunk counterexample)
                        replay the run: PREDICATE_SEED=\(run.seed); this case alone: PREDICATE_SEED=\(seed) PREDICATE_CASES=1
                        graph before: \(String(decoding: try shrunk.graph.jsonData(), as: UTF8.self))
                        change set: \(String(decoding: try shrunk.changes.jsonData(), as: UTF8.self))
                        \((Self.violations(shrunk) ?? problems).joined(separator: "\n"))
                        """))
            return
        }
        print("apply property: \(checked) cases, PREDICATE_SEED=\(run.seed)")
        #expect(checked >= run.cases)
    }

    @Test("a long unordered list changed by a few objects stays sorted by key (ints and strings mixed)")
    func longListMerge() throws {
        var graph = try ChangeFixtures.graph()
        // Sixty Contents into Bucket 2, in an order unrelated to their keys.
        var inserted: [InsertedObject] = []
        for id in stride(from: 1_000, to: 1_060, by: 1).reversed() {
            inserted.append(InsertedObject(id: .int(id * 7 % 1_060 + 1_000), values: ["bucket": 2]))
        }
        try graph.apply(ChangeSet(["Content": EntityChanges(inserted: inserted)]))
        let before = try Self.contents(of: 2, in: graph)
        // Moved in: an id lower than every other, one in the middle, one higher, a string id;
        // moved out: two that were there.
        let newcomers: [ObjectKey] = [.int(-5), .int(1_030), .int(9_999), .string("z1")]
        var changes = ChangeSet()
        changes["Content"].inserted = newcomers.map { InsertedObject(id: $0, values: ["bucket": 2]) }
        let leaving = [before[3], before[40]]
        changes["Content"].updated = leaving.map {
            UpdatedObject(id: $0, relationships: ["bucket": .toOne(old: 2, new: 1)])
        }
        let applied = try graph.apply(changes)
        let expected = Set(before).subtracting(leaving).union(newcomers).sorted()
        #expect(try Self.contents(of: 2, in: graph) == expected)
        let bucketChange = applied["Bucket"].updated.first { $0.id == 2 }?.relationships["contents"]
        #expect(bucketChange == .toMany(added: newcomers.sorted(), removed: leaving.sorted()))
    }

    /// The keys of Bucket `bucket`'s Contents, as read.
    static func contents(of bucket: Int, in graph: ObjectGraph) throws -> [ObjectKey] {
        guard case .toMany(let list) = try graph.value(forKey: "contents", of: ChangeFixtures.bucket(bucket)) else {
            return []
        }
        return list.map(\.id)
    }
}
