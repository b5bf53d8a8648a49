import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

extension TestDatabase {
    /// What `db create` then `db export` do: the tables of `mapping` created in a fresh
    /// database, `graph` inserted, the database checked against the schema as every reader
    /// checks it (``SQLMapping/verified(_:convention:database:dialect:)``: the key types are
    /// the ones the database recorded, not `mapping`'s), every object read back.
    func roundTrip(_ graph: ObjectGraph, mapping: SQLMapping) throws -> ObjectGraph {
        try load(graph, mapping: mapping)
        let description = try SQLDatabaseDescription.read(from: sqlDatabase, convention: mapping.convention)
        let verified = try SQLMapping.verified(
            graph.schema, convention: mapping.convention, database: description, dialect: dialect)
        return try ObjectGraph.read(from: sqlDatabase, mapping: verified)
    }

    /// The graph file `db export` prints after `db create` of `graph` (pretty JSON, sorted keys).
    func exportText(_ graph: ObjectGraph, mapping: SQLMapping) throws -> String {
        String(decoding: try roundTrip(graph, mapping: mapping).jsonData(), as: UTF8.self)
    }
}
