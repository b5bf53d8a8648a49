import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import PostgresDatabase
import Predicates
import Testing

/// Attribute values through `db create` and `db export` (insert statements, then
/// `ObjectGraph.read`), case by case on SQLite and PostgreSQL: Booleans of sub-entities, exact
/// dates, transformable values as JSON text (default mapping) or bytes (Core Data mapping).
@Suite("SQL storage of attribute values", .serialized)
struct ValueStorageTests {
    static let schema = Schema(entities: [
        EntityDescription(
            name: "Note",
            attributes: [
                AttributeDescription(name: "title", type: .string, isOptional: true),
                AttributeDescription(name: "when", type: .date, isOptional: true),
                AttributeDescription(name: "payload", type: .transformable, isOptional: true),
            ]),
        EntityDescription(
            name: "ChecklistNote", parent: "Note",
            attributes: [AttributeDescription(name: "done", type: .boolean, isOptional: true)]),
    ])

    static func graph(_ objects: [String: [InsertedObject]]) throws -> ObjectGraph {
        try ObjectGraph(schema: schema, objects: objects)
    }

    /// SQLite, and PostgreSQL when its binaries are there.
    static func databases() throws -> [any TestDatabase] {
        PostgresTestServer.isAvailable
            ? [try SQLiteTestDatabase(), try PostgresTestDatabase()] : [try SQLiteTestDatabase()]
    }

    static func date(_ seconds: Double) -> PredicateValue { .date(Date(timeIntervalSinceReferenceDate: seconds)) }

