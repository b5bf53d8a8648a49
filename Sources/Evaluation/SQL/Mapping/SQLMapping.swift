import KeyPaths

/// Where a schema's objects live in SQL: one table per inheritance hierarchy, a column per
/// stored attribute, a foreign-key column per to-one relationship, a join table per
/// many-to-many relationship. `Docs/sql-mapping.md` states every rule.
///
/// Two conventions build a mapping: ``standard(_:keyType:keyTypes:)`` (this engine's own layout, with
/// the overrides of the JSON schema format) and ``coreData(_:entityNumbers:)`` (the layout of a
/// Core Data SQLite store). For the sample model,
///
/// | key path of `Content` | standard | Core Data |
/// |---|---|---|
/// | `name` | `"Content"."name"` | `ZCONTENT.ZNAME` |
/// | `bucket` | `"Content"."bucket_id"` → `"Bucket"."id"` | `ZCONTENT.ZBUCKET` → `ZBUCKET.Z_PK` |
/// | `tags` | `"Content_tags"("source_id", "destination_id")` | `Z_2TAGS(Z_2CONTENTS, Z_5TAGS)` |
///
/// A mapping is a `Sendable` value; the lowering, the DDL generator and the readers share it.
public struct SQLMapping: Sendable {
    /// The schema the mapping stores.
    public let schema: Schema
    /// How names were chosen.
    public let convention: SQLNamingConvention
    /// The key type of each hierarchy, by root entity (``SQLKeyType``); always
    /// ``SQLKeyType/integer`` under Core Data's convention.
    public let keyTypes: [String: SQLKeyType]
    /// One table per inheritance hierarchy, in the order of their root entities in the schema.
    public let entityTables: [SQLEntityTable]
    /// The join tables, in the order of their owning relationships in the schema.
    public let joinTables: [SQLJoinTable]
    /// Core Data's entity numbers (`Z_ENT`, `Z_PRIMARYKEY`); empty under the standard convention.
    public let entityNumbers: [String: Int]
    private let tableIndexByEntity: [String: Int]
    let storageByProperty: [String: [String: SQLPropertyStorage]]

    init(
        schema: Schema, convention: SQLNamingConvention, keyTypes: [String: SQLKeyType], entityTables: [SQLEntityTable],
        joinTables: [SQLJoinTable], entityNumbers: [String: Int], storage: [String: [String: SQLPropertyStorage]]
    ) {
        self.schema = schema
        self.convention = convention
        self.keyTypes = keyTypes
        self.entityTables = entityTables
        self.joinTables = joinTables
        self.entityNumbers = entityNumbers
        var index: [String: Int] = [:]
        for (position, table) in entityTables.enumerated() {
            for entity in table.entities { index[entity] = position }
        }
        tableIndexByEntity = index
        storageByProperty = storage
    }

    /// The table that stores objects of `entity` (its hierarchy's table): for `ImageContent`,
    /// the table of `Content`. `nil` for an unknown entity.
    public func table(of entity: String) -> SQLEntityTable? {
        tableIndexByEntity[entity].map { entityTables[$0] }
    }

    /// The key type of the hierarchy `entity` belongs to (``SQLKeyType/integer`` for an unknown
    /// entity): how its keys, and the foreign keys and join columns pointing at it, are stored.
    public func keyType(ofHierarchyOf entity: String) -> SQLKeyType {
        table(of: entity)?.keyType ?? .integer
    }

    /// The key type of the keys a column of `table` holds: the table's own for the key
    /// column, the destination hierarchy's for a foreign key; ``SQLKeyType/integer`` for the
    /// other columns, which hold no key.
    public func keyType(ofColumn role: SQLColumn.Role, in table: SQLEntityTable) -> SQLKeyType {
        switch role {
        case .key: table.keyType
        case .foreignKey(let entity, let relationship):
            schema.property(named: relationship, in: entity)?.relationship.map {
                keyType(ofHierarchyOf: $0.destination)
            }
                ?? .integer
        case .entity, .version, .attribute, .order: .integer
        }
    }

    /// How the property `name` of `entity` (declared or inherited) is stored; `nil` when the
    /// entity has no such property.
    ///
    /// `storage(of: "bucket", in: "ImageContent")` is `.foreignKey(table: "Content", column: "bucket_id")`.
    public func storage(of name: String, in entity: String) -> SQLPropertyStorage? {
        guard let declaring = schema.declaringEntity(ofProperty: name, in: entity) else { return nil }
        return storageByProperty[declaring]?[name]
    }

    /// The discriminator value of `entity` in its table's entity column (its name under the
    /// standard convention, its `Z_ENT` number under Core Data's); `nil` when the table has no
    /// entity column.
    public func entityValue(of entity: String) -> SQLValue? {
        guard table(of: entity)?.entityColumn != nil else { return nil }
        switch convention {
        case .standard: return .text(entity)
        case .coreData: return entityNumbers[entity].map { .integer(Int64($0)) }
        }
    }

