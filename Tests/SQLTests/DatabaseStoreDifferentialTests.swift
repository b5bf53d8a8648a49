import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import TestSupport
import Testing

/// The database store against the object graph: random schemas, graphs and sequences of change
/// sets (``StoreChangeCaseGenerator``: every relationship shape and delete rule, some change sets
/// invalid) applied in memory with ``ObjectGraph/apply(_:)`` and to a ``DatabaseStore`` over
/// SQLite and PostgreSQL under the default and the Core Data mapping. At every step both give the
/// same applied change set or both refuse with the same errors; afterwards the database reads
/// back (`db export`) as the graph, and the log holds exactly the applied steps, numbered from 1
/// without a gap. `PREDICATE_SEED`/`PREDICATE_CASES` replay and resize a run; a failure is shrunk
/// to the fewest steps and changes that still fail.
@Suite("Database store: differential against memory", .serialized)
struct DatabaseStoreDifferentialTests {
    /// How `storeCase` goes wrong on `database`, or `nil`.
    static func failure(
        _ storeCase: StoreChangeCase, on database: some TestDatabase, convention: SQLNamingConvention
    ) -> String? {
        do {
            var graph = storeCase.graph
            let mapping =
                convention == .coreData
                ? try SQLMapping.coreData(graph.schema)
                : try SQLMapping.standard(graph.schema, keyTypes: keyTypes(storeCase))
            try database.load(graph, mapping: mapping)
            let store = try DatabaseStore(database: database.sqlDatabase, schema: graph.schema, convention: convention)
            guard try store.graph() == graph else { return "db create → db export changes the graph (not the store)" }
            var logged: [ChangeSet] = []
            for (step, changes) in storeCase.steps.enumerated() {
                var expected: Result<ChangeSet, GraphErrors>
                var next = graph
                do throws(GraphErrors) {
                    expected = .success(try next.apply(changes))
                } catch {
                    expected = .failure(error)
                }
                let actual: Result<ChangeSet, GraphErrors>
                do {
                    actual = .success(try store.apply(changes).applied.changes)
                } catch let errors as GraphErrors {
                    actual = .failure(errors)
                }
                switch (expected, actual) {
                case (.success(let memory), .success(let stored)):
                    guard memory == stored else { return "step \(step): applied \(stored) ≠ memory's \(memory)" }
                    graph = next
                    if !memory.isEmpty { logged.append(memory) }
                case (.failure(let memory), .failure(let stored)):
                    guard memory == stored else { return "step \(step): refused with \(stored) ≠ memory's \(memory)" }
                case (.success(let memory), .failure(let stored)):
                    return "step \(step): the store refused (\(stored)); memory applied \(memory)"
                case (.failure(let memory), .success(let stored)):
                    return "step \(step): the store applied \(stored); memory refused (\(memory))"
                }
                let read = try store.graph()
                guard read == graph else {
                    let readText = String(decoding: try read.jsonData(), as: UTF8.self)
                    let graphText = String(decoding: try graph.jsonData(), as: UTF8.self)
                    return "step \(step): the database reads back as\n\(readText)\nnot\n\(graphText)"
                }
            }
            let entries = try store.log.entries(after: 0, limit: 1000)
            guard entries.map(\.sequence) == (0..<Int64(logged.count)).map({ $0 + 1 }) else {
                return "log sequences \(entries.map(\.sequence)) for \(logged.count) applied change sets"
            }
            guard entries.map(\.applied.changes) == logged else {
                return "the log differs from the applied change sets"
            }
            return nil
        } catch {
            return "\(database.dialect.name): \(error)"
        }
    }

    /// The key type of each hierarchy for the ids of the graph and of every object the steps
    /// insert, as `db create` would choose them for a graph holding them all.
    static func keyTypes(_ storeCase: StoreChangeCase) -> [String: SQLKeyType] {
        var kinds: [String: (integers: Bool, strings: Bool)] = [:]
        let schema = storeCase.schema
        func note(_ id: ObjectKey, _ entity: String) {
            let root = schema.ancestors(of: entity).last ?? entity
            switch id {
            case .int: kinds[root, default: (false, false)].integers = true
            case .string: kinds[root, default: (false, false)].strings = true
            }
        }
        for entity in schema.entities where entity.parent == nil {
            for object in storeCase.graph.objects(of: entity.name) { note(object.id, entity.name) }
        }
        for step in storeCase.steps {
            for (entity, changes) in step.entities {
                for object in changes.inserted { note(object.id, entity) }
            }
        }
        return kinds.mapValues { SQLKeyType(hasIntegerIDs: $0.integers, hasStringIDs: $0.strings) }
    }

    static func run(_ name: String, _ database: some TestDatabase, convention: SQLNamingConvention, cases: Int) {
        let run = PropertyRun(name, defaultCases: cases)
        for index in 0..<run.cases {
            var generator = StoreChangeCaseGenerator(seed: run.caseSeed(index), stringIDs: convention == .standard)
            guard let storeCase = generator.makeCase(steps: 6) else { continue }
            guard let problem = failure(storeCase, on: database, convention: convention) else { continue }
            var smallest = storeCase
            var improved = true
            while improved {
                improved = false
                for candidate in smallest.smaller()
                where failure(candidate, on: database, convention: convention) != nil {
                    smallest = candidate
                    improved = true
                    break
                }
            }
            let reason = failure(smallest, on: database, convention: convention) ?? problem
            Issue.record("\(run.replay(index))\n\(reason)\nshrunk case:\n\(smallest)")
            return
        }
    }

    @Test("SQLite, default mapping") func sqliteStandard() throws {
        Self.run("store differential sqlite default", try SQLiteTestDatabase(), convention: .standard, cases: 150)
    }

    @Test("SQLite, Core Data mapping") func sqliteCoreData() throws {
        Self.run("store differential sqlite coredata", try SQLiteTestDatabase(), convention: .coreData, cases: 150)
    }

    @Test("PostgreSQL, default mapping") func postgresStandard() throws {
        Self.run("store differential postgres default", try PostgresTestDatabase(), convention: .standard, cases: 60)
    }

    @Test("PostgreSQL, Core Data mapping") func postgresCoreData() throws {
        Self.run("store differential postgres coredata", try PostgresTestDatabase(), convention: .coreData, cases: 60)
    }
}
