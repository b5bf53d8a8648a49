import Evaluation
import Foundation
import KeyPaths
import Predicates
import Testing

/// Transformable attributes hold values of any kind, stored as JSON text (default mapping) or an
/// archive (Core Data): SQL can only tell whether there is a value. Nil tests are lowered,
/// everything else that reads one is refused with the attribute named.
@Suite("SQL lowering: transformable attributes")
struct TransformableLoweringTests {
    static let schema = Schema(entities: [
        EntityDescription(
            name: "Note",
            attributes: [
                AttributeDescription(name: "title", type: .string, isOptional: true),
                AttributeDescription(name: "payload", type: .transformable, isOptional: true),
            ],
            relationships: [
                RelationshipDescription(name: "items", destination: "Item", inverse: "note", isToMany: true)
            ]),
        EntityDescription(
            name: "Item", attributes: [AttributeDescription(name: "payload", type: .transformable, isOptional: true)],
            relationships: [RelationshipDescription(name: "note", destination: "Note", inverse: "items")]),
    ])

    static func lower(_ format: String, sortKeys: [SortKey] = []) throws -> SQLStatement {
        let checked = try CheckedPredicate(
            try PredicateParser().parsePredicate(format), schema: schema, entity: "Note", source: format)
        let mapping = try SQLMapping.standard(schema)
        return try SQLiteDialect().render(try PredicateLowering(layout: mapping).query(checked, sortKeys: sortKeys))
    }

    static let select = #"SELECT "t0"."id" FROM "Note" AS "t0""#
    static let order = #" ORDER BY "t0"."id""#

    @Test(
        "nil tests read the column: NULL exactly when there is no value",
        arguments: [
            ("payload == nil", #" WHERE "t0"."payload" IS NULL"#),
            ("nil == payload", #" WHERE "t0"."payload" IS NULL"#),
            ("payload != nil", #" WHERE ("t0"."payload" IS NULL) IS NOT 1"#),
            (
                "ANY items.payload == nil",
                #" WHERE EXISTS (SELECT 1 FROM "Item" AS "t1" WHERE "t1"."note_id" = "t0"."id" AND "t1"."payload" IS NULL)"#
            ),
        ])
    func nilTests(_ format: String, _ whereClause: String) throws {
        let statement = try Self.lower(format)
        #expect(statement.sql == Self.select + whereClause + Self.order)
        #expect(statement.bindings.isEmpty)
    }

    @Test(
        "any other use of the value is refused, naming the attribute",
        arguments: [
            ("payload == 'x'", "'Note.payload'"), ("payload != 1", "'Note.payload'"),
            ("payload IN {'a', 'b'}", "'Note.payload'"), ("payload CONTAINS 'a'", "'Note.payload'"),
            ("ANY items.payload == 'x'", "'Item.payload'"), ("payload == title", "'Note.payload'"),
            ("payload < nil", "'Note.payload'"),
        ])
    func refused(_ format: String, _ named: String) throws {
        do {
            let statement = try Self.lower(format)
            Issue.record("lowered to \(statement.sql)")
        } catch let error as SQLLoweringError {
            #expect(error.message.hasPrefix(named + " is a transformable attribute"), "\(error.message)")
            #expect(error.message.hasSuffix("only '== nil' and '!= nil' are lowered"))
        }
    }

    @Test("sorting by a transformable attribute is refused")
    func sorting() throws {
        #expect(throws: SQLLoweringError.self) {
            try Self.lower("TRUEPREDICATE", sortKeys: [SortKey("payload")])
        }
    }
}
