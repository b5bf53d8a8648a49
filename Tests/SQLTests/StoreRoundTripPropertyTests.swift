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
/// after the check every reader makes (`SQLMapping.verified`: key types as the database
/// recorded them) → the same graph, ids compared as ids (`ObjectKey`), never by their text or
/// the rows' order; and the exported text, loaded and created again, exports the same text. On
/// SQLite and PostgreSQL, under the default mapping, with each hierarchy's ids integers,
/// strings (`"7"` among them, which must stay a string) or both (``StoreIDKind``), and under
/// the Core Data mapping with integer ids (whose transformable columns hold bytes only, so its
/// cases carry bytes there). Each case with integer and string ids in one hierarchy also checks
/// the two refusals: an integer's text added there (`db create` refuses it), and an id beside
/// its twin (`7` and `"7"`: the loader refuses it).
/// `PREDICATE_SEED`/`PREDICATE_CASES` replay and resize a run; a failure is shrunk to the
/// fewest objects and values that still fail.
@Suite("Database round trip: random schemas with every attribute type", .serialized)
struct StoreRoundTripPropertyTests {
    enum MappingKind: String, CaseIterable {
        case standard, coreData
    }

    /// The mapping `db create` would use for `graph`: each hierarchy's key type from its ids.
    static func mapping(_ kind: MappingKind, for graph: ObjectGraph) throws -> SQLMapping {
        switch kind {
        case .standard: return try SQLMapping.standard(graph.schema, keyTypes: graph.sqlKeyTypes())
        case .coreData: return try SQLMapping.coreData(graph.schema)
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
            let second = try database.exportText(reloaded, mapping: try Self.mapping(kind, for: reloaded))
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

    /// Runs the property on `database`: per case index, a case whose hierarchies take integer,
    /// string or mixed ids under the default mapping, and one with integer ids (Core Data's
    /// keys are integers) under the Core Data mapping; checks the coverage of a long run.
    static func run(_ name: String, defaultCases: Int, database: some TestDatabase) {
        let run = PropertyRun(name, defaultCases: defaultCases)
        var covered: Set<String> = []
        for index in 0..<run.cases {
            for kind in MappingKind.allCases {
                var generator = StoreCaseGenerator(
                    seed: run.caseSeed(index), idKinds: kind == .coreData ? [.integer] : StoreIDKind.allCases)
                let storeCase = generator.makeCase()
                covered.formUnion(coverage(storeCase))
                if kind == .standard, let message = refusalFailure(storeCase) {
                    Issue.record("\(message)\n\(run.replay(index))\n\(storeCase)")
                    return
                }
                if let message = failure(storeCase, kind, on: database) {
                    let smallest = Shrinker.shrink(storeCase, rounds: 300, candidates: { $0.shrunk() }) {
                        failure($0, kind, on: database) != nil
                    }
                    Issue.record(
                        """
                        \(database.dialect.name), \(kind.rawValue) mapping: \(message)
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
            StoreCaseGenerator.types.map(\.rawValue) + [
                "sub-entity attribute", "ordered", "many-to-many", "integer keys", "text keys", "mixed keys",
                "integer text as a string id", "string id beside integers",
            ])
        #expect(covered.isSuperset(of: expected), "not covered: \(expected.subtracting(covered).sorted())")
    }

    /// The two id sets no database can keep, made from `storeCase`: an integer's canonical text
    /// among integer and string ids must be refused before any statement (naming the object),
    /// and an id beside its twin (`7` and `"7"`) by the graph loader (naming both); how either
    /// is not, or `nil`.
    static func refusalFailure(_ storeCase: StoreCase) -> String? {
        if let (poisoned, entity, id) = storeCase.withIntegerTextInMixedHierarchy() {
            let expected = "\(entity) \(id): the string id \(id) is the text of the integer"
            do {
                let graph = try poisoned.graph()
                _ = try graph.insertStatements(
                    mapping: try mapping(.standard, for: graph), dialect: SQLiteDialect())
                return "the string id \(id) of \(entity) in a mixed hierarchy was not refused"
            } catch {
                if !"\(error)".hasPrefix(expected) { return "\(entity) \(id) refused as: \(error)" }
            }
        }
        if let (poisoned, entity, id, twin) = storeCase.withTwinID() {
            do {
                _ = try poisoned.graph()
                return "\(entity) \(id) beside \(twin) was not refused"
            } catch {
                let message = "\(error)"
                if !(message.contains("(\(entity) \(id))") && message.contains("are one key in a database")) {
                    return "\(entity) \(id) beside \(twin) refused as: \(error)"
                }
            }
        }
        return nil
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
        if let graph = try? storeCase.graph() {
            for keyType in graph.sqlKeyTypes().values { labels.insert("\(keyType.rawValue) keys") }
        }
        for (_, ids) in storeCase.idsByHierarchy {
            let integers = ids.contains { if case .int = $0.id { true } else { false } }
            for (_, id) in ids {
                guard case .string(let text) = id else { continue }
                if SQLKeyType.canonicalInteger(text) != nil { labels.insert("integer text as a string id") }
                if integers { labels.insert("string id beside integers") }
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
