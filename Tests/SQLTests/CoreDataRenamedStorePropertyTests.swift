import Evaluation
import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import TestSupport
import Testing

/// Core Data numbers a repeated join column name (`Z_3ARTWORKS1`), chooses which side of a
/// pair names the join table, and numbers clashing attribute columns (`ZV1`) in orders this
/// engine can only infer; a store laid out in any other consistent way must read the same.
///
/// Random schemas whose relationships share a few names (so join column names repeat and get
/// numbers) and whose root may have two sub-entities declaring `v` with different types; the
/// store `db create` makes is then renamed as Core Data could have named it — each pair's
/// table after either side, the numbers of every repeated name given in a random order (a
/// relationship that is its own inverse keeping the lower number on its source), the two `v`
/// columns swapped — and the check must bind the mapping to exactly the store's names, read
/// the graph back, and answer `@count` and `ANY` through every join as memory does. The names
/// expected are worked out here, by the rules of Docs/sql-mapping.md, not by the engine.
@Suite("SQL: Core Data stores named in another order", .serialized)
struct CoreDataRenamedStorePropertyTests {
    struct Case: CustomStringConvertible {
        var store: StoreCase
        var renaming: UInt64

        var description: String { "renaming seed \(renaming)\n\(store)" }

        /// The graph, each relationship that is its own inverse made symmetric first (the
        /// generator gives its links on one side; a graph file must list both).
        func graph() throws -> ObjectGraph {
            var objects = store.objects
            let schema = store.schema
            for entity in schema.entities {
                for relationship in entity.relationships where relationship.inverse == relationship.name {
                    let owners = objects.keys.filter { schema.isKind($0, of: entity.name) }
                    var links: [ObjectKey: Set<ObjectKey>] = [:]
                    for owner in owners {
                        for object in objects[owner] ?? [] {
                            guard case .array(let ids)? = object.values[relationship.name] else { continue }
                            for target in ids.compactMap(ObjectKey.init) {
                                links[object.id, default: []].insert(target)
                                links[target, default: []].insert(object.id)
                            }
                        }
                    }
                    for owner in owners {
                        objects[owner] = objects[owner]?.map { object in
                            var object = object
                            object.values[relationship.name] = .array(
                                (links[object.id] ?? []).sorted().map(\.predicateValue))
                            return object
                        }
                    }
                }
            }
            return try ObjectGraph(schema: schema, objects: objects)
        }
    }

    /// A schema of two to four root entities with a `name`, many-to-many pairs named from a
    /// small pool (a relationship its own inverse now and then, ordered sides), and perhaps
    /// two sub-entities of `E0` declaring `v` as an integer and as a string.
    static func schema(_ random: inout SplitMix64) -> Schema {
        let count = random.int(in: 2...4)
        var entities = (0..<count).map {
            EntityDescription(name: "E\($0)", attributes: [AttributeDescription(name: "name", type: .string)])
        }
        var used: [Set<String>] = Array(repeating: [], count: count)
        for _ in 0..<random.int(in: 2...6) {
            let (a, b) = (random.below(count), random.below(count))
            let r = "r" + random.pick(["Items", "Tags"])
            let q = "q" + random.pick(["Items", "Tags"])
            if a == b, random.chance(1, in: 3) {
                guard used[a].insert(r).inserted else { continue }
                entities[a].relationships.append(
                    RelationshipDescription(name: r, destination: "E\(a)", inverse: r, isToMany: true))
                continue
            }
            guard !used[a].contains(r), !used[b].contains(q), a != b || r != q else { continue }
            used[a].insert(r)
            used[b].insert(q)
            entities[a].relationships.append(
                RelationshipDescription(
                    name: r, destination: "E\(b)", inverse: q, isToMany: true, isOrdered: random.chance(1, in: 3)))
            entities[b].relationships.append(
                RelationshipDescription(
                    name: q, destination: "E\(a)", inverse: r, isToMany: true, isOrdered: random.chance(1, in: 3)))
        }
        if random.chance(1, in: 2) {
            entities.append(
                EntityDescription(
                    name: "E0a", parent: "E0", attributes: [AttributeDescription(name: "v", type: .integer64)]))
            entities.append(
                EntityDescription(
                    name: "E0b", parent: "E0", attributes: [AttributeDescription(name: "v", type: .string)]))
        }
        return Schema(entities: entities)
    }

