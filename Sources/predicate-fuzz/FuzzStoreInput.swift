import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import TestSupport

/// One database case: a schema and a graph for `db create` (SQLite), the mapping, whether
/// `db create` must accept it, and the predicates `query` and `eval --graph` must agree on.
/// A ``FuzzCase`` of kind `database` carries it as JSON text.
struct FuzzStoreInput: Codable {
    struct Query: Codable {
        var entity: String
        var format: String
        /// JSON texts, one `--arg` each.
        var arguments: [String]
    }

    /// The JSON schema file.
    var schema: String
    /// The graph file.
    var graph: String
    /// `default` or `coredata`.
    var mapping: String
    /// Why `db create` may refuse the case (a name it documents it refuses, a mutated graph);
    /// `nil` when it must create it.
    var mayBeRefused: String?
    var queries: [Query]

    var encoded: String {
        (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func decode(_ text: String) -> FuzzStoreInput? {
        try? JSONDecoder().decode(FuzzStoreInput.self, from: Data(text.utf8))
    }
}

extension FuzzStoreInput {
    /// A random case from `seed`: a store case (``StoreCaseGenerator``: every attribute type,
    /// inheritance, every relationship shape, integer, string and mixed ids per hierarchy)
    /// under hostile names (``FuzzNames``); a fifth of the cases under the Core Data mapping
    /// (integer ids, transformable values as bytes); one in five with a name `db create`
    /// refuses; one in eight with its graph text mutated (neither with `refusals` false); six
    /// predicates.
    static func make(seed: UInt64, refusals: Bool = true) -> FuzzStoreInput {
        var random = SplitMix64(seed: seed)
        let coreData = random.chance(20, in: 100)
        var generator = StoreCaseGenerator(
            seed: random.next(), idKinds: coreData ? [.integer] : StoreIDKind.allCases)
        var storeCase = generator.makeCase()
        if coreData { storeCase = storeCase.transformableAsData() }
        let refusing = random.chance(20, in: 100) && refusals
        let renaming = FuzzNames.renaming(
            storeCase.schema, hostility: random.pick([0, 30, 70, 100]), refusing: refusing, coreData: coreData,
            random: &random)
        let schema = renaming.apply(to: storeCase.schema)
        let objects = renaming.apply(to: storeCase.objects, schema: storeCase.schema)
        let schemaText = (try? schema.jsonData()).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        var graphText = (try? encodedGraph(objects)) ?? "{}"
        var mayBeRefused = renaming.refused
        if random.chance(12, in: 100), refusals {
            var mutator = FuzzGenerator(seed: random.next())
            graphText = mutator.mutate(graphText, rounds: random.int(in: 1...3))
            mayBeRefused = "the graph text was mutated"
        }
        var seen: [String: [PredicateValue]] = [:]
        for list in objects.values {
            for object in list {
                for (key, value) in object.values { seen[key, default: []].append(value) }
            }
        }
        var predicates = FuzzStorePredicates(schema: schema, seen: seen, values: generator.values)
        let entities = schema.entityNames
        var queries: [Query] = []
        for index in 0..<6 {
            let entity = random.pick(entities)
            let (format, arguments) = index == 0 ? ("TRUEPREDICATE", []) : predicates.predicate(entity, depth: 2)
            queries.append(Query(entity: entity, format: format, arguments: arguments))
        }
        return FuzzStoreInput(
            schema: schemaText, graph: graphText, mapping: coreData ? "coredata" : "default",
            mayBeRefused: mayBeRefused, queries: queries)
    }

    /// The graph file of `objects` (each relationship on the side the case gives it).
    static func encodedGraph(_ objects: [String: [InsertedObject]]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(objects), as: UTF8.self)
    }
}
