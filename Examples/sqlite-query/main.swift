import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import SQLiteDatabase

let schema = try Schema.load(contentsOf: URL(fileURLWithPath: "Samples/ContentModel.xcdatamodeld"))
let graph = try ObjectGraph.load(contentsOf: URL(fileURLWithPath: "Samples/graph.json"), schema: schema)

// A SQLite database in the default storage mapping (Docs/sql-mapping.md), holding the graph.
let mapping = try SQLMapping.standard(schema)
let database = try SQLiteConnection.inMemory()
try database.transaction {
    try database.execute(SQLSchemaDefinition.statements(for: mapping, dialect: database.dialect))
    try database.execute(graph.insertStatements(mapping: mapping, dialect: database.dialect))
}

// Check the predicate against the model, lower it to one SELECT, run it: values are bound.
let format = "bucket.name == %@ AND ANY tags.name == 'work'"
let checked = try CheckedPredicate(
    PredicateNode(format: format, "Inbox"), schema: schema, entity: "Content", source: format)
let statement = try database.dialect.render(PredicateLowering(layout: mapping).query(checked))
print(statement.sql)
print(statement.bindings)
print(try database.rows(statement).compactMap { $0.first?.integerValue })
