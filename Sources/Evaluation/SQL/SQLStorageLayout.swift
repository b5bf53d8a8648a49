import KeyPaths
import Predicates

/// Where the entities, attributes and relationships of a schema are stored in SQL: what the
/// lowering needs from a storage mapping. Identifiers come only from here (never from the
/// predicate's text) and are quoted by the dialect.
///
/// For the sample model under the default mapping, `Content` is the table `Content` with the
/// key `id`; `Content.bucket` is the foreign key column `bucket` on it; `Bucket.contents` is the
/// same column seen from the other side (``SQLRelationshipStorage/inverseForeignKey(column:orderColumn:)``);
/// `Content.tags` is a join table.
public protocol SQLStorageLayout: Sendable {
    /// The table holding the objects of `entity` (its sub-entities' objects too), or `nil`
    /// when the entity is not stored.
    func table(for entity: String) -> SQLTableLayout?
    /// The column of the attribute `name` of `entity` (declared or inherited), or `nil` when
    /// it is not stored (a transient attribute).
    func column(forAttribute name: String, of entity: String) -> String?
    /// How the relationship `name` of `entity` (declared or inherited) is stored, or `nil`.
    func storage(ofRelationship name: String, of entity: String) -> SQLRelationshipStorage?
    /// The value bound for `value` compared with an attribute of `type` (dates in the
    /// storage's unit, Booleans as 0/1), or `nil` when it cannot be stored as that type.
    func bound(_ value: EvaluationValue, as type: AttributeType) -> SQLValue?
    /// The value bound for the key of an object reference compared with the primary key (or a
    /// foreign key) of `entity`'s table, or `nil` when no key stored there can equal it (so
    /// the comparison is false). The default binds an integer key as an integer and a string
    /// key as text.
    func bound(key: ObjectKey, of entity: String) -> SQLValue?
}

extension SQLStorageLayout {
    /// An integer key as an integer, a string key as text.
    public func bound(key: ObjectKey, of entity: String) -> SQLValue? {
        switch key {
        case .int(let int): .integer(Int64(int))
        case .string(let string): .text(string)
        }
    }
}

/// A table of a ``SQLStorageLayout``.
public struct SQLTableLayout: Sendable, Hashable {
    /// The table's name.
    public var name: String
    /// The primary key column.
    public var primaryKey: String
    /// When entities share the table: the column that names each row's entity, and the values
    /// that select this entity and its sub-entities.
    public var discriminator: SQLDiscriminator?

    /// Creates a table layout.
    public init(name: String, primaryKey: String, discriminator: SQLDiscriminator? = nil) {
        self.name = name
        self.primaryKey = primaryKey
        self.discriminator = discriminator
    }
}

/// The entity column of a table shared by an inheritance hierarchy.
public struct SQLDiscriminator: Sendable, Hashable {
    /// The column naming each row's entity.
    public var column: String
    /// The values selecting an entity and its sub-entities.
    public var values: [SQLValue]

    /// Creates a discriminator.
    public init(column: String, values: [SQLValue]) {
        self.column = column
        self.values = values
    }
}

/// How a relationship is stored.
public enum SQLRelationshipStorage: Sendable, Hashable {
    /// A column of the source's table holding the destination's primary key (to-one).
    case foreignKey(column: String)
    /// A column of the destination's table holding the source's primary key (the to-many side
    /// of a one-to-many relationship), with the column keeping the order of an ordered one.
    case inverseForeignKey(column: String, orderColumn: String?)
    /// A table of (source key, destination key) pairs (many-to-many), with the order column
    /// of an ordered one.
    case joinTable(table: String, sourceColumn: String, destinationColumn: String, orderColumn: String?)
}
