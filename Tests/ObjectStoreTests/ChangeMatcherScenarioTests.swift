import Evaluation
import Foundation
import ObjectStore
import Predicates
import Testing

/// The Content / Bucket / User scenario of issue 4 on Samples/graph.json. Expected roots are
/// worked out by hand from the sample graph:
///
/// | Bucket | owner | contents | | User | contents | | Tag | contents |
/// |---|---|---|---|---|---|---|---|---|
/// | 1 Inbox | 1 Ann | 1, 3, 6 | | 1 Ann | 1 | | 1 work | 1, 3 |
/// | 2 Photos | 2 Ben | 2, 4 | | 2 Ben | 2, 3, 4 | | 2 holiday | 2, 4 |
/// | 3 Archive | 1 Ann | 5 | | 3 Cleo | 5, 6 | | 3 x | 2, 3 |
///
/// Contents 2 and 5 are ImageContents, 4 is a ThumbnailContent.
@Suite("Change matching: the Content / Bucket / User scenario")
struct ChangeMatcherScenarioTests {
    struct Scenario: Sendable, CustomTestStringConvertible {
        var name: String
        var root = "Content"
        var predicate: String
        var sort: [String] = []
        var display: [String] = []
        /// A file of Samples/changes, or JSON when it starts with `{`.
        var changes: String
        var reevaluate: [Int]
        var refresh: [Int] = []

        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(
            name: "renaming a Bucket affects exactly its Contents",
            predicate: "bucket.name == 'Inbox'", changes: "rename-bucket", reevaluate: [1, 3, 6]),
        Scenario(
            name: "ImageContent and ThumbnailContent rows are included",
            predicate: "bucket.name == 'Photos'",
            changes: #"{"Bucket": {"updated": [{"id": 2, "attributes": {"name": "Pictures"}}]}}"#, reevaluate: [2, 4]),
        Scenario(
            name: "renaming a User affects exactly the Contents they own (owner.name)",
            predicate: "owner.name == 'Ben'", changes: "rename-user", reevaluate: [2, 3, 4]),
        Scenario(
            name: "an unrelated key changes nothing (User.email)",
            predicate: "owner.name == 'Ben'", sort: ["bucket.name"], changes: "change-email", reevaluate: []),
        Scenario(
            name: "an unrelated path changes nothing (a User rename for bucket.name)",
            predicate: "bucket.name == 'Inbox'", changes: "rename-user", reevaluate: []),
        Scenario(
            name: "moving a Content is seen from the Content",
            predicate: "bucket.name == 'Photos'", changes: "move-content", reevaluate: [3]),
        Scenario(
            name: "moving a Content affects the old and the new Bucket",
            root: "Bucket", predicate: "contents.@count > 2", changes: "move-content", reevaluate: [1, 2]),
        Scenario(
            name: "moving a Content affects both Buckets through ANY",
            root: "Bucket", predicate: "ANY contents.name == 'plan.pdf'", changes: "move-content", reevaluate: [1, 2]),
        Scenario(
            name: "an inserted Content is re-evaluated itself",
            predicate: "bucket.name == 'Photos'", changes: "insert-content", reevaluate: [7]),
        Scenario(
            name: "an inserted Content affects its Bucket",
            root: "Bucket", predicate: "contents.@count > 1", changes: "insert-content", reevaluate: [2]),
        Scenario(
            name: "an inserted Content affects its owner through a to-many path",
            root: "User", predicate: "ANY contents.#size > 100", changes: "insert-content", reevaluate: [1]),
        Scenario(
            name: "a deleted Bucket affects the Contents that were in it",
            predicate: "bucket.name == 'Archive'", changes: "delete-bucket", reevaluate: [5]),
        Scenario(
            name: "a deleted root is re-evaluated",
            root: "Bucket", predicate: "name == 'x'", changes: "delete-bucket", reevaluate: [3]),
        Scenario(
            name: "a deleted Bucket affects its owner",
            root: "User", predicate: "ANY buckets.name == 'Archive'", changes: "delete-bucket", reevaluate: [1]),
        Scenario(
            name: "a deleted User's Buckets and Content go too (Cascade); the Contents left lose their Bucket",
            predicate: "bucket.name == 'Inbox'", changes: "delete-user", reevaluate: [1, 3, 5, 6]),
        Scenario(
            name: "Buckets a Cascade rule deletes are deleted roots",
            root: "Bucket", predicate: "name == 'x'", changes: "delete-user", reevaluate: [1, 3]),
        Scenario(
            name: "multi-hop bucket.owner.name: a User rename reaches the Contents of their Buckets",
            predicate: "bucket.owner.name == 'Ann'",
            changes: #"{"User": {"updated": [{"id": 1, "attributes": {"name": "Anne"}}]}}"#, reevaluate: [1, 3, 5, 6]),
        Scenario(
            name: "multi-hop: a Bucket changing owner reaches its Contents",
            predicate: "bucket.owner.name == 'Ann'",
            changes: #"{"Bucket": {"updated": [{"id": 2, "relationships": {"owner": {"old": 2, "new": 1}}}]}}"#,
            reevaluate: [2, 4]),
        Scenario(
            name: "to-many ANY tags.name: a Tag rename reaches its Contents",
            predicate: "ANY tags.name == 'x'", changes: "rename-tag", reevaluate: [2, 3]),
        Scenario(
            name: "to-many: adding a Tag to a Content",
            predicate: "ANY tags.name == 'x'", changes: "retag-content", reevaluate: [6]),
        Scenario(
            name: "to-many from the other side: the Tag gains the Content",
            root: "Tag", predicate: "contents.@count > 2", changes: "retag-content", reevaluate: [3]),
        Scenario(
            name: "display only: --refresh bucket.name lands in refresh",
            predicate: "name BEGINSWITH 'p'", display: ["bucket.name"], changes: "rename-bucket",
            reevaluate: [], refresh: [1, 3, 6]),
        Scenario(
            name: "display and membership on the same key: re-evaluation wins",
            predicate: "bucket.name == 'Inbox'", display: ["bucket.name"], changes: "rename-bucket",
            reevaluate: [1, 3, 6]),
        Scenario(
            name: "display only through two hops",
            predicate: "bucket.name == 'Inbox'", display: ["bucket.owner.name"],
            changes: #"{"User": {"updated": [{"id": 1, "attributes": {"name": "Anne"}}]}}"#,
            reevaluate: [], refresh: [1, 3, 5, 6]),
        Scenario(
            name: "sort keys re-evaluate (order)",
            predicate: "TRUEPREDICATE", sort: ["bucket.name"], changes: "rename-bucket", reevaluate: [1, 3, 6]),
        Scenario(
            name: "every matching key path counts, not the first",
            predicate: "owner.name == 'Ann'", sort: ["bucket.owner.name"],
            changes: #"{"User": {"updated": [{"id": 1, "attributes": {"name": "Anne"}}]}}"#, reevaluate: [1, 3, 5, 6]),
        Scenario(
            name: "root ImageContent: only image rows of the Bucket",
            root: "ImageContent", predicate: "bucket.name == 'Photos'",
            changes: #"{"Bucket": {"updated": [{"id": 2, "attributes": {"name": "Pictures"}}]}}"#, reevaluate: [2, 4]),
        Scenario(
            name: "root ImageContent: a Bucket of plain Contents affects none",
            root: "ImageContent", predicate: "bucket.name == 'Inbox'", changes: "rename-bucket", reevaluate: []),
        Scenario(
            name: "root ThumbnailContent: sub-entity at depth two",
            root: "ThumbnailContent", predicate: "bucket.name == 'Photos'",
            changes: #"{"Bucket": {"updated": [{"id": 2, "attributes": {"name": "Pictures"}}]}}"#, reevaluate: [4]),
        Scenario(
            name: "a change on a ThumbnailContent matches a path on Content",
            predicate: "name == 'x'",
            changes: #"{"ThumbnailContent": {"updated": [{"id": 4, "attributes": {"name": "thumb.png"}}]}}"#,
            reevaluate: [4]),
        Scenario(
            name: "a change on a ThumbnailContent listed under Content reaches its Tags",
            root: "Tag", predicate: "ANY contents.name == 'x'",
            changes: #"{"Content": {"updated": [{"id": 4, "attributes": {"name": "thumb.png"}}]}}"#, reevaluate: [2]),
        Scenario(
            name: "a deleted Content is re-evaluated; its Tags see it go",
            predicate: "name == 'x'", sort: ["tags.name"],
            changes: #"{"Content": {"deleted": [6]}}"#, reevaluate: [6]),
        Scenario(
            name: "a deleted Content affects the Tags it had",
            root: "Tag", predicate: "ANY contents.#size > 100", changes: #"{"Content": {"deleted": [3]}}"#,
            reevaluate: [1, 3]),
    ]

    @Test("affected roots", arguments: scenarios)
    func affected(_ scenario: Scenario) throws {
        let changes =
            scenario.changes.hasPrefix("{")
            ? try ChangeFixtures.changes(json: scenario.changes) : try ChangeFixtures.changes(scenario.changes)
        let result = try ChangeFixtures.affected(
            root: scenario.root, predicate: scenario.predicate, sort: scenario.sort, display: scenario.display,
            changes: changes)
        #expect(result.reevaluate == scenario.reevaluate.map(ObjectKey.int))
        #expect(result.refresh == scenario.refresh.map(ObjectKey.int))
    }

    @Test("an empty change set affects nothing")
    func emptyChange() throws {
        let result = try ChangeFixtures.affected(predicate: "bucket.name == 'Inbox'", changes: ChangeSet())
        #expect(result.reevaluate.isEmpty && result.refresh.isEmpty)
    }
}
