import Evaluation
import Testing

/// The statement tree other than the lowered queries — definitions, writes, plain reads,
/// transactions, the catalogue queries — rendered exactly, in SQLite, PostgreSQL and a dialect
/// with odd spellings (so that anything not spelled by the dialect shows).
@Suite("SQL: definitions, writes and plain reads, rendered per dialect")
struct SQLCommandGoldenTests {
    typealias Odd = LoweringGoldenTests.OddDialect

    /// One statement and its text in SQLite, PostgreSQL and the odd dialect.
    struct Golden: Sendable, CustomTestStringConvertible {
        var command: SQLCommand
        var sqlite: String
        var postgres: String
        var odd: String
        var bindings: [SQLValue] = []

        var testDescription: String { sqlite }
    }

    static let tag = SQLCreateTable(
        "Tag",
        columns: [.init("id", .integer64, primaryKey: true), .init("name", .text, notNull: true), .init("when", .date)])

    static let goldens: [Golden] = [
        Golden(
            command: .createTable(tag),
            sqlite: #"CREATE TABLE "Tag" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "when" REAL)"#,
            postgres: #"CREATE TABLE "Tag" ("id" bigint PRIMARY KEY, "name" text NOT NULL, "when" double precision)"#,
            odd: "CREATE TABLE `Tag` (`id` T_integer64 PRIMARY KEY, `name` T_text NOT NULL, `when` T_date)"),
        Golden(
            command: .createTable(
                SQLCreateTable(
                    "Z_1TAGS",
                    columns: [.init("Z_1CONTENTS", .integer64), .init("Z_3TAGS", .integer64), .init("Z_FOK", .date)],
                    primaryKey: ["Z_1CONTENTS", "Z_3TAGS"], typeNames: .coreData, ifNotExists: true)),
            sqlite:
                #"CREATE TABLE IF NOT EXISTS "Z_1TAGS" ("Z_1CONTENTS" INTEGER, "Z_3TAGS" INTEGER, "Z_FOK" TIMESTAMP, PRIMARY KEY ("Z_1CONTENTS", "Z_3TAGS"))"#,
            postgres:
                #"CREATE TABLE IF NOT EXISTS "Z_1TAGS" ("Z_1CONTENTS" bigint, "Z_3TAGS" bigint, "Z_FOK" double precision, PRIMARY KEY ("Z_1CONTENTS", "Z_3TAGS"))"#,
            odd:
                "CREATE TABLE IF NOT EXISTS `Z_1TAGS` (`Z_1CONTENTS` T_integer64, `Z_3TAGS` T_integer64, `Z_FOK` T_date, PRIMARY KEY (`Z_1CONTENTS`, `Z_3TAGS`))"
        ),
        Golden(
            command: .createIndex(SQLCreateIndex("Content_bucket_id_index", on: "Content", columns: ["bucket_id"])),
            sqlite: #"CREATE INDEX "Content_bucket_id_index" ON "Content" ("bucket_id")"#,
            postgres: #"CREATE INDEX "Content_bucket_id_index" ON "Content" ("bucket_id")"#,
            odd: "CREATE INDEX `Content_bucket_id_index` ON `Content` (`bucket_id`)"),
        Golden(
            command: .createIndex(SQLCreateIndex("i", on: "T", columns: ["a", "b"], ifNotExists: true)),
            sqlite: #"CREATE INDEX IF NOT EXISTS "i" ON "T" ("a", "b")"#,
            postgres: #"CREATE INDEX IF NOT EXISTS "i" ON "T" ("a", "b")"#,
            odd: "CREATE INDEX IF NOT EXISTS `i` ON `T` (`a`, `b`)"),
        Golden(
            command: .dropTable(SQLDropTable(#"we"ird"#)),
            sqlite: #"DROP TABLE "we""ird""#, postgres: #"DROP TABLE "we""ird""#, odd: #"DROP TABLE `we"ird`"#),
        Golden(
            command: .dropTable(SQLDropTable("Tag", ifExists: true)),
            sqlite: #"DROP TABLE IF EXISTS "Tag""#, postgres: #"DROP TABLE IF EXISTS "Tag""#,
            odd: "DROP TABLE IF EXISTS `Tag`"),
        Golden(
            command: .insert(
                SQLInsert(
                    table: "Tag", columns: ["id", "name"], rows: [[.integer(1), .text("work")], [.integer(2), .null]])),
            sqlite: #"INSERT INTO "Tag" ("id", "name") VALUES (?, ?), (?, ?)"#,
            postgres: #"INSERT INTO "Tag" ("id", "name") VALUES ($1, $2), ($3, $4)"#,
            odd: "INSERT INTO `Tag` (`id`, `name`) VALUES (:p1, :p2), (:p3, :p4)",
            bindings: [.integer(1), .text("work"), .integer(2), .null]),
        Golden(
            command: .update(
                SQLUpdate(
                    table: "Tag", set: [.init("name", .value(.text("home"))), .init("rank", .literal(.zero))],
                    where: [
                        .binary(.columnName("id"), .equal, .value(.integer(1))),
                        .or([
                            .isNull(.columnName("name"), negated: false),
                            .binary(.columnName("name"), .notEqual, .value(.text("x"))),
                        ]),
                    ])),
            sqlite: #"UPDATE "Tag" SET "name" = ?, "rank" = 0 WHERE "id" = ? AND ("name" IS NULL OR "name" <> ?)"#,
            postgres: #"UPDATE "Tag" SET "name" = $1, "rank" = 0 WHERE "id" = $2 AND ("name" IS NULL OR "name" <> $3)"#,
            odd: "UPDATE `Tag` SET `name` = :p1, `rank` = 0 WHERE `id` = :p2 AND (`name` IS NULL OR `name` <> :p3)",
            bindings: [.text("home"), .integer(1), .text("x")]),
        Golden(
            command: .delete(
                SQLDelete(
                    from: "Content_tags",
                    where: [.inList(.columnName("source_id"), [.value(.integer(1)), .value(.integer(2))])])),
            sqlite: #"DELETE FROM "Content_tags" WHERE "source_id" IN (?, ?)"#,
            postgres: #"DELETE FROM "Content_tags" WHERE "source_id" IN ($1, $2)"#,
            odd: "DELETE FROM `Content_tags` WHERE `source_id` IN (:p1, :p2)",
            bindings: [.integer(1), .integer(2)]),
        Golden(
            command: .delete(SQLDelete(from: "Tag")),
            sqlite: #"DELETE FROM "Tag""#, postgres: #"DELETE FROM "Tag""#, odd: "DELETE FROM `Tag`"),
        Golden(
            command: .select(.columns(["key", "value"], from: "pe_metadata")),
            sqlite: #"SELECT "key", "value" FROM "pe_metadata""#,
            postgres: #"SELECT "key", "value" FROM "pe_metadata""#,
            odd: "SELECT `key`, `value` FROM `pe_metadata`"),
        Golden(command: .begin, sqlite: "BEGIN IMMEDIATE", postgres: "BEGIN", odd: "START ODD TRANSACTION"),
        Golden(command: .commit, sqlite: "COMMIT", postgres: "COMMIT", odd: "COMMIT"),
        Golden(command: .rollback, sqlite: "ROLLBACK", postgres: "ROLLBACK", odd: "ROLLBACK"),
    ]

    @Test("each statement, exactly, in each dialect", arguments: goldens)
    func rendered(golden: Golden) throws {
        for (dialect, expected) in [
            (SQLiteDialect() as any SQLDialect, golden.sqlite), (PostgreSQLDialect(), golden.postgres),
            (Odd(), golden.odd),
        ] {
            let statement = try dialect.render(golden.command)
            #expect(statement.sql == expected, "\(dialect.name)")
            #expect(statement.bindings == golden.bindings, "\(dialect.name)")
        }
    }

    @Test("the statements that bind nothing render without a refusal, as the command does")
    func nonThrowing() throws {
        let dialect = PostgreSQLDialect()
        let insert = SQLInsert(table: "T", columns: ["a"], rows: [[.integer(1)]])
        #expect(dialect.render(Self.tag) == (try dialect.render(.createTable(Self.tag))))
        #expect(dialect.render(insert) == (try dialect.render(.insert(insert))))
        let index = SQLCreateIndex("i", on: "T", columns: ["a"])
        #expect(dialect.render(index) == (try dialect.render(.createIndex(index))))
        #expect(dialect.render(SQLDropTable("T")) == (try dialect.render(.dropTable(SQLDropTable("T")))))
    }

    @Test("each dialect's catalogue query: tables, columns and declared types in column order")
    func catalogueQueries() throws {
        let sqlite = try SQLiteDialect().render(SQLiteDialect().catalogueQuery)
        #expect(
            sqlite.sql
                == #"SELECT "m"."name", "p"."name", "p"."type" FROM "sqlite_schema" AS "m" JOIN "pragma_table_info"("m"."name") AS "p" ON 1 = 1 WHERE "m"."type" = ? ORDER BY "m"."name", "p"."cid""#
        )
        #expect(sqlite.bindings == [.text("table")])
        let postgres = try PostgreSQLDialect().render(PostgreSQLDialect().catalogueQuery)
        #expect(
            postgres.sql
                == #"SELECT "c"."relname", "a"."attname", "pg_catalog"."format_type"("a"."atttypid", "a"."atttypmod") FROM "pg_catalog"."pg_class" AS "c" JOIN "pg_catalog"."pg_attribute" AS "a" ON "a"."attrelid" = "c"."oid" JOIN "pg_catalog"."pg_namespace" AS "n" ON "n"."oid" = "c"."relnamespace" WHERE "c"."relkind" IN ($1, $2) AND "a"."attnum" > 0 AND NOT "a"."attisdropped" AND NOT ("n"."nspname" IN ($3, $4)) AND "pg_catalog"."pg_table_is_visible"("c"."oid") ORDER BY "c"."relname", "a"."attnum""#
        )
        #expect(postgres.bindings == ["r", "p", "pg_catalog", "information_schema"].map { SQLValue.text($0) })
        // A dialect that says nothing reads the SQL standard's information schema.
        let odd = try Odd().render(Odd().catalogueQuery)
        #expect(
            odd.sql
                == "SELECT `table_name`, `column_name`, `data_type` FROM `information_schema`.`columns` ORDER BY `table_name`, `ordinal_position`"
        )
        #expect(odd.bindings.isEmpty)
    }

    @Test("a long insert is cut into statements of at most the dialect's bindings, at least one row each")
    func batches() {
        let rows = (1...5).map { [SQLValue.integer(Int64($0)), .text("t\($0)")] }
        let insert = SQLInsert(table: "Tag", columns: ["id", "name"], rows: rows)
        #expect(insert.batches(maximumBindings: 4).map(\.rows) == [Array(rows[0..<2]), Array(rows[2..<4]), [rows[4]]])
        #expect(insert.batches(maximumBindings: 1).map(\.rows) == rows.map { [$0] })
        #expect(insert.batches(maximumBindings: 10).map(\.rows) == [rows])
        #expect(SQLInsert(table: "Tag", columns: ["id"], rows: []).batches(maximumBindings: 4).isEmpty)
        let wide = SQLInsert(
            table: "T", columns: ["a", "b", "c"], rows: Array(repeating: [.null, .null, .null], count: 700))
        #expect(wide.batches(maximumBindings: SQLiteDialect().maximumBindings).map(\.rows.count) == [333, 333, 34])
        #expect(wide.batches(maximumBindings: PostgreSQLDialect().maximumBindings).map(\.rows.count) == [700])
        #expect(Odd().render(insert).sql.hasSuffix("(:p9, :p10)"))
    }

    @Test("identifiers are quoted with embedded quotes doubled, in both databases")
    func quoting() {
        for dialect in [SQLiteDialect(), PostgreSQLDialect()] as [any SQLDialect] {
            #expect(dialect.quote("Content") == #""Content""#)
            #expect(dialect.quote(#"we"ird"#) == #""we""ird""#)
            #expect(dialect.quote(#""""#) == #""""""""#)
            #expect(dialect.quote("") == #""""#)
        }
    }
}

/// The odd dialect starts its transactions its own way and binds four values per statement, so
/// that a hard-coded `BEGIN` or an insert that is not cut would show.
extension LoweringGoldenTests.OddDialect {
    var beginTransaction: String { "START ODD TRANSACTION" }
    var maximumBindings: Int { 4 }
}
