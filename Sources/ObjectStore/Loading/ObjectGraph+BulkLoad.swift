import Evaluation
import Foundation
import KeyPaths
import Predicates

extension ObjectGraph {
    /// The graph of `objects` built by ``BulkGraphBuilder``, or `nil` when the builder gives
    /// up (a problem, or a schema it leaves to the change-set path).
    package static func bulkLoaded(schema: Schema, objects: [String: [InsertedObject]]) -> ObjectGraph? {
        var graph = ObjectGraph(schema: schema)
        var builder = BulkGraphBuilder(layout: graph.layout, tables: graph.storage.tables)
        for (name, list) in objects where !list.isEmpty {
            guard let entity = builder.insertableEntity(named: name) else { return nil }
            let listIndex = builder.beginList(name)
            builder.reserve(list.count, entity: entity)
            for object in list {
                for (key, value) in object.values {
                    guard builder.add(key, value, entity: entity) else { return nil }
                }
                builder.finishObject(object.id, entity: entity, list: listIndex)
            }
        }
        guard let tables = builder.finish() else { return nil }
        graph.tables = tables
        return graph
    }

    /// The graph in graph-file text built by ``BulkGraphBuilder`` straight from the bytes
    /// (``GraphFileReader``), or `nil` when the text is not read exactly as
    /// `JSONDecoder` reads it or the builder gives up.
    package static func bulkLoaded(schema: Schema, json data: Data) -> ObjectGraph? {
        var graph = ObjectGraph(schema: schema)
        var builder = BulkGraphBuilder(layout: graph.layout, tables: graph.storage.tables)
        let read = data.withUnsafeBytes { bytes -> Bool in
            var reader = GraphFileReader(bytes: bytes)
            return reader.read(into: &builder)
        }
        guard read, let tables = builder.finish() else { return nil }
        graph.tables = tables
        return graph
    }
}
