import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import TestSupport

/// A random graph, a fetch request over it and a sequence of change sets that apply one after
/// the other: what the live-results property tests (in memory and over databases) run.
package struct LiveSequence {
    /// The graph before the first change set.
    package var graph: ObjectGraph
    /// The request kept live.
    package var request: FetchRequest
    /// The change sets, in order.
    package var steps: [ChangeSet]

    /// Creates a sequence.
    package init(graph: ObjectGraph, request: FetchRequest, steps: [ChangeSet]) {
        self.graph = graph
        self.request = request
        self.steps = steps
    }
}

/// The generators of ``LiveSequence``s, seeded (``GraphCaseGenerator``).
package enum LiveSequences {
    /// A random request over `root`: a predicate or none, sort keys, sometimes sections, a
    /// window and refresh key paths.
    package static func makeRequest(_ generator: inout GraphCaseGenerator, _ graphCase: GraphCase) -> FetchRequest? {
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
    package static func makeChanges(_ generator: inout GraphCaseGenerator, _ graph: ObjectGraph, next: inout Int)
        -> ChangeSet?
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
    package static func withDeleteRules(_ graph: ObjectGraph, _ generator: inout GraphCaseGenerator) -> ObjectGraph? {
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

    package static func makeSequence(seed: UInt64, steps: Int) -> LiveSequence? {
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
        return LiveSequence(graph: start, request: request, steps: list)
    }
}
