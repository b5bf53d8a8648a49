import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import TestSupport

/// A random schema, a graph over it and predicates on one of its entities.
package struct GraphCase {
    package var schema: Schema
    package var graph: ObjectGraph
    package var root: String
    package var predicates: [(format: String, arguments: [PredicateValue])]
}

/// Seeded generator of ``GraphCase``s: schemas with inheritance, one-to-one, one-to-many and
/// many-to-many relationships (ordered or not, always optional), attributes of every kind the
/// engine compares (strings with diacritics, wildcards and characters whose case folding is
/// delicate — final sigma, dotted and dotless i, `ß`, the Kelvin sign, Cherokee —, 16-, 32-
/// and 64-bit integers including their extremes, doubles, Booleans, dates, UUIDs); graphs with
/// nils, empty relationships, integer and string ids; and predicates with to-one paths,
/// ANY/ALL/NONE, @count/@sum/@avg/@min/@max, SUBQUERY, IN, BETWEEN, string operators with
/// options, arithmetic (over nil too: negation, products, quotients, sums of two attributes,
/// guarded or not by a nil test) and compounds. Numbers compared with integers include
/// fractions, `-0.0`, values beyond 16, 32 and 64 bits and `1e300`.
package struct GraphCaseGenerator {
    package var random: SplitMix64
    /// What the generated cases contained, for the coverage check.
    package var labels: Set<String> = []
    /// Whether predicates may compare objects with object references (`ReferencePredicates.swift`).
    package var referencePredicates = false

    package init(seed: UInt64) { random = SplitMix64(seed: seed) }

    package mutating func int(_ range: ClosedRange<Int>) -> Int { random.int(in: range) }
    package mutating func chance(_ percent: UInt64) -> Bool { random.chance(percent, in: 100) }
    package mutating func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : random.pick(items) }

    package static let types: [AttributeType] = [
        .string, .integer64, .double, .boolean, .date, .uuid, .integer16, .integer32,
    ]
    package static let strings =
        [
            "", "a", "Ab", "abc", "café", "CAFE", "naïve", "x*y", "a?b", "100%", "under_score", "Émile",
            "it's", "back\\slash", "\"q\"", "Zoë", "ZOE", "日本", "x;--",
        ] + DelicateText.words + ["İ", "ı", "i", "I", "ς", "σ", "Σ", "ß", "ss", "SS", "\u{212A}", "k"]
    /// Numbers compared with numeric attributes, as format text: small integers, fractions,
    /// `-0.0`, and values beyond 16, 32 and 64 bits.
    package static let numberConstants = [
        "1.5", "-0.5", "2.25", "-0.0", "0.0", "3.0", "32768", "-32769", "3000000000", "-3000000000", "1e300", "-1e300",
        "9007199254740993", "9223372036854775807", "1e19",
    ]
    package static let uuids = [
        UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
        UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
    ]

    package mutating func makeCase() -> GraphCase? {
        let schema = makeSchema()
        guard let graph = makeGraph(schema) else { return nil }
        let concrete = schema.entities.map(\.name)
        guard let root = pick(concrete) else { return nil }
        var predicates: [(String, [PredicateValue])] = []
        for _ in 0..<4 {
            var arguments: [PredicateValue] = []
            predicates.append((makePredicate(root, schema, depth: 2, arguments: &arguments), arguments))
        }
        return GraphCase(schema: schema, graph: graph, root: root, predicates: predicates)
    }

    // MARK: Schemas

    package mutating func makeSchema() -> Schema {
        let count = int(2...5)
        var entities: [EntityDescription] = []
        for index in 0..<count {
            let parent = index > 0 && chance(35) ? "E\(int(0...(index - 1)))" : nil
            var entity = EntityDescription(name: "E\(index)", parent: parent)
            for (slot, type) in Self.types.enumerated() where parent == nil || chance(30) {
                guard parent == nil || slot > 0 else { continue }
                entity.attributes.append(AttributeDescription(name: "a\(index)_\(slot)", type: type, isOptional: true))
            }
            if parent != nil { labels.insert("inheritance") }
            entities.append(entity)
        }
        for pair in 0..<int(1...5) {
            let a = int(0...(count - 1))
            let b = int(0...(count - 1))
            let shape = int(0...3)  // 0: one-to-one, 1: to-one/to-many, 2: to-many/to-one, 3: many-to-many
            entities[a].relationships.append(
                RelationshipDescription(
                    name: "r\(pair)", destination: "E\(b)", inverse: "q\(pair)", isToMany: shape >= 2,
                    isOrdered: shape >= 2 && chance(40), isOptional: true))
            entities[b].relationships.append(
                RelationshipDescription(
                    name: "q\(pair)", destination: "E\(a)", inverse: "r\(pair)", isToMany: shape % 2 == 1,
                    isOrdered: shape % 2 == 1 && chance(40), isOptional: true))
            labels.insert(["one-to-one", "one-to-many", "many-to-one", "many-to-many"][shape])
        }
        return Schema(entities: entities)
    }

    // MARK: Graphs

    package mutating func randomValue(_ type: AttributeType) -> PredicateValue {
        if chance(15) { return .null }
        switch type {
        case .string: return .string(pick(Self.strings) ?? "")
        case .integer16: return .int(chance(5) ? (pick([-32768, 32767]) ?? 0) : int(-3...9))
        case .integer32: return .int(chance(5) ? (pick([-2_147_483_648, 2_147_483_647]) ?? 0) : int(-3...9))
        case .integer64:
            return .int(chance(4) ? (pick([9_007_199_254_740_993, Int.max, Int.min + 1]) ?? 0) : int(-3...9))
        case .double: return .double(Double(int(-6...18)) / 2)
        case .boolean: return .bool(chance(50))
        case .date: return .date(Date(timeIntervalSinceReferenceDate: Double(int(0...5)) * 86_400))
        case .uuid: return .uuid(pick(Self.uuids) ?? UUID())
        default: return .null
        }
    }

    package mutating func makeGraph(_ schema: Schema) -> ObjectGraph? {
        var changes = ChangeSet()
        var next: [String: Int] = [:]
        var objects: [(ObjectID, String)] = []
        for entity in schema.entities {
            let hierarchy = schema.ancestors(of: entity.name).last ?? entity.name
            for _ in 0..<int(0...4) {
                let number = next[hierarchy, default: 1]
                next[hierarchy] = number + 1
                let key: ObjectKey = chance(20) ? .string("k\(number)") : .int(number)
                var values: [String: PredicateValue] = [:]
                for attribute in schema.allAttributes(of: entity.name) {
                    values[attribute.name] = randomValue(attribute.type)
                }
                changes[entity.name].inserted.append(InsertedObject(id: key, values: values))
                objects.append((ObjectID(hierarchy: hierarchy, id: key), entity.name))
            }
        }
        var graph = ObjectGraph(schema: schema)
        do { try graph.apply(changes) } catch { return nil }
        // Links, one object at a time, through the "r" side; a link that conflicts is skipped.
        for (object, entity) in objects {
            for relationship in schema.allRelationships(of: entity) where relationship.name.hasPrefix("r") {
                let targets = objects.filter { schema.isKind($0.1, of: relationship.destination) }.map(\.0)
                var update = UpdatedObject(id: object.id)
                if relationship.isToMany {
                    let added = targets.filter { _ in chance(40) }.map(\.id)
                    guard !added.isEmpty else { continue }
                    update.relationships[relationship.name] = .toMany(added: added, removed: [])
                } else {
                    guard chance(70), let target = pick(targets) else { continue }
                    let current = (try? graph.value(forKey: relationship.name, of: object))?.objects.first?.id
                    update.relationships[relationship.name] = .toOne(old: current, new: target.id)
                }
                var change = ChangeSet()
                change[entity].updated.append(update)
                _ = try? graph.apply(change)
            }
        }
        return graph
    }

    // MARK: Predicates

    /// A key path from `entity` to a value: attributes through zero to two to-one hops.
    package mutating func scalarPath(_ entity: String, _ schema: Schema, hops: Int = 2) -> (String, AttributeType)? {
        var path: [String] = []
        var current = entity
        for _ in 0..<hops where chance(40) {
            let toOne = schema.allRelationships(of: current).filter { !$0.isToMany }
            guard let next = pick(toOne) else { break }
            path.append(next.name)
            current = next.destination
            labels.insert("to-one hop")
        }
        guard let attribute = pick(schema.allAttributes(of: current)) else { return nil }
        return ((path + [attribute.name]).joined(separator: "."), attribute.type)
    }

    /// A constant (as format text, or an argument) of `type`.
    package mutating func constant(_ type: AttributeType, _ arguments: inout [PredicateValue]) -> String {
        switch type {
        case .string:
            arguments.append(.string(pick(Self.strings) ?? ""))
            return "%@"
        case .integer16, .integer32, .integer64:
            return chance(25) ? (pick(Self.numberConstants) ?? "1.5") : String(int(-3...9))
        case .double: return chance(15) ? (pick(Self.numberConstants) ?? "1.5") : String(Double(int(-6...18)) / 2)
        case .boolean: return chance(50) ? "YES" : "NO"
        case .date: return "CAST(\(Double(int(0...5)) * 86_400), 'NSDate')"
        case .uuid:
            arguments.append(.uuid(pick(Self.uuids) ?? UUID()))
            return "%@"
        default: return "nil"
        }
    }

    /// Arithmetic on the number at `path` (nil or not): a negation, a product, a quotient, a
    /// sum with another number of the same object (`others`), an offset beyond 32 bits.
    package mutating func arithmetic(_ path: String, others: [String]) -> String {
        labels.insert("arithmetic")
        switch int(0...6) {
        case 0: return "-\(path)"
        case 1: return "\(path) * 1.5"
        case 2: return "\(path) / 2"
        case 3: return "\(path) - 3000000000"
        case 4:
            guard let other = pick(others) else { return "\(path) * 2 + 1" }
            labels.insert("arithmetic on two attributes")
            return "\(path) + \(other)"
        default: return "\(path) * 2 + 1"
        }
    }

    /// A comparison of a value of `type` read at `path`; `others` are numeric key paths of the
    /// same object that arithmetic may combine it with.
    package mutating func comparison(
        _ path: String, _ type: AttributeType, _ arguments: inout [PredicateValue], arithmetic: Bool = true,
        others: [String] = []
    ) -> String {
        if chance(10) { return "\(path) \(chance(50) ? "==" : "!=") nil" }
        switch type {
        case .string:
            let options = pick(["", "[c]", "[d]", "[cd]", "[n]"]) ?? ""
            let op = pick(["==", "!=", "<", ">=", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "IN"]) ?? "=="
            labels.insert("string \(op)")
            if op == "IN", chance(50) {
                return "\(path) IN {\(constant(type, &arguments)), \(constant(type, &arguments))}"
            }
            return "\(path) \(op)\(options) \(constant(type, &arguments))"
        case .integer16, .integer32, .integer64, .double:
            let op = pick(["==", "!=", "<", "<=", ">", ">=", "BETWEEN", "IN"]) ?? "=="
            labels.insert("number \(op)")
            let subject = arithmetic && chance(25) ? self.arithmetic(path, others: others) : path
            if op == "BETWEEN" {
                return "\(subject) BETWEEN {\(constant(type, &arguments)), \(constant(type, &arguments))}"
            }
            if op == "IN" {
                return "\(subject) IN {\(constant(type, &arguments)), \(constant(.integer64, &arguments))}"
            }
            let comparison = "\(subject) \(op) \(constant(type, &arguments))"
            guard subject != path, chance(20) else { return comparison }
            // Arithmetic guarded by a nil test: memory's AND and OR stop before it.
            labels.insert("guarded arithmetic")
            return chance(50) ? "(\(path) == nil OR \(comparison))" : "(\(path) != nil AND \(comparison))"
        case .date:
            return "\(path) \(pick(["<", ">=", "==", "!="]) ?? "<") \(constant(type, &arguments))"
        default:
            return "\(path) \(chance(50) ? "==" : "!=") \(constant(type, &arguments))"
        }
    }

    package mutating func makePredicate(
        _ entity: String, _ schema: Schema, depth: Int, arguments: inout [PredicateValue]
    )
        -> String
    {
        if depth > 0, chance(35) {
            let connective = chance(50) ? "AND" : "OR"
            let parts = (0..<int(2...3)).map { _ in
                makePredicate(entity, schema, depth: depth - 1, arguments: &arguments)
            }
            labels.insert(connective)
            return "(" + parts.joined(separator: " \(connective) ") + ")"
        }
        if depth > 0, chance(10) {
            labels.insert("NOT")
            return "NOT (" + makePredicate(entity, schema, depth: depth - 1, arguments: &arguments) + ")"
        }
        if referencePredicates, chance(15), let reference = referencePredicate(entity, schema, arguments: &arguments) {
            return reference
        }
        let toMany = schema.allRelationships(of: entity).filter(\.isToMany)
        if let relationship = pick(toMany), chance(40) {
            let element = relationship.destination
            switch int(0...3) {
            case 0:
                let quantifier = pick(["ANY", "ALL", "NONE"]) ?? "ANY"
                labels.insert(quantifier)
                guard let attribute = pick(schema.allAttributes(of: element)) else { break }
                return "\(quantifier) "
                    + comparison(
                        "\(relationship.name).\(attribute.name)", attribute.type, &arguments, arithmetic: false)
            case 1:
                labels.insert("@count")
                return "\(relationship.name).@count \(pick(["==", ">", "<="]) ?? ">") \(int(0...3))"
            case 2:
                let numbers = schema.allAttributes(of: element).filter { $0.type.isNumeric }
                guard let attribute = pick(numbers), let op = pick(["@sum", "@avg", "@min", "@max"]) else { break }
                labels.insert(op)
                let bound = chance(30) ? (pick(["1.5", "-0.5", "2.25", "0.5"]) ?? "1.5") : String(int(-2...6))
                return "\(relationship.name).\(op).\(attribute.name) \(pick(["<", ">=", "=="]) ?? "<") \(bound)"
            default:
                labels.insert("SUBQUERY")
                guard let (path, type) = scalarPath(element, schema, hops: 1) else { break }
                let inner = comparison("$x.\(path)", type, &arguments)
                return "SUBQUERY(\(relationship.name), $x, \(inner)).@count > \(int(0...1))"
            }
        }
        guard let (path, type) = scalarPath(entity, schema) else { return "TRUEPREDICATE" }
        let others = schema.allAttributes(of: entity).filter { $0.type.isNumeric && !path.contains(".") }.map(\.name)
        return comparison(path, type, &arguments, others: others)
    }
}
