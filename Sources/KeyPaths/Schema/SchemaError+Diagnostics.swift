extension SchemaError: DiagnosticConvertible {
    /// The catalogue id of the error's kind: `schema-` and the kind (`schema-inverse-not-found`).
    public var diagnosticID: DiagnosticID {
        switch kind {
        case .duplicateEntity: .schemaDuplicateEntity
        case .duplicateProperty: .schemaDuplicateProperty
        case .inheritedPropertyClash: .schemaInheritedPropertyClash
        case .invalidName: .schemaInvalidName
        case .unknownParent: .schemaUnknownParent
        case .inheritanceCycle: .schemaInheritanceCycle
        case .unknownDestination: .schemaUnknownDestination
        case .inverseNotFound: .schemaInverseNotFound
        case .inverseNotRelationship: .schemaInverseNotRelationship
        case .inverseDoesNotPointBack: .schemaInverseDoesNotPointBack
        case .unreadableFile: .schemaUnreadableFile
        case .malformedDocument: .schemaMalformedDocument
        case .missingField: .schemaMissingField
        case .invalidField: .schemaInvalidField
        case .unknownAttributeType: .schemaUnknownAttributeType
        }
    }

    /// The one diagnostic: the ``description`` (which names the entity and property, or the
    /// element of the file), without a source range.
    public var diagnostics: [Diagnostic] {
        [Diagnostic(id: diagnosticID, message: description, range: nil)]
    }
}

extension SchemaErrors: DiagnosticConvertible {
    /// One diagnostic per problem, in the order found.
    public var diagnostics: [Diagnostic] { errors.flatMap(\.diagnostics) }
}