    static func makeCase(seed: UInt64) -> Case {
        var random = SplitMix64(seed: seed)
        let schema = schema(&random)
        var generator = StoreCaseGenerator(seed: random.next(), idKinds: [.integer])
        return Case(store: StoreCase(schema: schema, objects: generator.makeObjects(schema)), renaming: random.next())
    }

    /// How the store is renamed: the statements, then each join table's names as the store
    /// has them (`[table, source, destination, destination order, source order]`), and the
    /// column of `v` of `E0a` and of `E0b`.
    struct Renaming {
        var statements: [String] = []
        var joins: [[String?]] = []
        var vColumns: [String?] = []
        var labels: Set<String> = []
    }

    static func renaming(_ mapping: SQLMapping, seed: UInt64, quote: (String) -> String) -> Renaming {
        var random = SplitMix64(seed: seed)
        let schema = mapping.schema
        func number(_ entity: String) -> Int { mapping.entityNumbers[entity] ?? 0 }
        var result = Renaming()
        // The slots of the join columns, in a random order: (join, is source, base name).
        var slots: [(join: Int, isSource: Bool, base: String)] = []
        var tables: [String] = []
        for (index, join) in mapping.joinTables.enumerated() {
            let destination = schema.property(named: join.relationship, in: join.entity)?.relationship?.destination
            let inverse = join.inverse ?? ""
            let other = destination.flatMap { schema.declaringEntity(ofProperty: inverse, in: $0) } ?? ""
            let flips = !join.isSelfInverse && random.chance(1, in: 2)
            tables.append(flips ? "Z_\(number(other))\(inverse.uppercased())" : join.name)
            if flips { result.labels.insert("table named after the other side") }
            slots.append((index, true, "Z_\(number(join.entity))\(inverse.uppercased())"))
            slots.append((index, false, "Z_\(number(other))\(join.relationship.uppercased())"))
        }
        slots.shuffle(using: &random)
        for index in mapping.joinTables.indices where mapping.joinTables[index].isSelfInverse {
            let source = slots.firstIndex { $0.join == index && $0.isSource } ?? 0
            let destination = slots.firstIndex { $0.join == index && !$0.isSource } ?? 0
            if destination < source { slots.swapAt(source, destination) }
        }
        var taken: Set<String> = []
        var names: [Int: (source: String, destination: String)] = [:]
        for slot in slots {
            var name = slot.base
            var suffix = 1
            while taken.contains(name) {
                name = slot.base + String(suffix)
                suffix += 1
            }
            taken.insert(name)
            if name != slot.base { result.labels.insert("numbered join column") }
            var pair = names[slot.join] ?? ("", "")
            if slot.isSource { pair.source = name } else { pair.destination = name }
            names[slot.join] = pair
        }
        var temporary = 0
        var second: [String] = []
        for (index, join) in mapping.joinTables.enumerated() {
            let (source, destination) = names[index] ?? (join.sourceColumn, join.destinationColumn)
            let order = { (column: String) in "Z_FOK_" + column.dropFirst(2) }
            let renames = [
                (join.sourceColumn, source), (join.destinationColumn, destination),
                (join.destinationOrderColumn, join.destinationOrderColumn.map { _ in order(destination) }),
                (join.sourceOrderColumn, join.sourceOrderColumn.map { _ in order(source) }),
            ]
            result.joins.append([tables[index], source, destination, renames[2].1, renames[3].1])
            if tables[index] != join.name {
                result.statements.append("ALTER TABLE \(quote(join.name)) RENAME TO \(quote(tables[index]))")
            }
            // Through temporary names, so that no rename meets a name still in use.
            for case let (old?, new?) in renames where old != new {
                temporary += 1
                result.statements.append(
                    "ALTER TABLE \(quote(tables[index])) RENAME COLUMN \(quote(old)) TO \(quote("pe_tmp\(temporary)"))")
                second.append(
                    "ALTER TABLE \(quote(tables[index])) RENAME COLUMN \(quote("pe_tmp\(temporary)")) TO \(quote(new))")
            }
        }
        result.statements += second
        let a = mapping.column(forAttribute: "v", of: "E0a")
        let b = mapping.column(forAttribute: "v", of: "E0b")
        result.vColumns = [a, b]
        if let a, let b, let table = mapping.table(of: "E0")?.name, random.chance(1, in: 2) {
            result.labels.insert("attribute columns swapped")
            result.vColumns = [b, a]
            result.statements += [
                "ALTER TABLE \(quote(table)) RENAME COLUMN \(quote(a)) TO \(quote("pe_tmp_v"))",
                "ALTER TABLE \(quote(table)) RENAME COLUMN \(quote(b)) TO \(quote(a))",
                "ALTER TABLE \(quote(table)) RENAME COLUMN \(quote("pe_tmp_v")) TO \(quote(b))",
            ]
        }
        return result
    }

