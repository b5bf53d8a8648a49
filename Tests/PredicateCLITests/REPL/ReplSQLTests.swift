import Foundation
import Testing

@testable import PredicateCLI

/// The REPL's SQL commands on the bundled sample: `:sql`, `:db` and `:compare`.
@Suite("REPL: SQL commands", .serialized)
struct ReplSQLTests {
    static func session() throws -> ReplSession { try ReplSession.bundledSample(clock: { 0 }) }

    @Test(":sql prints the last predicate lowered, values only in the bindings")
    func sql() throws {
        var session = try Self.session()
        _ = session.handle("bucket.name == 'Inbox'")
        // The default mapping: table Content, key id, foreign key bucket_id (Docs/sql-mapping.md).
        #expect(
            session.handle(":sql").text == """
                SELECT "t0"."id" FROM "Content" AS "t0" JOIN "Bucket" AS "t1" ON "t1"."id" = "t0"."bucket_id" WHERE "t1"."name" = ? ORDER BY "t0"."id"
                -- bindings: ["Inbox"]

                """)
        #expect(session.handle(":sql postgres").text.contains(#"WHERE "t1"."name" = $1"#))
        #expect(session.handle(":sql oracle").text == "error: :sql takes sqlite or postgres, not 'oracle'\n")
        // MATCHES is translated for PostgreSQL; a construct it has no equivalent for is refused.
        _ = session.handle("name MATCHES '.*png'")
        #expect(session.handle(":sql postgres").text.contains(#"WHERE normalize("t0"."name", NFKC) ~ $1"#))
        _ = session.handle("name MATCHES '(?=b).*png'")
        let refusal = session.handle(":sql postgres").text
        #expect(
            refusal.hasPrefix(
                "1:14: error: MATCHES pattern '(?=b).*png' is not lowered for postgres: the lookahead '(?=' at character 1"
            ))
        #expect(refusal.contains("\nname MATCHES '(?=b).*png'\n             ^^^^^^^^^^^^"))
    }

    @Test(":db attaches a database; predicates then report the database's count; :compare lists both")
    func database() throws {
        let path = NSTemporaryDirectory() + "predicate-repl-\(getpid())-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let created = ToolRunner.inProcess(
            [
                "db", "create", "--schema", "Samples/ContentModel.xcdatamodeld", "--graph", "Samples/graph.json",
                "--db", path,
            ])
        #expect(created.status == 0)
        var session = try Self.session()
        #expect(session.handle(":compare").text == "error: no database attached: :db TARGET\n")
        #expect(
            session.handle(":db \(path)").text
                == "attached \(path) (default mapping, sqlite); predicates now run in memory and in the database\n")
        let reply = session.handle("#size < 100").text
        // Contents 4 (64 bytes) and 6 (40 bytes) — Samples/graph.json.
        #expect(reply.hasSuffix("2 objects (0.0 ms)\ndatabase: 2 objects (0.0 ms)\n"))
        #expect(
            session.handle(":compare").text == """
                memory:   2 [4, 6]
                database: 2 [4, 6]
                the same objects

                """)
        #expect(
            session.handle(":db /nonexistent/x.sqlite").text == "error: /nonexistent/x.sqlite: no such database file\n")
        #expect(
            session.handle(":db \(path) oracle").text == "error: the mapping is default or coredata, not 'oracle'\n")
    }
}
