import KeyPaths

/// The naming rules of one convention; ``MappingBuilder`` applies them to a schema.
protocol MappingConvention {
    var convention: SQLNamingConvention { get }
    /// The key type of the hierarchy rooted at `root`.
    func keyType(root: String) -> SQLKeyType
    /// Whether the JSON overrides (`table`, `column`, `orderColumn`, `joinTable`) apply.
    var honoursOverrides: Bool { get }
    /// The entities of a hierarchy in table order (root first).
    func hierarchyOrder(_ entities: [String]) -> [String]
    /// The table of the hierarchy rooted at `root` (already with its override, if honoured).
    func tableName(root: String, override: String?) -> String
    /// The key, entity and version columns of a table of `entities` whose keys are `keyType`.
    func fixedColumns(entities: [String], keyType: SQLKeyType) -> [SQLColumn]
    func attributeColumn(_ attribute: AttributeDescription) -> String
    func foreignKeyColumn(_ relationship: RelationshipDescription) -> String
    /// The order column of the ordered to-many relationship stored by `inverse`'s foreign key.
    func orderColumn(inverse: String) -> String
    /// Names for default names that clash, in request order.
    func disambiguate(_ clashing: [ColumnPlan.Request], taken: Set<String>) -> [String]
    /// The join table owned by `owner`, shared with `other` (`owner` itself for a relationship
    /// that is its own inverse), its columns holding keys of types `keys`; `nil` when the
    /// convention cannot store it (the relationships are then
    /// ``SQLPropertyStorage/notStored(reason:)``).
    func joinTable(
        owner: RelationshipLayout.PropertyRef, _ ownerRelationship: RelationshipDescription,
        other: RelationshipLayout.PropertyRef?, _ otherRelationship: RelationshipDescription?,
        keys: (source: SQLKeyType, destination: SQLKeyType)
    ) -> SQLJoinTable?
    /// Why ``joinTable(owner:_:other:_:)`` returned `nil`.
    func unstoredJoinReason(owner: RelationshipLayout.PropertyRef) -> String
    /// The join tables with their final column names, in the given order: Core Data keeps
    /// join column names unique across the store (``CoreDataJoinColumnNames``); the standard
    /// convention keeps the names it gave.
    func finishJoinTables(_ tables: [SQLJoinTable]) -> [SQLJoinTable]
    /// The columns of a table in `CREATE TABLE` order.
    func columnOrder(_ requests: [ColumnPlan.Request]) -> [ColumnPlan.Request]
}

/// Builds a ``SQLMapping`` under a ``MappingConvention``.
struct MappingBuilder<Convention: MappingConvention> {
    let schema: Schema
    let rules: Convention
    let entityNumbers: [String: Int]
    var errors: [SQLMappingError] = []
    var plans: [String: ColumnPlan] = [:]
    var tableNames: [String: String] = [:]
    var resolved: [String: [ColumnPlan.Subject: String]] = [:]
    var storage: [String: [String: SQLPropertyStorage]] = [:]
    /// The final join tables by owning relationship (what ``fillStorage()`` reads).
    var joinsByOwner: [RelationshipLayout.PropertyRef: SQLJoinTable] = [:]

    init(schema: Schema, rules: Convention, entityNumbers: [String: Int] = [:]) {
        self.schema = schema
        self.rules = rules
        self.entityNumbers = entityNumbers
    }

