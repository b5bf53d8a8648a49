import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import SQLiteDatabase
import Testing

/// A Content moving between Buckets changes the count of each Bucket by one: for
/// `contents.@count > k` the Bucket it leaves can only leave the rows, the one it joins can
/// only join them (``ChangeDirectionAnalysis``), so a member Bucket gaining a Content is not
/// evaluated again. The diff (updated rows included) stays the one in memory.
@Suite("Live results over a database: moves under @count")
struct DatabaseLiveCountDirectionTests {
    typealias CountingDatabase = DatabaseLiveDirectionTests.CountingDatabase

    @Test("a move between two member Buckets evaluates the Bucket it leaves only")
    func moveBetweenMembers() throws {
        // Bucket 1 'Inbox' holds Contents 1, 2, 3; Bucket 2 'Archive' holds Content 4.
        var (graph, database, mapping) = try DatabaseLiveDirectionTests.store()
        var request = FetchRequest(
            entity: "Bucket", predicate: try PredicateParser().parsePredicate("contents.@count > 0", arguments: []))
        request.sortKeys = [SortKey("name")]
        var live = try DatabaseLiveResults(request: request, mapping: mapping, database: database)
        var memory = try LiveResultSet(request: request, graph: graph)
        #expect(live.rows.map(\.id) == [.int(2), .int(1)])
        var move = ChangeSet()
        move["Content"].updated = [
            UpdatedObject(id: .int(3), relationships: ["bucket": .toOne(old: .int(1), new: .int(2))])
        ]
        let inMemory = try memory.apply(move)
        let applied = try graph.apply(move)
        try database.transaction {
            for table in mapping.entityTables.map(\.name) { try database.execute(.delete(SQLDelete(from: table))) }
            try database.execute(try graph.insertStatements(mapping: mapping, dialect: database.dialect))
        }
        let before = database.rowsRead
        let change = try live.apply(applied, database: database)
        // Buckets 1 and 2 exist (2 rows), Bucket 1 evaluated again (1 row); Bucket 2 gained a
        // Content and is a member already: not evaluated. Content 3's own update (its `bucket`)
        // is read by no path of the query and both Buckets list their side of the move, so
        // its existence is not asked.
        #expect(database.rowsRead - before == 3)
        #expect(live.rows.map(\.id) == [.int(2), .int(1)])
        #expect(change.rows == inMemory.rows)
        #expect(Set(change.rows.updates.map(\.element.id)) == [.int(1), .int(2)])
    }
}
