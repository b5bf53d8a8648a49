import Foundation
import KeyPaths
import ObjectStore
import Predicates
import TestSupport

/// A random schema and the objects of a graph over it, kept as the objects a graph file lists
/// (attributes, and each relationship given on one side) so that cases shrink by dropping
/// objects and values.
package struct StoreCase: CustomStringConvertible {
    package var schema: Schema
    package var objects: [String: [InsertedObject]]

    /// A case of `objects` over `schema`.
    package init(schema: Schema, objects: [String: [InsertedObject]]) {
        self.schema = schema
        self.objects = objects
    }

    /// The graph of the objects.
    package func graph() throws(GraphErrors) -> ObjectGraph {
        try ObjectGraph(schema: schema, objects: objects)
    }

    /// The case with every transformable value that is not binary data replaced by bytes (its
    /// JSON text's UTF-8): what the Core Data mapping can store.
    package func transformableAsData() -> StoreCase {
        var copy = self
        for (entity, list) in objects {
            let transformable = Set(schema.allAttributes(of: entity).filter { $0.type == .transformable }.map(\.name))
            copy.objects[entity] = list.map { object in
                var object = object
                for key in transformable {
                    guard let value = object.values[key] else { continue }
                    if case .data = value { continue }
                    object.values[key] = .data(Data(value.jsonText().utf8))
                }
                return object
            }
        }
        return copy
    }

    /// Smaller cases: one object fewer (links to it dropped), or one value fewer.
    package func shrunk() -> [StoreCase] {
        var candidates: [StoreCase] = []
        for (entity, list) in objects.sorted(by: { $0.key < $1.key }) {
            for index in list.indices {
                var copy = self
                copy.objects[entity]?.remove(at: index)
                candidates.append(copy.withoutDanglingLinks())
            }
        }
        for (entity, list) in objects.sorted(by: { $0.key < $1.key }) {
            for (index, object) in list.enumerated() {
                for key in object.values.keys.sorted() {
                    var copy = self
                    copy.objects[entity]?[index].values[key] = nil
                    candidates.append(copy)
                }
            }
        }
        return candidates
    }

    /// The case with relationship values naming only objects that exist.
    private func withoutDanglingLinks() -> StoreCase {
        var existing: [String: Set<ObjectKey>] = [:]
        for (entity, list) in objects {
            for ancestor in [entity] + schema.ancestors(of: entity) {
                existing[ancestor, default: []].formUnion(list.map(\.id))
            }
        }
        var copy = self
        for (entity, list) in objects {
            let relationships = schema.allRelationships(of: entity)
            copy.objects[entity] = list.map { object in
                var object = object
                for relationship in relationships {
                    let present = existing[relationship.destination] ?? []
                    switch object.values[relationship.name] {
                    case .array(let ids)?:
                        object.values[relationship.name] = .array(
                            ids.filter { ObjectKey($0).map(present.contains) ?? false })
                    case let id?:
                        if !(ObjectKey(id).map(present.contains) ?? false) { object.values[relationship.name] = nil }
                    case nil: break
                    }
                }
                return object
            }
        }
        return copy
    }

    /// The schema (one line per entity) and the objects as a graph file.
    package var description: String {
        var lines = schema.entities.map { entity in
            let attributes = entity.attributes.map { "\($0.name): \($0.type.rawValue)" }
            let relationships = entity.relationships.map {
                "\($0.name) \($0.isToMany ? ($0.isOrdered ? "->> (ordered)" : "->>") : "->") \($0.destination)"
            }
            return entity.name + (entity.parent.map { " : \($0)" } ?? "") + " { "
                + (attributes + relationships).joined(separator: ", ") + " }"
        }
        for (entity, list) in objects.sorted(by: { $0.key < $1.key }) {
            for object in list {
                let values = object.values.keys.sorted().map { "\($0): \(object.values[$0]?.jsonText() ?? "")" }
                lines.append("\(entity) \(object.id): " + values.joined(separator: ", "))
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Seeded generator of ``StoreCase``s for the database round trip: two to five entities, with
/// sub-entities that declare attributes of their own; attributes of every type
/// (``StoreValueGenerator``); one-to-one, one-to-many, many-to-one and many-to-many
/// relationships, ordered or not, between any two entities (an entity and itself included);
/// nil values and empty relationships; each hierarchy's ids of a kind drawn from `idKinds`
/// (``StoreIDKind``).
package struct StoreCaseGenerator {
    package var values: StoreValueGenerator
    package let idKinds: [StoreIDKind]

    /// A generator whose hierarchies take ids of one of `idKinds` each (integer ids alone for
    /// Core Data's mapping, whose keys are integers).
    package init(seed: UInt64, idKinds: [StoreIDKind] = StoreIDKind.allCases) {
        values = StoreValueGenerator(random: SplitMix64(seed: seed))
        self.idKinds = idKinds.isEmpty ? [.integer] : idKinds
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int { values.random.int(in: range) }
    private mutating func chance(_ percent: UInt64) -> Bool { values.chance(percent) }

    /// The stored attribute types (`undefined` is for transient attributes only).
    package static let types = AttributeType.allCases.filter { $0 != .undefined }

    package mutating func makeCase() -> StoreCase {
        let schema = makeSchema()
        return StoreCase(schema: schema, objects: makeObjects(schema))
    }

    package mutating func makeSchema() -> Schema {
        let count = int(2...5)
        var entities: [EntityDescription] = []
        for index in 0..<count {
            let parent = index > 0 && chance(40) ? "E\(int(0...(index - 1)))" : nil
            var entity = EntityDescription(name: "E\(index)", parent: parent)
            for type in Self.types where parent == nil ? chance(80) : chance(35) {
                entity.attributes.append(
                    AttributeDescription(name: "a\(index)_\(type.rawValue)", type: type, isOptional: true))
            }
            if parent != nil, entity.attributes.isEmpty {
                entity.attributes.append(
                    AttributeDescription(name: "a\(index)_boolean", type: .boolean, isOptional: true))
            }
            entities.append(entity)
        }
        for pair in 0..<int(1...4) {
            let a = int(0...(count - 1))
            let b = int(0...(count - 1))
            let shape = int(0...3)  // 0: one-to-one, 1: r to-one / q to-many, 2: the reverse, 3: many-to-many
            entities[a].relationships.append(
                RelationshipDescription(
                    name: "r\(pair)", destination: "E\(b)", inverse: "q\(pair)", isToMany: shape >= 2,
                    isOrdered: shape >= 2 && chance(50), isOptional: true))
            entities[b].relationships.append(
                RelationshipDescription(
                    name: "q\(pair)", destination: "E\(a)", inverse: "r\(pair)", isToMany: shape % 2 == 1,
                    isOrdered: shape % 2 == 1 && chance(50), isOptional: true))
        }
        return Schema(entities: entities)
    }

    /// Objects with random values; each relationship given on one side only: the to-one side
    /// of a one-to-one (distinct targets), the to-many side of a one-to-many (each member in one
    /// list at most, in a random order), the `r` side of a many-to-many.
    package mutating func makeObjects(_ schema: Schema) -> [String: [InsertedObject]] {
        var objects: [String: [InsertedObject]] = [:]
        var ids: [String: StoreIDSource] = [:]
        for entity in schema.entities {
            let hierarchy = schema.ancestors(of: entity.name).last ?? entity.name
            if ids[hierarchy] == nil { ids[hierarchy] = StoreIDSource(kind: values.random.pick(idKinds)) }
            for _ in 0..<int(0...4) {
                var object = InsertedObject(
                    id: ids[hierarchy, default: StoreIDSource(kind: .integer)].next(&values.random))
                for attribute in schema.allAttributes(of: entity.name) {
                    object.values[attribute.name] = values.value(attribute.type)
                }
                objects[entity.name, default: []].append(object)
            }
        }
        for entity in schema.entities {
            for relationship in entity.relationships {
                guard let inverse = relationship.inverse,
                    let other = schema.property(named: inverse, in: relationship.destination)?.relationship
                else { continue }
                // The side that holds the values: the to-many side unless both are to-many.
                let holdsValues =
                    relationship.isToMany != other.isToMany ? relationship.isToMany : relationship.name.hasPrefix("r")
                guard holdsValues else { continue }
                link(relationship, of: entity.name, inverseIsToMany: other.isToMany, schema: schema, objects: &objects)
            }
        }
        return objects
    }

    private mutating func link(
        _ relationship: RelationshipDescription, of entity: String, inverseIsToMany: Bool, schema: Schema,
        objects: inout [String: [InsertedObject]]
    ) {
        var targets = objects.filter { schema.isKind($0.key, of: relationship.destination) }
            .sorted { $0.key < $1.key }.flatMap { $0.value.map(\.id) }
        for (owner, list) in objects.sorted(by: { $0.key < $1.key }) where schema.isKind(owner, of: entity) {
            for index in list.indices {
                guard !targets.isEmpty, chance(70) else { continue }
                if !relationship.isToMany {
                    // One-to-one: each target taken once.
                    let target = targets.remove(at: values.random.below(targets.count))
                    objects[owner]?[index].values[relationship.name] = target.predicateValue
                    continue
                }
                var chosen: [ObjectKey] = []
                for target in targets where chance(40) { chosen.append(target) }
                chosen.shuffle(using: &values.random)
                if !inverseIsToMany { targets.removeAll { chosen.contains($0) } }
                objects[owner]?[index].values[relationship.name] = .array(chosen.map(\.predicateValue))
            }
        }
    }
}
