import KeyPaths

/// Binds a Core Data mapping to the names a store really has, read from its catalogue, so that
/// no name the store can tell is guessed: Core Data numbers a repeated name (`ZWIDTH1`,
/// `Z_3ARTWORKS2`) in an order this engine can only infer (Docs/sql-mapping.md).
///
/// - **Entity tables.** A column the mapping names, and the store has with a type of the same
///   class, keeps its name. Any other is looked for among the store's columns named like it
///   with a number after (`ZWIDTH` → `ZWIDTH`, `ZWIDTH1`, …) that no column claimed and whose
///   type fits: one candidate is taken (two sub-entities' `width` of different types are told
///   apart so); several are an ambiguity, reported.
/// - **Join tables.** The table is `Z_<n><RELATIONSHIP>` of either side of the pair (the store
///   says which side owns it). Each join column is found by the name it must start with
///   (`Z_<n><NAME>`: the entity whose keys it holds and the relationship pointing at them),
///   whatever number follows; a relationship that is its own inverse takes the lower number as
///   its source. Order columns follow their join column (`Z_FOK_3ARTWORKS1`).
///
/// What stays unfound keeps the mapping's name, which the catalogue check then reports as
/// missing. Pure Swift over a ``SQLCatalogue``: tested with catalogues written by hand.
struct CoreDataStoreBinding<Dialect: SQLDialect> {
    let mapping: SQLMapping
    let catalogue: SQLCatalogue
    let dialect: Dialect
    private let rules: CoreDataConvention

    init(mapping: SQLMapping, catalogue: SQLCatalogue, dialect: Dialect) {
        self.mapping = mapping
        self.catalogue = catalogue
        self.dialect = dialect
        rules = CoreDataConvention(numbers: mapping.entityNumbers)
    }

    /// The mapping with the store's names, and the ambiguities found (each one line for
    /// ``SQLStoreMismatch``).
    func bound() -> (mapping: SQLMapping, differences: [String]) {
        var changes = SQLNameChanges()
        var differences: [String] = []
        for table in mapping.entityTables {
            guard let stored = catalogue.columns(ofTable: table.name, dialect: dialect) else { continue }
            let wanted = table.columns.map { column in
                WantedColumn(
                    name: column.name, base: base(of: column.role), type: column.type, what: describe(column.role))
            }
            var matcher = StoredColumnMatcher(stored: stored, dialect: dialect)
            differences += matcher.match(wanted, in: table.name) { changes.rename($0, of: table.name, to: $1) }
        }
        for join in mapping.joinTables {
            differences += bind(join, into: &changes)
        }
        return (mapping.renamed(changes), differences)
    }

    /// Binds one join table; returns its ambiguities.
    private func bind(_ join: SQLJoinTable, into changes: inout SQLNameChanges) -> [String] {
        guard let relationship = mapping.schema.property(named: join.relationship, in: join.entity)?.relationship,
            let inverse = join.inverse,
            let otherEntity = mapping.schema.declaringEntity(ofProperty: inverse, in: relationship.destination)
        else { return [] }
        var stored = catalogue.columns(ofTable: join.name, dialect: dialect)
        var tableName = join.name
        if stored == nil, !join.isSelfInverse {
            let other = rules.joinTableName(.init(entity: otherEntity, name: inverse))
            if let columns = catalogue.columns(ofTable: other, dialect: dialect) {
                stored = columns
                tableName = other
                changes.tables[join.name] = other
            }
        }
        guard let stored else { return [] }
        let what = "the links of '\(join.entity).\(join.relationship)'"
        let sourceBase = rules.joinColumnBase(keysOf: join.entity, named: inverse)
        let destinationBase = rules.joinColumnBase(keysOf: otherEntity, named: join.relationship)
        var wanted = [
            WantedColumn(
                name: join.sourceColumn, base: sourceBase, type: join.sourceKeyType.columnType,
                what: "the keys of '\(join.entity)' in \(what)"),
            WantedColumn(
                name: join.destinationColumn, base: destinationBase, type: join.destinationKeyType.columnType,
                what: "the keys of '\(otherEntity)' in \(what)"),
        ]
        var matcher = StoredColumnMatcher(stored: stored, dialect: dialect)
        var bound: [String: String] = [:]
        var differences = matcher.match(wanted, in: tableName, interchangeable: join.isSelfInverse) {
            bound[$0] = $1
            changes.rename($0, of: join.name, to: $1)
        }
        // Order columns stand beside the join column they follow, with its number.
        wanted = []
        if let order = join.destinationOrderColumn {
            let column = bound[join.destinationColumn] ?? join.destinationColumn
            wanted.append(
                WantedColumn(
                    name: CoreDataConvention.orderColumn(of: column), renaming: order,
                    base: CoreDataConvention.orderColumn(of: destinationBase), type: .integer64,
                    what: "the order of \(what)"))
        }
        if let order = join.sourceOrderColumn {
            let column = bound[join.sourceColumn] ?? join.sourceColumn
            wanted.append(
                WantedColumn(
                    name: CoreDataConvention.orderColumn(of: column), renaming: order,
                    base: CoreDataConvention.orderColumn(of: sourceBase), type: .integer64,
                    what: "the order of the links of '\(otherEntity).\(inverse)'"))
        }
        differences += matcher.match(wanted, in: tableName) { changes.rename($0, of: join.name, to: $1) }
        return differences
    }

    /// The name a column of an entity table has before any number: `ZWIDTH` for `width`.
    private func base(of role: SQLColumn.Role) -> String? {
        let schema = mapping.schema
        switch role {
        case .key, .entity, .version:
            return nil
        case .attribute(let entity, let attribute):
            return schema.property(named: attribute, in: entity)?.attribute.map(rules.attributeColumn)
        case .foreignKey(let entity, let relationship):
            return schema.property(named: relationship, in: entity)?.relationship.map(rules.foreignKeyColumn)
        case .order(let entity, let relationship):
            return schema.property(named: relationship, in: entity)?.relationship?.inverse.map {
                rules.orderColumn(inverse: $0)
            }
        }
    }

    private func describe(_ role: SQLColumn.Role) -> String {
        switch role {
        case .key: "the key"
        case .entity: "the entity of each row"
        case .version: "Core Data's version number"
        case .attribute(let entity, let attribute): "the attribute '\(entity).\(attribute)'"
        case .foreignKey(let entity, let relationship): "the relationship '\(entity).\(relationship)'"
        case .order(let entity, let relationship): "the order of '\(entity).\(relationship)'"
        }
    }
}
