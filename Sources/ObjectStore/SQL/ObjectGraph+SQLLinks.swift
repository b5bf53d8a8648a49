import Evaluation
import KeyPaths
import Predicates

/// The graph's database reader, continued: the links of join tables, and the wording of a
/// stored key or position of the wrong kind.
extension ObjectGraph {
    /// The destinations (with their positions) of every object in each join table of `mapping`,
    /// by `Entity.relationship` of the declaring entity and then by source. A row whose keys or
    /// positions are of the wrong kind adds a problem to `errors` instead, naming the table,
    /// the source (when it reads) and the column.
    static func readLinks(
        from database: some SQLDatabase, mapping: SQLMapping, errors: inout [GraphError]
    ) throws -> [String: [ObjectKey: [(ObjectKey, Int64)]]] {
        var links: [String: [ObjectKey: [(ObjectKey, Int64)]]] = [:]
        for join in mapping.joinTables {
            var columns = [join.sourceColumn, join.destinationColumn]
            if let order = join.destinationOrderColumn { columns.append(order) }
            // An ordered inverse keeps its own order in the source order column: read it as a list of its own.
            let inverseKey = join.sourceOrderColumn.flatMap { _ in Self.inverseKey(of: join, in: mapping.schema) }
            if inverseKey != nil, let order = join.sourceOrderColumn { columns.append(order) }
            for row in try database.rows(.columns(columns, from: join.name)) {
                guard row.count == columns.count else {
                    throw GraphError(
                        .malformedDocument, entity: join.entity, key: join.relationship,
                        message: "table \"\(join.name)\": a row of \(row.count) values for \(columns.count) columns")
                }
                let source = ObjectKey(stored: row[0], as: join.sourceKeyType)
                let destination = ObjectKey(stored: row[1], as: join.destinationKeyType)
                var problems: [String] = []
                if source == nil { problems.append(notAKey(row[0], table: join.name, column: columns[0])) }
                if destination == nil { problems.append(notAKey(row[1], table: join.name, column: columns[1])) }
                // Positions: NULL counts as none (0); anything else must be an integer.
                var orders: [Int64] = []
                for index in columns.indices.dropFirst(2) {
                    if row[index].isNull {
                        orders.append(0)
                    } else if let position = row[index].integerValue {
                        orders.append(position)
                    } else {
                        problems.append(notAPosition(row[index], table: join.name, column: columns[index]))
                    }
                }
                guard problems.isEmpty, let source, let destination else {
                    errors += problems.map {
                        GraphError(.invalidValue, entity: join.entity, id: source, key: join.relationship, message: $0)
                    }
                    continue
                }
                let position = join.destinationOrderColumn != nil ? orders[0] : 0
                let name = join.entity + "." + join.relationship
                links[name, default: [:]][source, default: []].append((destination, position))
                if let inverseKey, let last = orders.last {
                    links[inverseKey, default: [:]][destination, default: []].append((source, last))
                }
                // A link of a relationship that is its own inverse holds both ways, whether the
                // database keeps one row for it or one per direction (deduplicated by the reader).
                if join.isSelfInverse, join.destinationOrderColumn == nil, source != destination {
                    links[name, default: [:]][destination, default: []].append((source, position))
                }
            }
        }
        return links
    }

    /// `Entity.inverse` for the inverse of a join table's relationship, named by the entity that
    /// declares it.
    private static func inverseKey(of join: SQLJoinTable, in schema: Schema) -> String? {
        guard let inverse = join.inverse,
            let destination = schema.property(named: join.relationship, in: join.entity)?.relationship?.destination
        else { return nil }
        return (schema.declaringEntity(ofProperty: inverse, in: destination) ?? destination) + "." + inverse
    }

    /// `table "Content", column "bucket_id": the real 1.5 is not a key`.
    static func notAKey(_ value: SQLValue, table: String, column: String) -> String {
        "table \"\(table)\", column \"\(column)\": "
            + (value.isNull ? "the key is NULL" : "\(describe(value)) is not a key")
    }

    /// `table "Content", column "contents_order": the text 'x' is not a position`.
    static func notAPosition(_ value: SQLValue, table: String, column: String) -> String {
        "table \"\(table)\", column \"\(column)\": \(describe(value)) is not a position"
    }

    /// `the blob x'01'`, `the real 1.5`, `the text 'a'`, `the integer 7`, `NULL`.
    private static func describe(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer: "the integer \(value)"
        case .double: "the real \(value)"
        case .text: "the text \(value)"
        case .blob: "the blob \(value)"
        }
    }
}
