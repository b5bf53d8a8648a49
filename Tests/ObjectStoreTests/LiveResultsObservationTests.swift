import Evaluation
import Foundation
import ObjectStore
import Predicates
import Testing

@Suite("Live results: single-object observation and observers")
struct LiveResultsObservationTests {
    typealias F = ChangeFixtures

    @Test("a User observed by name before it exists, then inserted, renamed, duplicated and deleted")
    func singleObject() throws {
        var user = try SingleObjectObservation(
            entity: "User", predicate: PredicateNode(format: "name == %@", "Dora"), graph: try F.graph(),
            refreshKeyPaths: ["email"])
        #expect(user.value == .none)
        let dora = ObjectID(hierarchy: "User", id: 4)
        let inserted = try user.apply(F.changes(json: #"{"User": {"inserted": [{"id": 4, "name": "Dora"}]}}"#))
        #expect(inserted.old == .none && inserted.new == .one(dora))
        let emailed = try user.apply(
            F.changes(json: #"{"User": {"updated": [{"id": 4, "attributes": {"email": "d@example.com"}}]}}"#))
        #expect(emailed.new == .one(dora) && emailed.updated)
        let twin = try user.apply(F.changes(json: #"{"User": {"inserted": [{"id": 5, "name": "Dora"}]}}"#))
        #expect(twin.new == .several([dora, ObjectID(hierarchy: "User", id: 5)]))
        _ = try user.apply(F.changes(json: #"{"User": {"deleted": [5]}}"#))
        let renamed = try user.apply(
            F.changes(json: #"{"User": {"updated": [{"id": 4, "attributes": {"name": "Dorothy"}}]}}"#))
        #expect(renamed.old == .one(dora) && renamed.new == .none)
    }

    /// Collects updates delivered on other threads.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var updates: [ResultUpdate] = []
        func add(_ update: ResultUpdate) { lock.withLock { updates.append(update) } }
        var all: [ResultUpdate] { lock.withLock { updates } }
    }

    @Test("callbacks and async sequences receive every update, after the lock is released")
    func observers() async throws {
        let results = try LiveResults(
            request: FetchRequest(
                entity: "Content", format: "bucket.name == 'Inbox'", sortKeys: [SortKey("creationDate")]),
            graph: try F.graph())
        let collected = Collected()
        // A callback that reads the results again would deadlock if it ran under the lock.
        let token = results.observe { update in
            collected.add(update)
            _ = results.snapshot.rows
        }
        let stream = results.updates()
        try results.apply(
            F.changes(
                json: #"{"Content": {"updated": [{"id": 2, "relationships": {"bucket": {"old": 2, "new": 1}}}]}}"#))
        try results.apply(F.changes(json: #"{"Content": {"deleted": [1]}}"#))
        var received: [[ObjectID]] = []
        for await update in stream {
            received.append(update.rows)
            if received.count == 2 { break }
        }
        #expect(received.map { $0.map(\.id) } == [[1, 2, 3, 6], [2, 3, 6]])
        #expect(collected.all.map(\.rows) == received)
        token.cancel()
        try results.apply(F.changes(json: #"{"Content": {"deleted": [2]}}"#))
        #expect(collected.all.count == 2)
    }

    @Test("changes applied from several tasks are serialised; the list stays a fresh fetch")
    func concurrentApplies() async throws {
        let graph = try F.graph()
        let request = FetchRequest(entity: "Content", sortKeys: [SortKey("name")])
        let results = try LiveResults(request: request, graph: graph)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 10..<30 {
                group.addTask {
                    try results.apply(
                        F.changes(json: #"{"Content": {"inserted": [{"id": \#(id), "name": "n\#(id)"}]}}"#))
                }
            }
            try await group.waitForAll()
        }
        let snapshot = results.snapshot
        #expect(snapshot.rows.count == 26)
        #expect(try LiveResultSet(request: request, graph: snapshot.graph).rows == snapshot.rows)
    }
}
