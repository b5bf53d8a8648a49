/// A reference to one object of a store: the entity it names and the object's key. It is what
/// a Core Data app passes for `%@` when it writes `NSPredicate(format: "bucket == %@", bucket)`
/// with a managed object or its `NSManagedObjectID`.
///
/// | written | value |
/// |---|---|
/// | JSON (`--arg`, `:args`, data) `{"$ref": {"entity": "Bucket", "id": 2}}` | `ObjectReference(entity: "Bucket", id: 2)` |
/// | JSON `{"$ref": {"entity": "Bucket", "id": "a1"}}` | `ObjectReference(entity: "Bucket", id: "a1")` |
/// | Swift, an `ObjectID` or a graph object (module `ObjectStore`) | the reference to it |
/// | printed in a predicate | `<x-coredata:///Bucket/p2>`, `<x-coredata:///Bucket/"a1">` |
///
/// A reference compares with relationships and `SELF` as a managed object does in Core Data:
/// it equals an object when the keys are equal and the two entities are of one inheritance
/// hierarchy (keys are unique per hierarchy, so the reference `Content 3` is the
/// `ImageContent 3`). A reference to an object that does not exist equals nothing; it is not
/// an error. Checking refuses a reference to an entity outside the hierarchy of what it is
/// compared with (`a 'Tag' is never a 'Bucket'`).
///
/// Two references are equal (`==`, and as constants) when they name the same entity and key.
public struct ObjectReference: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The entity named: the destination of the relationship compared, one of its sub-entities
    /// or one of its ancestors.
    public var entity: String
    /// The object's key within its hierarchy.
    public var id: ObjectKey

    /// A reference to the object `id` of `entity`: `ObjectReference(entity: "Bucket", id: 2)`.
    public init(entity: String, id: ObjectKey) {
        self.entity = entity
        self.id = id
    }

    /// The coding keys, as in the JSON payload of `{"$ref": {"entity": …, "id": …}}`.
    private enum CodingKeys: String, CodingKey {
        case entity
        case id
    }

    /// How a reference is printed in a predicate: the path of Core Data's object URI
    /// (`x-coredata://<store>/Bucket/p2`) with no store, in angle brackets as Apple prints an
    /// object ID: `<x-coredata:///Bucket/p2>`. A string key is printed in double quotes
    /// (`<x-coredata:///Bucket/"a1">`), escaped like a string literal. The text never parses
    /// back (no literal denotes an object): a reference reaches a predicate only as an argument.
    public var description: String {
        var text = "<x-coredata:///" + entity + "/"
        switch id {
        case .int(let int):
            text += "p" + String(int)
        case .string(let string):
            text += "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\\": text += "\\\\"
                case "\"": text += "\\\""
                default: text.unicodeScalars.append(scalar)
                }
            }
            text += "\""
        }
        return text + ">"
    }
}
