import Evaluation
import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import TestSupport
import Testing

/// After every change set, a live result list equals a fresh fetch of the same request over the
/// same graph, the diff it returned turns the previous rows into the new ones, and it reports
/// exactly the rows the contract calls updated (``LiveResultsUpdatedReference``). Half the
/// schemas get random delete rules, so Cascade deletions reach the list too.
@Suite("Live results: property test against a fresh fetch")
struct LiveResultsPropertyTests {
    struct Sequence {
        var graph: ObjectGraph
        var request: FetchRequest
        var steps: [ChangeSet]
    }

    /// A random request over `root`: a predicate or none, sort keys, sometimes sections, a
    /// window and refresh key paths.
    static func makeRequest(_ generator: inout GraphCaseGenerator, _ graphCase: GraphCase) -> FetchRequest? {
        let schema = graphCase.schema
        var predicate: PredicateNode?
        if generator.chance(80), let (format, arguments) = graphCase.predicates.first {
            predicate = try? PredicateParser().parsePredicate(format, arguments: arguments)
        }
        var sortKeys: [SortKey] = []
        for _ in 0..<generator.int(0...2) {
            guard let (path, _) = generator.scalarPath(graphCase.root, schema) else { continue }
            let mode = generator.pick(StringSortMode.allCases) ?? .plain
            sortKeys.append(SortKey(path, ascending: generator.chance(60), comparison: mode))
        }
        let section = generator.chance(25) ? generator.scalarPath(graphCase.root, schema, hops: 1)?.0 : nil
        let limit = generator.chance(20) ? generator.int(1...5) : nil
        let offset = generator.chance(15) ? generator.int(0...3) : 0
        let refresh = generator.chance(30) ? generator.scalarPath(graphCase.root, schema).map { [$0.0] } ?? [] : []
        return FetchRequest(
            entity: graphCase.root, predicate: predicate, sortKeys: sortKeys, sectionKeyPath: section,
            fetchLimit: limit,
            fetchOffset: offset, refreshKeyPaths: refresh)
    }

    /// A random valid change set: attribute updates, relationship changes, inserts, deletes.
    static func makeChanges(_ generator: inout GraphCaseGenerator, _ graph: ObjectGraph, next: inout Int) -> ChangeSet?
    {
        let schema = graph.schema
        for _ in 0..<5 {
            var changes = ChangeSet()
            var used: Set<ObjectID> = []
            for _ in 0..<generator.int(1...3) {
                guard let entity = generator.pick(schema.entityNames) else { continue }
                let objects = graph.objects(of: entity).filter { graph.entity(of: $0) == entity && !used.contains($0) }
                switch generator.int(0...5) {
                case 0, 1:
                    guard let object = generator.pick(objects),
                        let attribute = generator.pick(schema.allAttributes(of: entity))
                    else { continue }
                    used.insert(object)
                    changes[entity].updated.append(
                        UpdatedObject(
                            id: object.id, attributes: [attribute.name: generator.randomValue(attribute.type)]))
                case 2, 3:
                    guard let object = generator.pick(objects),
                        let relationship = generator.pick(schema.allRelationships(of: entity))
                    else { continue }
                    let targets = graph.objects(of: relationship.destination)
                    let current = (try? graph.value(forKey: relationship.name, of: object))?.objects.map(\.id) ?? []
                    let change: RelationshipChange
                    if relationship.isToMany {
                        let added = targets.map(\.id).filter { !current.contains($0) && generator.chance(30) }
                        let removed = current.filter { _ in generator.chance(40) }
                        change = .toMany(added: added, removed: removed)
                    } else {
                        change = .toOne(
                            old: current.first, new: generator.chance(25) ? nil : generator.pick(targets)?.id)
                    }
                    used.insert(object)
                    changes[entity].updated.append(
                        UpdatedObject(id: object.id, relationships: [relationship.name: change]))
                case 4:
                    next += 1
                    var values: [String: PredicateValue] = [:]
                    for attribute in schema.allAttributes(of: entity) {
                        values[attribute.name] = generator.randomValue(attribute.type)
                    }
                    changes[entity].inserted.append(InsertedObject(id: .string("n\(next)"), values: values))
                default:
                    guard let object = generator.pick(objects) else { continue }
                    used.insert(object)
                    changes[entity].deleted.append(object.id)
                }
            }
            var copy = graph
            if (try? copy.apply(changes)) != nil { return changes }
        }
        return nil
    }

    /// The graph under `graph`'s schema with a random delete rule on each relationship (half
    /// the time; otherwise the graph as it is).
    static func withDeleteRules(_ graph: ObjectGraph, _ generator: inout GraphCaseGenerator) -> ObjectGraph? {
        guard generator.chance(50) else { return graph }
        var entities = graph.schema.entities
        for entity in entities.indices {
            for index in entities[entity].relationships.indices {
                entities[entity].relationships[index].deleteRule =
                    generator.pick([.nullify, .nullify, .cascade, .cascade, .deny, .noAction]) ?? .nullify
            }
        }
        guard let data = try? graph.jsonData() else { return nil }
        return try? ObjectGraph.load(json: data, schema: Schema(entities: entities))
    }

