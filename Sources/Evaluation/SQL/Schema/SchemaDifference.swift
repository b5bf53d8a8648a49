import Foundation
import KeyPaths

/// The differences between the schema a database was made from and the schema a reader
/// gives, in words: `'Content.bucket': its "destination" is "Bucket" in the database's
/// schema, "User" in the given one`.
///
/// Entities and properties are matched by name, so the order they are declared in does not
/// matter. The fields that change neither what is stored nor how it is read are left out,
/// as Core Data leaves them out of its version hashes: `className`, `optional` and `indexed`.
/// Every other field of the JSON schema format counts, an unknown one included.
enum SchemaDifference {
    /// The fields that do not count.
    static let ignoredFields: Set<String> = ["className", "optional", "indexed"]

    /// Every difference, entity by entity in the given schema's order, then entities only the
    /// recorded schema has.
    static func differences(recorded: Schema, given: Schema) -> [String] {
        var differences: [String] = []
        for entity in given.entities {
            guard let old = recorded.entity(named: entity.name) else {
                differences.append("'\(entity.name)' is not an entity of the database's schema")
                continue
            }
            differences += fieldDifferences(fields(old), fields(entity), place: "'\(entity.name)'")
            let oldProperties = Dictionary(old.properties.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            for property in entity.properties {
                let place = "'\(entity.name).\(property.name)'"
                guard let before = oldProperties[property.name] else {
                    differences.append("\(place) is not in the database's schema")
                    continue
                }
                differences += fieldDifferences(fields(before), fields(property), place: place)
            }
            let names = Set(entity.properties.map(\.name))
            for property in old.properties where !names.contains(property.name) {
                differences.append("'\(entity.name).\(property.name)' of the database's schema is not in the given one")
            }
        }
        let names = Set(given.entityNames)
        for entity in recorded.entities where !names.contains(entity.name) {
            differences.append("the database's schema has the entity '\(entity.name)', which the given one lacks")
        }
        return differences
    }

    /// The JSON fields of an entity (without its properties) or a property, each as JSON text.
    private static func fields(_ value: some Encodable) -> [String: String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        var fields: [String: String] = [:]
        for (key, field) in object where !ignoredFields.contains(key) && key != "attributes" && key != "relationships" {
            let text =
                (try? JSONSerialization.data(withJSONObject: field, options: [.sortedKeys, .fragmentsAllowed]))
                .map { String(decoding: $0, as: UTF8.self) } ?? "?"
            fields[key] = text
        }
        return fields
    }

    private static func fields(_ property: PropertyDescription) -> [String: String] {
        switch property {
        case .attribute(let attribute): fields(attribute).merging(["kind": "attribute"]) { a, _ in a }
        case .relationship(let relationship): fields(relationship).merging(["kind": "relationship"]) { a, _ in a }
        }
    }

    private static func fieldDifferences(_ old: [String: String], _ new: [String: String], place: String) -> [String] {
        var differences: [String] = []
        for key in Set(old.keys).union(new.keys).sorted() where old[key] != new[key] {
            let before = old[key] ?? "absent"
            let after = new[key] ?? "absent"
            differences.append(
                "\(place): its \"\(key)\" is \(before) in the database's schema, \(after) in the given one")
        }
        return differences
    }
}
