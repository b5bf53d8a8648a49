import Evaluation
import Foundation
import KeyPaths
import Predicates

extension ObjectGraph {
    /// Loads a graph file: `{"EntityName": [{"id": 1, "attr": …, "toOne": 2, "toMany": [3, 4]}], …}`.
    ///
    /// Each object is listed under its concrete entity with its number (`id`, unique within
    /// the entity's inheritance hierarchy), attribute values (dates as `{"$date": "…"}`, see
    /// ``TaggedJSONValue``) and relationships by destination ID. Either side of a relationship
    /// with an inverse may be given, or both if they agree; the other side is filled in.
    /// The text is read strictly (`JSONChecker`): a key written twice in one object (an
    /// entity, an object's attribute), a number out of `Double`'s range or bytes that are not
    /// UTF-8 are refused with their line and column, as every JSON reader of the package
    /// refuses them. The file is loaded exactly as a change set inserting every object, so the
    /// checks and the messages are those of ``apply(_:)``:
    /// `Content 7, 'bucket': no Bucket with id 99`, `Content 7, 'size': expected an integer64
    /// value, got "big"`, `Content[3]: missing field 'id'`.
    ///
    /// A file that loads without a problem is read straight from its bytes into the tables
    /// (`GraphFileReader`, `BulkGraphBuilder`: linear time, no intermediate document); a file
    /// with a problem is read again through `JSONDecoder` and the change-set path, which name
    /// every problem.
    public static func load(json data: Data, schema: Schema) throws(GraphErrors) -> ObjectGraph {
        if let graph = bulkLoaded(schema: schema, json: data) { return graph }
        return try load(decoding: data, schema: schema)
    }

    /// ``load(json:schema:)`` through `JSONDecoder` and the change-set path alone: the
    /// reference the bulk path is tested against.
    package static func load(decoding data: Data, schema: Schema) throws(GraphErrors) -> ObjectGraph {
        let objects: [String: [InsertedObject]]
        do {
            objects = try StrictJSONDecoding.decode([String: [InsertedObject]].self, from: data)
        } catch {
            throw GraphErrors([GraphError(.malformedDocument, message: GraphDecoding.describe(error))])
        }
        return try ObjectGraph(changeSetLoading: schema, objects: objects)
    }

    /// Loads a graph file from disk; see ``load(json:schema:)``.
    public static func load(contentsOf url: URL, schema: Schema) throws(GraphErrors) -> ObjectGraph {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw GraphErrors([
                GraphError(.unreadableFile, message: "cannot read '\(url.path)': \(error.localizedDescription)")
            ])
        }
        return try load(json: data, schema: schema)
    }

    /// The graph in the graph file format, every object under its concrete entity, sorted by
    /// ID, with both sides of each relationship; pretty-printed with sorted keys.
    /// `load(json: graph.jsonData(), schema: graph.schema) == graph`.
    ///
    /// A property named `id` cannot be written, since there `id` is the object's own key: a
    /// graph in which one has a value (read from a database, or set by a change set) throws
    /// ``GraphErrors`` naming each such object (`T 1, 'id': …`) rather than write the value in
    /// place of the object's id.
    public func jsonData() throws -> Data {
        var objects: [String: [InsertedObject]] = [:]
        var unwritable: [GraphError] = []
        for (index, table) in storage.tables.enumerated() {
            let hierarchy = layout.names[layout.hierarchies[index]]
            for key in table.rows.keys {
                guard let entity = table.entity(of: key) else { continue }
                let object = ObjectID(hierarchy: hierarchy, id: key)
                var values: [String: PredicateValue] = [:]
                for property in layout.properties(of: entity) {
                    let value = try value(forKey: property.name, of: object)
                    if property.name == Self.idKey, value.hasContent {
                        unwritable.append(
                            GraphError(
                                .invalidValue, entity: layout.names[entity], id: key, key: Self.idKey,
                                message: "a graph file cannot hold a value of a property named 'id', where 'id' is "
                                    + "the object's own id; rename the property to export the graph"))
                        continue
                    }
                    switch value {
                    case .attribute(let value):
                        guard value != .null else { continue }
                        switch property.attribute?.type {
                        case .transformable?, .undefined?: values[property.name] = TaggedJSONValue.keepingDoubles(value)
                        default: values[property.name] = value
                        }
                    case .toOne(let target): if let target { values[property.name] = target.id.predicateValue }
                    case .toMany(let targets):
                        if !targets.isEmpty { values[property.name] = .array(targets.map(\.id.predicateValue)) }
                    }
                }
                objects[layout.names[entity], default: []].append(InsertedObject(id: key, values: values))
            }
        }
        guard unwritable.isEmpty else {
            throw GraphErrors(unwritable.sorted { ($0.entity ?? "", $0.id ?? 0) < ($1.entity ?? "", $1.id ?? 0) })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(objects.mapValues { $0.sorted { $0.id < $1.id } })
    }

    /// The key of an object's id in a graph file.
    static let idKey = "id"
}

extension GraphValue {
    /// Whether the value says something a graph file writes: an attribute value other than
    /// null, a to-one target, a non-empty to-many list.
    fileprivate var hasContent: Bool {
        switch self {
        case .attribute(let value): value != .null
        case .toOne(let target): target != nil
        case .toMany(let targets): !targets.isEmpty
        }
    }
}
