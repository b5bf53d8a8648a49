import Evaluation
import KeyPaths
import Predicates

/// The part of a database that a change set reads, loaded with keyed queries into an
/// ``ObjectGraph`` so that the graph's own planning (``ObjectGraph/apply(_:)``: validation,
/// `old` checks, delete rules, inverses, the applied change set) runs on it unchanged.
///
/// - *Complete* objects are loaded with every attribute and every relationship (all
///   destinations): each object the change set deletes, the objects a Cascade rule reaches
///   from a deletion (transitively, through the links in the database and those the change
///   set adds: ``cascadeLinks(of:mapping:)``), and the objects that reach a deleted one through a
///   relationship without an inverse.
/// - The objects the change set updates or names as a destination (a value, an `old`, a
///   `new`, an `added`, a `removed`) are loaded with their row, their to-one destinations,
///   their ordered to-many relationships, and (updated objects) the to-many relationships the
///   update changes.
/// - Their destinations are loaded as *neighbours*: their row (attributes, foreign keys to
///   loaded objects), so that the inverse side of each relationship a change touches is there
///   with its old value; their to-many relationships hold only the loaded objects, which is all
///   a change can touch.
/// - The ids the change set inserts are looked up (with the other id a text key would store
///   them under), so that an id in use is refused as in memory.
///
/// Every query is `SELECT … FROM table WHERE key IN (…)` (or a foreign-key or join column
/// `IN (…)`), built with ``SQLSelect`` from the mapping, every key bound.
struct DatabaseWorkingSet {
    /// One loaded row.
    struct Row {
        var entity: String
        var attributes: [String: PredicateValue] = [:]
        var foreignKeys: [String: ObjectKey] = [:]
        /// Core Data's `Z_OPT`, when the table has one.
        var version: Int64?
    }

    let database: any SQLDatabase
    let mapping: SQLMapping
    var schema: Schema { mapping.schema }

    private(set) var rows: [ObjectID: Row] = [:]
    /// Ids looked up and not found.
    private var missing: Set<ObjectID> = []
    /// The complete objects' to-many destinations, by relationship name (in order when ordered).
    private(set) var toMany: [ObjectID: [String: [ObjectKey]]] = [:]
    private(set) var complete: Set<ObjectID> = []
    /// The objects loaded as referenced only (see ``reference(_:)``).
    private var referenced: Set<ObjectID> = []

    init(database: any SQLDatabase, mapping: SQLMapping) {
        self.database = database
        self.mapping = mapping
    }

    /// The working set of `changes`: see the type's description.
    static func load(for changes: ChangeSet, database: any SQLDatabase, mapping: SQLMapping) throws
        -> DatabaseWorkingSet
    {
        var set = DatabaseWorkingSet(database: database, mapping: mapping)
        var updated: Set<ObjectID> = []
        var referenced: Set<ObjectID> = []
        var inserted: Set<ObjectID> = []
        var deleted: Set<ObjectID> = []
        /// The updated objects whose to-many relationship (by name) the change set changes.
        var changedToMany: [String: Set<ObjectID>] = [:]
        let schema = mapping.schema
        func id(_ key: ObjectKey, _ entity: String) -> ObjectID? {
            mapping.table(of: entity).map { ObjectID(hierarchy: $0.rootEntity, id: key) }
        }
        func destinationIDs(_ value: PredicateValue, _ key: String, of entity: String) -> [ObjectID] {
            guard let destination = schema.property(named: key, in: entity)?.relationship?.destination else {
                return []
            }
            let keys: [ObjectKey]
            switch value {
            case .array(let list): keys = list.compactMap(ObjectKey.init)
            case .set(let set): keys = set.compactMap(ObjectKey.init)
            default: keys = ObjectKey(value).map { [$0] } ?? []
            }
            return keys.compactMap { id($0, destination) }
        }
        for (entity, entityChanges) in changes.entities {
            for object in entityChanges.inserted {
                guard let own = id(object.id, entity) else { continue }
                inserted.insert(own)
                if let twin = object.id.textTwin { inserted.insert(ObjectID(hierarchy: own.hierarchy, id: twin)) }
                for (key, value) in object.values { referenced.formUnion(destinationIDs(value, key, of: entity)) }
            }
            for object in entityChanges.updated {
                guard let own = id(object.id, entity) else { continue }
                updated.insert(own)
                for (key, change) in object.relationships {
                    guard let destination = schema.property(named: key, in: entity)?.relationship?.destination
                    else { continue }
                    referenced.formUnion(change.mentionedIDs.compactMap { id($0, destination) })
                    if case .toMany = change { changedToMany[key, default: []].insert(own) }
                }
            }
            for key in entityChanges.deleted {
                if let own = id(key, entity) { deleted.insert(own) }
            }
        }
        try set.loadRows(inserted)
        try set.complete(deleted)
        try set.reference(updated.union(referenced))
        // The `added` and `removed` of an update are checked against the whole relationship.
        for (name, owners) in changedToMany.sorted(by: { $0.key < $1.key }) {
            try set.loadToMany(of: owners.filter { set.rows[$0] != nil }) { $0.name == name }
        }
        if !deleted.isEmpty {
            let removed = try set.cascadeClosure(
                from: deleted, adding: cascadeLinks(of: changes, mapping: mapping))
            try set.complete(try set.referrersWithoutInverse(to: removed))
        }
        try set.loadRows(set.destinationsOfComplete())
        return set
    }