    mutating func build() throws(SQLMappingErrors) -> SQLMapping {
        let structural = RelationshipLayout.structuralErrors(in: schema)
        if !structural.isEmpty { throw SQLMappingErrors(structural) }
        var hierarchies: [(root: String, entities: [String])] = []
        for entity in schema.entities where root(entity.name) == entity.name {
            guard !hierarchies.contains(where: { $0.root == entity.name }) else { continue }
            let entities = rules.hierarchyOrder([entity.name] + schema.subentities(of: entity.name))
            hierarchies.append((entity.name, entities))
            planTable(root: entity.name, entities: entities)
        }
        for entity in schema.entities { planOrderColumns(of: entity) }
        var tables: [SQLEntityTable] = []
        for (root, entities) in hierarchies {
            guard let plan = plans[root], let name = tableNames[root] else { continue }
            let names = plan.resolvedNames { rules.disambiguate($0, taken: $1) }
            resolved[root] = names
            let columns = plan.columns(named: names, requestOrder: rules.columnOrder(plan.requests))
            errors += ColumnPlan.duplicateErrors(in: columns, table: name)
            let entityColumn = columns.first { $0.role == .entity }?.name
            let versionColumn = columns.first { $0.role == .version }?.name
            let keyColumn = columns.first { $0.role == .key }?.name ?? "id"
            tables.append(
                SQLEntityTable(
                    name: name, rootEntity: root, entities: entities, keyColumn: keyColumn,
                    keyType: rules.keyType(root: root), entityColumn: entityColumn, versionColumn: versionColumn,
                    columns: columns))
        }
        let joins = rules.finishJoinTables(joinTables())
        errors += joins.flatMap(distinctColumnErrors)
        joinsByOwner = Dictionary(
            joins.map { (RelationshipLayout.PropertyRef(entity: $0.entity, name: $0.relationship), $0) },
            uniquingKeysWith: { first, _ in first })
        fillStorage()
        errors += duplicateTableErrors(tables.map(\.name) + joins.map(\.name))
        if !errors.isEmpty { throw SQLMappingErrors(errors) }
        return SQLMapping(
            schema: schema, convention: rules.convention,
            keyTypes: Dictionary(tables.map { ($0.rootEntity, $0.keyType) }, uniquingKeysWith: { first, _ in first }),
            entityTables: tables,
            joinTables: joins, entityNumbers: entityNumbers, storage: storage)
    }

    private func root(_ entity: String) -> String { RelationshipLayout.root(of: entity, in: schema) }

    private func layout(of relationship: RelationshipDescription, in entity: String) -> RelationshipLayout {
        RelationshipLayout.of(relationship, declaredBy: entity, in: schema) { first, second in
            if rules.honoursOverrides {
                let firstGiven = schema.property(named: first.name, in: first.entity)?.relationship?.joinTable != nil
                let secondGiven = schema.property(named: second.name, in: second.entity)?.relationship?.joinTable != nil
                if firstGiven != secondGiven { return firstGiven ? first : second }
            }
            return min(first, second)
        }
    }

    private mutating func planTable(root: String, entities: [String]) {
        let override = rules.honoursOverrides ? schema.entity(named: root)?.tableName : nil
        if override?.isEmpty == true {
            errors.append(SQLMappingError(.emptyName, entity: root, message: "\"table\" is empty"))
        }
        let name = rules.tableName(root: root, override: override)
        tableNames[root] = name
        var plan = ColumnPlan(fixed: rules.fixedColumns(entities: entities, keyType: rules.keyType(root: root)))
        for entityName in entities {
            guard let entity = schema.entity(named: entityName) else { continue }
            if rules.honoursOverrides, entityName != root, let table = entity.tableName {
                errors.append(
                    SQLMappingError(
                        .misplacedOverride, entity: entityName,
                        message: "\"table\": \"\(table)\" is given on a sub-entity, which shares the table of its "
                            + "root entity '\(root)'; give \"table\" on '\(root)'"))
            }
            for attribute in entity.attributes {
                if attribute.isTransient {
                    storage[entityName, default: [:]][attribute.name] = .notStored(
                        reason: "'\(entityName).\(attribute.name)' is a transient attribute, which is not stored")
                    continue
                }
                if rules.honoursOverrides {
                    checkName(attribute.column, entity: entityName, property: attribute.name, field: "column")
                }
                plan.requests.append(
                    ColumnPlan.Request(
                        subject: .attribute(entity: entityName, name: attribute.name),
                        defaultName: rules.attributeColumn(attribute),
                        explicitName: rules.honoursOverrides ? attribute.column : nil, owner: entityName,
                        type: SQLColumnType(attribute.type, convention: rules.convention),
                        role: .attribute(entity: entityName, attribute: attribute.name), isIndexed: attribute.isIndexed)
                )
            }
            for relationship in entity.relationships {
                if rules.honoursOverrides { checkOverrides(of: relationship, in: entityName) }
                guard !relationship.isToMany else { continue }
                plan.requests.append(
                    ColumnPlan.Request(
                        subject: .foreignKey(entity: entityName, name: relationship.name),
                        defaultName: rules.foreignKeyColumn(relationship),
                        explicitName: rules.honoursOverrides ? relationship.column : nil, owner: entityName,
                        type: rules.keyType(root: self.root(relationship.destination)).columnType,
                        role: .foreignKey(entity: entityName, relationship: relationship.name), isIndexed: true))
            }
        }
        plans[root] = plan
    }

