import Foundation
import KeyPaths
import Predicates

/// Key paths: to-one hops become LEFT JOINs of the current select; a to-many hop starts a
/// correlated subquery over the elements (``ElementSource``); collection operators aggregate
/// over it.
///
/// | key path (from `Content`) | SQL |
/// |---|---|
/// | `name` | `t0.name` |
/// | `bucket.owner.name` | `t2.name` with `LEFT JOIN Bucket t1 ON t1.id = t0.bucket LEFT JOIN User t2 ON t2.id = t1.owner` |
/// | `bucket` | `t0.bucket` (the foreign key: NULL when there is no Bucket) |
/// | `tags.name` | the elements `SELECT … FROM Content_tags j JOIN Tag t1 ON t1.id = j.tag WHERE j.content = t0.id` |
/// | `tags.@count` | `(SELECT COUNT(*) FROM Content_tags j … WHERE j.content = t0.id)` |
extension LoweringWalk {
    /// A key path of the checked predicate read from `row`.
    func keyPath(_ path: CheckedKeyPath, from row: Row) throws(SQLLoweringError) -> LoweredOperand {
        guard let resolved = path.resolved else {
            throw unsupported("'\(path.text)'", path.range)
        }
        return try keyPath(resolved, from: row, range: path.range, text: path.text)
    }

    /// A resolved key path read from `start`.
    func keyPath(_ resolved: ResolvedKeyPath, from start: Row, range: SourceRange?, text: String)
        throws(SQLLoweringError) -> LoweredOperand
    {
        var row = start
        var hops = resolved.hops[...]
        while let hop = hops.first, !hop.isToMany {
            row = try joinToOne(hop, from: row, range: range)
            hops = hops.dropFirst()
        }
        if let hop = hops.first {
            // Everything after the first to-many hop is read per element.
            let rest = Array(hops.dropFirst())
            switch resolved.destination {
            case .aggregate(let operation, let then):
                let source = try elements(of: hop, from: row, then: rest, ending: then, range: range, text: text)
                return try aggregate(operation, over: source, range: range, text: text)
            case .attribute, .relationship:
                return .elements(
                    try elements(
                        of: hop, from: row, then: rest, ending: resolved, destinationOnly: true, range: range,
                        text: text))
            }
        }
        switch resolved.destination {
        case .attribute(let attribute):
            return .scalar(try attributeColumn(attribute, of: row, range: range), StaticType(attribute.type))
        case .relationship(let relationship):
            let hop = relationshipHop(for: relationship, from: row)
            if relationship.isToMany {
                return .elements(
                    try elements(of: hop, from: row, then: [], ending: nil, range: range, text: text))
            }
            return try object(through: hop, from: row, range: range)
        case .aggregate:
            // The resolver only accepts a collection operator after a to-many hop.
            throw unsupported("'\(text)'", range)
        }
    }

    /// The column of an attribute of `row`'s entity.
    func attributeColumn(_ attribute: AttributeDescription, of row: Row, range: SourceRange?)
        throws(SQLLoweringError) -> SQLExpression
    {
        guard let column = layout.column(forAttribute: attribute.name, of: row.entity) else {
            let reason = attribute.isTransient ? "a transient attribute, which is never stored" : "not stored"
            throw SQLLoweringError(
                id: "sql-not-stored", message: "'\(row.entity).\(attribute.name)' is \(reason)", range: range)
        }
        try checkOpaque(attribute, of: row.entity, range: range)
        return .column(alias: row.alias, name: column)
    }

    /// A relationship hop built from a relationship of `row`'s entity (the last key of a path).
    private func relationshipHop(for relationship: RelationshipDescription, from row: Row) -> RelationshipHop {
        RelationshipHop(
            sourceEntity: row.entity, declaringEntity: row.entity, sourceProperty: relationship.name,
            destinationEntity: relationship.destination, inverse: relationship.inverse, inverseIsToMany: nil,
            isToMany: relationship.isToMany, isOrdered: relationship.isOrdered, isOptional: relationship.isOptional,
            componentIndex: 0)
    }