    /// The loaded objects as a graph: complete objects with every relationship, neighbours with
    /// their links to loaded objects.
    func graph() throws -> ObjectGraph {
        var objects: [String: [InsertedObject]] = [:]
        for (object, row) in rows {
            var values = row.attributes
            for (key, target) in row.foreignKeys {
                guard let destination = schema.property(named: key, in: row.entity)?.relationship?.destination,
                    let hierarchy = mapping.table(of: destination)?.rootEntity,
                    rows[ObjectID(hierarchy: hierarchy, id: target)] != nil
                else { continue }
                values[key] = target.predicateValue
            }
            for (key, targets) in toMany[object] ?? [:] {
                values[key] = .array(targets.map(\.predicateValue))
            }
            objects[row.entity, default: []].append(InsertedObject(id: object.id, values: values))
        }
        return try ObjectGraph(schema: schema, objects: objects)
    }

    // MARK: Loading

    /// Loads the rows of `objects` not loaded or looked up yet.
    private mutating func loadRows(_ objects: some Sequence<ObjectID>) throws {
        var byHierarchy: [String: [ObjectKey]] = [:]
        for object in objects where rows[object] == nil && !missing.contains(object) {
            byHierarchy[object.hierarchy, default: []].append(object.id)
        }
        for (hierarchy, keys) in byHierarchy.sorted(by: { $0.key < $1.key }) {
            guard let table = mapping.table(of: hierarchy) else { continue }
            var found: Set<ObjectKey> = []
            for row in try selectIn(
                table.columns.map(\.name), from: table.name, column: table.keyColumn,
                keys: keys, keyEntity: hierarchy)
            {
                guard let (key, parsed) = parse(row, table) else { continue }
                rows[ObjectID(hierarchy: hierarchy, id: key)] = parsed
                found.insert(key)
            }
            for key in keys where !found.contains(key) { missing.insert(ObjectID(hierarchy: hierarchy, id: key)) }
        }
    }

    /// Loads the objects a change set only refers to: their rows, and completely their ordered
    /// to-many relationships (an ordered list that gains an object is written whole). Their
    /// unordered to-many relationships hold only the loaded objects that point at them, which
    /// are all a change can connect to them or take from them.
    private mutating func reference(_ objects: some Sequence<ObjectID>) throws {
        let new = Set(objects).subtracting(complete).subtracting(referenced)
        guard !new.isEmpty else { return }
        try loadRows(new)
        let present = new.filter { rows[$0] != nil }
        referenced.formUnion(present)
        try loadToMany(of: present) { $0.isOrdered }
    }

    /// Loads `objects` completely: rows, then every to-many relationship.
    private mutating func complete(_ objects: some Sequence<ObjectID>) throws {
        let new = Set(objects).subtracting(complete)
        guard !new.isEmpty else { return }
        try loadRows(new)
        let present = new.filter { rows[$0] != nil }
        complete.formUnion(present)
        try loadToMany(of: present) { _ in true }
    }

    /// Loads the to-many relationships of `objects` that `include` selects.
    private mutating func loadToMany(
        of objects: Set<ObjectID>, _ include: (RelationshipDescription) -> Bool
    ) throws {
        let present = objects
        // Group by (entity, relationship) so that each storage is read once for all objects.
        var groups: [String: (RelationshipDescription, String, [ObjectID])] = [:]
        for object in present {
            guard let entity = rows[object]?.entity else { continue }
            for relationship in schema.allRelationships(of: entity) where relationship.isToMany && include(relationship)
            {
                let declaring = schema.declaringEntity(ofProperty: relationship.name, in: entity) ?? entity
                let name = declaring + "." + relationship.name
                groups[name, default: (relationship, declaring, [])].2.append(object)
            }
        }
        for (_, (relationship, declaring, owners)) in groups.sorted(by: { $0.key < $1.key }) {
            try loadToMany(relationship, declaredBy: declaring, of: owners)
        }
    }

