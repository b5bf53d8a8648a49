import Foundation
import Testing

@testable import PredicateCLI

/// The REPL on a model other than the bundled sample: the banner suggests a predicate made
/// from the loaded model and objects, counts read well in the singular, and `:schema` alone
/// describes the model as psql's `\d` describes tables. Expected texts are written by hand
/// from the files below.
@Suite("REPL: another model")
struct ReplModelTests {
    /// A small library: authors, books (an ordered to-many to shelves), shelves.
    static let schema = """
        {"entities": [
          {"name": "Author",
           "attributes": [{"name": "name", "type": "string"}, {"name": "born", "type": "integer32", "optional": true}],
           "relationships": [{"name": "books", "destination": "Book", "inverse": "author", "toMany": true,
                              "optional": true, "deleteRule": "cascade"}]},
          {"name": "Book",
           "attributes": [{"name": "title", "type": "string"}, {"name": "pages", "type": "integer32"},
                          {"name": "in", "type": "string", "optional": true}],
           "relationships": [{"name": "author", "destination": "Author", "inverse": "books", "optional": true},
                             {"name": "shelves", "destination": "Shelf", "inverse": "books", "toMany": true,
                              "ordered": true, "optional": true, "deleteRule": "deny"}]},
          {"name": "Shelf", "abstract": true, "attributes": [{"name": "label", "type": "string"}],
           "relationships": [{"name": "books", "destination": "Book", "inverse": "shelves", "toMany": true,
                              "optional": true}]},
          {"name": "WallShelf", "parent": "Shelf"}
        ]}
        """

    static let graph = """
        {"Author": [{"id": 1, "name": "Ursula K. Le Guin", "born": 1929}],
         "Book": [{"id": 10, "title": "The Dispossessed", "pages": 387, "in": "it's \\"odd\\"", "author": 1,
                   "shelves": [100]},
                  {"id": 11, "title": "A Wizard of Earthsea", "pages": 183, "author": 1}],
         "WallShelf": [{"id": 100, "label": "Favourites"}]}
        """

    /// A folder holding `library.json` and `library-graph.json`; removed by the caller.
    static func files() throws -> (folder: String, schema: String, graph: String) {
        let folder = NSTemporaryDirectory() + "predicate-library-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try schema.write(toFile: folder + "/library.json", atomically: true, encoding: .utf8)
        try graph.write(toFile: folder + "/library-graph.json", atomically: true, encoding: .utf8)
        return (folder, folder + "/library.json", folder + "/library-graph.json")
    }

    /// The session `predicate --schema library.json [--graph library-graph.json] [--entity E]`
    /// starts, with a stopped clock.
    static func session(graph: Bool = true, entity: String? = nil, in files: (String, String, String)) throws
        -> ReplSession
    {
        let command = ReplToolCommand(
            schemaPath: files.1, graphPath: graph ? files.2 : nil, dataPath: nil, entity: entity)
        var session = try command.makeSession().get()
        session = ReplSession(
            schema: session.schema, schemaName: session.schemaName, objects: session.objects,
            entity: session.entity, clock: { 0 })
        return session
    }

