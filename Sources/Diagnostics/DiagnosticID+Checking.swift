extension DiagnosticID {
    // Ids of checking a predicate, sort keys and key paths against a schema (Predicates, KeyPaths).

    /// `unknown-entity`: No entity of that name in the schema.
    public static let unknownEntity: DiagnosticID = "unknown-entity"
    /// `unknown-key`: No property of that name on the entity or its ancestors (also: a typed root without that key).
    public static let unknownKey: DiagnosticID = "unknown-key"
    /// `not-a-relationship`: An attribute followed by more key path components.
    public static let notARelationship: DiagnosticID = "not-a-relationship"
    /// `invalid-collection-operator`: A collection operator where it cannot apply.
    public static let invalidCollectionOperator: DiagnosticID = "invalid-collection-operator"
    /// `invalid-key-path`: An empty key path or component, or a relationship without the inverse required.
    public static let invalidKeyPath: DiagnosticID = "invalid-key-path"
    /// `type-mismatch`: Operands whose types can never compare, contain or compute (also at evaluation).
    public static let typeMismatch: DiagnosticID = "type-mismatch"
    /// `to-many-not-allowed`: A to-many key path where one value is expected.
    public static let toManyNotAllowed: DiagnosticID = "to-many-not-allowed"
    /// `quantifier-needs-collection`: `ANY`, `ALL`, `NONE` or `SUBQUERY` over a single value.
    public static let quantifierNeedsCollection: DiagnosticID = "quantifier-needs-collection"
    /// `not-sortable`: A sort or section key path that ends on a relationship or goes through a to-many one.
    public static let notSortable: DiagnosticID = "not-sortable"

    /// The ids of checking a predicate, sort keys and key paths against a schema (Predicates, KeyPaths), in catalogue order.
    static let checkingFamily: [DiagnosticID] = [
        .unknownEntity, .unknownKey, .notARelationship, .invalidCollectionOperator, .invalidKeyPath, .typeMismatch,
        .toManyNotAllowed, .quantifierNeedsCollection, .notSortable,
    ]
}
