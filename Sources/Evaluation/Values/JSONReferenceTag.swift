import Predicates

/// The tag of an object reference in JSON, in arguments (`--arg`, the REPL's `:args`, the
/// `check` protocol) and data alike: `{"$ref": {"entity": "Bucket", "id": 2}}`.
///
/// | JSON | value |
/// |---|---|
/// | `{"$ref": {"entity": "Bucket", "id": 2}}` | `.reference(ObjectReference(entity: "Bucket", id: 2))` |
/// | `{"$ref": {"entity": "Bucket", "id": "a1"}}` | a reference with the string key `"a1"` |
/// | `{"$ref": {"entity": "Bucket"}}`, `{"$ref": 2}`, `{"$ref": {…, "id": 2.5}}` | `json-tag` error |
///
/// As for every tag, only an object with the single key `"$ref"` is a reference; the payload
/// has exactly the keys `entity` (a non-empty string) and `id` (an integer or a string).
/// Whether the entity exists is for checking to say, against a schema.
enum JSONReferenceTag {
    /// The reference `payload` describes.
    static func decode(_ payload: PredicateValue) throws(JSONValueError) -> ObjectReference {
        guard case .dictionary(let fields) = payload else {
            throw failure("needs an object {\"entity\": \"Bucket\", \"id\": 2}, got \(describe(payload))")
        }
        if let extra = fields.keys.sorted().first(where: { $0 != "entity" && $0 != "id" }) {
            throw failure("takes only \"entity\" and \"id\", not \"\(extra.prefix(40))\"")
        }
        guard case .string(let entity)? = fields["entity"], !entity.isEmpty else {
            throw failure("needs \"entity\": the name of an entity, such as \"Bucket\"")
        }
        guard let value = fields["id"] else {
            throw failure("needs \"id\": the object's key, an integer or a string")
        }
        guard let id = ObjectKey(value) else {
            throw failure("needs an integer or a string \"id\", got \(describe(value))")
        }
        return ObjectReference(entity: entity, id: id)
    }

    /// `{"$ref":{"entity":"Bucket","id":2}}`.
    static func write(_ reference: ObjectReference, to output: inout String) {
        output += "{\"$ref\":{\"entity\":"
        JSONWriting.writeString(reference.entity, to: &output)
        output += ",\"id\":"
        switch reference.id {
        case .int(let int): output += String(int)
        case .string(let string): JSONWriting.writeString(string, to: &output)
        }
        output += "}}"
    }

    private static func failure(_ message: String) -> JSONValueError {
        JSONValueError(id: "json-tag", message: "\"$ref\" " + message)
    }

    /// A short description of a JSON value for messages: `the number 2.5`, `null`, `an array`.
    private static func describe(_ value: PredicateValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): String(bool)
        case .int(let int): "the number \(int)"
        case .double(let double): "the number \(double)"
        case .string(let string): "the string \"\(string.prefix(40))\""
        case .array, .set: "an array"
        case .dictionary: "an object"
        case .date: "a date"
        case .data: "data"
        case .uuid: "a UUID"
        case .reference: "a reference"
        }
    }
}
