import Foundation
import KeyPaths
import ObjectStore
import PredicateCLI
import Testing

/// The commands on the project's own Core Data store (Fixtures/GalleryStore): `db export` and
/// `query` read its own join names; its model's inverse that does not point back
/// (`Image.artist` → `Artist.thumbnail` ↔ `Image.thumbnail`) is warned about once per load,
/// queries through it are answered by `eval` and `query`, and `watch` and `affected` refuse to
/// track it, naming the key path.
@Suite("Commands on a Core Data store with several many-to-many relationships through one entity")
struct GalleryStoreCommandTests {
    static let folder = GalleryStoreTests.folder.path
    static let model = folder + "/Gallery.xcdatamodel"
    static let store = folder + "/Gallery.sqlite"
    static let graph = folder + "/graph.json"

    /// The one warning loading the model gives.
    static let warning =
        "warning: 'Image.artist': inverse 'Artist.thumbnail' has inverse 'thumbnail', expected 'artist'; "
        + "queries through 'Image.artist' are answered, changes through it cannot be tracked\n"

    static let untracked =
        "'Image.artist' names 'Artist.thumbnail' as its inverse, but 'Artist.thumbnail' does not name 'artist' as "
        + "its inverse, so a change on 'Artist' cannot be traced back to 'Image'"

    func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let buffer = PostgresCommandOutput()
        let io = ToolIO(readLine: { nil }, write: { buffer.output += $0 }, writeError: { buffer.error += $0 })
        let status = PredicateTool.run(arguments, io: io)
        return (status, buffer.output, buffer.error)
    }

    func query(_ format: String, _ entity: String) -> (status: Int32, output: String, error: String) {
        run([
            "query", format, "--schema", Self.model, "--entity", entity, "--db", Self.store, "--mapping", "coredata",
        ])
    }

    @Test("db export reads the store's own join names: the graph it holds, with one warning")
    func export() throws {
        let exported = run(["db", "export", "--schema", Self.model, "--db", Self.store, "--mapping", "coredata"])
        #expect(exported.status == 0)
        #expect(exported.error == Self.warning)
        let schema = try Schema.load(contentsOf: URL(fileURLWithPath: Self.model))
        #expect(
            try ObjectGraph.load(json: Data(exported.output.utf8), schema: schema)
                == (try ObjectGraph.load(json: try Data(contentsOf: URL(fileURLWithPath: Self.graph)), schema: schema)))
    }

    @Test("query answers through every join of Artwork, and through the inverse that does not point back")
    func queries() {
        for (format, entity, ids) in [
            ("ANY shows.name == 'Spring'", "Artwork", "[1, 3]"),
            ("ANY locations.name == 'Lisbon'", "Artwork", "[2, 4]"),
            ("ANY albums.name == 'Archive'", "Artwork", "[2, 4, 5]"),
            ("artist.name BEGINSWITH 'U'", "Image", "[1, 2]"),
        ] {
            let result = query(format, entity)
            #expect(result.status == 0, "\(format): \(result.error)")
            #expect(result.output == ids + "\n", "\(format)")
            #expect(result.error == Self.warning, "\(format)")
        }
    }

    @Test(
        "the real Artsy store: the REPL answers :entity Image, artist.name BEGINSWITH 'U' and names what is not tracked",
        .enabled(
            if: FileManager.default.fileExists(atPath: CoreDataStoreTests.realStorePath), "../shared/fixtures is absent"
        ))
    func realStoreREPL() {
        var lines = ["artist.name BEGINSWITH 'U'"]
        let buffer = PostgresCommandOutput()
        let io = ToolIO(
            readLine: { lines.isEmpty ? nil : lines.removeFirst() }, write: { buffer.output += $0 },
            writeError: { buffer.error += $0 })
        let model = CoreDataStoreTests.fixtures.appendingPathComponent("ArtsyPartner.xcdatamodel").path
        let status = PredicateTool.run(
            [
                "repl", "--schema", model, "--db", CoreDataStoreTests.realStorePath, "--mapping", "coredata",
                "--entity", "Image",
            ], io: io)
        #expect(status == 0)
        #expect(buffer.error == Self.warning)
        // No image of the store has an artist (its ZARTIST column is empty).
        #expect(buffer.output.contains("0 objects ("))
        #expect(buffer.output.contains("note: 'artist.name' cannot be tracked: " + Self.untracked + "; :apply refuses"))
        #expect(buffer.output.contains("database: 0 objects ("))
    }

    @Test("eval answers through it; watch and affected refuse to track it, naming the key path")
    func tracking() throws {
        let evaluated = run([
            "eval", "artist.name BEGINSWITH 'U'", "--schema", Self.model, "--graph", Self.graph, "--entity", "Image",
        ])
        #expect(evaluated.status == 0)
        #expect(evaluated.error == Self.warning)
        #expect(evaluated.output.contains(#""id":1,"#) && evaluated.output.contains(#""id":2,"#))
        #expect(!evaluated.output.contains(#""id":3,"#))
        let changes = NSTemporaryDirectory() + "predicate-gallery-\(getpid())-\(UUID().uuidString).json"
        try "{}".write(toFile: changes, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: changes) }
        let common = ["--schema", Self.model, "--graph", Self.graph, "--entity", "Image", "--changes", changes]
        let watched = run(["watch", "--format", "artist.name BEGINSWITH 'U'"] + common)
        #expect(watched.status == 2)
        #expect(
            watched.error
                == Self.warning + "error: the request's key paths cannot be tracked: 'artist.name': "
                + Self.untracked + "\n")
        let refreshed = run(["watch", "--format", "url != nil", "--refresh", "artist.name"] + common)
        #expect(refreshed.status == 2)
        #expect(refreshed.error.contains("'artist.name': " + Self.untracked))
        let affected = run(["affected", "--format", "artist.name BEGINSWITH 'U'"] + common)
        #expect(affected.status == 2)
        #expect(
            affected.error
                == Self.warning + "1:1: error: " + Self.untracked + "\nartist.name BEGINSWITH 'U'\n^^^^^^^^^^^\n")
    }
}
