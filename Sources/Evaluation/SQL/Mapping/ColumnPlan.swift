/// The columns requested for one table, before their names are final: each convention adds
/// requests, then resolves clashes its own way (the standard convention prefixes the entity,
/// Core Data appends a number).
struct ColumnPlan: Sendable {
    /// Which property a requested column stores.
    enum Subject: Sendable, Hashable {
        case attribute(entity: String, name: String)
        case foreignKey(entity: String, name: String)
        /// Positions within the ordered to-many `entity.name`.
        case order(entity: String, name: String)
    }

    /// One requested column.
    struct Request: Sendable {
        var subject: Subject
        /// The name the convention would give it alone.
        var defaultName: String
        /// A name given in the schema (never changed; a clash is an error).
        var explicitName: String?
        /// The entity whose name or number disambiguates a clash.
        var owner: String
        var type: SQLColumnType
        var role: SQLColumn.Role
        var isIndexed: Bool
    }

    /// The fixed columns (key, entity, version), in order.
    var fixed: [SQLColumn]
    var requests: [Request] = []

    /// The requests' final names, clashes of default names resolved by `disambiguate`
    /// (called with the clashing requests, in request order, and the names already taken).
    /// A default name clashes when several requests share it, or when an explicit or fixed
    /// column already has it.
    func resolvedNames(disambiguate: ([Request], Set<String>) -> [String]) -> [Subject: String] {
        var taken = Set(fixed.map(\.name))
        var names: [Subject: String] = [:]
        for request in requests {
            if let explicit = request.explicitName {
                names[request.subject] = explicit
                taken.insert(explicit)
            }
        }
        var groups: [String: [Request]] = [:]
        var order: [String] = []
        for request in requests where request.explicitName == nil {
            if groups[request.defaultName] == nil { order.append(request.defaultName) }
            groups[request.defaultName, default: []].append(request)
        }
        for name in order {
            guard let group = groups[name] else { continue }
            if group.count == 1, let only = group.first, !taken.contains(name) {
                names[only.subject] = name
                taken.insert(name)
                continue
            }
            for (request, resolved) in zip(group, disambiguate(group, taken)) {
                names[request.subject] = resolved
                taken.insert(resolved)
            }
        }
        return names
    }

    /// The table's columns with `names`, fixed columns first, then in `requestOrder`.
    func columns(named names: [Subject: String], requestOrder: [Request]) -> [SQLColumn] {
        fixed
            + requestOrder.map { request in
                SQLColumn(
                    name: names[request.subject] ?? request.defaultName, type: request.type, role: request.role,
                    isIndexed: request.isIndexed)
            }
    }

    /// A `duplicateColumn` error for every name used twice in `columns` of `table`.
    static func duplicateErrors(in columns: [SQLColumn], table: String) -> [SQLMappingError] {
        var seen: [String: SQLColumn] = [:]
        var errors: [SQLMappingError] = []
        for column in columns {
            guard let first = seen[column.name] else {
                seen[column.name] = column
                continue
            }
            let (entity, property) = describe(column.role)
            errors.append(
                SQLMappingError(
                    .duplicateColumn, entity: entity, property: property,
                    message: "column \"\(column.name)\" of table \"\(table)\" is also \(describeRole(first.role)); "
                        + "give one of them another \"column\""))
        }
        return errors
    }

    private static func describe(_ role: SQLColumn.Role) -> (String?, String?) {
        switch role {
        case .key, .entity, .version: (nil, nil)
        case .attribute(let entity, let name), .foreignKey(let entity, let name), .order(let entity, let name):
            (entity, name)
        }
    }

    private static func describeRole(_ role: SQLColumn.Role) -> String {
        switch role {
        case .key: "the primary key"
        case .entity: "the entity column"
        case .version: "the version column"
        case .attribute(let entity, let name): "the column of attribute '\(entity).\(name)'"
        case .foreignKey(let entity, let name): "the foreign key of '\(entity).\(name)'"
        case .order(let entity, let name): "the order column of '\(entity).\(name)'"
        }
    }
}