    /// The discriminator values that a fetch of `entity` selects: the entity and its
    /// sub-entities that are not abstract. Empty when the table has no entity column (every
    /// row belongs to the entity).
    ///
    /// A fetch of `Content` selects `'Content'`, `'ImageContent'`, `'ThumbnailContent'`.
    public func entityValues(selecting entity: String) -> [SQLValue] {
        ([entity] + schema.subentities(of: entity)).compactMap { name in
            guard schema.entity(named: name)?.isAbstract == false else { return nil }
            return entityValue(of: name)
        }
    }

    /// The entity whose discriminator value is `value` in the table of `hierarchy`'s root.
    public func entity(withValue value: SQLValue, inHierarchyOf hierarchy: String) -> String? {
        guard let table = table(of: hierarchy) else { return nil }
        return table.entities.first { entityValue(of: $0) == value }
    }
}

/// The table of one inheritance hierarchy: the root entity and all its sub-entities share it,
/// told apart by the entity column.
public struct SQLEntityTable: Sendable, Hashable {
    /// The table name (unquoted): `Content`, `ZCONTENT`.
    public var name: String
    /// The root entity of the hierarchy.
    public var rootEntity: String
    /// The root and its sub-entities, root first, then in schema order.
    public var entities: [String]
    /// The primary-key column: `id` or `Z_PK`.
    public var keyColumn: String
    /// How the keys are stored (the key column's type, and how its values read back).
    public var keyType: SQLKeyType
    /// The entity discriminator column (`entity`, `Z_ENT`); `nil` under the standard
    /// convention when the hierarchy has a single entity.
    public var entityColumn: String?
    /// Core Data's optimistic-locking version column `Z_OPT`; `nil` under the standard convention.
    public var versionColumn: String?
    /// Every column, in `CREATE TABLE` order (key first).
    public var columns: [SQLColumn]
}

/// A join table: one row per link between two objects.
///
/// "Source" is the entity declaring ``relationship``; "destination" its destination. The
/// reverse relationship (the inverse) reads the same table with the two columns swapped.
public struct SQLJoinTable: Sendable, Hashable {
    /// The table name: `Content_tags`, `Z_2TAGS`.
    public var name: String
    /// The entity that declares the owning relationship.
    public var entity: String
    /// The owning relationship.
    public var relationship: String
    /// The inverse relationship sharing the table, if any.
    public var inverse: String?
    /// The column holding keys of the source objects.
    public var sourceColumn: String
    /// The column holding keys of the destination objects.
    public var destinationColumn: String
    /// The position of the destination within the source's ordered relationship.
    public var destinationOrderColumn: String?
    /// The position of the source within the destination's ordered inverse.
    public var sourceOrderColumn: String?
    /// The key type of the source column (that of the source entity's hierarchy).
    public var sourceKeyType: SQLKeyType
    /// The key type of the destination column (that of the destination's hierarchy).
    public var destinationKeyType: SQLKeyType
    /// Whether the relationship is its own inverse (`Person.friends` ↔ `Person.friends`): a
    /// link is symmetric, so a row (a, b) means that each object lists the other.
    public var isSelfInverse: Bool
}

/// One column of an entity table.
public struct SQLColumn: Sendable, Hashable {
    /// What a column holds.
    public enum Role: Sendable, Hashable {
        /// The primary key.
        case key
        /// The entity discriminator.
        case entity
        /// Core Data's `Z_OPT`.
        case version
        /// The value of `entity.attribute`.
        case attribute(entity: String, attribute: String)
        /// The key of the destination of the to-one `entity.relationship`.
        case foreignKey(entity: String, relationship: String)
        /// The position of this object within the ordered to-many `entity.relationship`
        /// (declared on the destination side of this table).
        case order(entity: String, relationship: String)
    }

    /// The column name (unquoted).
    public var name: String
    /// The logical type.
    public var type: SQLColumnType
    /// What it holds.
    public var role: Role
    /// Whether `CREATE INDEX` covers it (foreign keys always, attributes when `indexed`).
    public var isIndexed: Bool
}

/// How a property is stored, oriented from the entity that has it.
public enum SQLPropertyStorage: Sendable, Hashable {
    /// An attribute: a column of the entity's table.
    case column(table: String, column: String, type: SQLColumnType)
    /// A to-one relationship: the entity's table has a column with the destination's key.
    case foreignKey(table: String, column: String)
    /// A to-many relationship whose inverse is to-one: the destination's table has a column
    /// with this object's key; `orderColumn` holds the positions when the relationship is ordered.
    case inverseForeignKey(table: String, column: String, orderColumn: String?)
    /// A to-many relationship through a join table: `sourceColumn` holds this object's key,
    /// `destinationColumn` the related object's; `orderColumn` the positions when ordered.
    case joinTable(table: String, sourceColumn: String, destinationColumn: String, orderColumn: String?)
    /// Not stored (a transient attribute, or a layout the convention does not know); the
    /// lowering refuses a predicate that reads it, with this reason.
    case notStored(reason: String)
}
