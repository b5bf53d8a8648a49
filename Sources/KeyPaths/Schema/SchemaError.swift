/// One problem in a schema or in a schema file, naming where it is.
///
/// Validation problems name the entity and property:
/// `'Content.bucket': inverse 'contents' not found on 'Bucket'`. Loading problems name the
/// element of the file: `entities[0].attributes[1].type: unknown attribute type 'strng';
/// did you mean 'string'?` or `line 7, column 5: <attribute> in entity 'Content' has no
/// 'attributeType'`.
public struct SchemaError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        // Validation
        /// Two entities share a name.
        case duplicateEntity
        /// An entity declares two properties with one name.
        case duplicateProperty
        /// An entity declares a property with the name of an inherited one.
        case inheritedPropertyClash
        /// A name is empty, contains `.`, or starts with `@` (it could not appear in a key path).
        case invalidName
        /// The parent entity does not exist.
        case unknownParent
        /// An entity is its own ancestor.
        case inheritanceCycle
        /// A relationship's destination entity does not exist.
        case unknownDestination
        /// The named inverse does not exist on the destination entity.
        case inverseNotFound
        /// The named inverse is an attribute.
        case inverseNotRelationship
        /// The inverse's destination is not the relationship's own entity, or its inverse is
        /// not the relationship.
        case inverseDoesNotPointBack
        // Loading
        /// The file could not be read.
        case unreadableFile
        /// The text is not well-formed JSON or XML, or a model bundle is incomplete.
        case malformedDocument
        /// A required field or XML attribute is absent.
        case missingField
        /// A field has the wrong type, an unknown name, or an invalid value.
        case invalidField
        /// An attribute type is not one of ``AttributeType``.
        case unknownAttributeType
    }

    /// What went wrong.
    public var kind: Kind
    /// The entity concerned, when known.
    public var entity: String?
    /// The property concerned, when known.
    public var property: String?
    /// Where in the loaded file: `entities[0].attributes[1]` (JSON) or `line 7, column 5` (XML).
    public var location: String?
    /// The explanation, without the location prefix.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, entity: String? = nil, property: String? = nil, location: String? = nil, message: String)
    {
        self.kind = kind
        self.entity = entity
        self.property = property
        self.location = location
        self.message = message
    }

    /// `location: message`, else `'Entity.property': message`, `'Entity': message`, or the message.
    public var description: String {
        if let location { return "\(location): \(message)" }
        switch (entity, property) {
        case (let entity?, let property?): return "'\(entity).\(property)': \(message)"
        case (let entity?, nil): return "'\(entity)': \(message)"
        default: return message
        }
    }
}

/// Every problem found in a schema or a schema file, thrown together.
///
/// Its description lists one problem per line.
public struct SchemaErrors: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in the order found (declaration order of entities and properties).
    /// Never empty when thrown.
    public var errors: [SchemaError]

    /// Wraps a list of problems.
    public init(_ errors: [SchemaError]) {
        self.errors = errors
    }

    /// One problem per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
