import Foundation

/// Loads a schema from the JSON schema format.
///
/// # The JSON schema format
/// ```json
/// {"entities": [
///   {"name": "Bucket",
///    "attributes": [{"name": "name", "type": "string"}],
///    "relationships": [{"name": "contents", "destination": "Content",
///                       "inverse": "bucket", "toMany": true}]},
///   {"name": "Content", "parent": null, "abstract": false,
///    "attributes": [{"name": "name", "type": "string", "optional": true}],
///    "relationships": [{"name": "bucket", "destination": "Bucket", "inverse": "contents",
///                       "toMany": false, "ordered": false, "optional": true}]}
/// ]}
/// ```
/// - document: `entities` (required array, in declaration order).
/// - entity: `name` (required); `parent` (entity name or `null`, default `null`);
///   `abstract` (default `false`); `table` (SQL table name hint, default `null`);
///   `className` (default `null`); `attributes` and `relationships` (default `[]`).
/// - attribute: `name` and `type` (required); `optional`, `transient` and `indexed` (default
///   `false`); `column` (SQL column name, default `null`).
///   Types: `string`, `integer16`, `integer32`, `integer64`, `double`, `float`, `decimal`,
///   `boolean`, `date`, `binary`, `uuid`, `uri`, `transformable`, `undefined` (transient attributes only).
/// - relationship: `name` and `destination` (required); `inverse` (default `null`);
///   `toMany`, `ordered`, `optional` (default `false`); the SQL names `column`, `orderColumn`
///   and `joinTable` (`{"name", "sourceColumn", "destinationColumn"}`, default `null`).
///
/// Unknown fields are errors (a misspelt flag would otherwise silently take its default), and
/// so are a key written twice in one object and a number out of `Double`'s range: the text is
/// read by ``JSONChecker`` first (`line 1, column 30: duplicate key "entities" (first at line 1,
/// column 2)`).
/// Every error names the offending element by its path:
/// `entities[0].attributes[1].type: unknown attribute type 'strng'; did you mean 'string'?`.
/// `Docs/schema-format.md` documents the same format with a full example.
///
/// Encoding a ``Schema`` with `JSONEncoder` writes this format.
public enum JSONSchemaLoader {
    /// Decodes `data` and, when `validate` is `true` (the default), validates the schema.
    /// Throws a single decoding error, or every validation problem.
    public static func load(data: Data, validate: Bool = true) throws(SchemaErrors) -> Schema {
        let schema: Schema
        do {
            schema = try StrictJSONDecoding.decode(Schema.self, from: data)
        } catch let error as JSONTextError {
            throw SchemaErrors([
                SchemaError(.malformedDocument, location: error.place?.description, message: error.message)
            ])
        } catch let error as DecodingError {
            throw SchemaErrors([schemaError(for: error)])
        } catch {
            throw SchemaErrors([SchemaError(.malformedDocument, message: "\(error)")])
        }
        if validate { try schema.validate() }
        return schema
    }

    /// Decodes the JSON text `text`; see ``load(data:validate:)``.
    public static func load(string text: String, validate: Bool = true) throws(SchemaErrors) -> Schema {
        try load(data: Data(text.utf8), validate: validate)
    }

    /// Reads and decodes the file at `url`; see ``load(data:validate:)``.
    public static func load(contentsOf url: URL, validate: Bool = true) throws(SchemaErrors) -> Schema {
        try load(data: readFile(url), validate: validate)
    }

    /// Translates a decoding error into a schema error located by its coding path.
    static func schemaError(for error: DecodingError) -> SchemaError {
        func located(_ kind: SchemaError.Kind, _ path: [any CodingKey], _ message: String) -> SchemaError {
            let location = renderCodingPath(path)
            return SchemaError(kind, location: location.isEmpty ? "document" : location, message: message)
        }
        switch error {
        case .keyNotFound(let key, let context):
            return located(.missingField, context.codingPath, "missing required field '\(key.stringValue)'")
        case .valueNotFound(let type, let context):
            return located(.invalidField, context.codingPath, "expected \(typeName(type)), found null")
        case .typeMismatch(let type, let context):
            return located(.invalidField, context.codingPath, "expected \(typeName(type))")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let detail = context.underlyingError.map { ": \(describe($0))" } ?? ""
                return SchemaError(.malformedDocument, location: "document", message: "not valid JSON\(detail)")
            }
            let kind: SchemaError.Kind =
                context.debugDescription.hasPrefix("unknown attribute type") ? .unknownAttributeType : .invalidField
            return located(kind, context.codingPath, context.debugDescription)
        @unknown default:
            return SchemaError(.malformedDocument, location: "document", message: "\(error)")
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default:
            if String(describing: type).hasPrefix("Array") { "an array" } else { "an object" }
        }
    }

    private static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return detail }
        return nsError.localizedDescription
    }
}

/// Reads a whole file, turning a failure into a ``SchemaError`` of kind `unreadableFile` that
/// says why: `no such file`, `is a folder, not a file`, `permission denied`. A pipe, a FIFO or
/// a process substitution is read to its end like a file. There is no size limit (a model
/// file is small; a large one only takes longer).
func readFile(_ url: URL) throws(SchemaErrors) -> Data {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        throw SchemaErrors([SchemaError(.unreadableFile, location: url.path, message: "no such file")])
    }
    if isDirectory.boolValue {
        throw SchemaErrors([SchemaError(.unreadableFile, location: url.path, message: "is a folder, not a file")])
    }
    guard FileManager.default.isReadableFile(atPath: url.path) else {
        throw SchemaErrors([SchemaError(.unreadableFile, location: url.path, message: "permission denied")])
    }
    do {
        // Not `Data(contentsOf:)`, which cannot read a pipe.
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    } catch {
        throw SchemaErrors([
            SchemaError(
                .unreadableFile, location: url.path, message: "cannot read the file: \(error.localizedDescription)")
        ])
    }
}
