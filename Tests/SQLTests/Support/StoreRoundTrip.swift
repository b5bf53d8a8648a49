import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

extension TestDatabase {
    /// What `db create` then `db export` do: the tables of `mapping` created in a fresh
    /// database, `graph` inserted, every object read back.
    func roundTrip(_ graph: ObjectGraph, mapping: SQLMapping) throws -> ObjectGraph {
        try load(graph, mapping: mapping)
        return try ObjectGraph.read(from: sqlDatabase, mapping: mapping)
    }

    /// The graph file `db export` prints after `db create` of `graph` (pretty JSON, sorted keys).
    func exportText(_ graph: ObjectGraph, mapping: SQLMapping) throws -> String {
        String(decoding: try roundTrip(graph, mapping: mapping).jsonData(), as: UTF8.self)
    }
}
