import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import TestSupport

/// One case of the write-path differential test: a schema, the graph a database starts from,
/// and change sets applied one after the other (valid ones and some that must be refused).
struct StoreChangeCase: CustomStringConvertible {
    var schema: Schema
    var graph: ObjectGraph
    var steps: [ChangeSet]

    var description: String {
        let schemaText = (try? schema.jsonData()).map { String(decoding: $0, as: UTF8.self) } ?? "?"
        let graphText = (try? graph.jsonData()).map { String(decoding: $0, as: UTF8.self) } ?? "?"
        let stepText = steps.map { (try? $0.jsonData()).map { String(decoding: $0, as: UTF8.self) } ?? "?" }
        return "schema: \(schemaText)\ngraph: \(graphText)\nsteps:\n" + stepText.joined(separator: "\n")
    }

    /// Every case one step smaller: a step fewer, an entry of a step fewer.
    func smaller() -> [StoreChangeCase] {
        var result: [StoreChangeCase] = []
        for index in steps.indices {
            var copy = self
            copy.steps.remove(at: index)
            result.append(copy)
        }
        for (step, changes) in steps.enumerated() {
            for (entity, entityChanges) in changes.entities {
                for index in entityChanges.inserted.indices {
                    var copy = self
                    copy.steps[step].entities[entity]?.inserted.remove(at: index)
                    result.append(copy)
                }
                for index in entityChanges.updated.indices {
                    var copy = self
                    copy.steps[step].entities[entity]?.updated.remove(at: index)
                    result.append(copy)
                }
                for index in entityChanges.deleted.indices {
                    var copy = self
                    copy.steps[step].entities[entity]?.deleted.remove(at: index)
                    result.append(copy)
                }
            }
        }
        return result
    }
}

/// Random ``StoreChangeCase``s: schemas with inheritance, abstract entities, one-to-one,
/// one-to-many, many-to-many, ordered, self-inverse and one-way relationships under every delete
/// rule; graphs linked by random change sets; then steps that insert, update (attributes, to-one
/// and to-many relationships) and delete, a fifth of them made invalid (a stale `old`, an unknown
/// id, an id in use).
struct StoreChangeCaseGenerator {
    var random: SplitMix64
    /// Whether ids may be strings (a hierarchy has integer or string ids); never under Core Data.
    var stringIDs: Bool

    init(seed: UInt64, stringIDs: Bool) {
        random = SplitMix64(seed: seed)
        self.stringIDs = stringIDs
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { random.int(in: range) }
    mutating func chance(_ percent: UInt64) -> Bool { random.chance(percent, in: 100) }
    mutating func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : random.pick(items) }

    mutating func makeCase(steps: Int) -> StoreChangeCase? {
        let schema = makeSchema()
        guard var graph = makeGraph(schema) else { return nil }
        for _ in 0..<3 {
            var linked = graph
            if (try? linked.apply(makeChangeSet(graph, deletes: false, inserts: false))) != nil { graph = linked }
        }
        var current = graph
        var list: [ChangeSet] = []
        for _ in 0..<steps {
            var changes = makeChangeSet(current, deletes: true, inserts: true)
            if chance(20) { spoil(&changes, current) }
            list.append(changes)
            var next = current
            if (try? next.apply(changes)) != nil { current = next }
        }
        return StoreChangeCase(schema: schema, graph: graph, steps: list)
    }