    /// `LEFT JOIN` of a to-one hop (once per select and hop); the joined row may be missing.
    func joinToOne(_ hop: RelationshipHop, from row: Row, range: SourceRange?) throws(SQLLoweringError) -> Row {
        let key = "\(row.alias).\(hop.sourceProperty)"
        if let alias = frames[frames.count - 1].joined[key] {
            return Row(alias: alias, entity: hop.destinationEntity, optional: true)
        }
        let destination = try table(hop.destinationEntity, range: range)
        let source = try table(row.entity, range: range)
        let alias = newAlias()
        let on: SQLExpression
        switch layout.storage(ofRelationship: hop.sourceProperty, of: row.entity) {
        case .foreignKey(let column)?:
            on = .binary(
                .column(alias: alias, name: destination.primaryKey), .equal, .column(alias: row.alias, name: column))
        case .inverseForeignKey(let column, _)?:
            on = .binary(
                .column(alias: alias, name: column), .equal, .column(alias: row.alias, name: source.primaryKey))
        case .joinTable?, nil:
            throw SQLLoweringError(
                id: "sql-not-stored", message: "'\(row.entity).\(hop.sourceProperty)' is not stored as a to-one link",
                range: range)
        }
        frames[frames.count - 1].joins.append(
            SQLSelect.Join(source: .init(table: destination.name, alias: alias), on: on, inner: false))
        frames[frames.count - 1].joined[key] = alias
        return Row(alias: alias, entity: hop.destinationEntity, optional: true)
    }

    /// A to-one relationship's object: its key, read from the foreign key when there is one.
    private func object(through hop: RelationshipHop, from row: Row, range: SourceRange?)
        throws(SQLLoweringError) -> LoweredOperand
    {
        if case .foreignKey(let column)? = layout.storage(ofRelationship: hop.sourceProperty, of: row.entity) {
            return .object(key: .column(alias: row.alias, name: column), entity: hop.destinationEntity)
        }
        let joined = try joinToOne(hop, from: row, range: range)
        let table = try table(joined.entity, range: range)
        return .object(key: .column(alias: joined.alias, name: table.primaryKey), entity: joined.entity)
    }

    /// The elements of the to-many `hop` from `owner`, followed by the to-one hops `rest` and
    /// ending on `ending` (the path after a collection operator, or the whole path when
    /// `destinationOnly`: then only its destination is used).
    func elements(
        of hop: RelationshipHop, from owner: Row, then rest: [RelationshipHop], ending: ResolvedKeyPath?,
        destinationOnly: Bool = false, range: SourceRange?, text: String
    ) throws(SQLLoweringError) -> ElementSource {
        var source = try elementRows(of: hop, from: owner, range: range)
        let ((value, row), joins) = try inSubquery { () throws(SQLLoweringError) -> (ElementSource.Value, Row) in
            var row = source.row
            var hops = rest
            if let ending, !destinationOnly { hops += ending.hops }
            for next in hops {
                guard !next.isToMany else {
                    throw SQLLoweringError(
                        message: "'\(text)' goes through two to-many relationships; in memory it compares "
                            + "collections of collections, which SQL cannot; use SUBQUERY", range: range)
                }
                row = try joinToOne(next, from: row, range: range)
            }
            switch ending?.destination {
            case .attribute(let attribute)?:
                return (.scalar(try attributeColumn(attribute, of: row, range: range), StaticType(attribute.type)), row)
            case .relationship(let relationship)?:
                guard !relationship.isToMany else {
                    throw SQLLoweringError(
                        message: "'\(text)' goes through two to-many relationships; in memory it compares "
                            + "collections of collections, which SQL cannot; use SUBQUERY", range: range)
                }
                let next = relationshipHop(for: relationship, from: row)
                guard case .object(let key, let entity) = try object(through: next, from: row, range: range) else {
                    throw unsupported("'\(text)'", range)
                }
                return (.object(key: key, entity: entity), row)
            case .aggregate?:
                throw unsupported("'\(text)' (a collection operator after another one)", range)
            case nil:
                let table = try self.table(row.entity, range: range)
                return (.object(key: .column(alias: row.alias, name: table.primaryKey), entity: row.entity), row)
            }
        }
        source.select.joins += joins
        source.value = value
        source.row = row
        // The join table alone stands for the elements only while they are the destination
        // objects themselves.
        if !rest.isEmpty || ending != nil { source.link = nil }
        return source
    }