    @Test("a Boolean declared on a sub-entity comes back as a Boolean, under both mappings")
    func subEntityBoolean() throws {
        let graph = try Self.graph([
            "Note": [InsertedObject(id: 1, values: ["title": "plain"])],
            "ChecklistNote": [
                InsertedObject(id: 4, values: ["done": false]), InsertedObject(id: 5, values: ["done": true]),
            ],
        ])
        for database in try Self.databases() {
            for mapping in [try SQLMapping.standard(Self.schema), try SQLMapping.coreData(Self.schema)] {
                let read = try database.roundTrip(graph, mapping: mapping)
                #expect(read == graph, "\(database.dialect.name), \(mapping.convention)")
                #expect(
                    try read.value(forKey: "done", of: ObjectID(hierarchy: "Note", id: 4)) == .attribute(.bool(false)))
            }
        }
    }

    @Test("dates come back to the last bit: milliseconds, microseconds, before 1582, year 1")
    func dates() throws {
        // Seconds since 2001 counted by hand in the proleptic Gregorian calendar (ISO8601DateTextTests).
        let seconds = [728_474_400.123, 728_474_400.1234567, -15_797_030_400, -63_113_904_000, -0.000_01]
        let graph = try Self.graph([
            "Note": seconds.enumerated().map {
                InsertedObject(id: .int($0.offset + 1), values: ["when": Self.date($0.element)])
            }
        ])
        for database in try Self.databases() {
            let read = try database.roundTrip(graph, mapping: try SQLMapping.standard(Self.schema))
            for (index, expected) in seconds.enumerated() {
                let value = try read.value(forKey: "when", of: ObjectID(hierarchy: "Note", id: .int(index + 1)))
                #expect(value == .attribute(Self.date(expected)), "\(database.dialect.name): \(expected)")
            }
        }
    }

    @Test(
        "PostgreSQL gives doubles back exactly even where the database rounds them by default",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgresFloatDigits() throws {
        let server = try PostgresTestServer.shared.get()
        let url = try server.makeDatabaseURL()
        let name = try #require(url.split(separator: "?").first?.split(separator: "/").last)
        // extra_float_digits = 0 rounds double precision output to 15 significant digits.
        try PostgresConnection(url: url).execute("ALTER DATABASE \"\(name)\" SET extra_float_digits = 0")
        let connection = try PostgresConnection(url: url)
        let rows = try connection.rows(
            SQLStatement(sql: "SELECT $1::double precision", bindings: [.double(728_474_400.1234567)]))
        #expect(rows == [[.double(728_474_400.1234567)]])
    }

    /// Values a transformable attribute holds, and the JSON text the default mapping stores,
    /// written by hand from `PredicateValue.jsonText()`'s rules (sorted keys, tags, `1.0` for a
    /// double).
    static let transformables: [(PredicateValue, String)] = [
        (.dictionary(["b": .int(2), "a": .int(1)]), #"{"a":1,"b":2}"#),
        (.array([.int(1), .int(2)]), "[1,2]"),
        (.set([.int(1)]), #"{"$set":[1]}"#),
        (.string("str"), #""str""#),
        (.double(1e18), "1e+18"),
        (.double(1), "1.0"),
        (.int(Int.max), "9223372036854775807"),
        (
            .array([.double(.infinity), Self.date(728_474_400.5)]),
            #"[{"$double":"inf"},{"$date":"2024-02-01T10:00:00.5Z"}]"#
        ),
        (.data(Data([0, 1, 2])), #"{"$data":"AAEC"}"#),
    ]

    @Test("the default mapping stores a transformable value as its JSON text and reads it back")
    func transformableAsJSON() throws {
        let graph = try Self.graph([
            "Note": Self.transformables.enumerated().map {
                InsertedObject(id: .int($0.offset + 1), values: ["payload": $0.element.0])
            }
        ])
        let mapping = try SQLMapping.standard(Self.schema)
        for database in try Self.databases() {
            let read = try database.roundTrip(graph, mapping: mapping)
            #expect(read == graph, "\(database.dialect.name)")
            let stored = try database.rows(SQLStatement(sql: #"SELECT "payload" FROM "Note" ORDER BY "id""#))
            #expect(stored == Self.transformables.map { [.text($0.1)] }, "\(database.dialect.name)")
        }
    }

    @Test("the Core Data mapping stores binary data as bytes and refuses any other transformable value")
    func transformableUnderCoreData() throws {
        let mapping = try SQLMapping.coreData(Self.schema)
        let bytes = try Self.graph(["Note": [InsertedObject(id: 1, values: ["payload": .data(Data([0, 255]))])]])
        for database in try Self.databases() {
            #expect(try database.roundTrip(bytes, mapping: mapping) == bytes)
            #expect(try database.rows(SQLStatement(sql: #"SELECT "ZPAYLOAD" FROM "ZNOTE""#)) == [[.blob([0, 255])]])
        }
        let other = try Self.graph(["ChecklistNote": [InsertedObject(id: 4, values: ["payload": .array([1, 2])])]])
        #expect(
            throws: GraphError(
                .invalidValue, entity: "ChecklistNote", id: 4, key: "payload",
                message: "under the Core Data mapping a transformable attribute is stored as bytes (the archive Core "
                    + #"Data writes), so it holds binary data ({"$data": …}) only, not [1, 2]; the default mapping "#
                    + "stores any value as JSON text")
        ) {
            try other.insertStatements(mapping: mapping, dialect: SQLiteDialect())
        }
    }

    @Test("a UUID comes back under both mappings on both databases (16 bytes under Core Data's)")
    func uuids() throws {
        let schema = Schema(entities: [
            EntityDescription(
                name: "Tag", attributes: [AttributeDescription(name: "key", type: .uuid, isOptional: true)])
        ])
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let graph = try ObjectGraph(
            schema: schema, objects: ["Tag": [InsertedObject(id: 1, values: ["key": .uuid(uuid)])]])
        for database in try Self.databases() {
            for mapping in [try SQLMapping.standard(schema), try SQLMapping.coreData(schema)] {
                #expect(
                    try database.roundTrip(graph, mapping: mapping) == graph,
                    "\(database.dialect.name), \(mapping.convention)")
            }
        }
    }

    /// One object whose double is NaN, and its standard mapping.
    static func nanGraph() throws -> (ObjectGraph, SQLMapping) {
        let schema = Schema(entities: [
            EntityDescription(name: "N", attributes: [AttributeDescription(name: "d", type: .double, isOptional: true)])
        ])
        let graph = try ObjectGraph(
            schema: schema, objects: ["N": [InsertedObject(id: 1, values: ["d": .double(.nan)])]])
        return (graph, try SQLMapping.standard(schema))
    }

    @Test("SQLite turns a NaN double into NULL, so writing one for SQLite is refused")
    func nanSQLite() throws {
        let (graph, mapping) = try Self.nanGraph()
        let sqlite = try SQLiteTestDatabase()
        #expect(try sqlite.rows(SQLStatement(sql: "SELECT ?", bindings: [.double(.nan)])) == [[.null]])
        #expect(
            throws: GraphError(
                .invalidValue, entity: "N", id: 1, key: "d",
                message: "NaN cannot be stored: this database keeps it as NULL")
        ) {
            try graph.insertStatements(mapping: mapping, dialect: SQLiteDialect())
        }
    }

    @Test(
        "PostgreSQL keeps a NaN double", .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func nanPostgres() throws {
        let (graph, mapping) = try Self.nanGraph()
        let read = try PostgresTestDatabase().roundTrip(graph, mapping: mapping)
        guard case .attribute(.double(let value)) = try read.value(forKey: "d", of: ObjectID(hierarchy: "N", id: 1))
        else {
            Issue.record("no double read back")
            return
        }
        #expect(value.isNaN)
    }

    @Test("a transformable column whose text is not JSON is an error naming the object")
    func unreadableTransformable() throws {
        let database = try SQLiteTestDatabase()
        let mapping = try SQLMapping.standard(Self.schema)
        try database.load(try Self.graph([:]), mapping: mapping)
        try database.run([
            SQLStatement(
                sql: #"INSERT INTO "Note" ("id", "entity", "payload") VALUES (?, ?, ?)"#,
                bindings: [.integer(7), .text("ChecklistNote"), .text("not json")])
        ])
        do {
            _ = try ObjectGraph.read(from: database.sqlDatabase, mapping: mapping)
            Issue.record("read a transformable value from 'not json'")
        } catch let errors as GraphErrors {
            #expect(errors.errors.count == 1)
            #expect(
                errors.errors.first?.description.hasPrefix(
                    "ChecklistNote 7, 'payload': the stored JSON text is not a value") == true)
        }
    }
}
