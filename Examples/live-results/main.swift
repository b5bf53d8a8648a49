import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

// The bundled sample: a Core Data model and an object graph (Docs/change-set-format.md).
let schema = try Schema.load(contentsOf: URL(fileURLWithPath: "Samples/ContentModel.xcdatamodeld"))
let graph = try ObjectGraph.load(contentsOf: URL(fileURLWithPath: "Samples/graph.json"), schema: schema)

// What a list on screen shows: the Inbox's contents, newest first, kept current.
let request = try FetchRequest(
    entity: "Content", format: "bucket.name == %@", arguments: ["Inbox"],
    sortKeys: [SortKey("creationDate", ascending: false)])
let results = try LiveResults(request: request, graph: graph)
print("rows", results.snapshot.rows)
let token = results.observe { update in
    // The diff a table view applies: removals at old offsets, then insertions at new ones.
    for removal in update.change.rows.removals { print("removed", removal.element, "at", removal.offset) }
    for insertion in update.change.rows.insertions { print("inserted", insertion.element, "at", insertion.offset) }
    print("rows", update.rows)
}

// One change set: content 3 moves to Photos, image 5 into the Inbox.
let changes = try ChangeSet.decode(
    json: Data(
        #"""
        {"Content": {"updated": [{"id": 3, "relationships": {"bucket": {"old": 1, "new": 2}}}]},
         "ImageContent": {"updated": [{"id": 5, "relationships": {"bucket": {"old": 3, "new": 1}}}]}}
        """#.utf8))
try results.apply(changes)
token.cancel()