    /// `FROM <element table> WHERE <correlation with owner>` for a to-many hop.
    func elementRows(of hop: RelationshipHop, from owner: Row, range: SourceRange?) throws(SQLLoweringError)
        -> ElementSource
    {
        let ownerTable = try table(owner.entity, range: range)
        let elementTable = try table(hop.destinationEntity, range: range)
        let alias = newAlias()
        let ownerKey = SQLExpression.column(alias: owner.alias, name: ownerTable.primaryKey)
        var select: SQLSelect
        var linkOnly: ElementSource.Link?
        switch layout.storage(ofRelationship: hop.sourceProperty, of: owner.entity) {
        case .inverseForeignKey(let column, _)?:
            select = SQLSelect(columns: [], from: .init(table: elementTable.name, alias: alias))
            select.conditions.append(.binary(.column(alias: alias, name: column), .equal, ownerKey))
        case .joinTable(let joinTable, let sourceColumn, let destinationColumn, _)?:
            let link = newAlias()
            select = SQLSelect(columns: [], from: .init(table: joinTable, alias: link))
            var linkSelect = select
            linkSelect.conditions.append(.binary(.column(alias: link, name: sourceColumn), .equal, ownerKey))
            linkOnly = ElementSource.Link(select: linkSelect, key: .column(alias: link, name: destinationColumn))
            select.joins.append(
                SQLSelect.Join(
                    source: .init(table: elementTable.name, alias: alias),
                    on: .binary(
                        .column(alias: alias, name: elementTable.primaryKey), .equal,
                        .column(alias: link, name: destinationColumn)),
                    inner: true))
            select.conditions.append(.binary(.column(alias: link, name: sourceColumn), .equal, ownerKey))
        case .foreignKey?, nil:
            throw SQLLoweringError(
                id: "sql-not-stored",
                message: "'\(owner.entity).\(hop.sourceProperty)' is not stored as a to-many link",
                range: range)
        }
        if let filter = discriminator(elementTable, alias: alias) { select.conditions.append(filter) }
        let row = Row(alias: alias, entity: hop.destinationEntity, optional: false)
        return ElementSource(
            select: select, row: row,
            value: .object(
                key: .column(alias: alias, name: elementTable.primaryKey),
                entity: hop.destinationEntity),
            ownerKey: owner.optional ? ownerKey : nil, link: linkOnly)
    }

    /// `(SELECT f(value) FROM elements)`, nil when the owner is missing (as in memory).
    func aggregate(_ source: ElementSource, function: SQLFunction) -> SQLExpression {
        var select = source.select
        switch (function, source.value) {
        case (.count, _): select.columns = [.function(.count, [])]
        case (_, .scalar(let value, _)): select.columns = [.function(function, [value])]
        case (_, .object(let key, _)): select.columns = [.function(function, [key])]
        }
        return guardOwner(source, .scalar(select))
    }

    /// `value`, or NULL when the collection's owner is missing.
    func guardOwner(_ source: ElementSource, _ value: SQLExpression) -> SQLExpression {
        guard let ownerKey = source.ownerKey else { return value }
        return .caseWhen([SQLWhen(.isNull(ownerKey, negated: false), then: .literal(.null))], otherwise: value)
    }

