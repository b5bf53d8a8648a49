/// A problem that stops a schema from being mapped to tables, naming the entity and property:
/// `'Content.bucket_id': column "bucket_id" clashes with the foreign key of 'Content.bucket';
/// give one of them a "column"`.
public struct SQLMappingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable {
        /// The schema is not valid enough to map (unknown destination, parent cycle, …).
        case invalidSchema
        /// Two columns of one table have the same name.
        case duplicateColumn
        /// Two tables have the same name.
        case duplicateTable
        /// An override (`table`, `column`, `orderColumn`, `joinTable`) does not apply where it is given.
        case misplacedOverride
        /// An override is empty.
        case emptyName
    }

    /// What went wrong.
    public var kind: Kind
    /// The entity concerned, if any.
    public var entity: String?
    /// The property concerned, if any.
    public var property: String?
    /// The explanation.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, entity: String? = nil, property: String? = nil, message: String) {
        self.kind = kind
        self.entity = entity
        self.property = property
        self.message = message
    }

    /// `'Entity.property': message`, `'Entity': message` or the message alone.
    public var description: String {
        switch (entity, property) {
        case (let entity?, let property?): "'\(entity).\(property)': \(message)"
        case (let entity?, nil): "'\(entity)': \(message)"
        default: message
        }
    }
}

/// Every problem found while mapping a schema, in schema order.
public struct SQLMappingErrors: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems; never empty.
    public var errors: [SQLMappingError]

    /// Creates the list.
    public init(_ errors: [SQLMappingError]) {
        self.errors = errors
    }

    /// One problem per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