    private mutating func loadToMany(
        _ relationship: RelationshipDescription, declaredBy declaring: String, of owners: [ObjectID]
    ) throws {
        guard let destination = mapping.table(of: relationship.destination)?.rootEntity,
            let hierarchy = owners.first?.hierarchy
        else { return }
        var lists: [ObjectKey: [(ObjectKey, Int64)]] = [:]
        let keys = owners.map(\.id)
        switch mapping.storage(of: relationship.name, in: declaring) {
        case .inverseForeignKey(let table, let column, let orderColumn)?:
            guard let entityTable = mapping.table(of: relationship.destination) else { return }
            let columns = [entityTable.keyColumn, column] + (orderColumn.map { [$0] } ?? [])
            for row in try selectIn(columns, from: table, column: column, keys: keys, keyEntity: hierarchy) {
                guard let member = ObjectKey(stored: row[0], as: entityTable.keyType),
                    let owner = ObjectKey(stored: row[1], as: mapping.keyType(ofHierarchyOf: hierarchy))
                else { continue }
                lists[owner, default: []].append((member, row.count > 2 ? row[2].integerValue ?? 0 : 0))
            }
        case .joinTable(let table, let source, let target, let orderColumn)?:
            let columns = [source, target] + (orderColumn.map { [$0] } ?? [])
            let sourceType = mapping.keyType(ofHierarchyOf: hierarchy)
            let targetType = mapping.keyType(ofHierarchyOf: destination)
            for row in try selectIn(columns, from: table, column: source, keys: keys, keyEntity: hierarchy) {
                guard let owner = ObjectKey(stored: row[0], as: sourceType),
                    let member = ObjectKey(stored: row[1], as: targetType)
                else { continue }
                lists[owner, default: []].append((member, row.count > 2 ? row[2].integerValue ?? 0 : 0))
            }
            // A relationship that is its own inverse may keep one row per link, either way round.
            if mapping.joinTables.contains(where: { $0.name == table && $0.isSelfInverse }) {
                for row in try selectIn(
                    [target, source], from: table, column: target, keys: keys, keyEntity: hierarchy)
                {
                    guard let owner = ObjectKey(stored: row[0], as: sourceType),
                        let member = ObjectKey(stored: row[1], as: targetType)
                    else { continue }
                    lists[owner, default: []].append((member, 0))
                }
            }
        case .foreignKey?, .column?, .notStored?, nil:
            return
        }
        for owner in owners {
            var seen: Set<ObjectKey> = []
            let list = (lists[owner.id] ?? []).sorted { ($0.1, $0.0) < ($1.1, $1.0) }
                .map(\.0).filter { seen.insert($0).inserted }
            toMany[owner, default: [:]][relationship.name] = list
        }
    }

    /// Every object a Cascade rule reaches from `deleted` through the database as it is and
    /// the links the change set adds (`links`, ``cascadeLinks(of:mapping:)``), each loaded
    /// completely; returns them with `deleted`.
    private mutating func cascadeClosure(
        from deleted: Set<ObjectID>, adding links: [ObjectID: Set<ObjectID>]
    ) throws -> Set<ObjectID> {
        var reached = deleted
        var frontier = Array(deleted)
        while !frontier.isEmpty {
            try complete(frontier)
            var next: [ObjectID] = []
            for object in frontier {
                for target in (links[object] ?? []).sorted() where reached.insert(target).inserted {
                    next.append(target)
                }
                guard let entity = rows[object]?.entity else { continue }
                for relationship in schema.allRelationships(of: entity) where relationship.deleteRule == .cascade {
                    for target in destinations(of: object, relationship) where reached.insert(target).inserted {
                        next.append(target)
                    }
                }
            }
            frontier = next
        }
        return reached
    }

