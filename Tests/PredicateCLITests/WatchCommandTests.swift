import Foundation
import Testing

/// `predicate watch` on the sample graph; expected lines worked out by hand from
/// Samples/graph.json and Samples/changes (see the scenarios of the live results).
@Suite("predicate watch")
struct WatchCommandTests {
    static let base = [
        "watch", "--schema", "Samples/ContentModel.xcdatamodeld", "--graph", "Samples/graph.json", "--entity",
        "Content",
    ]

    @Test("a filtered list loses a moved Content, then every row when its Bucket is renamed")
    func filtered() {
        let result = ToolRunner.inProcess(
            Self.base + [
                "--format", "bucket.name == 'Inbox'", "--sort", "creationDate", "--changes",
                "Samples/changes/move-content.json", "--changes", "Samples/changes/rename-bucket.json",
            ])
        #expect(result.status == 0)
        #expect(
            result.output == """
                {"step":0,"rows":[1,3,6]}
                {"step":1,"changes":"Samples/changes/move-content.json","removed":[[1,3]],"inserted":[],"moved":[],"updated":[],"sectionsRemoved":[],"sectionsInserted":[],"rows":[1,6]}
                {"step":2,"changes":"Samples/changes/rename-bucket.json","removed":[[0,1],[1,6]],"inserted":[],"moved":[],"updated":[],"sectionsRemoved":[],"sectionsInserted":[],"rows":[]}

                """)
    }

    @Test("sections by bucket.name: a renamed Bucket's rows move to a new section")
    func sections() {
        let result = ToolRunner.inProcess(
            Self.base + [
                "--sort", "creationDate", "--section", "bucket.name", "--changes", "Samples/changes/rename-bucket.json",
            ])
        #expect(result.status == 0)
        #expect(
            result.output == """
                {"step":0,"rows":[5,1,3,6,2,4],"sections":[{"name":"Archive","rows":[0,1]},{"name":"Inbox","rows":[1,4]},{"name":"Photos","rows":[4,6]}]}
                {"step":1,"changes":"Samples/changes/rename-bucket.json","removed":[],"inserted":[],"moved":[[1,3,1],[2,4,3],[3,5,6]],"updated":[],"sectionsRemoved":["Inbox"],"sectionsInserted":["Today"],"rows":[5,2,4,1,3,6],"sections":[{"name":"Archive","rows":[0,1]},{"name":"Photos","rows":[1,3]},{"name":"Today","rows":[3,6]}]}

                """)
    }

    @Test("a displayed key path: renaming a Content's owner updates its row in place")
    func refresh() {
        let result = ToolRunner.inProcess(
            Self.base + [
                "--sort", "creationDate", "--refresh", "owner.name", "--changes", "Samples/changes/rename-user.json",
            ])
        // User 2 (Ben) owns Contents 2, 3 and 4: rows 1, 2 and 3 of the list sorted by date.
        #expect(
            result.output.hasSuffix(
                #""updated":[[1,2],[2,3],[3,4]],"sectionsRemoved":[],"sectionsInserted":[],"rows":[1,2,3,4,5,6]}"#
                    + "\n"))
    }

    @Test("the largest window: --limit Int.max --offset 1 shows every row but the first (it trapped, exit 132)")
    func largestWindow() {
        let result = ToolRunner.inProcess(
            Self.base + [
                "--sort", "creationDate", "--limit", "9223372036854775807", "--offset", "1", "--changes",
                "Samples/changes/move-content.json",
            ])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.hasPrefix(#"{"step":0,"rows":[2,3,4,5,6]}"# + "\n"))
        let past = ToolRunner.inProcess(
            Self.base + ["--offset", "9223372036854775807", "--changes", "Samples/changes/move-content.json"])
        #expect(past.output.hasPrefix(#"{"step":0,"rows":[]}"# + "\n"), "\(past.errorOutput)")
        #expect(ToolRunner.inProcess(Self.base + ["--offset", "-1", "--changes", "x.json"]).status == 64)
    }

    @Test("--section and --sort on a relationship exit 2 with a caret (every row was in one section '<Bucket>')")
    func relationshipKeys() {
        let section = ToolRunner.inProcess(
            Self.base + ["--section", "bucket", "--changes", "Samples/changes/move-content.json"])
        #expect(section.status == 2)
        #expect(section.output.isEmpty)
        #expect(
            section.errorOutput == """
                1:1: error: the section key path 'bucket' ends on the relationship 'bucket', not an attribute
                bucket
                ^^^^^^
                note: sort keys and section key paths end in an attribute, e.g. bucket.name

                """)
        let sort = ToolRunner.inProcess(
            Self.base + ["--sort", "bucket.owner", "--changes", "Samples/changes/move-content.json"])
        #expect(sort.status == 2)
        #expect(
            sort.errorOutput.hasPrefix(
                "1:8: error: the sort key 'bucket.owner' ends on the relationship 'owner', not an attribute\n"
                    + "bucket.owner\n       ^^^^^\n"))
    }

    @Test("a deleted User's Contents leave (Cascade) and the rows whose Bucket it took are updated")
    func cascade() {
        let result = ToolRunner.inProcess(
            Self.base + [
                "--sort", "creationDate", "--refresh", "bucket.name", "--changes", "Samples/changes/delete-user.json",
            ])
        // Ann (User 1) owns Content 1 and Buckets 1 and 3, all deleted; Contents 3 and 6 (Bucket 1)
        // and 5 (Bucket 3) stay without a Bucket, so what they display changed.
        #expect(result.status == 0)
        #expect(
            result.output == """
                {"step":0,"rows":[1,2,3,4,5,6]}
                {"step":1,"changes":"Samples/changes/delete-user.json","removed":[[0,1]],"inserted":[],"moved":[],"updated":[[1,3],[3,5],[4,6]],"sectionsRemoved":[],"sectionsInserted":[],"rows":[2,3,4,5,6]}

                """)
    }

    @Test("errors: a bad sort key spelling (64), an unknown key (2), a stale change set (2)")
    func errors() {
        #expect(ToolRunner.inProcess(Self.base + ["--sort", "name:up", "--changes", "x.json"]).status == 64)
        let unknown = ToolRunner.inProcess(
            Self.base + ["--format", "nmae == 'x'", "--changes", "Samples/changes/move-content.json"])
        #expect(unknown.status == 2)
        #expect(unknown.errorOutput.hasPrefix("1:1: error: 'Content' has no property 'nmae'"))
        let stale = ToolRunner.inProcess(
            Self.base + [
                "--changes", "Samples/changes/move-content.json", "--changes", "Samples/changes/move-content.json",
            ])
        #expect(stale.status == 2)
        #expect(stale.errorOutput.contains("the old destination is 1, but it is 2"))
    }
}
