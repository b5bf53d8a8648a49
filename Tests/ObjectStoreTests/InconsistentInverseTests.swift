import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// A model whose inverses do not all point back, as real models have them (Artsy's:
/// `Image.artist` names `Artist.thumbnail` as its inverse, whose own inverse is
/// `Image.thumbnail`). Xcode and Core Data accept it; queries through `Image.artist` are
/// answered, only tracking changes through it is refused, naming the key path.
@Suite("A relationship whose inverse does not point back")
struct InconsistentInverseTests {
    static let schema = """
        {"entities": [
          {"name": "Artist", "attributes": [{"name": "name", "type": "string"}], "relationships": [
            {"name": "thumbnail", "destination": "Image", "inverse": "thumbnail"}]},
          {"name": "Image", "attributes": [{"name": "url", "type": "string"}], "relationships": [
            {"name": "artist", "destination": "Artist", "inverse": "thumbnail"},
            {"name": "thumbnail", "destination": "Artist", "inverse": "thumbnail"}]}
        ]}
        """

    /// Images 1 and 2 by Uta (1), 3 by Alan (2), 4 by nobody; Uta's thumbnail is Image 1.
    static func graph() throws -> ObjectGraph {
        try ObjectGraph.load(
            json: Data(
                """
                {"Artist": [{"id": 1, "name": "Uta", "thumbnail": 1}, {"id": 2, "name": "Alan"}],
                 "Image": [{"id": 1, "url": "a", "artist": 1}, {"id": 2, "url": "b", "artist": 1},
                           {"id": 3, "url": "c", "artist": 2}, {"id": 4, "url": "d"}]}
                """.utf8),
            schema: try JSONSchemaLoader.load(string: schema))
    }

    static let untracked =
        "'Image.artist' names 'Artist.thumbnail' as its inverse, but 'Artist.thumbnail' does not name 'artist' "
        + "as its inverse, so a change on 'Artist' cannot be traced back to 'Image'"

    static func ids(_ rows: [ObjectID]) -> [Int] {
        rows.compactMap { if case .int(let id) = $0.id { id } else { nil } }
    }

    @Test("loading warns once, naming both relationships")
    func warning() throws {
        let schema = try JSONSchemaLoader.load(string: Self.schema)
        #expect(
            schema.validationWarnings().map(\.description) == [
                "'Image.artist': inverse 'Artist.thumbnail' has inverse 'thumbnail', expected 'artist'"
            ])
    }

    @Test("evaluation answers through the relationship, in a graph fetch as in a one-off fetch request")
    func answered() throws {
        let graph = try Self.graph()
        let checked = try CheckedPredicate(
            try PredicateParser().parsePredicate("artist.name BEGINSWITH 'U'"), schema: graph.schema, entity: "Image")
        #expect(
            Self.ids(try graph.fetch(try PredicateCompiler().compile(checked, for: graph), entity: "Image")) == [1, 2])
        #expect(
            Self.ids(try graph.fetch(try FetchRequest(entity: "Image", format: "artist.name BEGINSWITH 'U'"))) == [
                1, 2,
            ])
        // Sorted by a key path through it, windowed.
        let sorted = try FetchRequest(
            entity: "Image", format: "artist != nil",
            sortKeys: [SortKey("artist.name"), SortKey("url", ascending: false)],
            fetchLimit: 2)
        #expect(Self.ids(try graph.fetch(sorted)) == [3, 2])
        // The consistent pair is tracked as before.
        let thumbnails = try LiveResultSet(
            request: FetchRequest(entity: "Image", format: "thumbnail.name == 'Uta'"), graph: graph)
        #expect(Self.ids(thumbnails.rows) == [1])
    }

    @Test("tracking through it is refused, naming the key path: dependencies, live results")
    func trackingRefused() throws {
        let graph = try Self.graph()
        do {
            _ = try QueryDependencies(
                schema: graph.schema, rootEntity: "Image", predicate: nil, displayKeyPaths: ["artist.name"])
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .missingInverse)
            #expect(error.keyPath == "artist.name")
            #expect(error.description == "'artist.name': " + Self.untracked)
        }
        for request in [
            try FetchRequest(entity: "Image", format: "artist.name BEGINSWITH 'U'"),
            FetchRequest(entity: "Image", sortKeys: [SortKey("artist.name")]),
            FetchRequest(entity: "Image", refreshKeyPaths: ["artist.name"]),
        ] {
            do {
                _ = try LiveResultSet(request: request, graph: graph)
                Issue.record("expected an error for \(request)")
            } catch {
                #expect(error.dependencyError?.keyPath == "artist.name")
                #expect(error.message == "the request's key paths cannot be tracked: 'artist.name': " + Self.untracked)
            }
        }
    }
}
