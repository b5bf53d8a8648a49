import Evaluation
import KeyPaths
import Testing

/// A Core Data store checked against a model before the first query: `Z_PRIMARYKEY`'s
/// numbers and parents, then the tables, on catalogues written by hand from the Core Data
/// rules of Docs/sql-mapping.md.
@Suite("SQL: a Core Data store checked against the model")
struct CoreDataStoreCheckTests {
    typealias Check = SQLStoreCheckTests

    /// Core Data's tables for ``SQLStoreCheckTests/schemaText``, numbered Bucket 1, Content 2,
    /// ImageContent 3, Tag 4 (roots in name order, a parent before its sub-entities).
    static let tables: [String: [SQLCatalogue.Column]] = [
        "ZBUCKET": Check.table([("Z_PK", "INTEGER"), ("Z_ENT", "INTEGER"), ("Z_OPT", "INTEGER"), ("ZNAME", "VARCHAR")]),
        "ZCONTENT": Check.table([
            ("Z_PK", "INTEGER"), ("Z_ENT", "INTEGER"), ("Z_OPT", "INTEGER"), ("ZSIZE", "INTEGER"),
            ("ZWIDTH", "INTEGER"),
            ("ZBUCKET", "INTEGER"), ("ZNAME", "VARCHAR"),
        ]),
        "ZTAG": Check.table([("Z_PK", "INTEGER"), ("Z_ENT", "INTEGER"), ("Z_OPT", "INTEGER"), ("ZNAME", "VARCHAR")]),
        "Z_2TAGS": Check.table([("Z_2CONTENTS", "INTEGER"), ("Z_4TAGS", "INTEGER")]),
        "Z_PRIMARYKEY": Check.table([
            ("Z_ENT", "INTEGER"), ("Z_NAME", "VARCHAR"), ("Z_SUPER", "INTEGER"), ("Z_MAX", "INTEGER"),
        ]),
    ]

    static func rows(_ entries: [(Int64, String, Int64)]) -> [[SQLValue]] {
        entries.map { [.integer($0.0), .text($0.1), .integer($0.2)] }
    }

    static let numbered = rows([(1, "Bucket", 0), (2, "Content", 0), (3, "ImageContent", 2), (4, "Tag", 0)])

    static func verify(_ entities: [[SQLValue]]?, tables: [String: [SQLCatalogue.Column]] = tables) throws -> SQLMapping
    {
        try Check.verify(tables, entities: entities, convention: .coreData)
    }

    @Test("a store whose Z_PRIMARYKEY describes the model passes; its numbers are the mapping's")
    func matching() throws {
        _ = try Self.verify(Self.numbered)
        // Other numbers (a model whose entities were added in another order) are taken as
        // they are, with the join table named after them; history tracking's rows are ignored.
        let renumbered = Self.rows([
            (4, "Bucket", 0), (1, "Content", 0), (2, "ImageContent", 1), (3, "Tag", 0), (16001, "CHANGE", 0),
            (16002, "TRANSACTION", 0),
        ])
        var tables = Self.tables
        tables["Z_2TAGS"] = nil
        tables["Z_1TAGS"] = Check.table([("Z_1CONTENTS", "INTEGER"), ("Z_3TAGS", "INTEGER")])
        let mapping = try Self.verify(renumbered, tables: tables)
        #expect(mapping.entityValue(of: "ImageContent") == .integer(2))
        #expect(mapping.entityValues(selecting: "Content") == [.integer(1), .integer(2)])
    }

    @Test("an entity Z_PRIMARYKEY lacks, a parent it does not give, a sub-entity the model lacks: refused")
    func differences() {
        #expect(
            Check.refusal { try Self.verify(Self.rows([(1, "Bucket", 0), (2, "Content", 0), (3, "ImageContent", 2)])) }
                == "the database does not match the schema: \"Z_PRIMARYKEY\" has no entity 'Tag'")
        #expect(
            Check.refusal {
                try Self.verify(
                    Self.rows([(1, "Bucket", 0), (2, "Content", 0), (3, "ImageContent", 4), (4, "Tag", 0)]))
            }
                == "the database does not match the schema: 'ImageContent' is a sub-entity of 'Content' in the schema, "
                + "but \"Z_PRIMARYKEY\" gives it the parent entity 4 ('Tag')")
        #expect(
            Check.refusal {
                try Self.verify(
                    Self.rows([(1, "Bucket", 0), (2, "Content", 1), (3, "ImageContent", 2), (4, "Tag", 0)]))
            }
                == "the database does not match the schema: 'Content' is a root entity in the schema, but "
                + "\"Z_PRIMARYKEY\" gives it the parent entity 1 ('Bucket')")
        // Video (5) under ImageContent (3): its rows share ZCONTENT, and a fetch of Content
        // would leave them out without a word.
        #expect(
            Check.refusal { try Self.verify(Self.numbered + Self.rows([(5, "Video", 3), (6, "Clip", 5)])) }
                == "the database does not match the schema: \"Z_PRIMARYKEY\" has the entity 'Video' (5), a sub-entity "
                + "of entity 3 ('ImageContent'), which the schema lacks; its objects would be left out (and 1 other "
                + "difference)")
        #expect(
            Check.refusal { try Self.verify(nil) }
                == "the database does not match the schema: it has no table \"Z_PRIMARYKEY\", which every Core Data "
                + "store has")
    }

    @Test("Core Data's own column types: TIMESTAMP and DECIMAL are numeric, FLOAT real, VARCHAR text")
    func columnTypes() throws {
        var tables = Self.tables
        tables["ZTAG"] = Check.table([
            ("Z_PK", "INTEGER"), ("Z_ENT", "INTEGER"), ("Z_OPT", "INTEGER"), ("ZNAME", "BLOB"),
        ])
        #expect(
            Check.refusal { try Self.verify(Self.numbered, tables: tables) }
                == "the database does not match the schema: column \"ZTAG\".\"ZNAME\" is declared as BLOB, but the "
                + "attribute 'Tag.name' needs VARCHAR")
    }
}
