import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import SQLiteDatabase
import Testing

/// A connection that counts the rows its queries return.
final class RowCountingDatabase: SQLDatabase {
    let inner: any SQLDatabase
    var rowsRead = 0

    init(_ inner: any SQLDatabase) { self.inner = inner }

    var dialect: any SQLDialect { inner.dialect }
    func execute(_ statement: SQLStatement) throws -> Int { try inner.execute(statement) }
    func rows(_ statement: SQLStatement) throws -> [[SQLValue]] {
        let rows = try inner.rows(statement)
        rowsRead += rows.count
        return rows
    }
    func installHelperFunctions() throws { try inner.installHelperFunctions() }
}

/// What a change set reads: the objects it names and their neighbours, not the database. A
/// Bucket with 2,000 Contents: moving one Content between two Buckets, or inserting one into
/// it, or renaming the Bucket, reads a handful of rows (the Bucket's unordered `contents` are
/// not read: the change does not read them), while deleting the Bucket reads all of its
/// Contents (the delete rules must see them).
@Suite("Database store: the working set")
struct DatabaseStoreWorkingSetTests {
    static let schema = Schema(entities: [
        EntityDescription(
            name: "Bucket", attributes: [AttributeDescription(name: "name", type: .string)],
            relationships: [
                RelationshipDescription(name: "contents", destination: "Content", inverse: "bucket", isToMany: true)
            ]),
        EntityDescription(
            name: "Content", attributes: [AttributeDescription(name: "name", type: .string)],
            relationships: [RelationshipDescription(name: "bucket", destination: "Bucket", inverse: "contents")]),
    ])

    static func store() throws -> (DatabaseStore, RowCountingDatabase) {
        let contents = (1...2000).map { InsertedObject(id: .int($0), values: ["bucket": 1]) }
        let graph = try ObjectGraph(
            schema: schema, objects: ["Bucket": [InsertedObject(id: 1), InsertedObject(id: 2)], "Content": contents])
        let database = try SQLiteTestDatabase()
        try database.load(graph, mapping: try SQLMapping.standard(schema))
        let counting = RowCountingDatabase(database.sqlDatabase)
        return (try DatabaseStore(database: counting, schema: schema, convention: .standard), counting)
    }

    @Test("moving, inserting or renaming reads a few rows, whatever the size of the Bucket") func small() throws {
        let (store, counting) = try Self.store()
        counting.rowsRead = 0
        try store.apply(
            ChangeSet([
                "Content": EntityChanges(updated: [
                    UpdatedObject(id: 7, relationships: ["bucket": .toOne(old: 1, new: 2)])
                ])
            ]))
        #expect(counting.rowsRead < 20)
        counting.rowsRead = 0
        try store.apply(
            ChangeSet(["Content": EntityChanges(inserted: [InsertedObject(id: 5000, values: ["bucket": 1])])]))
        #expect(counting.rowsRead < 20)
        counting.rowsRead = 0
        try store.apply(
            ChangeSet(["Bucket": EntityChanges(updated: [UpdatedObject(id: 1, attributes: ["name": "Inbox"])])]))
        #expect(counting.rowsRead < 20)
        counting.rowsRead = 0
        try store.apply(ChangeSet(["Bucket": EntityChanges(deleted: [1])]))
        #expect(counting.rowsRead >= 2000)
    }
}
