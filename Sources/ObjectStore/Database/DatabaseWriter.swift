import Evaluation
import KeyPaths
import Predicates

/// Turns an applied change set into the statements that make the database say what the
/// working graph says after it (`DatabaseStore.apply`), in this order:
///
/// 1. links removed from join tables, and every link of a deleted object;
/// 2. the deleted objects' rows;
/// 3. the inserted objects' rows (`Z_OPT` 1 and `Z_ENT` under Core Data);
/// 4. one `UPDATE` per changed row: the attributes and foreign keys the applied change set
///    changes, the order columns of ordered relationships that gained objects (every position
///    rewritten from the working graph: the owner is loaded completely), and under Core Data
///    `Z_OPT` one more than it was;
/// 5. links added to join tables (each written by the side that owns the table, so once), then
///    the positions of ordered join tables that gained links;
/// 6. under Core Data, `Z_PRIMARYKEY.Z_MAX` of each hierarchy that got objects raised to the
///    largest id inserted.
///
/// Every identifier comes from the mapping and every value is bound (``SQLCommand``).
struct DatabaseWriter {
    let database: any SQLDatabase
    let mapping: SQLMapping
    let working: DatabaseWorkingSet
    /// The working graph before and after the change.
    let before: ObjectGraph
    let after: ObjectGraph
    var schema: Schema { mapping.schema }

    /// Column values to set, by row.
    private struct RowChanges {
        var table: SQLEntityTable
        var values: [String: SQLValue] = [:]
    }

    func write(_ applied: ChangeSet) throws {
        var rowChanges: [ObjectID: RowChanges] = [:]
        var inserted: Set<ObjectID> = []
        var linkDeletes: [SQLDelete] = []
        var linkInserts: [SQLInsert] = []
        /// (object, relationship) of ordered lists that gained objects.
        var grown: [(ObjectID, String, RelationshipDescription)] = []
        var deletedByHierarchy: [String: [ObjectKey]] = [:]

        for (entity, changes) in applied.entities.sorted(by: { $0.key < $1.key }) {
            guard let table = mapping.table(of: entity) else { continue }
            let hierarchy = table.rootEntity
            for id in changes.deleted { deletedByHierarchy[hierarchy, default: []].append(id) }
            for object in changes.inserted {
                let own = ObjectID(hierarchy: hierarchy, id: object.id)
                inserted.insert(own)
                for relationship in schema.allRelationships(of: entity) {
                    let value = try after.value(forKey: relationship.name, of: own)
                    if !value.objects.isEmpty { try requireStored(relationship, of: entity, id: object.id) }
                    guard relationship.isToMany else { continue }
                    let targets = value.objects.map(\.id)
                    if let insert = try linkInsert(own, entity, relationship, targets) { linkInserts.append(insert) }
                    if relationship.isOrdered, !targets.isEmpty { grown.append((own, entity, relationship)) }
                }
            }
            for update in changes.updated {
                let own = ObjectID(hierarchy: hierarchy, id: update.id)
                var row = rowChanges[own] ?? RowChanges(table: table)
                for (key, value) in update.attributes {
                    guard case .column(_, let column, let type)? = mapping.storage(of: key, in: entity),
                        let attribute = schema.property(named: key, in: entity)?.attribute
                    else { continue }
                    row.values[column] = try stored(value, attribute, type, entity: entity, id: update.id)
                }
                for (name, change) in update.relationships {
                    guard let relationship = schema.property(named: name, in: entity)?.relationship else { continue }
                    try requireStored(relationship, of: entity, id: update.id)
                    switch change {
                    case .toOne(_, let new):
                        guard case .foreignKey(_, let column)? = mapping.storage(of: name, in: entity) else { continue }
                        row.values[column] = try new.map { try key(of: $0, entity: relationship.destination) } ?? .null
                    case .toMany(let added, let removed):
                        guard isOwner(entity, relationship) else { break }
                        for target in removed { linkDeletes += try linkDelete(own, entity, relationship, target) }
                        if let insert = try linkInsert(own, entity, relationship, added) { linkInserts.append(insert) }
                        if relationship.isOrdered, !added.isEmpty { grown.append((own, entity, relationship)) }
                    }
                    if case .toMany(let added, _) = change, relationship.isOrdered, !added.isEmpty,
                        !isOwner(entity, relationship)
                    {
                        grown.append((own, entity, relationship))
                    }
                }
                rowChanges[own] = row
            }
        }
        var positionUpdates: [SQLUpdate] = []
        for (owner, entity, relationship) in grown {
            let members = try after.value(forKey: relationship.name, of: owner).objects
            switch mapping.storage(of: relationship.name, in: entity) {
            case .inverseForeignKey(let table, _, let orderColumn?)?:
                guard let memberTable = mapping.entityTables.first(where: { $0.name == table }) else { continue }
                for (position, member) in members.enumerated() {
                    rowChanges[member, default: RowChanges(table: memberTable)].values[orderColumn] =
                        .integer(Int64(position + 1))
                }
            case .joinTable(let table, let source, let target, let orderColumn?)?:
                let ownerKey = try key(of: owner.id, entity: entity)
                for (position, member) in members.enumerated() {
                    positionUpdates.append(
                        SQLUpdate(
                            table: table, set: [.init(orderColumn, .value(.integer(Int64(position + 1))))],
                            where: [
                                .binary(.columnName(source), .equal, .value(ownerKey)),
                                .binary(
                                    .columnName(target), .equal,
                                    .value(try key(of: member.id, entity: relationship.destination))),
                            ]))
                }
            default: continue
            }
        }

        // 1. links, 2. rows deleted
        for delete in linkDeletes { try database.execute(.delete(delete)) }
        for (hierarchy, keys) in deletedByHierarchy.sorted(by: { $0.key < $1.key }) {
            guard let table = mapping.table(of: hierarchy) else { continue }
            let stored = try keys.map { try key(of: $0, entity: hierarchy) }
            for join in mapping.joinTables {
                if mapping.table(of: join.entity)?.rootEntity == hierarchy {
                    try deleteIn(join.name, column: join.sourceColumn, stored)
                }
                let destination = schema.property(named: join.relationship, in: join.entity)?.relationship?.destination
                if let destination, mapping.table(of: destination)?.rootEntity == hierarchy {
                    try deleteIn(join.name, column: join.destinationColumn, stored)
                }
            }
            try deleteIn(table.name, column: table.keyColumn, stored)
        }
        // 3. rows inserted
        try insertRows(applied, inserted: inserted)
        // 4. rows changed
        for (object, row) in rowChanges.sorted(by: { $0.key < $1.key }) where !row.values.isEmpty {
            var values = row.values
            if let version = row.table.versionColumn, !inserted.contains(object) {
                values[version] = .integer((working.rows[object]?.version ?? 0) + 1)
            }
            let update = SQLUpdate(
                table: row.table.name, set: values.sorted { $0.key < $1.key }.map { .init($0.key, .value($0.value)) },
                where: [
                    .binary(
                        .columnName(row.table.keyColumn), .equal,
                        .value(try key(of: object.id, entity: row.table.rootEntity)))
                ])
            try database.execute(.update(update))
        }
        // 5. links added, positions
        for insert in linkInserts {
            for batch in insert.batches(maximumBindings: database.dialect.maximumBindings) {
                try database.execute(.insert(batch))
            }
        }
        for update in positionUpdates { try database.execute(.update(update)) }
        // 6. Z_MAX
        if mapping.convention == .coreData { try raisePrimaryKeyMaxima(inserted) }
    }

