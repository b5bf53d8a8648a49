import Evaluation
import Foundation
import KeyPaths
import Predicates

// The JSON form of change sets (Docs/change-set-format.md). Unknown fields are errors, so a
// misspelt "udpated" is reported instead of silently ignored.

extension ChangeSet: Codable {
    /// Decodes `{"Entity": {"inserted": […], "updated": […], "deleted": […]}, …}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        var entities: [String: EntityChanges] = [:]
        for key in container.allKeys {
            entities[key.stringValue] = try container.decode(EntityChanges.self, forKey: key)
        }
        self.init(entities)
    }

    /// Encodes the JSON form; entities without changes are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        for (entity, changes) in entities where !changes.isEmpty {
            try container.encode(changes, forKey: JSONKey(entity))
        }
    }

    /// Reads a change set from JSON text; a malformed document throws one ``GraphError`` of
    /// kind `malformedDocument` naming where: `Content.updated[0].relationships.bucket: …`, or,
    /// for text the package's JSON readers refuse (an entity or a key written twice, a number
    /// out of `Double`'s range, bytes that are not UTF-8), its line and column:
    /// `line 3, column 2: duplicate key "Content" (first at line 1, column 2)`.
    public static func decode(json data: Data) throws(GraphErrors) -> ChangeSet {
        do {
            return try StrictJSONDecoding.decode(ChangeSet.self, from: data)
        } catch {
            throw GraphErrors([GraphError(.malformedDocument, message: GraphDecoding.describe(error))])
        }
    }

    /// The JSON form, pretty-printed with sorted keys and every list sorted by ID.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}

extension EntityChanges: Codable {
    private enum Field: String, CaseIterable {
        case inserted, updated, deleted
    }

    /// Decodes `{"inserted": […], "updated": […], "deleted": […]}`; each list may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        try decoder.rejectUnknownFields(Field.allCases.map(\.rawValue))
        inserted = try container.decodeIfPresent([InsertedObject].self, forKey: JSONKey("inserted")) ?? []
        updated = try container.decodeIfPresent([UpdatedObject].self, forKey: JSONKey("updated")) ?? []
        deleted = try container.decodeIfPresent([ObjectKey].self, forKey: JSONKey("deleted")) ?? []
    }

    /// Encodes the non-empty lists, sorted by ID.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        if !inserted.isEmpty { try container.encode(inserted.sorted { $0.id < $1.id }, forKey: JSONKey("inserted")) }
        if !updated.isEmpty { try container.encode(updated.sorted { $0.id < $1.id }, forKey: JSONKey("updated")) }
        if !deleted.isEmpty { try container.encode(deleted.sorted(), forKey: JSONKey("deleted")) }
    }
}

extension InsertedObject: Codable {
    /// Decodes `{"id": 9, "key": value, …}`; values use the tagged forms of
    /// ``TaggedJSONValue`` (`{"$date": "…"}`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        guard container.contains(JSONKey("id")) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath, debugDescription: "an object needs an 'id' (an integer or a string)"
                ))
        }
        id = try container.decode(ObjectKey.self, forKey: JSONKey("id"))
        var values: [String: PredicateValue] = [:]
        for key in container.allKeys where key.stringValue != "id" {
            values[key.stringValue] = try container.decode(TaggedJSONValue.self, forKey: key).value
        }
        self.values = values
    }

    /// Encodes `{"id": 9, "key": value, …}`; throws for a value named `id`, which would take
    /// the place of the object's id.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(id, forKey: JSONKey("id"))
        for (key, value) in values {
            guard key != "id" else {
                throw EncodingError.invalidValue(
                    value,
                    .init(
                        codingPath: encoder.codingPath,
                        debugDescription: "a value named 'id' would take the place of the object's id \(id)"))
            }
            try container.encode(TaggedJSONValue(value), forKey: JSONKey(key))
        }
    }
}

extension UpdatedObject: Codable {
    private enum Field: String, CaseIterable {
        case id, attributes, relationships
    }