    /// How `testCase` fails on `database`, or `nil`; `labels` collects what the case exercised.
    static func failure(_ testCase: Case, on database: some TestDatabase, labels: inout Set<String>) -> String? {
        do {
            let graph = try testCase.graph()
            let created = try SQLMapping.coreData(graph.schema)
            try database.load(graph, mapping: created)
            let renaming = Self.renaming(created, seed: testCase.renaming, quote: database.dialect.quote)
            labels.formUnion(renaming.labels)
            try database.run(renaming.statements.map { SQLStatement(sql: $0) })
            let store = database.sqlDatabase
            let description = try SQLDatabaseDescription.read(
                from: store, convention: .coreData)
            let bound = try SQLMapping.verified(
                graph.schema, convention: .coreData, database: description, dialect: database.dialect)
            let joins = bound.joinTables.map {
                [$0.name, $0.sourceColumn, $0.destinationColumn, $0.destinationOrderColumn, $0.sourceOrderColumn]
            }
            guard joins == renaming.joins else { return "bound join names \(joins), the store has \(renaming.joins)" }
            let vColumns = [bound.column(forAttribute: "v", of: "E0a"), bound.column(forAttribute: "v", of: "E0b")]
            guard vColumns == renaming.vColumns else {
                return "bound columns of v \(vColumns), the store has \(renaming.vColumns)"
            }
            let read = try ObjectGraph.read(from: store, mapping: bound)
            guard read == graph else {
                return "read back differently:\n" + StoreRoundTripPropertyTests.differences(graph, read)
            }
            for entity in graph.schema.entityNames {
                var formats = graph.schema.allRelationships(of: entity).filter(\.isToMany).flatMap {
                    ["\($0.name).@count > 1", "ANY \($0.name).name != nil"]
                }
                if graph.schema.property(named: "v", in: entity) != nil { formats.append("v != nil") }
                for format in formats {
                    let checked = try CheckedPredicate(
                        try PredicateParser().parsePredicate(format), schema: graph.schema, entity: entity)
                    let sql = try database.keys(checked, mapping: bound).sorted()
                    let memory = SQLDifferentialTests.memoryKeys(checked, graph: graph)
                    guard sql == memory else { return "\(entity) \(format): SQL \(sql), memory \(memory ?? [])" }
                }
            }
            return nil
        } catch {
            return "\(error)"
        }
    }

    static func run(_ name: String, defaultCases: Int, database: some TestDatabase) {
        let run = PropertyRun(name, defaultCases: defaultCases)
        var labels: Set<String> = []
        for index in 0..<run.cases {
            let testCase = makeCase(seed: run.caseSeed(index))
            guard let message = failure(testCase, on: database, labels: &labels) else { continue }
            var ignored: Set<String> = []
            let smallest = Shrinker.shrink(
                testCase, rounds: 200,
                candidates: { candidate in
                    candidate.store.shrunk().map { Case(store: $0, renaming: candidate.renaming) }
                }
            ) { failure($0, on: database, labels: &ignored) != nil }
            Issue.record(
                """
                \(database.dialect.name): \(message)
                \(run.replay(index))
                smallest failing case:
                \(smallest)
                \(failure(smallest, on: database, labels: &ignored) ?? "")
                """)
            return
        }
        guard run.cases >= 30 else { return }
        let expected: Set = ["numbered join column", "table named after the other side", "attribute columns swapped"]
        #expect(labels.isSuperset(of: expected), "not covered: \(expected.subtracting(labels).sorted())")
    }

    @Test("SQLite: the store's names are found whatever order Core Data gave them in")
    func sqlite() throws {
        Self.run("Core Data stores renamed (SQLite)", defaultCases: 60, database: try SQLiteTestDatabase())
    }

    @Test(
        "PostgreSQL: the store's names are found whatever order they were given in",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        Self.run("Core Data stores renamed (PostgreSQL)", defaultCases: 30, database: try PostgresTestDatabase())
    }
}
