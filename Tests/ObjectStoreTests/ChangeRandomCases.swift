import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import TestSupport

/// One case of the change-matching property: a schema, a graph before the change, a query
/// (root entity and key paths with roles) and a change set valid for the graph.
struct ChangeCase {
    var schema: Schema
    var graph: ObjectGraph
    var root: String
    var keyPaths: [(String, DependencyRoles)]
    var changes: ChangeSet
}

extension ChangeCase {
    /// The case with key paths, change-set entries and graph objects removed while it still
    /// `fails`: the counterexample a property test reports.
    func shrunk(while fails: (ChangeCase) -> Bool) -> ChangeCase {
        var current = self
        var improved = true
        var rounds = 0
        while improved, rounds < 200 {
            improved = false
            rounds += 1
            for candidate in current.smaller() where fails(candidate) {
                current = candidate
                improved = true
                break
            }
        }
        return current
    }

    /// Every case one step smaller than this one.
    func smaller() -> [ChangeCase] {
        let testCase = self
        var result: [ChangeCase] = []
        if testCase.keyPaths.count > 1 {
            for index in testCase.keyPaths.indices {
                var copy = testCase
                copy.keyPaths.remove(at: index)
                result.append(copy)
            }
        }
        for (entity, changes) in testCase.changes.entities {
            for index in changes.inserted.indices {
                var copy = testCase
                copy.changes.entities[entity]?.inserted.remove(at: index)
                result.append(copy)
            }
            for index in changes.deleted.indices {
                var copy = testCase
                copy.changes.entities[entity]?.deleted.remove(at: index)
                result.append(copy)
            }
            for (index, update) in changes.updated.enumerated() {
                var copy = testCase
                copy.changes.entities[entity]?.updated.remove(at: index)
                result.append(copy)
                for key in update.attributes.keys where update.attributes.count + update.relationships.count > 1 {
                    var smaller = testCase
                    smaller.changes.entities[entity]?.updated[index].attributes[key] = nil
                    result.append(smaller)
                }
                for key in update.relationships.keys where update.attributes.count + update.relationships.count > 1 {
                    var smaller = testCase
                    smaller.changes.entities[entity]?.updated[index].relationships[key] = nil
                    result.append(smaller)
                }
            }
        }
        let tops = testCase.schema.entities.filter { $0.parent == nil }.map(\.name)
        for object in tops.flatMap({ testCase.graph.objects(of: $0) }) {
            var copy = testCase
            guard (try? copy.graph.apply(ChangeSet([object.hierarchy: EntityChanges(deleted: [object.id])]))) != nil
            else { continue }
            result.append(copy)
        }
        return result
    }
}