    /// Decodes `{"id": 2, "attributes": {…}, "relationships": {…}}`; both maps may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        try decoder.rejectUnknownFields(Field.allCases.map(\.rawValue))
        id = try container.decode(ObjectKey.self, forKey: JSONKey("id"))
        let attributes = try container.decodeIfPresent([String: TaggedJSONValue].self, forKey: JSONKey("attributes"))
        self.attributes = attributes?.mapValues(\.value) ?? [:]
        relationships =
            try container.decodeIfPresent([String: RelationshipChange].self, forKey: JSONKey("relationships")) ?? [:]
    }

    /// Encodes the non-empty maps.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(id, forKey: JSONKey("id"))
        if !attributes.isEmpty {
            try container.encode(attributes.mapValues(TaggedJSONValue.init), forKey: JSONKey("attributes"))
        }
        if !relationships.isEmpty { try container.encode(relationships, forKey: JSONKey("relationships")) }
    }
}

extension RelationshipChange: Codable {
    /// Decodes `{"old": 1, "new": 2}` (both keys required, `null` for empty) or
    /// `{"added": […], "removed": […]}` (either may be left out).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let keys = Set(container.allKeys.map(\.stringValue))
        if keys.contains("old") || keys.contains("new") {
            try decoder.rejectUnknownFields(["old", "new"])
            guard keys.contains("old"), keys.contains("new") else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "a to-one change needs both 'old' and 'new' (null for none)"))
            }
            self = .toOne(
                old: try container.decodeIfPresent(ObjectKey.self, forKey: JSONKey("old")),
                new: try container.decodeIfPresent(ObjectKey.self, forKey: JSONKey("new")))
        } else if keys.contains("added") || keys.contains("removed") {
            try decoder.rejectUnknownFields(["added", "removed"])
            self = .toMany(
                added: try container.decodeIfPresent([ObjectKey].self, forKey: JSONKey("added")) ?? [],
                removed: try container.decodeIfPresent([ObjectKey].self, forKey: JSONKey("removed")) ?? [])
        } else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "a relationship change is {\"old\": …, \"new\": …} or {\"added\": […], \"removed\": […]}"))
        }
    }

    /// Encodes `{"old": …, "new": …}` or `{"added": […], "removed": […]}` (IDs sorted).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        switch self {
        case .toOne(let old, let new):
            try container.encode(old, forKey: JSONKey("old"))
            try container.encode(new, forKey: JSONKey("new"))
        case .toMany(let added, let removed):
            try container.encode(added.sorted(), forKey: JSONKey("added"))
            try container.encode(removed.sorted(), forKey: JSONKey("removed"))
        }
    }
}

/// A coding key for any JSON field name.
struct JSONKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

/// Readable messages for decoding errors: `Content[2].bucket: expected an integer`.
enum GraphDecoding {
    static func describe(_ error: any Error) -> String {
        if let error = error as? JSONTextError { return error.description }
        guard let error = error as? DecodingError else {
            return "not valid JSON: \(error.localizedDescription)"
        }
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "not valid JSON" + detail(context) }
            return path(context.codingPath) + ": " + context.debugDescription
        case .keyNotFound(let key, let context):
            return prefix(context.codingPath) + "missing field '\(key.stringValue)'"
        case .typeMismatch(let type, let context):
            return prefix(context.codingPath) + "expected \(expected(type))"
        case .valueNotFound(let type, let context):
            return prefix(context.codingPath) + "expected \(expected(type)), found null"
        @unknown default:
            return String(describing: error)
        }
    }

    private static func detail(_ context: DecodingError.Context) -> String {
        context.underlyingError.map { ": \($0.localizedDescription)" } ?? ""
    }

    private static func prefix(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "top level: " : path(codingPath) + ": "
    }

    /// `Content[2].bucket`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }

    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "an integer"
        case is String.Type: "a string"
        case is [Any].Type: "a list"
        case is [String: Any].Type: "an object"
        default: "a value of type \(type)"
        }
    }
}