    mutating func makeSchema() -> Schema {
        let count = int(2...5)
        var entities: [EntityDescription] = []
        for index in 0..<count {
            let parent = index > 0 && chance(30) ? "E\(int(0...(index - 1)))" : nil
            var entity = EntityDescription(name: "E\(index)", parent: parent)
            if parent == nil { entity.attributes.append(AttributeDescription(name: "name", type: .string)) }
            if chance(60) { entity.attributes.append(AttributeDescription(name: "n\(index)", type: .integer64)) }
            if chance(30) { entity.attributes.append(AttributeDescription(name: "d\(index)", type: .date)) }
            entities.append(entity)
        }
        for index in entities.indices where entities.contains(where: { $0.parent == entities[index].name }) {
            if chance(25) { entities[index].isAbstract = true }
        }
        let rules: [RelationshipDescription.DeleteRule] = [.nullify, .nullify, .cascade, .deny, .noAction]
        for pair in 0..<int(1...5) {
            let a = int(0...(count - 1))
            let b = int(0...(count - 1))
            let shape = int(0...3)  // 0 one-to-one, 1 to-one/to-many, 2 to-many/to-one, 3 many-to-many
            if a == b, chance(25) {
                entities[a].relationships.append(
                    RelationshipDescription(
                        name: "s\(pair)", destination: "E\(a)", inverse: "s\(pair)", isToMany: shape >= 2,
                        deleteRule: pick(rules) ?? .nullify))
                continue
            }
            // Core Data has no layout for a to-many relationship without an inverse.
            if chance(15), stringIDs || shape < 2 {
                entities[a].relationships.append(
                    RelationshipDescription(
                        name: "w\(pair)", destination: "E\(b)", isToMany: shape >= 2,
                        deleteRule: pick(rules) ?? .nullify
                    ))
                continue
            }
            entities[a].relationships.append(
                RelationshipDescription(
                    name: "r\(pair)", destination: "E\(b)", inverse: "q\(pair)", isToMany: shape >= 2,
                    isOrdered: shape >= 2 && chance(30), deleteRule: pick(rules) ?? .nullify))
            entities[b].relationships.append(
                RelationshipDescription(
                    name: "q\(pair)", destination: "E\(a)", inverse: "r\(pair)", isToMany: shape % 2 == 1,
                    isOrdered: shape % 2 == 1 && chance(30), deleteRule: pick(rules) ?? .nullify))
        }
        return Schema(entities: entities)
    }

    private var stringHierarchies: Set<String> = []

    mutating func makeGraph(_ schema: Schema) -> ObjectGraph? {
        stringHierarchies = []
        for entity in schema.entities where entity.parent == nil && stringIDs && chance(30) {
            stringHierarchies.insert(entity.name)
        }
        var changes = ChangeSet()
        var next: [String: Int] = [:]
        for entity in schema.entities where !entity.isAbstract {
            let hierarchy = root(of: entity.name, schema)
            for _ in 0..<int(0...4) {
                let number = next[hierarchy, default: 1]
                next[hierarchy] = number + 1
                changes[entity.name].inserted.append(
                    InsertedObject(id: key(number, hierarchy), values: attributes(of: entity.name, schema)))
            }
        }
        var graph = ObjectGraph(schema: schema)
        guard (try? graph.apply(changes)) != nil else { return nil }
        return graph
    }

    private func root(of entity: String, _ schema: Schema) -> String { schema.ancestors(of: entity).last ?? entity }

    private func key(_ number: Int, _ hierarchy: String) -> ObjectKey {
        stringHierarchies.contains(hierarchy) ? .string("k\(number)") : .int(number)
    }

    private mutating func attributes(of entity: String, _ schema: Schema) -> [String: PredicateValue] {
        var values: [String: PredicateValue] = [:]
        for attribute in schema.allAttributes(of: entity) where chance(80) {
            values[attribute.name] = value(attribute.type)
        }
        return values
    }

    private mutating func value(_ type: AttributeType) -> PredicateValue {
        if chance(10) { return .null }
        switch type {
        case .string: return .string(["a", "b", "c"][int(0...2)])
        case .date: return .date(Date(timeIntervalSinceReferenceDate: Double(int(0...3) * 86_400)))
        default: return .int(int(0...3))
        }
    }

