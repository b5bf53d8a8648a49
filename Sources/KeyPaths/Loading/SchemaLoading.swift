import Foundation

extension Schema {
    /// Loads a schema file of either format, chosen by the path: a `.json` file is read with
    /// ``JSONSchemaLoader``; anything else (`.xcdatamodeld`, `.xcdatamodel`, `contents`) with
    /// ``CoreDataModelLoader``. Validates when `validate` is `true` (the default).
    ///
    /// `try Schema.load(contentsOf: URL(fileURLWithPath: "Samples/schema.json"))`
    public static func load(contentsOf url: URL, validate: Bool = true) throws(SchemaErrors) -> Schema {
        if url.pathExtension.lowercased() == "json" {
            return try JSONSchemaLoader.load(contentsOf: url, validate: validate)
        }
        return try CoreDataModelLoader.load(contentsOf: url, validate: validate)
    }

    /// The schema in the JSON schema format, pretty-printed with sorted keys.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