    // MARK: Rows

    private func insertRows(_ applied: ChangeSet, inserted: Set<ObjectID>) throws {
        for table in mapping.entityTables {
            var insert = SQLInsert(table: table.name, columns: table.columns.map(\.name), rows: [])
            for (entity, changes) in applied.entities.sorted(by: { $0.key < $1.key })
            where mapping.table(of: entity)?.name == table.name {
                for object in changes.inserted {
                    let own = ObjectID(hierarchy: table.rootEntity, id: object.id)
                    insert.rows.append(try table.columns.map { try columnValue($0, of: own, entity: entity) })
                }
            }
            for batch in insert.batches(maximumBindings: database.dialect.maximumBindings) {
                try database.execute(.insert(batch))
            }
        }
    }

    /// The value of `column` for the inserted `object`, from the working graph after the change.
    private func columnValue(_ column: SQLColumn, of object: ObjectID, entity: String) throws -> SQLValue {
        switch column.role {
        case .key: return try key(of: object.id, entity: entity)
        case .entity: return mapping.entityValue(of: entity) ?? .null
        case .version: return .integer(1)
        case .attribute(let declaring, let name):
            guard schema.isKind(entity, of: declaring),
                let attribute = schema.property(named: name, in: entity)?.attribute,
                case .attribute(let value) = try after.value(forKey: name, of: object)
            else { return .null }
            return try stored(value, attribute, column.type, entity: entity, id: object.id)
        case .foreignKey(let declaring, let name):
            guard schema.isKind(entity, of: declaring),
                let relationship = schema.property(named: name, in: entity)?.relationship,
                case .toOne(let target?) = try after.value(forKey: name, of: object)
            else { return .null }
            return try key(of: target.id, entity: relationship.destination)
        case .order:
            // Written with the positions of the list that gained the object.
            return .null
        }
    }

