import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import SQLiteDatabase

// An app's Core Data store (a SQLite file) and the app's model.
let storePath = CommandLine.arguments.dropFirst().first ?? "Store.sqlite"
let schema = try Schema.load(contentsOf: URL(fileURLWithPath: "Samples/ContentModel.xcdatamodeld"))
let store = try SQLiteConnection(path: storePath, mode: .readOnly)

// The store checked against the model before any query: tables, columns, entity numbers.
let description = try SQLDatabaseDescription.read(from: store, convention: .coreData)
let mapping = try SQLMapping.verified(schema, convention: .coreData, database: description, dialect: store.dialect)

// Every object into memory…
let graph = try ObjectGraph.read(from: store, mapping: mapping)
print(graph.count, "objects,", graph.objects(of: "Content").count, "contents")

// …or one predicate in the store itself.
let format = "bucket.owner.name == 'Ann'"
let checked = try CheckedPredicate(PredicateNode(format: format), schema: schema, entity: "Content", source: format)
let statement = try store.dialect.render(PredicateLowering(layout: mapping).query(checked))
print(try store.rows(statement).compactMap { $0.first?.integerValue })