    @Test("the bundled sample's banner suggests its own predicate, made from its first Content")
    func sampleBanner() throws {
        let session = try ReplSession.bundledSample(clock: { 0 })
        #expect(
            session.banner == """
                predicate REPL: schema ContentModel.xcdatamodeld (bundled), 15 objects from graph.json (bundled), \
                entity Content.
                Type a predicate, e.g. bucket.name == "Inbox" AND ANY tags.name == "work"; :help lists the commands, \
                :quit leaves.

                """)
    }

    @Test("on another model the banner names its keys and values, and the suggestion matches")
    func otherModelBanner() throws {
        let files = try Self.files()
        defer { try? FileManager.default.removeItem(atPath: files.folder) }
        var books = try Self.session(entity: "Book", in: files)
        // Book 10's author is Ursula K. Le Guin; its first shelf is labelled Favourites.
        let suggestion = #"author.name == "Ursula K. Le Guin" AND ANY shelves.label == "Favourites""#
        #expect(
            books.banner == """
                predicate REPL: schema \(files.schema), 4 objects from \(files.graph), entity Book.
                Type a predicate, e.g. \(suggestion); :help lists the commands, :quit leaves.

                """)
        #expect(books.handle(suggestion).text.hasSuffix("\n1 object (0.0 ms)\n"))

        // A shelf: its own label (a sub-entity's object), then a book through the to-many.
        let shelves = try Self.session(entity: "Shelf", in: files)
        #expect(shelves.suggestion == #"label == "Favourites" AND ANY books.title == "The Dispossessed""#)
        // An author has no to-one relationship: its own name, then a book.
        let authors = try Self.session(entity: "Author", in: files)
        #expect(authors.suggestion == #"name == "Ursula K. Le Guin" AND ANY books.title == "The Dispossessed""#)
    }

    @Test("a reserved word gets its #, quotes are escaped; without objects the schema suggests != nil")
    func suggestionSpelling() throws {
        let data = ReplSession(
            schema: nil, schemaName: nil, objects: .data([.dictionary(["in": .string(#"it's "odd""#)])], name: "x"),
            entity: nil)
        #expect(data.suggestion == #"#in == "it's \"odd\"""#)
        let numbers = ReplSession(
            schema: nil, schemaName: nil, objects: .data([.null, .dictionary(["age": .int(31)])], name: "x"),
            entity: nil)
        #expect(numbers.suggestion == "age == 31")
        let files = try Self.files()
        defer { try? FileManager.default.removeItem(atPath: files.folder) }
        let empty = try Self.session(graph: false, entity: "Book", in: files)
        #expect(empty.suggestion == "title != nil")
        #expect(
            empty.banner.hasPrefix(
                "predicate REPL: schema \(files.schema), no objects, entity Book.\nType a predicate, e.g. title != nil;"
            ))
        let nothing = ReplSession(schema: nil, schemaName: nil, objects: .none, entity: nil)
        #expect(
            nothing.banner == "predicate REPL: no objects.\nType a predicate; :help lists the commands, :quit leaves.\n"
        )
    }

    @Test(":schema alone describes the model: types, optionality, destinations, inverses, cardinality, delete rules")
    func describeSchema() throws {
        let files = try Self.files()
        defer { try? FileManager.default.removeItem(atPath: files.folder) }
        var session = try Self.session(entity: "Book", in: files)
        let reply = session.handle(":schema")
        #expect(!reply.isError)
        #expect(
            reply.text == """
                schema \(files.schema): 4 entities

                Entity Author
                  attribute  type       optional
                  ---------  ---------  --------
                  name       string     no
                  born       integer32  yes
                  relationship  destination  inverse  cardinality  delete rule
                  ------------  -----------  -------  -----------  -----------
                  books         Book         author   to-many      cascade

                Entity Book  *
                  attribute  type       optional
                  ---------  ---------  --------
                  title      string     no
                  pages      integer32  no
                  in         string     yes
                  relationship  destination  inverse  cardinality       delete rule
                  ------------  -----------  -------  ----------------  -----------
                  author        Author       books    to-one            nullify
                  shelves       Shelf        books    to-many, ordered  deny

                Entity Shelf (sub-entities: WallShelf; abstract)
                  attribute  type    optional
                  ---------  ------  --------
                  label      string  no
                  relationship  destination  inverse  cardinality  delete rule
                  ------------  -----------  -------  -----------  -----------
                  books         Book         shelves  to-many      nullify

                Entity WallShelf (sub-entity of Shelf)
                  (no properties of its own)

                """)
        var bare = ReplSession(schema: nil, schemaName: nil, objects: .none, entity: nil)
        #expect(bare.handle(":schema").text == "error: no schema is loaded; load one with :schema FILE\n")
    }

    @Test("counts read well: 1 object, 1 table; a database's objects are said to come from it")
    func plurals() throws {
        let files = try Self.files()
        defer { try? FileManager.default.removeItem(atPath: files.folder) }
        let store = files.folder + "/one.sqlite"
        try #"{"Author": [{"id": 1, "name": "Ann"}]}"#.write(
            toFile: files.folder + "/one.json", atomically: true, encoding: .utf8)
        let created = ToolRunner.inProcess([
            "db", "create", "--schema", files.schema, "--graph", files.folder + "/one.json", "--db", store,
        ])
        #expect(created.status == 0)
        // Author, Book, Shelf (WallShelf shares it) and the join table of Book.shelves.
        #expect(created.errorOutput == "created 4 tables, loaded 1 object\n")
        var session = ReplSession(
            schema: try Self.session(graph: false, in: files).schema, schemaName: "library.json",
            objects: .none, entity: "Author", clock: { 0 })
        #expect(
            session.handle(":db \(store)").text
                == "attached \(store) (default mapping, sqlite); read 1 object from it into memory\n")
        #expect(session.loadedSummary == "schema library.json, 1 object from the database \(store), entity Author")
        #expect(session.handle(":entity Author").text == "entity Author (1 object)\n")
    }
}
