import Evaluation
import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import TestSupport
import Testing

/// Nothing written to a database is lost or changed: random schemas with every attribute type
/// (``StoreCaseGenerator``) → graph → the tables and rows `db create` writes
/// (`SQLSchemaDefinition` + `insertStatements`) → what `db export` reads (`ObjectGraph.read`)
/// → the same graph; and the exported text, loaded and written again, is the same text. On
/// SQLite and PostgreSQL, under the default mapping and the Core Data mapping (whose
/// transformable columns hold bytes only, so its cases carry bytes there).
/// `PREDICATE_SEED`/`PREDICATE_CASES` replay and resize a run; a failure is shrunk to the
/// fewest objects and values that still fail.
@Suite("Database round trip: random schemas with every attribute type", .serialized)
struct StoreRoundTripPropertyTests {
    enum MappingKind: String, CaseIterable {
        case standard, coreData
    }

    /// The mapping `db create` would use for `graph`: text keys when an id is a string.
    static func mapping(_ kind: MappingKind, for graph: ObjectGraph) throws -> SQLMapping {
        let schema = graph.schema
        let stringKeys = schema.entityNames.contains { entity in
            graph.objects(of: entity).contains { if case .string = $0.id { true } else { false } }
        }
        switch kind {
        case .standard: return try SQLMapping.standard(schema, keyType: stringKeys ? .text : .integer)
        case .coreData: return try SQLMapping.coreData(schema)
        }
    }

    /// How `storeCase` fails to round-trip on `database`, or `nil`.
    static func failure(_ storeCase: StoreCase, _ kind: MappingKind, on database: some TestDatabase) -> String? {
        let storeCase = kind == .coreData ? storeCase.transformableAsData() : storeCase
        do {
            let graph = try storeCase.graph()
            let mapping = try mapping(kind, for: graph)
            let read = try database.roundTrip(graph, mapping: mapping)
            guard read == graph else { return "read back differently:\n" + differences(graph, read) }
            let first = String(decoding: try read.jsonData(), as: UTF8.self)
            let reloaded = try ObjectGraph.load(json: Data(first.utf8), schema: storeCase.schema)
            let second = try database.exportText(reloaded, mapping: mapping)
            guard first == second else { return "export → create → export changed the text:\n\(first)\n≠\n\(second)" }
            return nil
        } catch {
            return "\(database.dialect.name): \(error)"
        }
    }

    /// `Entity id, 'key': expected ≠ actual` for every value that differs.
    static func differences(_ expected: ObjectGraph, _ actual: ObjectGraph) -> String {
        var lines: [String] = []
        let schema = expected.schema
        for entity in schema.entityNames {
            for object in expected.objects(of: entity) where expected.entity(of: object) == entity {
                guard actual.entity(of: object) == entity else {
                    lines.append("\(entity) \(object.id): missing or of another entity")
                    continue
                }
                for key
                    in (schema.allAttributes(of: entity).map(\.name) + schema.allRelationships(of: entity).map(\.name))
                {
                    let a = try? expected.value(forKey: key, of: object)
                    let b = try? actual.value(forKey: key, of: object)
                    if a != b { lines.append("\(entity) \(object.id), '\(key)': \(describe(a)) ≠ \(describe(b))") }
                }
            }
        }
        return lines.isEmpty ? "(the graphs differ in their objects)" : lines.joined(separator: "\n")
    }

    static func describe(_ value: GraphValue?) -> String {
        switch value {
        case .attribute(let value)?: value.jsonText()
        case .toOne(let target)?: target.map { "\($0.id)" } ?? "nil"
        case .toMany(let targets)?: "[" + targets.map { "\($0.id)" }.joined(separator: ", ") + "]"
        case nil: "(unreadable)"
        }
    }

    /// Runs the property on `database`; returns the attribute types that held a value, and
    /// whether a sub-entity's attribute did.
    static func run(_ name: String, defaultCases: Int, database: some TestDatabase) {
        let run = PropertyRun(name, defaultCases: defaultCases)
        var covered: Set<String> = []
        for index in 0..<run.cases {
            for idKind in StoreIDKind.allCases {
                var generator = StoreCaseGenerator(seed: run.caseSeed(index), idKind: idKind)
                let storeCase = generator.makeCase()
                covered.formUnion(coverage(storeCase))
                for kind in MappingKind.allCases {
                    guard let message = failure(storeCase, kind, on: database) else { continue }
                    let smallest = Shrinker.shrink(storeCase, rounds: 300, candidates: { $0.shrunk() }) {
                        failure($0, kind, on: database) != nil
                    }
                    Issue.record(
                        """
                        \(database.dialect.name), \(kind.rawValue) mapping, \(idKind.rawValue) ids: \(message)
                        \(run.replay(index))
                        smallest failing case:
                        \(smallest)
                        \(failure(smallest, kind, on: database) ?? "")
                        """)
                    return
                }
            }
        }
        guard run.cases >= 30 else { return }
        let expected = Set(
            StoreCaseGenerator.types.map(\.rawValue) + ["sub-entity attribute", "ordered", "many-to-many"])
        #expect(covered.isSuperset(of: expected), "not covered: \(expected.subtracting(covered).sorted())")
    }

    /// What a case exercises: the types of its values, attributes declared on sub-entities,
    /// ordered and many-to-many relationships.
    static func coverage(_ storeCase: StoreCase) -> Set<String> {
        var labels: Set<String> = []
        let schema = storeCase.schema
        for (entity, list) in storeCase.objects {
            for attribute in schema.allAttributes(of: entity)
            where list.contains(where: { $0.values[attribute.name] != nil }) {
                labels.insert(attribute.type.rawValue)
                if let declaring = schema.declaringEntity(ofProperty: attribute.name, in: entity),
                    schema.entity(named: declaring)?.parent != nil
                {
                    labels.insert("sub-entity attribute")
                }
            }
            for relationship in schema.allRelationships(of: entity)
            where list.contains(where: { $0.values[relationship.name] != nil }) {
                if relationship.isOrdered { labels.insert("ordered") }
                if relationship.isToMany,
                    let inverse = relationship.inverse,
                    schema.property(named: inverse, in: relationship.destination)?.relationship?.isToMany == true
                {
                    labels.insert("many-to-many")
                }
            }
        }
        return labels
    }

    @Test("SQLite: every value comes back, and export → create → export is a fixed point")
    func sqlite() throws {
        Self.run("store round trip (SQLite)", defaultCases: 60, database: try SQLiteTestDatabase())
    }

    @Test(
        "PostgreSQL: every value comes back, and export → create → export is a fixed point",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        Self.run("store round trip (PostgreSQL)", defaultCases: 30, database: try PostgresTestDatabase())
    }
}
