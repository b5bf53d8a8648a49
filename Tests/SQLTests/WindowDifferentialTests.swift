import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import TestSupport
import Testing

/// Windows at the edges of `Int` — offsets and limits of 0, 1, the list's size, `Int.max - 1`,
/// `Int.max`, and negative ones — on the sample graph: a live result list in memory and the
/// lowered query in SQLite and in PostgreSQL show the same rows, or all refuse a negative value. A window once
/// trapped in memory (`offset + limit` overflowed) while SQLite answered.
@Suite("Windows: memory, SQLite and PostgreSQL agree at the edges of Int")
struct WindowDifferentialTests {
    /// Offsets and limits drawn by the property test (the sample has six Contents).
    static let extremes = [0, 1, 2, 5, 6, 7, Int.max - 1, Int.max, -1, Int.min]
    static let predicates = ["TRUEPREDICATE", "bucket.name == 'Inbox'", "#size > 100", "name CONTAINS 'a'"]
    static let orders: [[SortKey]] = [
        [], [SortKey("creationDate")], [SortKey("size", ascending: false)], [SortKey("bucket.name"), SortKey("name")],
    ]

    /// What one back end shows: its row ids, or that it refused the window.
    enum Shown: Equatable {
        case rows([String])
        case refused
    }

    static func memory(_ request: FetchRequest, graph: ObjectGraph) throws -> Shown {
        do {
            let results = try LiveResultSet(request: request, graph: graph)
            return .rows(results.rows.map { SQLDifferentialTests.key($0.id) })
        } catch {
            guard error.message.hasPrefix("the fetch request's window: ") else { throw error }
            return .refused
        }
    }

    static func database(
        _ request: FetchRequest, checked: CheckedPredicate, mapping: SQLMapping, database: some TestDatabase
    ) throws -> Shown {
        do {
            let select = try PredicateLowering(layout: mapping).query(
                checked, sortKeys: request.sortKeys, limit: request.fetchLimit, offset: request.fetchOffset)
            return .rows(try database.rows(database.dialect.render(select)).map { SQLiteTestDatabase.keyText($0[0]) })
        } catch let error as SQLLoweringError where error.id == "sql-window" {
            return .refused
        }
    }

    static func run(_ name: String, database: some TestDatabase) throws {
        let (graph, mapping) = try SampleQueryTests.sample()
        try database.load(graph, mapping: mapping)
        let run = PropertyRun("WindowDifferentialTests.\(name)", defaultCases: 300)
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            let format = random.pick(Self.predicates)
            let predicate = try PredicateParser().parsePredicate(format)
            let checked = try CheckedPredicate(predicate, schema: graph.schema, entity: "Content")
            let limit: Int? = random.chance(1, in: 4) ? nil : random.pick(Self.extremes)
            let request = FetchRequest(
                entity: "Content", predicate: predicate, sortKeys: random.pick(Self.orders), fetchLimit: limit,
                fetchOffset: random.pick(Self.extremes))
            let memory = try Self.memory(request, graph: graph)
            let stored = try Self.database(request, checked: checked, mapping: mapping, database: database)
            #expect(
                memory == stored,
                """
                \(database.dialect.name): \(format), sort \(request.sortKeys), offset \(request.fetchOffset), \
                limit \(String(describing: limit))
                \(run.replay(index))
                """)
            let negative = request.fetchOffset < 0 || (limit ?? 0) < 0
            #expect((memory == .refused) == negative, "\(run.replay(index))")
            if memory != stored { return }
        }
    }

    @Test("SQLite shows the rows memory shows, for every window (seeded)")
    func sqlite() throws {
        try Self.run("sqlite", database: try SQLiteTestDatabase())
    }

    @Test(
        "PostgreSQL shows the rows memory shows, for every window (seeded)",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        try Self.run("postgres", database: try PostgresTestDatabase())
    }
}
