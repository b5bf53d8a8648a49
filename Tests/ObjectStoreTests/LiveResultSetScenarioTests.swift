import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// The motivating scenarios on the sample graph (Samples/graph.json): Contents 1, 3, 6 are in
/// Bucket 1 "Inbox", 2 and 4 in Bucket 2 "Photos", 5 in Bucket 3 "Archive"; Content `i` was
/// created on 2024-02-0`i`; Tag 1 "work" is on Contents 1 and 3, Tag 2 "holiday" on 2 and 4,
/// Tag 3 "x" on 2 and 3.
@Suite("Live results: the motivating scenarios")
struct LiveResultSetScenarioTests {
    typealias F = ChangeFixtures

    static func ids(_ rows: [ObjectID]) -> [Int] {
        rows.map { if case .int(let id) = $0.id { id } else { -1 } }
    }

    static func results(_ request: FetchRequest) throws -> LiveResultSet {
        try LiveResultSet(request: request, graph: try F.graph())
    }

    static func change(_ json: String) throws -> ChangeSet { try F.changes(json: json) }

    @Test("a Bucket rename only updates its Contents' rows when bucket.name is displayed")
    func renameDisplayed() throws {
        var results = try Self.results(
            FetchRequest(entity: "Content", sortKeys: [SortKey("creationDate")], refreshKeyPaths: ["bucket.name"]))
        #expect(Self.ids(results.rows) == [1, 2, 3, 4, 5, 6])
        let change = try results.apply(
            Self.change(#"{"Bucket": {"updated": [{"id": 1, "attributes": {"name": "Zeta"}}]}}"#))
        #expect(change.rows.removals.isEmpty && change.rows.insertions.isEmpty)
        #expect(change.rows.updates.map(\.newOffset) == [0, 2, 5])
        #expect(Self.ids(results.rows) == [1, 2, 3, 4, 5, 6])
    }

    @Test("the same rename moves the rows when bucket.name is the sort key")
    func renameSorted() throws {
        var results = try Self.results(
            FetchRequest(entity: "Content", sortKeys: [SortKey("bucket.name"), SortKey("creationDate")]))
        let old = results.rows
        #expect(Self.ids(old) == [5, 1, 3, 6, 2, 4])
        let change = try results.apply(
            Self.change(#"{"Bucket": {"updated": [{"id": 1, "attributes": {"name": "Zeta"}}]}}"#))
        #expect(Self.ids(results.rows) == [5, 2, 4, 1, 3, 6])
        #expect(change.rows.moves.count == 3)
        #expect(change.rows.updates.isEmpty)
        #expect(change.rows.applied(to: old) == results.rows)
    }

    @Test("a row that moves and whose displayed value changes is reported as moved and updated")
    func movedAndUpdated() throws {
        var results = try Self.results(
            FetchRequest(
                entity: "Content", sortKeys: [SortKey("bucket.name"), SortKey("creationDate")],
                refreshKeyPaths: ["owner.name"]))
        let old = results.rows
        #expect(Self.ids(old) == [5, 1, 3, 6, 2, 4])
        // Content 3 goes from the Inbox to Photos (it moves) and from Ben to Ann (its owner's
        // name, which the row displays, changes).
        let change = try results.apply(
            Self.change(
                #"{"Content": {"updated": [{"id": 3, "relationships": {"bucket": {"old": 1, "new": 2}, "owner": {"old": 2, "new": 1}}}]}}"#
            ))
        #expect(Self.ids(results.rows) == [5, 1, 6, 2, 3, 4])
        #expect(change.rows.moves.map { [$0.from, $0.to] } == [[2, 4]])
        #expect(change.rows.updates.map { [$0.oldOffset, $0.newOffset] } == [[2, 4]])
        #expect(change.rows.applied(to: old) == results.rows)
    }

    @Test("a row whose own attribute changes is updated, moved or not, even when the request does not read it")
    func ownAttributes() throws {
        var results = try Self.results(FetchRequest(entity: "Content", sortKeys: [SortKey("creationDate")]))
        let renamed = try results.apply(
            Self.change(#"{"Content": {"updated": [{"id": 3, "attributes": {"name": "plan-v2.pdf"}}]}}"#))
        #expect(renamed.rows.moves.isEmpty)
        #expect(renamed.rows.updates.map { [$0.oldOffset, $0.newOffset] } == [[2, 2]])
        // Content 1 is re-dated after every other: it moves to the end, and it is updated.
        let redated = try results.apply(
            Self.change(
                #"{"Content": {"updated": [{"id": 1, "attributes": {"creationDate": {"$date": "2024-03-01T10:00:00Z"}}}]}}"#
            ))
        #expect(Self.ids(results.rows) == [2, 3, 4, 5, 6, 1])
        #expect(redated.rows.moves.map { [$0.from, $0.to] } == [[0, 5]])
        #expect(redated.rows.updates.map { [$0.oldOffset, $0.newOffset] } == [[0, 5]])
    }

    @Test("a Content moved into the Inbox enters a list filtered on bucket.name")
    func membershipThroughRelationship() throws {
        var results = try Self.results(
            FetchRequest(entity: "Content", format: "bucket.name == 'Inbox'", sortKeys: [SortKey("creationDate")]))
        #expect(Self.ids(results.rows) == [1, 3, 6])
        let change = try results.apply(
            Self.change(
                #"{"Content": {"updated": [{"id": 2, "relationships": {"bucket": {"old": 2, "new": 1}}}]}}"#))
        #expect(Self.ids(results.rows) == [1, 2, 3, 6])
        #expect(change.rows.insertions.map(\.offset) == [1])
        #expect(change.rows.removals.isEmpty)
        // A Bucket renamed to Inbox brings its Contents in; the old Inbox's leave.
        let rename = try results.apply(
            Self.change(
                #"{"Bucket": {"updated": [{"id": 1, "attributes": {"name": "Old"}}, {"id": 3, "attributes": {"name": "Inbox"}}]}}"#
            ))
        #expect(Self.ids(results.rows) == [5])
        #expect(rename.rows.removals.count == 4)
    }

    @Test("renaming Tags moves Contents in and out of ANY tags.name == 'x'")
    func tags() throws {
        var results = try Self.results(
            FetchRequest(entity: "Content", format: "ANY tags.name == 'x'", sortKeys: [SortKey("creationDate")]))
        #expect(Self.ids(results.rows) == [2, 3])
        let old = results.rows
        let change = try results.apply(
            Self.change(
                #"{"Tag": {"updated": [{"id": 3, "attributes": {"name": "y"}}, {"id": 1, "attributes": {"name": "x"}}]}}"#
            ))
        #expect(Self.ids(results.rows) == [1, 3])
        #expect(change.rows.removals.map(\.element.id) == [2])
        #expect(change.rows.insertions.map(\.element.id) == [1])
        #expect(change.rows.applied(to: old) == results.rows)
    }

    @Test("a search predicate going nil → name CONTAINS[cd] 'AN' → nil")
    func search() throws {
        var results = try Self.results(FetchRequest(entity: "Content", sortKeys: [SortKey("name")]))
        #expect(Self.ids(results.rows) == [4, 2, 1, 3, 5, 6])
        let all = results.rows
        let narrowed = try results.replace(
            FetchRequest(entity: "Content", format: "name CONTAINS[cd] 'AN'", sortKeys: [SortKey("name")]))
        #expect(Self.ids(results.rows) == [3, 5])
        #expect(narrowed.rows.removals.map(\.offset) == [0, 1, 2, 5])
        #expect(narrowed.rows.applied(to: all) == results.rows)
        let widened = try results.replace(FetchRequest(entity: "Content", sortKeys: [SortKey("name")]))
        #expect(results.rows == all)
        #expect(widened.rows.insertions.map(\.offset) == [0, 1, 2, 5])
    }

    @Test("sections by bucket.name: a section emptied, a section created")
    func sections() throws {
        var results = try Self.results(
            FetchRequest(entity: "Content", sortKeys: [SortKey("creationDate")], sectionKeyPath: "bucket.name"))
        #expect(results.sections.map(\.name) == ["Archive", "Inbox", "Photos"])
        #expect(results.sections.map(\.rows) == [0..<1, 1..<4, 4..<6])
        let moved = try results.apply(
            Self.change(
                #"{"Content": {"updated": [{"id": 5, "relationships": {"bucket": {"old": 3, "new": 1}}}]}}"#))
        #expect(results.sections.map(\.name) == ["Inbox", "Photos"])
        #expect(moved.sections.removals.map(\.element) == ["Archive"])
        let renamed = try results.apply(
            Self.change(#"{"Bucket": {"updated": [{"id": 2, "attributes": {"name": "Pictures"}}]}}"#))
        #expect(results.sections.map(\.name) == ["Inbox", "Pictures"])
        #expect(renamed.sections.removals.map(\.element) == ["Photos"])
        #expect(renamed.sections.insertions.map(\.element) == ["Pictures"])
    }

    @Test("a User deleted with its Contents (User.contents is Cascade) takes their rows away")
    func cascadedRows() throws {
        var results = try Self.results(FetchRequest(entity: "Content", sortKeys: [SortKey("creationDate")]))
        let old = results.rows
        // Ben owns Contents 2, 3 and 4: rows 1, 2 and 3 of the list sorted by date.
        let change = try results.apply(Self.change(#"{"User": {"deleted": [2]}}"#))
        #expect(Self.ids(results.rows) == [1, 5, 6])
        #expect(change.rows.removals.map(\.offset) == [1, 2, 3])
        #expect(change.rows.insertions.isEmpty && change.rows.updates.isEmpty)
        #expect(change.rows.applied(to: old) == results.rows)
    }

    @Test("limit and offset show a window; rows move in and out of it")
    func window() throws {
        var results = try Self.results(
            FetchRequest(entity: "Content", sortKeys: [SortKey("creationDate")], fetchLimit: 2, fetchOffset: 1))
        #expect(Self.ids(results.rows) == [2, 3])
        let old = results.rows
        let change = try results.apply(Self.change(#"{"Content": {"deleted": [1]}}"#))
        #expect(Self.ids(results.rows) == [3, 4])
        #expect(change.rows.applied(to: old) == results.rows)
    }

    @Test("the largest window shows every row after the offset, before and after a change (it trapped)")
    func largestWindow() throws {
        var results = try Self.results(
            FetchRequest(entity: "Content", sortKeys: [SortKey("creationDate")], fetchLimit: Int.max, fetchOffset: 1))
        #expect(Self.ids(results.rows) == [2, 3, 4, 5, 6])
        #expect(results.rowCount == 5)
        _ = try results.apply(Self.change(#"{"Content": {"deleted": [2]}}"#))
        #expect(Self.ids(results.rows) == [3, 4, 5, 6])
        _ = try results.replace(
            FetchRequest(entity: "Content", sortKeys: [SortKey("creationDate")], fetchLimit: 1, fetchOffset: Int.max))
        #expect(results.rows.isEmpty)
    }

    @Test("a section key path or sort key ending on a relationship is refused with a caret (it sorted on objects)")
    func relationshipKeys() throws {
        let section = #expect(throws: LiveResultsError.self) {
            try Self.results(FetchRequest(entity: "Content", sectionKeyPath: "bucket"))
        }
        #expect(
            section?.message == """
                1:1: error: the section key path 'bucket' ends on the relationship 'bucket', not an attribute
                bucket
                ^^^^^^
                note: sort keys and section key paths end in an attribute, e.g. bucket.name
                """)
        #expect(section?.diagnostics.map(\.id) == ["not-sortable"])
        let sort = #expect(throws: LiveResultsError.self) {
            try Self.results(FetchRequest(entity: "Content", sortKeys: [SortKey("creationDate"), SortKey("owner")]))
        }
        #expect(sort?.message.hasPrefix("1:1: error: the sort key 'owner' ends on the relationship 'owner'") == true)
        let toMany = #expect(throws: LiveResultsError.self) {
            try Self.results(FetchRequest(entity: "Bucket", sortKeys: [SortKey("contents.@count")]))
        }
        #expect(toMany?.diagnostics.map(\.range) == [SourceRange(0, 8)])
    }

    @Test("a negative offset or limit is refused (a negative offset trapped)")
    func negativeWindow() throws {
        let offset = #expect(throws: LiveResultsError.self) {
            try Self.results(FetchRequest(entity: "Content", fetchOffset: -1))
        }
        #expect(offset?.message == "the fetch request's window: the offset must be 0 or more, not -1")
        let limit = #expect(throws: LiveResultsError.self) {
            try Self.results(FetchRequest(entity: "Content", fetchLimit: -3))
        }
        #expect(limit?.message == "the fetch request's window: the limit must be 0 or more, not -3")
    }
}