    /// A collection operator applied to elements: `@count`, `@sum`, `@avg`, `@min`, `@max`.
    func aggregate(_ operation: AggregateOperator, over source: ElementSource, range: SourceRange?, text: String)
        throws(SQLLoweringError) -> LoweredOperand
    {
        switch (operation, source.value) {
        case (.count, _):
            return .scalar(aggregate(source, function: .count), .integer)
        case (.sum, .scalar(let value, let type)) where type.isNumeric:
            var select = source.select
            select.columns = [.function(.coalesce, [.function(.sum, [value]), .literal(.zero)])]
            return .scalar(guardOwner(source, .scalar(select)), type)
        case (.avg, .scalar(let value, let type)) where type.isNumeric:
            // In memory: the sum of the non-nil values over the number of elements (nils
            // included), 0.0 for no element.
            var select = source.select
            let count = SQLExpression.function(.count, [])
            let total = SQLExpression.function(.coalesce, [.function(.sum, [value]), .literal(.zero)])
            select.columns = [
                .caseWhen(
                    [SQLWhen(.binary(count, .equal, .literal(.zero)), then: .literal(.zeroPointZero))],
                    otherwise: .binary(.binary(total, .multiply, .literal(.onePointZero)), .divide, count))
            ]
            return .scalar(guardOwner(source, .scalar(select)), .floating)
        case (.min, .scalar(_, let type)), (.max, .scalar(_, let type)):
            guard type.isNumeric || type == .date else {
                throw unsupported("'\(operation.spelling)' of strings or other non-numbers ('\(text)')", range)
            }
            return .scalar(aggregate(source, function: operation == .min ? .min : .max), type)
        default:
            throw unsupported("'\(operation.spelling)' in '\(text)'", range)
        }
    }

    /// `base.path`: a key path read from a SUBQUERY variable's element, or a collection
    /// operator applied to a SUBQUERY's result.
    func member(_ base: CheckedExpression, _ path: CheckedKeyPath?, range: SourceRange?)
        throws(SQLLoweringError) -> LoweredOperand
    {
        guard let path else { throw unsupported("'\(base.node.expressionFormat)' followed by a key", range) }
        switch (base.kind, path.base) {
        case (.variable(let name), .variable):
            guard let row = variableRows[name] else { throw unsupported("'$\(name)' outside its SUBQUERY", range) }
            return try keyPath(path, from: row)
        case (_, .collection):
            guard case .elements(var source) = try operand(base) else {
                throw unsupported("'\(path.text)'", range)
            }
            guard let operation = path.collectionOperator else {
                throw unsupported("a key read from every element of '\(base.node.expressionFormat)'", range)
            }
            if let resolved = path.resolved {
                let (value, joins) = try inSubquery { () throws(SQLLoweringError) -> LoweredOperand in
                    try keyPath(resolved, from: source.row, range: range, text: path.text)
                }
                source.select.joins += joins
                source.link = nil
                switch value {
                case .scalar(let expression, let type): source.value = .scalar(expression, type)
                case .object(let key, let entity): source.value = .object(key: key, entity: entity)
                default: throw unsupported("'\(path.text)'", range)
                }
            }
            return try aggregate(operation, over: source, range: range, text: path.text)
        default:
            throw unsupported("'\(path.text)' read through '\(base.node.expressionFormat)'", range)
        }
    }

    /// `SUBQUERY(collection, $x, predicate)`: the collection's elements for which the
    /// predicate holds, with `$x` bound to the element row.
    func subquery(
        _ collection: CheckedExpression, _ variable: String, _ predicate: CheckedCondition, range: SourceRange?
    ) throws(SQLLoweringError) -> LoweredOperand {
        guard case .elements(var source) = try operand(collection) else {
            throw unsupported("SUBQUERY over '\(collection.node.expressionFormat)'", range)
        }
        let previous = variableRows[variable]
        variableRows[variable] = source.row
        defer { variableRows[variable] = previous }
        let (condition, joins) = try inSubquery { () throws(SQLLoweringError) -> SQLExpression in
            try self.condition(predicate)
        }
        source.select.joins += joins
        source.link = nil
        if condition != .truth(.alwaysTrue) { source.select.conditions.append(condition) }
        return .elements(source)
    }
}