    /// The objects whose relationship without an inverse holds one of `objects`.
    private func referrersWithoutInverse(to objects: Set<ObjectID>) throws -> [ObjectID] {
        var byHierarchy: [String: [ObjectKey]] = [:]
        for object in objects { byHierarchy[object.hierarchy, default: []].append(object.id) }
        var found: [ObjectID] = []
        for entity in schema.entities {
            guard let sourceTable = mapping.table(of: entity.name) else { continue }
            for relationship in entity.relationships where relationship.inverse == nil {
                guard let hierarchy = mapping.table(of: relationship.destination)?.rootEntity,
                    let keys = byHierarchy[hierarchy]
                else { continue }
                let rows: [[SQLValue]]
                switch mapping.storage(of: relationship.name, in: entity.name) {
                case .foreignKey(let table, let column)?:
                    rows = try selectIn(
                        [sourceTable.keyColumn], from: table, column: column, keys: keys,
                        keyEntity: hierarchy)
                case .joinTable(let table, let source, let target, _)?:
                    rows = try selectIn([source], from: table, column: target, keys: keys, keyEntity: hierarchy)
                case .inverseForeignKey?, .column?, .notStored?, nil:
                    continue
                }
                for row in rows {
                    if let key = row.first.flatMap({ ObjectKey(stored: $0, as: sourceTable.keyType) }) {
                        found.append(ObjectID(hierarchy: sourceTable.rootEntity, id: key))
                    }
                }
            }
        }
        return found
    }

    /// The destinations of `relationship` of a loaded object.
    func destinations(of object: ObjectID, _ relationship: RelationshipDescription) -> [ObjectID] {
        guard let hierarchy = mapping.table(of: relationship.destination)?.rootEntity else { return [] }
        if relationship.isToMany {
            return (toMany[object]?[relationship.name] ?? []).map { ObjectID(hierarchy: hierarchy, id: $0) }
        }
        return rows[object]?.foreignKeys[relationship.name].map { [ObjectID(hierarchy: hierarchy, id: $0)] } ?? []
    }

    private func destinationsOfComplete() -> [ObjectID] {
        complete.union(referenced).flatMap { object -> [ObjectID] in
            guard let entity = rows[object]?.entity else { return [] }
            return schema.allRelationships(of: entity).flatMap { destinations(of: object, $0) }
        }
    }

    // MARK: Queries

    /// `SELECT columns FROM table WHERE column IN (keys)`, the keys stored as the hierarchy of
    /// `keyEntity` stores them, cut into statements the dialect binds.
    private func selectIn(
        _ columns: [String], from table: String, column: String, keys: [ObjectKey], keyEntity: String
    ) throws -> [[SQLValue]] {
        let stored = keys.compactMap { mapping.bound(key: $0, of: keyEntity) }
        var result: [[SQLValue]] = []
        let batch = max(1, min(database.dialect.maximumBindings, 900))
        for start in stride(from: 0, to: stored.count, by: batch) {
            var select = SQLSelect.columns(columns, from: table)
            let slice = stored[start..<min(stored.count, start + batch)]
            select.conditions = [.inList(.columnName(column), slice.map { .value($0) })]
            result += try database.rows(select)
        }
        return result
    }

    /// The key and the parsed row of `row` (every column of `table`), or `nil` for a row
    /// whose key or entity cannot be read (the graph's reader reports those).
    private func parse(_ row: [SQLValue], _ table: SQLEntityTable) -> (ObjectKey, Row)? {
        guard row.count == table.columns.count else { return nil }
        var key: ObjectKey?
        var parsed = Row(entity: table.rootEntity)
        for (column, value) in zip(table.columns, row) {
            switch column.role {
            case .key: key = ObjectKey(stored: value, as: table.keyType)
            case .entity:
                guard let entity = mapping.entity(withValue: value, inHierarchyOf: table.rootEntity) else { return nil }
                parsed.entity = entity
            case .version: parsed.version = value.integerValue
            case .attribute, .foreignKey, .order: break
            }
        }
        for (column, value) in zip(table.columns, row) where !value.isNull {
            switch column.role {
            case .attribute(let declaring, let attribute):
                guard schema.isKind(parsed.entity, of: declaring) else { continue }
                let type = schema.property(named: attribute, in: declaring)?.attribute?.type
                if case .success(let converted) = value.predicateValue(as: type, in: column.type) {
                    parsed.attributes[attribute] = converted
                }
            case .foreignKey(let declaring, let relationship):
                guard schema.isKind(parsed.entity, of: declaring) else { continue }
                if let target = ObjectKey(stored: value, as: mapping.keyType(ofColumn: column.role, in: table)) {
                    parsed.foreignKeys[relationship] = target
                }
            case .key, .entity, .version, .order: break
            }
        }
        return key.map { ($0, parsed) }
    }
}
