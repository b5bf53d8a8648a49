import Foundation
import KeyPaths
import ObjectStore
import Predicates

extension ReplSession {
    /// `:load FILE`: a JSON array becomes the data predicates filter (no schema needed); a
    /// JSON object is an object graph for the loaded schema.
    mutating func load(_ path: String) -> ReplReply {
        guard !path.isEmpty else { return .error("usage: :load FILE (a JSON array, or an object graph)") }
        let value: PredicateValue
        switch CommandSupport.readJSONFile(path) {
        case .success(let read): value = read
        case .failure(let failure): return .error(failure.message)
        }
        switch value {
        case .array(let values):
            objects = .data(values, name: path)
            return .output("loaded \(Self.count(values.count, "object")) from \(path) (a JSON array)")
        case .dictionary:
            guard let schema else {
                return .error("'\(path)' is an object graph; load its schema first with :schema FILE")
            }
            switch StoreInputs.graph(path, schema: schema) {
            case .success(let graph):
                objects = .graph(graph, name: path)
                if entity.map({ schema.entity(named: $0) == nil }) ?? true { entity = Self.firstEntity(of: schema) }
                return .output("loaded \(Self.count(graph.count, "object")) from \(path); entity \(entity ?? "none")")
            case .failure(let failure):
                return .error(failure.message)
            }
        default:
            return .error("'\(path)' must hold a JSON array of objects or an object graph {\"Entity\": [...]}")
        }
    }

    /// `:schema FILE`: a JSON schema or an Xcode model. A loaded graph is kept when it is
    /// valid for the new schema, else dropped. The schema's warnings go to standard error
    /// (``ReplReply/warnings``), once per load.
    mutating func loadSchema(_ path: String) -> ReplReply {
        guard !path.isEmpty else { return .error("usage: :schema FILE (a .json schema or an .xcdatamodeld)") }
        let loaded: Schema
        switch StoreInputs.schema(path) {
        case .success(let schema): loaded = schema
        case .failure(let failure): return .error(failure.message)
        }
        schema = loaded
        schemaName = path
        var note = ""
        if case .graph(let graph, let name) = objects {
            if let data = try? graph.jsonData(), let again = try? ObjectGraph.load(json: data, schema: loaded) {
                objects = .graph(again, name: name)
            } else {
                objects = .none
                note = "; the graph \(name) does not fit it and was unloaded"
            }
        }
        if entity.map({ loaded.entity(named: $0) == nil }) ?? true { entity = Self.firstEntity(of: loaded) }
        return ReplReply.output(
            "loaded the schema \(path): \(Self.count(loaded.entities.count, "entity", plural: "entities"))"
                + "; entity \(entity ?? "none")" + note
        ).warning(StoreInputs.warningText(loaded))
    }

    /// `:entity NAME`: the entity whose objects predicates filter; alone, the current one.
    mutating func selectEntity(_ name: String) -> ReplReply {
        guard let schema else { return .error("no schema is loaded; load one with :schema FILE") }
        guard !name.isEmpty else {
            return .output("entity \(entity ?? "none") (of \(schema.entityNames.joined(separator: ", ")))")
        }
        guard schema.entity(named: name) != nil else {
            var message = "no entity named '\(name)'"
            if let guess = EditDistance.bestMatch(for: name, among: schema.entityNames) {
                message += "; did you mean '\(guess)'?"
            }
            return .error(message)
        }
        entity = name
        if case .graph(let graph, _) = objects {
            let count = graph.graphObjects(of: name).count
            return .output("entity \(name) (\(Self.count(count, "object")))")
        }
        return .output("entity \(name)")
    }

    /// `:entities`: every entity with its attributes (and types) and relationships (with
    /// destination, cardinality and inverse); the current entity is marked with `*`.
    func listEntities() -> ReplReply {
        guard let schema else { return .error("no schema is loaded; load one with :schema FILE") }
        var lines: [String] = []
        for description in schema.entities {
            var heading = description.name
            if let parent = description.parent { heading += " : " + parent }
            if description.isAbstract { heading += " (abstract)" }
            if description.name == entity { heading += "  *" }
            lines.append(heading)
            var rows: [[String]] = description.attributes.map { attribute in
                [attribute.name, attribute.type.rawValue + (attribute.isOptional ? "?" : "")]
            }
            rows += description.relationships.map { relationship in
                let shape = relationship.isToMany ? "to-many" : "to-one"
                let inverse = relationship.inverse.map { "inverse \($0)" } ?? "no inverse"
                return [relationship.name, "→ \(relationship.destination) (\(shape), \(inverse))"]
            }
            lines += ResultTable(headers: nil, rows: rows, cutsCells: false).lines.map { "  " + $0 }
        }
        return .output(lines.joined(separator: "\n"))
    }

    /// The entity a freshly loaded schema starts on: `Content` when there is one (the
    /// sample), else the first declared.
    static func firstEntity(of schema: Schema) -> String? {
        schema.entity(named: BundledSample.entity) != nil ? BundledSample.entity : schema.entityNames.first
    }
}