    /// Adds the order column of each ordered to-many relationship stored by its inverse's
    /// foreign key to the table of the inverse.
    private mutating func planOrderColumns(of entity: EntityDescription) {
        for relationship in entity.relationships where relationship.isToMany && relationship.isOrdered {
            guard case .inverseForeignKey(let inverseEntity, let inverse) = layout(of: relationship, in: entity.name)
            else { continue }
            let request = ColumnPlan.Request(
                subject: .order(entity: entity.name, name: relationship.name),
                defaultName: rules.orderColumn(inverse: inverse),
                explicitName: rules.honoursOverrides ? relationship.orderColumn : nil, owner: inverseEntity,
                type: .integer64, role: .order(entity: entity.name, relationship: relationship.name),
                isIndexed: false)
            plans[root(inverseEntity)]?.requests.append(request)
        }
    }

    private mutating func checkOverrides(of relationship: RelationshipDescription, in entity: String) {
        func misplaced(_ message: String) {
            errors.append(
                SQLMappingError(.misplacedOverride, entity: entity, property: relationship.name, message: message))
        }
        checkName(relationship.column, entity: entity, property: relationship.name, field: "column")
        checkName(relationship.orderColumn, entity: entity, property: relationship.name, field: "orderColumn")
        if relationship.isToMany, relationship.column != nil {
            misplaced("\"column\" names the foreign key of a to-one relationship; this one is to-many")
        }
        if !relationship.isToMany, relationship.joinTable != nil {
            misplaced("\"joinTable\" applies to to-many relationships; this one is to-one")
        }
        if relationship.orderColumn != nil, !(relationship.isToMany && relationship.isOrdered) {
            misplaced("\"orderColumn\" applies to ordered to-many relationships")
        }
        guard relationship.isToMany, relationship.joinTable != nil else { return }
        switch layout(of: relationship, in: entity) {
        case .foreignKey: break
        case .inverseForeignKey(let inverseEntity, let inverse):
            misplaced(
                "\"joinTable\" is given, but the relationship is stored by the foreign key of its to-one inverse "
                    + "'\(inverseEntity).\(inverse)'")
        case .joinTable(_, let other):
            if let other, other.entity != entity || other.name != relationship.name,
                schema.property(named: other.name, in: other.entity)?.relationship?.joinTable != nil,
                (entity, relationship.name) < (other.entity, other.name)
            {
                misplaced(
                    "\"joinTable\" is given on both '\(entity).\(relationship.name)' and its inverse "
                        + "'\(other.entity).\(other.name)'; give it on one side only")
            }
        }
    }

    private mutating func checkName(_ name: String?, entity: String, property: String, field: String) {
        if name?.isEmpty == true {
            errors.append(
                SQLMappingError(.emptyName, entity: entity, property: property, message: "\"\(field)\" is empty"))
        }
    }

    private func joinTable(ownedBy owner: RelationshipLayout.PropertyRef) -> SQLJoinTable? {
        guard
            let relationship = schema.entity(named: owner.entity)?.relationships.first(where: { $0.name == owner.name }
            ),
            case .joinTable(_, let other) = layout(of: relationship, in: owner.entity)
        else { return nil }
        let otherRelationship = other.flatMap { schema.property(named: $0.name, in: $0.entity)?.relationship }
        let keys = (
            source: rules.keyType(root: root(owner.entity)),
            destination: rules.keyType(root: root(relationship.destination))
        )
        return rules.joinTable(owner: owner, relationship, other: other, otherRelationship, keys: keys)
    }