    private func stored(
        _ value: PredicateValue, _ attribute: AttributeDescription, _ column: SQLColumnType, entity: String,
        id: ObjectKey
    ) throws -> SQLValue {
        do throws(GraphError) {
            if case .double(let number) = value, number.isNaN, !database.dialect.storesNaN {
                throw GraphError(.invalidValue, message: "NaN cannot be stored: this database keeps it as NULL")
            }
            return try ObjectGraph.storedValue(value, type: attribute.type, column: column, mapping: mapping)
        } catch {
            throw GraphErrors([
                GraphError(error.kind, entity: entity, id: id, key: attribute.name, message: error.message)
            ])
        }
    }

    private func key(of id: ObjectKey, entity: String) throws -> SQLValue {
        do throws(GraphError) {
            return try after.storedSQLKey(id, entity: entity, mapping: mapping)
        } catch {
            throw GraphErrors([error])
        }
    }

    /// Refuses a change to a relationship the mapping does not store (under Core Data, a
    /// to-many relationship without an inverse), which the database would lose.
    private func requireStored(_ relationship: RelationshipDescription, of entity: String, id: ObjectKey) throws {
        guard case .notStored(let reason)? = mapping.storage(of: relationship.name, in: entity) else { return }
        throw GraphErrors([
            GraphError(
                .invalidValue, entity: entity, id: id, key: relationship.name,
                message: "the database cannot store this change: \(reason)")
        ])
    }

    // MARK: Links

    /// Whether the links of `relationship` of `entity` are written from its side: a foreign
    /// key is written by its own row; a join table by the relationship that owns it (both sides
    /// of a relationship that is its own inverse).
    private func isOwner(_ entity: String, _ relationship: RelationshipDescription) -> Bool {
        guard case .joinTable(let table, _, _, _)? = mapping.storage(of: relationship.name, in: entity) else {
            return false
        }
        let declaring = schema.declaringEntity(ofProperty: relationship.name, in: entity) ?? entity
        return mapping.joinTables.contains { join in
            join.name == table && join.entity == declaring && join.relationship == relationship.name
        }
    }

    private func linkInsert(
        _ owner: ObjectID, _ entity: String, _ relationship: RelationshipDescription, _ targets: [ObjectKey]
    ) throws -> SQLInsert? {
        guard !targets.isEmpty, isOwner(entity, relationship),
            case .joinTable(let table, let source, let target, _)? = mapping.storage(of: relationship.name, in: entity)
        else { return nil }
        let ownerKey = try key(of: owner.id, entity: entity)
        return SQLInsert(
            table: table, columns: [source, target],
            rows: try targets.map { [ownerKey, try key(of: $0, entity: relationship.destination)] })
    }

    private func linkDelete(
        _ owner: ObjectID, _ entity: String, _ relationship: RelationshipDescription, _ target: ObjectKey
    ) throws -> [SQLDelete] {
        guard
            case .joinTable(let table, let source, let destination, _)? =
                mapping.storage(of: relationship.name, in: entity)
        else { return [] }
        let ownerKey = try key(of: owner.id, entity: entity)
        let targetKey = try key(of: target, entity: relationship.destination)
        return [
            SQLDelete(
                from: table,
                where: [
                    .binary(.columnName(source), .equal, .value(ownerKey)),
                    .binary(.columnName(destination), .equal, .value(targetKey)),
                ])
        ]
    }

    private func deleteIn(_ table: String, column: String, _ keys: [SQLValue]) throws {
        let batch = max(1, min(database.dialect.maximumBindings, 900))
        for start in stride(from: 0, to: keys.count, by: batch) {
            let slice = keys[start..<min(keys.count, start + batch)]
            try database.execute(
                .delete(SQLDelete(from: table, where: [.inList(.columnName(column), slice.map { .value($0) })])))
        }
    }

    // MARK: Core Data

    /// `UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ? AND Z_MAX < ?` for the root entity of
    /// each hierarchy that got objects, with the largest integer id inserted.
    private func raisePrimaryKeyMaxima(_ inserted: Set<ObjectID>) throws {
        var maxima: [String: Int64] = [:]
        for object in inserted {
            guard case .int(let id) = object.id else { continue }
            maxima[object.hierarchy] = max(maxima[object.hierarchy] ?? Int64.min, Int64(id))
        }
        for (root, maximum) in maxima.sorted(by: { $0.key < $1.key }) {
            guard let number = mapping.entityNumbers[root] else { continue }
            try database.execute(
                .update(
                    SQLUpdate(
                        table: "Z_PRIMARYKEY", set: [.init("Z_MAX", .value(.integer(maximum)))],
                        where: [
                            .binary(.columnName("Z_ENT"), .equal, .value(.integer(Int64(number)))),
                            .binary(.columnName("Z_MAX"), .less, .value(.integer(maximum))),
                        ])))
        }
    }
}
