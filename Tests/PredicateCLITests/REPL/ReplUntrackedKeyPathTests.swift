import Foundation
import Testing

@testable import PredicateCLI

/// The REPL on a model whose inverse does not point back (the Core Data store fixture
/// Tests/SQLTests/Fixtures/GalleryStore: `Image.artist` names `Artist.thumbnail`, whose inverse
/// is `Image.thumbnail`): loading warns on standard error once per load; a query through the
/// relationship is answered, with a note naming the key path that cannot be tracked; only
/// `:apply` refuses it.
@Suite("REPL: a key path that cannot be tracked")
struct ReplUntrackedKeyPathTests {
    static let folder = "Tests/SQLTests/Fixtures/GalleryStore"
    static let model = folder + "/Gallery.xcdatamodel"

    static let warning =
        "warning: 'Image.artist': inverse 'Artist.thumbnail' has inverse 'thumbnail', expected 'artist'; "
        + "queries through 'Image.artist' are answered, changes through it cannot be tracked\n"
    static let note =
        "note: 'artist.name' cannot be tracked: 'Image.artist' names 'Artist.thumbnail' as its inverse, but "
        + "'Artist.thumbnail' does not name 'artist' as its inverse, so a change on 'Artist' cannot be traced back "
        + "to 'Image'; :apply refuses this query\n"

    static func session() throws -> ReplSession {
        let schema = try StoreInputs.schema(model).get()
        let graph = try StoreInputs.graph(folder + "/graph.json", schema: schema).get()
        return ReplSession(
            schema: schema, schemaName: model, objects: .graph(graph, name: "graph.json"), entity: "Image",
            clock: { 0 })
    }

    @Test("the query is answered, and the note names the key path that cannot be tracked")
    func answered() throws {
        var session = try Self.session()
        let reply = session.handle("artist.name BEGINSWITH 'U'")
        #expect(!reply.isError)
        // Images 1 and 2 are Uta Barth's (graph.json).
        let rows = reply.text.split(separator: "\n").dropFirst(2).prefix(2).map { $0.prefix(3) }
        #expect(rows == ["1  ", "2  "])
        #expect(reply.text.hasSuffix("2 objects (0.0 ms)\n" + Self.note))
        #expect(reply.warnings.isEmpty)
        // A key path that can be tracked gets no note.
        #expect(!session.handle("thumbnail.name BEGINSWITH 'U'").text.contains("note:"))
        // Sorted through it, limited: answered too.
        _ = session.handle(":sort artist.name")
        _ = session.handle(":limit 1")
        let sorted = session.handle("artist != nil")
        #expect(sorted.text.hasSuffix("1 object (0.0 ms, limit 1)\n" + Self.note))
    }

    @Test(":apply refuses to keep such a query current, naming the key path")
    func applyRefused() throws {
        let changes = NSTemporaryDirectory() + "predicate-repl-untracked-\(getpid())-\(UUID().uuidString).json"
        try "{}".write(toFile: changes, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: changes) }
        var session = try Self.session()
        _ = session.handle("artist.name BEGINSWITH 'U'")
        let reply = session.handle(":apply \(changes)")
        #expect(reply.isError)
        #expect(reply.text.hasPrefix("error: the request's key paths cannot be tracked: 'artist.name': "))
    }

    @Test(":schema warns on standard error once per load")
    func schemaWarning() throws {
        var session = try Self.session()
        let reply = session.handle(":schema \(Self.model)")
        #expect(reply.warnings == Self.warning)
        #expect(reply.text.hasPrefix("loaded the schema \(Self.model): 8 entities"))
        #expect(session.handle("url != nil").warnings.isEmpty)
    }

    @Test("end to end: one warning on standard error, the answer and its note on standard output")
    func endToEnd() {
        let result = ToolRunner.inProcess(
            [
                "repl", "--schema", Self.model, "--db", Self.folder + "/Gallery.sqlite", "--mapping", "coredata",
                "--entity", "Image",
            ], input: ["artist.name BEGINSWITH 'U'"])
        #expect(result.status == 0)
        #expect(result.errorOutput == Self.warning)
        #expect(result.output.contains("2 objects ("))
        #expect(result.output.contains("note: 'artist.name' cannot be tracked: "))
        #expect(result.output.contains("database: 2 objects ("))
    }
}
