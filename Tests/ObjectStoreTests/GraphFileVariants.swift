import Evaluation
import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import TestSupport

/// Seeded graph files derived from a random graph, for comparing the bulk loader with the
/// change-set path: the graph's own file with one side of some relationships left out, lists
/// and keys in another order, and often one problem put in (an unknown key or entity, a value
/// of the wrong type, a dangling, repeated or contradicting id, a bad tag, a cut-off text).
struct GraphFileVariants {
    var random: SplitMix64
    /// What was done to the file, for the failure message.
    private(set) var notes: [String] = []

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// The objects of `graph` by entity, both sides of every relationship.
    static func objects(of graph: ObjectGraph) throws -> [(String, [InsertedObject])] {
        let decoded = try JSONDecoder().decode([String: [InsertedObject]].self, from: try graph.jsonData())
        return decoded.sorted { $0.key < $1.key }
    }

    /// A variant of the file of `objects` as text.
    mutating func variant(of objects: [(String, [InsertedObject])], schema: Schema) -> String {
        var lists = objects
        let dropping = random.int(in: 0...100)
        for list in lists.indices {
            for object in lists[list].1.indices {
                for key in Array(lists[list].1[object].values.keys)
                where schema.property(named: key, in: lists[list].0)?.relationship != nil
                    && random.int(in: 1...100) <= dropping
                {
                    lists[list].1[object].values[key] = nil
                }
            }
            if random.chance(1, in: 3) {
                lists[list].1.shuffle(using: &random)
                notes.append("shuffled \(lists[list].0)")
            }
        }
        if random.chance(1, in: 2) {
            lists.shuffle(using: &random)
        }
        if random.chance(1, in: 2) { breakOne(&lists, schema: schema) }
        var text = render(lists)
        if random.chance(1, in: 25), !text.isEmpty {
            text = String(text.prefix(random.int(in: 0...(text.count - 1))))
            notes.append("cut")
        }
        return text
    }

    /// Puts one problem (or one legal oddity) into the file.
    private mutating func breakOne(_ lists: inout [(String, [InsertedObject])], schema: Schema) {
        guard !lists.isEmpty else { return }
        let list = random.below(lists.count)
        let entity = lists[list].0
        guard !lists[list].1.isEmpty else { return }
        let object = random.below(lists[list].1.count)
        let properties = schema.allProperties(of: entity)
        let relationships = properties.compactMap(\.relationship)
        let attributes = properties.compactMap(\.attribute)
        let otherIDs = lists.flatMap { $0.1.map(\.id) }
        func set(_ key: String, _ value: PredicateValue?, _ note: String) {
            lists[list].1[object].values[key] = value
            notes.append("\(entity)[\(object)].\(key): \(note)")
        }
        switch random.below(13) {
        case 0: set("zz", .int(1), "unknown key")
        case 1:
            if let attribute = attributes.first {
                set(attribute.name, attribute.type == .string ? .bool(true) : .string("x"), "wrong type")
            }
        case 2:
            if let relationship = relationships.first {
                set(relationship.name, relationship.isToMany ? .array([.int(999)]) : .int(999), "dangling id")
            }
        case 3:
            lists[list].1.append(lists[list].1[object])
            notes.append("\(entity)[\(object)] repeated")
        case 4:
            if let relationship = relationships.first(where: { !$0.isToMany }) {
                set(relationship.name, .array([.int(1)]), "a list for a to-one")
            }
        case 5, 6:
            if let relationship = relationships.first, let target = otherIDs.isEmpty ? nil : random.pick(otherIDs) {
                set(
                    relationship.name, relationship.isToMany ? .array([target.predicateValue]) : target.predicateValue,
                    "another destination \(target)")
            }
        case 7:
            if let relationship = relationships.first {
                set(relationship.name, random.chance(1, in: 2) ? .null : .array([]), "emptied")
            }
        case 8:
            let id = lists[list].1[object].id
            if case .int(let int) = id {
                lists[list].1[object].id = .string("\(int)")
                notes.append("\(entity)[\(object)] id made a string")
            }
        case 9:
            lists.append(
                (random.chance(1, in: 2) ? "Nope" : entity, random.chance(1, in: 2) ? [] : [InsertedObject(id: 77)]))
            notes.append("another list")
        case 10:
            // On an ordered relationship too: a set's ids are taken in key order.
            if let relationship = relationships.first(where: { $0.isToMany }) {
                let current = lists[list].1[object].values[relationship.name] ?? .array([])
                if case .array(let ids) = current {
                    set(relationship.name, .set(Set(ids)), "a $set")
                }
            }
        case 11:
            if let attribute = attributes.first(where: { $0.type == .double || $0.type == .integer64 }) {
                set(attribute.name, random.chance(1, in: 2) ? .double(2.0) : .double(1.5), "a double")
            }
        default:
            if let attribute = attributes.first(where: { $0.type == .date }) {
                set(attribute.name, .dictionary(["$date": .string("yesterday")]), "a bad date tag")
            }
        }
    }

    /// The file text: keys (the id among them) in a random order.
    private mutating func render(_ lists: [(String, [InsertedObject])]) -> String {
        var entities: [String] = []
        for (entity, objects) in lists {
            var rendered: [String] = []
            for object in objects {
                var fields = object.values.sorted { $0.key < $1.key }.map {
                    "\(quoted($0.key)): \($0.value.jsonText())"
                }
                fields.insert("\"id\": \(object.id.predicateValue.jsonText())", at: random.int(in: 0...fields.count))
                if random.chance(1, in: 4) { fields.shuffle(using: &random) }
                rendered.append("{" + fields.joined(separator: ", ") + "}")
            }
            entities.append("\(quoted(entity)): [\n  " + rendered.joined(separator: ",\n  ") + "\n]")
        }
        return "{" + entities.joined(separator: ",\n") + "}\n"
    }

    private func quoted(_ text: String) -> String { PredicateValue.string(text).jsonText() }
}
