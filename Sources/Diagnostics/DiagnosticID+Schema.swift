extension DiagnosticID {
    // Ids of loading and validating schemas (KeyPaths).

    /// `schema-duplicate-entity`: Two entities share a name.
    public static let schemaDuplicateEntity: DiagnosticID = "schema-duplicate-entity"
    /// `schema-duplicate-property`: An entity declares two properties with one name.
    public static let schemaDuplicateProperty: DiagnosticID = "schema-duplicate-property"
    /// `schema-inherited-property-clash`: A property with the name of an inherited one.
    public static let schemaInheritedPropertyClash: DiagnosticID = "schema-inherited-property-clash"
    /// `schema-invalid-name`: A name that is empty, contains `.`, or starts with `@`.
    public static let schemaInvalidName: DiagnosticID = "schema-invalid-name"
    /// `schema-unknown-parent`: A parent entity that does not exist.
    public static let schemaUnknownParent: DiagnosticID = "schema-unknown-parent"
    /// `schema-inheritance-cycle`: An entity that is its own ancestor.
    public static let schemaInheritanceCycle: DiagnosticID = "schema-inheritance-cycle"
    /// `schema-unknown-destination`: A relationship's destination entity that does not exist.
    public static let schemaUnknownDestination: DiagnosticID = "schema-unknown-destination"
    /// `schema-inverse-not-found`: An inverse that does not exist on the destination.
    public static let schemaInverseNotFound: DiagnosticID = "schema-inverse-not-found"
    /// `schema-inverse-not-relationship`: An inverse that is an attribute.
    public static let schemaInverseNotRelationship: DiagnosticID = "schema-inverse-not-relationship"
    /// `schema-inverse-does-not-point-back`: An inverse that does not point back to the relationship.
    public static let schemaInverseDoesNotPointBack: DiagnosticID = "schema-inverse-does-not-point-back"
    /// `schema-unreadable-file`: A schema file that cannot be read.
    public static let schemaUnreadableFile: DiagnosticID = "schema-unreadable-file"
    /// `schema-malformed-document`: A schema file that is not well-formed JSON or XML, or an incomplete model bundle.
    public static let schemaMalformedDocument: DiagnosticID = "schema-malformed-document"
    /// `schema-missing-field`: A required field or XML attribute is absent.
    public static let schemaMissingField: DiagnosticID = "schema-missing-field"
    /// `schema-invalid-field`: A field with the wrong type, an unknown name, or an invalid value.
    public static let schemaInvalidField: DiagnosticID = "schema-invalid-field"
    /// `schema-unknown-attribute-type`: An attribute type that is not one of `AttributeType`.
    public static let schemaUnknownAttributeType: DiagnosticID = "schema-unknown-attribute-type"

    /// The ids of loading and validating schemas (KeyPaths), in catalogue order.
    static let schemaFamily: [DiagnosticID] = [
        .schemaDuplicateEntity, .schemaDuplicateProperty, .schemaInheritedPropertyClash, .schemaInvalidName,
        .schemaUnknownParent, .schemaInheritanceCycle, .schemaUnknownDestination, .schemaInverseNotFound,
        .schemaInverseNotRelationship, .schemaInverseDoesNotPointBack, .schemaUnreadableFile, .schemaMalformedDocument,
        .schemaMissingField, .schemaInvalidField, .schemaUnknownAttributeType,
    ]
}
