import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// A follower evaluates the roots that several queries over one table need evaluated again in
/// one statement per entry (``BatchedEvaluation``), not one per query, and each query's rows
/// are still a fresh fetch.
@Suite("Change log follower: one re-evaluation statement per table and entry", .serialized)
struct ChangeLogFollowerBatchTests {
    /// Three queries over Content, all sorted by name (sort values of one type: one batch), and
    /// one over Bucket.
    static let requests: [FetchRequest] = {
        func request(_ entity: String, _ format: String) -> FetchRequest {
            var request = FetchRequest(
                entity: entity, predicate: try? PredicateParser().parsePredicate(format, arguments: []))
            request.sortKeys = [SortKey("name")]
            return request
        }
        return [
            request("Content", "bucket.name == 'Inbox'"), request("Content", "bucket.name == 'Archive'"),
            request("Content", "bucket.owner.name == 'Ann'"), request("Bucket", "contents.@count >= 2"),
        ]
    }()

    static func check(_ setup: ChangeLogFollowerTests.Setup) throws {
        let follower = try ChangeLogFollower(mapping: setup.store.mapping, connect: setup.connect)
        for request in requests { _ = try follower.add(request) }
        // Content 6 moves from Inbox to Archive: every query reaches it (or its Buckets).
        var move = ChangeSet()
        move["Content"].updated = [
            UpdatedObject(id: .int(6), relationships: ["bucket": .toOne(old: .int(1), new: .int(3))])
        ]
        try setup.store.apply(move)
        follower.statistics = FollowerStatistics()
        let updates = try follower.poll()
        // One statement for the three Content queries, one for the Bucket query.
        #expect(follower.statistics.evaluationStatements == 2)
        // Query 2 keeps Content 6 (both Buckets are Ann's): reached, it is reported updated.
        #expect(Set(updates.map(\.query)) == [0, 1, 2, 3])
        for (index, request) in requests.enumerated() {
            let fresh = try DatabaseLiveResults(
                request: request, mapping: setup.store.mapping, database: setup.store.database)
            #expect(follower.results(of: index)?.rows == fresh.rows, "query \(index)")
        }
        #expect(follower.results(of: 0)?.rows.map(\.id) == [.int(1), .int(3)])
        #expect(follower.results(of: 1)?.rows.map(\.id) == [.int(5), .int(6)])
        #expect(follower.results(of: 2)?.rows.map(\.id) == [.int(1), .int(3), .int(5), .int(6)])
        // Archive, Inbox and Photos now hold two Contents each.
        #expect(follower.results(of: 3)?.rows.map(\.id) == [.int(3), .int(1), .int(2)])
    }

    @Test("SQLite")
    func sqlite() throws {
        try Self.check(try ChangeLogFollowerTests.sqlite())
    }

    @Test("PostgreSQL", .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        try Self.check(try ChangeLogFollowerTests.postgres())
    }
}