    private func joinTables() -> [SQLJoinTable] {
        var tables: [SQLJoinTable] = []
        for entity in schema.entities {
            for relationship in entity.relationships where relationship.isToMany {
                guard case .joinTable(let owner, _) = layout(of: relationship, in: entity.name),
                    owner.entity == entity.name, owner.name == relationship.name,
                    let table = joinTable(ownedBy: owner)
                else { continue }
                tables.append(table)
            }
        }
        return tables
    }

    /// A `duplicateColumn` error when the columns of `table` are not distinct and non-empty.
    private func distinctColumnErrors(_ table: SQLJoinTable) -> [SQLMappingError] {
        let columns =
            [table.sourceColumn, table.destinationColumn]
            + [table.destinationOrderColumn, table.sourceOrderColumn].compactMap { $0 }
        guard Set(columns).count != columns.count || columns.contains(where: \.isEmpty) else { return [] }
        return [
            SQLMappingError(
                .duplicateColumn, entity: table.entity, property: table.relationship,
                message: "the join table \"\(table.name)\" needs distinct, non-empty column names, got "
                    + columns.map { "\"\($0)\"" }.joined(separator: ", "))
        ]
    }

    private mutating func fillStorage() {
        for entity in schema.entities {
            let table = tableNames[root(entity.name)] ?? entity.name
            let names = resolved[root(entity.name)] ?? [:]
            for attribute in entity.attributes where !attribute.isTransient {
                let column = names[.attribute(entity: entity.name, name: attribute.name)] ?? attribute.name
                storage[entity.name, default: [:]][attribute.name] = .column(
                    table: table, column: column, type: SQLColumnType(attribute.type, convention: rules.convention))
            }
            for relationship in entity.relationships {
                storage[entity.name, default: [:]][relationship.name] = relationshipStorage(
                    relationship, of: entity.name, table: table)
            }
        }
    }

    private func relationshipStorage(
        _ relationship: RelationshipDescription, of entity: String, table: String
    ) -> SQLPropertyStorage {
        switch layout(of: relationship, in: entity) {
        case .foreignKey:
            let column = resolved[root(entity)]?[.foreignKey(entity: entity, name: relationship.name)]
            return .foreignKey(table: table, column: column ?? rules.foreignKeyColumn(relationship))
        case .inverseForeignKey(let inverseEntity, let inverse):
            let names = resolved[root(inverseEntity)] ?? [:]
            return .inverseForeignKey(
                table: tableNames[root(inverseEntity)] ?? inverseEntity,
                column: names[.foreignKey(entity: inverseEntity, name: inverse)] ?? inverse,
                orderColumn: relationship.isOrdered ? names[.order(entity: entity, name: relationship.name)] : nil)
        case .joinTable(let owner, _):
            guard let join = joinsByOwner[owner] else {
                return .notStored(reason: rules.unstoredJoinReason(owner: owner))
            }
            if owner.entity == entity, owner.name == relationship.name {
                return .joinTable(
                    table: join.name, sourceColumn: join.sourceColumn, destinationColumn: join.destinationColumn,
                    orderColumn: join.destinationOrderColumn)
            }
            return .joinTable(
                table: join.name, sourceColumn: join.destinationColumn, destinationColumn: join.sourceColumn,
                orderColumn: join.sourceOrderColumn)
        }
    }
}

/// A `duplicateTable` error for every table name used twice.
func duplicateTableErrors(_ names: [String]) -> [SQLMappingError] {
    var seen: Set<String> = []
    var errors: [SQLMappingError] = []
    for name in names where !seen.insert(name).inserted {
        errors.append(
            SQLMappingError(
                .duplicateTable,
                message: "two tables are named \"\(name)\"; give one of them another \"table\" or \"joinTable\" name"))
    }
    return errors
}
