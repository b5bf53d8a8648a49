import Evaluation
import KeyPaths
import Predicates
import Testing

/// Object ids in SQL (Docs/sql-mapping.md, "Keys"): each hierarchy's key type is chosen from
/// its ids, ids keep their JSON type, and foreign-key and join columns take the key type of
/// the hierarchy they point at.
@Suite("SQL: key types per hierarchy")
struct SQLKeyTypeTests {
    /// `A` → `B` (to-one `b`, inverse `as`), `A` ↔ `C` (many-to-many `cs` / `as`), `D` a
    /// sub-entity of `A`.
    static let schema = """
        {"entities": [
          {"name": "A", "relationships": [
            {"name": "b", "destination": "B", "inverse": "as"},
            {"name": "cs", "destination": "C", "inverse": "as", "toMany": true}]},
          {"name": "B", "relationships": [{"name": "as", "destination": "A", "inverse": "b", "toMany": true}]},
          {"name": "C", "relationships": [{"name": "as", "destination": "A", "inverse": "cs", "toMany": true}]},
          {"name": "D", "parent": "A", "attributes": [{"name": "n", "type": "integer64"}]}
        ]}
        """

    @Test(
        "canonical integer text: digits as Swift prints an Int, '-' before a negative number, nothing else",
        arguments: [
            ("7", 7 as Int?), ("0", 0), ("-3", -3), ("9223372036854775807", Int.max),
            ("-9223372036854775808", Int.min), ("07", nil), ("+7", nil), ("-0", nil), (" 7", nil), ("7 ", nil),
            ("", nil), ("a1", nil), ("9223372036854775808", nil), ("1e3", nil), ("٣", nil),
        ])
    func canonicalInteger(text: String, expected: Int?) {
        #expect(SQLKeyType.canonicalInteger(text) == expected)
    }

    @Test("the key type a hierarchy needs: integer without string ids, text with only strings, mixed with both")
    func choice() {
        #expect(SQLKeyType(hasIntegerIDs: false, hasStringIDs: false) == .integer)
        #expect(SQLKeyType(hasIntegerIDs: true, hasStringIDs: false) == .integer)
        #expect(SQLKeyType(hasIntegerIDs: false, hasStringIDs: true) == .text)
        #expect(SQLKeyType(hasIntegerIDs: true, hasStringIDs: true) == .mixed)
    }

    @Test(
        "stored keys and what they read back as",
        arguments: [
            // (key type, id, stored form, read back)
            (SQLKeyType.integer, PredicateValue.int(7), SQLValue?.some(.integer(7)), PredicateValue?.some(.int(7))),
            (.integer, .string("a1"), nil, nil),
            (.text, .string("a1"), .text("a1"), .string("a1")),
            (.text, .string("7"), .text("7"), .string("7")),
            (.mixed, .int(7), .text("7"), .int(7)),
            (.mixed, .int(-12), .text("-12"), .int(-12)),
            (.mixed, .string("a1"), .text("a1"), .string("a1")),
            (.mixed, .string("07"), .text("07"), .string("07")),
            (.mixed, .string("-0"), .text("-0"), .string("-0")),
            // "7" in a mixed hierarchy would come back as 7: not stored.
            (.mixed, .string("7"), nil, nil),
        ])
    func roundTrip(type: SQLKeyType, id: PredicateValue, stored: SQLValue?, readBack: PredicateValue?) {
        #expect(type.storedKey(id) == stored)
        if let stored { #expect(type.id(fromStored: stored) == readBack) }
    }

    @Test("reading: NULL and bytes are no key; a text key column that holds an integer reads it as text")
    func reading() {
        for type in SQLKeyType.allCases {
            #expect(type.id(fromStored: .null) == nil)
            #expect(type.id(fromStored: .blob([1])) == nil)
        }
        #expect(SQLKeyType.text.id(fromStored: .integer(7)) == .string("7"))
        #expect(SQLKeyType.mixed.id(fromStored: .integer(7)) == .int(7))
        #expect(SQLKeyType.integer.id(fromStored: .double(3)) == .int(3))
    }

    @Test("columns: each hierarchy's key column, foreign keys and join columns take the type they point at")
    func columns() throws {
        let schema = try JSONSchemaLoader.load(string: Self.schema)
        let mapping = try SQLMapping.standard(schema, keyTypes: ["A": .mixed, "B": .text])
        #expect(mapping.keyType(ofHierarchyOf: "A") == .mixed)
        #expect(mapping.keyType(ofHierarchyOf: "D") == .mixed)
        #expect(mapping.keyType(ofHierarchyOf: "B") == .text)
        #expect(mapping.keyType(ofHierarchyOf: "C") == .integer)
        #expect(mapping.keyTypes == ["A": .mixed, "B": .text, "C": .integer])
        let a = try #require(mapping.table(of: "A"))
        #expect(a.columns.first { $0.name == "id" }?.type == .text)
        #expect(a.columns.first { $0.name == "b_id" }?.type == .text)
        #expect(try #require(mapping.table(of: "C")).columns.first { $0.name == "id" }?.type == .integer64)
        let join = try #require(mapping.joinTables.first)
        #expect(join.name == "A_cs")
        #expect(join.sourceKeyType == .mixed)
        #expect(join.destinationKeyType == .integer)
        let ddl = SQLSchemaDefinition.statements(for: mapping, dialect: SQLiteDialect()).map(\.sql)
        #expect(
            ddl.contains(
                #"CREATE TABLE "A" ("id" TEXT PRIMARY KEY NOT NULL, "entity" TEXT NOT NULL, "b_id" TEXT, "n" INTEGER)"#)
        )
        #expect(
            ddl.contains(
                #"CREATE TABLE "A_cs" ("source_id" TEXT NOT NULL, "destination_id" INTEGER NOT NULL, PRIMARY KEY ("source_id", "destination_id"))"#
            ))
        let postgres = SQLSchemaDefinition.statements(for: mapping, dialect: PostgreSQLDialect()).map(\.sql)
        #expect(postgres.contains(#"CREATE TABLE "B" ("id" text PRIMARY KEY NOT NULL)"#))
        // The uniform key type of the API's first version still applies to every hierarchy.
        let text = try SQLMapping.standard(schema, keyType: .text)
        #expect(Set(text.keyTypes.values) == [.text])
    }

    @Test("Core Data's convention: every key is an integer Z_PK, whatever was asked")
    func coreData() throws {
        let mapping = try SQLMapping.coreData(try JSONSchemaLoader.load(string: Self.schema))
        #expect(Set(mapping.keyTypes.values) == [.integer])
        #expect(mapping.joinTables.allSatisfy { $0.sourceKeyType == .integer && $0.destinationKeyType == .integer })
    }
}