    static func makeSequence(seed: UInt64, steps: Int) -> Sequence? {
        var generator = GraphCaseGenerator(seed: seed)
        generator.referencePredicates = true
        guard let graphCase = generator.makeCase(), let request = makeRequest(&generator, graphCase),
            var graph = withDeleteRules(graphCase.graph, &generator)
        else { return nil }
        let start = graph
        guard (try? LiveResultSet(request: request, graph: graph)) != nil else { return nil }
        var list: [ChangeSet] = []
        var next = 0
        for _ in 0..<steps {
            guard let changes = makeChanges(&generator, graph, next: &next) else { continue }
            _ = try? graph.apply(changes)
            list.append(changes)
        }
        return Sequence(graph: start, request: request, steps: list)
    }

    /// The first broken rule of a sequence, described; `nil` when every step holds.
    static func failure(_ sequence: Sequence) -> String? {
        guard var live = try? LiveResultSet(request: sequence.request, graph: sequence.graph) else { return nil }
        for (index, changes) in sequence.steps.enumerated() {
            let oldRows = live.rows
            let oldSections = live.sections.map(\.name)
            let before = live.graph
            let change: ResultChange
            do {
                change = try live.apply(changes)
            } catch {
                // Not a counterexample: a shrunk sequence whose later change sets no longer apply.
                return nil
            }
            guard let fresh = try? LiveResultSet(request: sequence.request, graph: live.graph) else {
                return "step \(index): a fresh fetch fails"
            }
            if live.rows != fresh.rows {
                return "step \(index): rows \(live.rows) but a fresh fetch gives \(fresh.rows)"
            }
            if live.sections != fresh.sections {
                return "step \(index): sections \(live.sections) but a fresh fetch gives \(fresh.sections)"
            }
            if change.rows.applied(to: oldRows) != live.rows { return "step \(index): the row diff does not apply" }
            if change.sections.applied(to: oldSections) != live.sections.map(\.name) {
                return "step \(index): the section diff does not apply"
            }
            if let problem = updatesProblem(change.rows, sequence.request, oldRows, live.rows, before, live.graph) {
                return "step \(index): \(problem)"
            }
        }
        return nil
    }

    /// How the reported updates differ from the contract, or `nil`: exactly the rows of the
    /// reference, at their offsets in the old and new rows, including every row whose displayed
    /// values or own attributes really changed.
    static func updatesProblem(
        _ diff: ListDiff<ObjectID>, _ request: FetchRequest, _ oldRows: [ObjectID], _ newRows: [ObjectID],
        _ before: ObjectGraph, _ after: ObjectGraph
    ) -> String? {
        let moved = Set(diff.insertions.filter { $0.movedFrom != nil }.map(\.element))
        let actual = Set(diff.updates.map(\.element))
        let expected = LiveResultsUpdatedReference.expected(
            request: request, oldRows: oldRows, newRows: newRows, moved: moved, before: before, after: after)
        if actual != expected {
            return "updated \(actual.sorted()) but the contract says \(expected.sorted()) (moved \(moved.sorted()))"
        }
        let changed = LiveResultsUpdatedReference.changedValues(
            request: request, oldRows: oldRows, newRows: newRows, before: before, after: after)
        if !changed.isSubset(of: actual) {
            return "rows whose displayed values changed are not updated: \(changed.subtracting(actual).sorted())"
        }
        for update in diff.updates
        where oldRows.firstIndex(of: update.element) != update.oldOffset
            || newRows.firstIndex(of: update.element) != update.newOffset
        {
            return "the update of \(update.element) names offsets \(update.oldOffset) → \(update.newOffset)"
        }
        return nil
    }

    @Test("≥ 1,000 seeded sequences of 20 change sets: the live list is always a fresh fetch")
    func property() {
        let run = PropertyRun("LiveResultsPropertyTests", defaultCases: 1_000)
        var sequences = 0
        for index in 0..<run.cases {
            guard let sequence = Self.makeSequence(seed: run.caseSeed(index), steps: 20) else { continue }
            sequences += 1
            guard let problem = Self.failure(sequence) else { continue }
            let smallest = Shrinker.shrink(
                sequence,
                candidates: { current in
                    current.steps.indices.map { drop in
                        var shorter = current
                        shorter.steps.remove(at: drop)
                        return shorter
                    }
                },
                fails: { Self.failure($0) != nil })
            let steps = smallest.steps.map { String(decoding: (try? $0.jsonData()) ?? Data(), as: UTF8.self) }
            Issue.record(
                """
                \(Self.failure(smallest) ?? problem)
                request: \(smallest.request.entity) \(smallest.request.predicate?.predicateFormat ?? "nil") \
                sort \(smallest.request.sortKeys) section \(smallest.request.sectionKeyPath ?? "-") \
                window \(smallest.request.fetchOffset)+\(smallest.request.fetchLimit.map(String.init) ?? "all") \
                refresh \(smallest.request.refreshKeyPaths)
                schema: \(String(decoding: (try? JSONEncoder().encode(smallest.graph.schema)) ?? Data(), as: UTF8.self))
                graph: \(String(decoding: (try? smallest.graph.jsonData()) ?? Data(), as: UTF8.self))
                change sets (shrunk): \(steps.joined(separator: "\n"))
                \(run.replay(index))
                """)
            return
        }
        print("LiveResultsPropertyTests: \(sequences) sequences checked")
        #expect(sequences >= run.cases * 9 / 10)
    }
}