    /// A random change set for `graph`: usually valid (old values as the graph has them).
    mutating func makeChangeSet(_ graph: ObjectGraph, deletes: Bool, inserts: Bool) -> ChangeSet {
        let schema = graph.schema
        var alive = schema.entities.filter { $0.parent == nil }.flatMap { graph.objects(of: $0.name) }
        var changes = ChangeSet()
        var used: Set<ObjectID> = []
        var insertedObjects: [(ObjectID, String)] = []
        func candidates(_ destination: String) -> [ObjectID] {
            alive.filter { graph.entity(of: $0).map { schema.isKind($0, of: destination) } ?? false }
                + insertedObjects.filter { schema.isKind($0.1, of: destination) }.map(\.0)
        }
        for _ in 0..<int(1...4) {
            switch int(0...9) {
            case 0 where deletes, 1 where deletes:
                guard let object = pick(alive.filter { !used.contains($0) }), let entity = graph.entity(of: object)
                else { continue }
                used.insert(object)
                alive.removeAll { $0 == object }
                changes[entity].deleted.append(object.id)
            case 2 where inserts, 3 where inserts:
                guard let entity = pick(schema.entities.filter { !$0.isAbstract }.map(\.name)) else { continue }
                let hierarchy = root(of: entity, schema)
                let taken = graph.objects(of: hierarchy).count + insertedObjects.count + 100
                let object = ObjectID(hierarchy: hierarchy, id: key(taken, hierarchy))
                var values = attributes(of: entity, schema)
                for relationship in schema.allRelationships(of: entity) where chance(50) {
                    let targets = candidates(relationship.destination)
                    if relationship.isToMany {
                        var seen: Set<ObjectID> = []
                        let chosen = (0..<int(0...2)).compactMap { _ in pick(targets) }.filter {
                            seen.insert($0).inserted
                        }
                        values[relationship.name] = .array(chosen.map(\.id.predicateValue))
                    } else {
                        values[relationship.name] = pick(targets)?.id.predicateValue ?? .null
                    }
                }
                changes[entity].inserted.append(InsertedObject(id: object.id, values: values))
                insertedObjects.append((object, entity))
            default:
                guard let object = pick(alive.filter { !used.contains($0) }), let entity = graph.entity(of: object)
                else { continue }
                used.insert(object)
                var update = UpdatedObject(id: object.id)
                if chance(40), let attribute = pick(schema.allAttributes(of: entity)) {
                    update.attributes[attribute.name] = value(attribute.type)
                } else if let relationship = pick(schema.allRelationships(of: entity)) {
                    let targets = candidates(relationship.destination)
                    let current = (try? graph.value(forKey: relationship.name, of: object))?.objects.map(\.id) ?? []
                    if relationship.isToMany {
                        let added = targets.map(\.id).filter { !current.contains($0) && chance(40) }
                        let removed = current.filter { _ in chance(40) }
                        update.relationships[relationship.name] = .toMany(added: added, removed: removed)
                    } else {
                        update.relationships[relationship.name] = .toOne(
                            old: current.first, new: chance(20) ? nil : pick(targets)?.id)
                    }
                }
                changes[entity].updated.append(update)
            }
        }
        return changes
    }

    /// Makes `changes` invalid for `graph`: a stale `old`, an unknown id, or an id in use.
    private mutating func spoil(_ changes: inout ChangeSet, _ graph: ObjectGraph) {
        let schema = graph.schema
        let objects = schema.entities.filter { $0.parent == nil }.flatMap { graph.objects(of: $0.name) }
        switch int(0...2) {
        case 0:
            guard let object = pick(objects), let entity = graph.entity(of: object),
                let relationship = pick(schema.allRelationships(of: entity).filter { !$0.isToMany })
            else { return }
            let current = (try? graph.value(forKey: relationship.name, of: object))?.objects.first?.id
            let stale: ObjectKey = current == .int(999) ? .int(998) : .int(999)
            changes[entity].updated.append(
                UpdatedObject(id: object.id, relationships: [relationship.name: .toOne(old: stale, new: nil)]))
        case 1:
            guard let entity = pick(schema.entityNames) else { return }
            changes[entity].deleted.append(.int(777))
        default:
            guard let object = pick(objects), let entity = graph.entity(of: object) else { return }
            changes[entity].inserted.append(InsertedObject(id: object.id))
        }
    }
}
