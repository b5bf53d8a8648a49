import KeyPaths

extension SQLMapping {
    /// The engine's own layout for `schema` (`Docs/sql-mapping.md`, "The standard convention"):
    ///
    /// - a table per inheritance hierarchy, named after the root entity (or its `table`), with
    ///   the key column `id` and, when the hierarchy has sub-entities, the column `entity`
    ///   holding each row's entity name;
    /// - a column per stored attribute, named after it (or its `column`);
    /// - a column `<relationship>_id` per to-one relationship (or its `column`), indexed;
    /// - a to-many relationship with a to-one inverse is read through the inverse's column;
    ///   when ordered, the inverse's table gets `<inverse>_order` (or its `orderColumn`);
    /// - other to-many relationships use a join table `<Entity>_<relationship>` with the
    ///   columns `source_id`, `destination_id` (and `destination_order` / `source_order` for
    ///   ordered sides), or the names of the `joinTable` override.
    ///
    /// A default column name used twice in one table (two sub-entities declaring `width`, or a
    /// name equal to `id` or `entity`) becomes `<Entity>_<name>`. Every clash that remains and
    /// every misplaced override is thrown at once.
    ///
    /// Keys: `keyTypes` gives the key type of hierarchies by root entity name (`ObjectGraph`'s
    /// `sqlKeyTypes()` chooses them from a graph's ids); the others take `keyType`. A foreign
    /// key or join column takes the key type of the hierarchy it points at.
    public static func standard(
        _ schema: Schema, keyType: SQLKeyType = .integer, keyTypes: [String: SQLKeyType] = [:]
    ) throws(SQLMappingErrors) -> SQLMapping {
        var builder = MappingBuilder(
            schema: schema, rules: StandardConvention(defaultKeyType: keyType, keyTypes: keyTypes))
        return try builder.build()
    }
}

/// The naming rules of ``SQLMapping/standard(_:keyType:keyTypes:)``.
struct StandardConvention: MappingConvention {
    let defaultKeyType: SQLKeyType
    let keyTypes: [String: SQLKeyType]

    var convention: SQLNamingConvention { .standard }
    var honoursOverrides: Bool { true }

    func keyType(root: String) -> SQLKeyType { keyTypes[root] ?? defaultKeyType }

    func hierarchyOrder(_ entities: [String]) -> [String] { entities }

    func tableName(root: String, override: String?) -> String { override ?? root }

    func fixedColumns(entities: [String], keyType: SQLKeyType) -> [SQLColumn] {
        var columns = [SQLColumn(name: "id", type: keyType.columnType, role: .key, isIndexed: false)]
        if entities.count > 1 {
            columns.append(SQLColumn(name: "entity", type: .text, role: .entity, isIndexed: false))
        }
        return columns
    }

    func attributeColumn(_ attribute: AttributeDescription) -> String { attribute.name }

    func foreignKeyColumn(_ relationship: RelationshipDescription) -> String { relationship.name + "_id" }

    func orderColumn(inverse: String) -> String { inverse + "_order" }

    func disambiguate(_ clashing: [ColumnPlan.Request], taken: Set<String>) -> [String] {
        clashing.map { "\($0.owner)_\($0.defaultName)" }
    }

    func joinTable(
        owner: RelationshipLayout.PropertyRef, _ ownerRelationship: RelationshipDescription,
        other: RelationshipLayout.PropertyRef?, _ otherRelationship: RelationshipDescription?,
        keys: (source: SQLKeyType, destination: SQLKeyType)
    ) -> SQLJoinTable? {
        let given = ownerRelationship.joinTable
        // A relationship that is its own inverse keeps one row per direction: the destination
        // order column of the row (b, a) already says where a stands among b's objects.
        let selfInverse = other == owner
        return SQLJoinTable(
            name: given?.name ?? "\(owner.entity)_\(owner.name)", entity: owner.entity, relationship: owner.name,
            inverse: other?.name, sourceColumn: given?.sourceColumn ?? "source_id",
            destinationColumn: given?.destinationColumn ?? "destination_id",
            destinationOrderColumn: ownerRelationship.isOrdered
                ? ownerRelationship.orderColumn ?? "destination_order" : nil,
            sourceOrderColumn: otherRelationship?.isOrdered == true && !selfInverse
                ? otherRelationship?.orderColumn ?? "source_order" : nil,
            sourceKeyType: keys.source, destinationKeyType: keys.destination, isSelfInverse: selfInverse)
    }

    func unstoredJoinReason(owner: RelationshipLayout.PropertyRef) -> String {
        "'\(owner.entity).\(owner.name)' has no join table"
    }

    /// The names given stay (a clash between join columns is in one table only, and reported).
    func finishJoinTables(_ tables: [SQLJoinTable]) -> [SQLJoinTable] { tables }

    func columnOrder(_ requests: [ColumnPlan.Request]) -> [ColumnPlan.Request] { requests }
}