/// Seeded generator of random ``ChangeCase``s: schemas with inheritance (abstract entities
/// too), one-to-one, one-to-many, many-to-many and self relationships, each with a random
/// delete rule; graphs of a few objects per entity linked at random; key paths of one to five
/// keys; and change sets mixing attribute updates, to-one and to-many changes, inserts and
/// deletes, with objects listed under their entity or an ancestor.
struct ChangeCaseGenerator {
    var random: SplitMix64
    /// What the generated cases contained, for the coverage check.
    var labels: Set<String> = []
    /// Whether schemas may have relationships without an inverse: change matching cannot
    /// follow them back (so its cases have none), the delete rules must handle them.
    var oneWayRelationships = false

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }
    mutating func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[int(0...(items.count - 1))] }

    // MARK: Cases

    mutating func makeCase() -> ChangeCase? {
        guard let (schema, graph) = makeLinkedGraph() else { return nil }
        guard let (changes, _) = makeChangeSet(graph, inserts: true, deletes: true, operations: int(1...4)) else {
            return nil
        }
        let root = pick(schema.entityNames) ?? "E0"
        let keyPaths = (0..<int(1...3)).map { _ in (makeKeyPath(from: root, schema: schema), makeRoles()) }
        return ChangeCase(schema: schema, graph: graph, root: root, keyPaths: keyPaths, changes: changes)
    }

    /// A random schema and a graph over it whose objects were linked by a few change sets.
    mutating func makeLinkedGraph() -> (Schema, ObjectGraph)? {
        let schema = makeSchema()
        guard var graph = makeGraph(schema) else { return nil }
        for _ in 0..<int(1...3) {
            if let links = makeChangeSet(graph, inserts: false, deletes: false, operations: int(2...8)) {
                graph = links.1
            }
        }
        return (schema, graph)
    }

    // MARK: Schemas

    mutating func makeSchema() -> Schema {
        let count = int(3...6)
        var entities: [EntityDescription] = []
        for index in 0..<count {
            let parent = index > 0 && chance(0.4) ? "E\(int(0...(index - 1)))" : nil
            var entity = EntityDescription(name: "E\(index)", parent: parent)
            if parent == nil {
                entity.attributes.append(AttributeDescription(name: "name", type: .string, isOptional: true))
            }
            if chance(0.6) {
                entity.attributes.append(AttributeDescription(name: "n\(index)", type: .integer64, isOptional: true))
            }
            entities.append(entity)
            if parent != nil { labels.insert("inheritance") }
        }
        for index in entities.indices
        where entities.contains(where: { $0.parent == entities[index].name }) && chance(0.3) {
            entities[index].isAbstract = true
            labels.insert("abstract")
        }
        for pair in 0..<int(2...6) {
            let a = int(0...(count - 1))
            let b = int(0...(count - 1))
            let shape = int(0...3)  // 0: one-to-one, 1: to-one/to-many, 2: to-many/to-one, 3: many-to-many
            if a == b, chance(0.25) {
                let toMany = shape >= 2
                entities[a].relationships.append(
                    RelationshipDescription(
                        name: "s\(pair)", destination: "E\(a)", inverse: "s\(pair)", isToMany: toMany, isOptional: true,
                        deleteRule: makeDeleteRule()))
                labels.insert("self-inverse")
                continue
            }
            if oneWayRelationships, chance(0.2) {
                entities[a].relationships.append(
                    RelationshipDescription(
                        name: "w\(pair)", destination: "E\(b)", isToMany: shape >= 2, isOptional: true,
                        deleteRule: makeDeleteRule()))
                labels.insert("one-way")
                continue
            }
            entities[a].relationships.append(
                RelationshipDescription(
                    name: "r\(pair)", destination: "E\(b)", inverse: "q\(pair)", isToMany: shape >= 2, isOptional: true,
                    deleteRule: makeDeleteRule()))
            entities[b].relationships.append(
                RelationshipDescription(
                    name: "q\(pair)", destination: "E\(a)", inverse: "r\(pair)", isToMany: shape % 2 == 1,
                    isOptional: true, deleteRule: makeDeleteRule()))
            if shape == 3 { labels.insert("many-to-many") }
            if a == b { labels.insert("self relationship") }
        }
        return Schema(entities: entities)
    }

    /// Nullify a third of the time, Cascade a third, Deny or No Action a sixth each.
    mutating func makeDeleteRule() -> RelationshipDescription.DeleteRule {
        [.nullify, .nullify, .cascade, .cascade, .deny, .noAction][int(0...5)]
    }

    // MARK: Graphs

    mutating func makeGraph(_ schema: Schema) -> ObjectGraph? {
        var nextID: [String: Int] = [:]
        var changes = ChangeSet()
        for entity in schema.entities where !entity.isAbstract {
            let hierarchy = schema.ancestors(of: entity.name).last ?? entity.name
            for _ in 0..<int(0...4) {
                let id = nextID[hierarchy, default: 1]
                nextID[hierarchy] = id + 1
                changes[entity.name].inserted.append(
                    InsertedObject(id: .int(id), values: randomAttributes(of: entity.name, schema)))
            }
        }
        var graph = ObjectGraph(schema: schema)
        do {
            try graph.apply(changes)
        } catch {
            return nil
        }
        return graph
    }

    mutating func randomAttributes(of entity: String, _ schema: Schema) -> [String: PredicateValue] {
        var values: [String: PredicateValue] = [:]
        for attribute in schema.allAttributes(of: entity) where chance(0.8) {
            values[attribute.name] = randomValue(attribute.type)
        }
        return values
    }

    mutating func randomValue(_ type: AttributeType) -> PredicateValue {
        if chance(0.1) { return .null }
        return type == .string ? .string(["a", "b", "c"][int(0...2)]) : .int(int(0...2))
    }

    // MARK: Key paths

    mutating func makeKeyPath(from root: String, schema: Schema) -> String {
        var components: [String] = []
        var entity = root
        let length = int(1...5)
        while components.count < length {
            let relationships = schema.allRelationships(of: entity)
            let attributes = schema.allAttributes(of: entity)
            let isLast = components.count == length - 1
            if !isLast, let relationship = pick(relationships) {
                components.append(relationship.name)
                entity = relationship.destination
                continue
            }
            if let previous = components.last,
                schema.property(named: previous, in: ancestorEntity(of: components, root, schema))?.relationship?
                    .isToMany == true,
                chance(0.2)
            {
                components.append("@count")
                labels.insert("@count")
                break
            }
            if let attribute = pick(attributes), relationships.isEmpty || chance(0.7) {
                components.append(attribute.name)
            } else if let relationship = pick(relationships) {
                components.append(relationship.name)
            }
            break
        }
        if components.isEmpty { components = [schema.allProperties(of: root).first?.name ?? "name"] }
        let hops = components.count - 1
        if hops >= 3 { labels.insert("3+ hops") }
        return components.joined(separator: ".")
    }

    /// The entity on which the last component of `components` is read.
    private func ancestorEntity(of components: [String], _ root: String, _ schema: Schema) -> String {
        var entity = root
        for key in components.dropLast() {
            entity = schema.property(named: key, in: entity)?.relationship?.destination ?? entity
        }
        return entity
    }

    mutating func makeRoles() -> DependencyRoles {
        [[.membership], [.order], [.display], [.membership, .display], [.order, .display]][int(0...4)]
    }

    // MARK: Change sets

    /// A random change set valid for `graph` and the graph after it, or `nil` after a few
    /// attempts that all conflicted.
    mutating func makeChangeSet(_ graph: ObjectGraph, inserts: Bool, deletes: Bool, operations: Int) -> (
        ChangeSet, ObjectGraph
    )? {
        for _ in 0..<8 {
            let changes = drawChangeSet(graph, inserts: inserts, deletes: deletes, operations: operations)
            var after = graph
            if (try? after.apply(changes)) != nil { return (changes, after) }
        }
        return nil
    }

    private mutating func drawChangeSet(_ graph: ObjectGraph, inserts: Bool, deletes: Bool, operations: Int)
        -> ChangeSet
    {
        let schema = graph.schema
        let roots = schema.entities.filter { $0.parent == nil }.map(\.name)
        var alive = roots.flatMap { graph.objects(of: $0) }
        var used: Set<ObjectID> = []
        var changes = ChangeSet()
        let kinds = (0..<operations).map { _ in int(0...9) }
        for kind in kinds where kind == 8 && deletes {
            guard let object = pick(alive.filter { !used.contains($0) }), let entity = graph.entity(of: object) else {
                continue
            }
            used.insert(object)
            alive.removeAll { $0 == object }
            changes[listingName(entity, schema)].deleted.append(object.id)
            labels.insert("delete")
        }
        var insertedObjects: [(ObjectID, String)] = []
        for kind in kinds where (kind == 7 || kind == 9) && inserts {
            let concrete = schema.entities.filter { !$0.isAbstract }.map(\.name)
            guard let entity = pick(concrete) else { continue }
            let hierarchy = schema.ancestors(of: entity).last ?? entity
            let taken =
                (alive.filter { $0.hierarchy == hierarchy }.map(\.id)
                + insertedObjects.map(\.0).filter { $0.hierarchy == hierarchy }.map(\.id)
                + graph.objects(of: hierarchy).map(\.id)).compactMap { if case .int(let n) = $0 { n } else { nil } }
            let object = ObjectID(hierarchy: hierarchy, id: .int((taken.max() ?? 0) + 1))
            var values = randomAttributes(of: entity, schema)
            for relationship in schema.allRelationships(of: entity) where chance(0.5) {
                let targets = candidates(relationship.destination, alive, insertedObjects, graph)
                if relationship.isToMany {
                    values[relationship.name] = .array(
                        Array(Set((0..<int(0...2)).compactMap { _ in pick(targets) })).sorted().map {
                            $0.id.predicateValue
                        })
                } else {
                    values[relationship.name] = pick(targets).map { $0.id.predicateValue } ?? .null
                }
            }
            changes[entity].inserted.append(InsertedObject(id: object.id, values: values))
            insertedObjects.append((object, entity))
            labels.insert("insert")
        }
        for kind in kinds where kind <= 6 {
            guard let object = pick(alive.filter { !used.contains($0) }), let entity = graph.entity(of: object) else {
                continue
            }
            used.insert(object)
            var update = UpdatedObject(id: object.id)
            for _ in 0..<(chance(0.3) ? 2 : 1) {
                if kind <= 2, let attribute = pick(schema.allAttributes(of: entity)) {
                    update.attributes[attribute.name] = randomValue(attribute.type)
                } else if let relationship = pick(schema.allRelationships(of: entity)) {
                    guard update.relationships[relationship.name] == nil else { continue }
                    let targets = candidates(relationship.destination, alive, insertedObjects, graph)
                    let current = (try? graph.value(forKey: relationship.name, of: object))?.objects.map(\.id) ?? []
                    if relationship.isToMany {
                        let added = Set(targets.map(\.id).filter { !current.contains($0) && chance(0.5) })
                        let removed = current.filter { _ in chance(0.5) }
                        update.relationships[relationship.name] = .toMany(added: added.sorted(), removed: removed)
                    } else {
                        update.relationships[relationship.name] = .toOne(
                            old: current.first, new: chance(0.2) ? nil : pick(targets)?.id)
                    }
                }
            }
            changes[listingName(entity, schema)].updated.append(update)
        }
        return changes
    }

    /// A change set deleting one to three objects of `graph`, each listed under its entity or
    /// sometimes an ancestor.
    mutating func makeDeletions(_ graph: ObjectGraph) -> ChangeSet {
        let schema = graph.schema
        var alive = schema.entities.filter { $0.parent == nil }.flatMap { graph.objects(of: $0.name) }
        var changes = ChangeSet()
        for _ in 0..<int(1...3) {
            guard let object = pick(alive), let entity = graph.entity(of: object) else { break }
            alive.removeAll { $0 == object }
            changes[listingName(entity, schema)].deleted.append(object.id)
        }
        return changes
    }

    /// The entity itself, or sometimes one of its ancestors.
    private mutating func listingName(_ entity: String, _ schema: Schema) -> String {
        let ancestors = schema.ancestors(of: entity)
        if !ancestors.isEmpty, chance(0.3), let ancestor = pick(ancestors) {
            labels.insert("listed under ancestor")
            return ancestor
        }
        return entity
    }

    private func candidates(
        _ destination: String, _ alive: [ObjectID], _ inserted: [(ObjectID, String)], _ graph: ObjectGraph
    ) -> [ObjectID] {
        let schema = graph.schema
        return alive.filter { object in graph.entity(of: object).map { schema.isKind($0, of: destination) } ?? false }
            + inserted.filter { schema.isKind($0.1, of: destination) }.map(\.0)
    }
}
