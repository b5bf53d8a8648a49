import KeyPaths

/// Key paths: resolution against the schema (from the root entity, from a SUBQUERY variable,
/// or from any object-typed base) and the static type of what they reach.
///
/// | key path | from | type |
/// |---|---|---|
/// | `bucket.owner.name` | `Content` | string |
/// | `tags.name` | `Content` | collection of strings (to-many) |
/// | `contents.@count` | `Bucket` | integer |
/// | `contents.@avg.#size` | `Bucket` | floating |
/// | `contents.@max.creationDate` | `Bucket` | date |
/// | `contents.@distinctUnionOfObjects.name` | `Bucket` | collection of strings (to-many) |
/// | `$t.name` in `SUBQUERY(tags, $t, …)` | `Tag` | string |
/// | `SUBQUERY(tags, $t, …).@count` | | integer |
extension CheckWalk {
    /// Resolves `components` from `entity`. On failure reports the error with the caret under
    /// the offending component (when the source lines up) and returns an unknown operand.
    ///
    /// - Parameters:
    ///   - prefix: what precedes the components in messages (`$t` for `$t.name`).
    ///   - base: where the base of a member ends in the source (the components follow it).
    ///   - skipped: components of the node written before these ones (an operator already
    ///     applied by the caller), to line error indices up with the source.
    ///   - keepsPath: whether the result is a key path operand (subject to the to-many rules).
    mutating func resolve(
        _ components: [KeyPathComponent], from entity: String, node: ExpressionNode, prefix: String?,
        base: Int?, skipped: Int = 0, keepsPath: Bool = true
    ) -> Operand {
        let names = components.map(Self.name(of:))
        let text = (prefix.map { $0 + "." } ?? "") + names.joined(separator: ".")
        let resolved: ResolvedKeyPath
        do {
            resolved = try schema.resolve(keyPath: names, from: entity)
        } catch {
            let range = componentRange(
                error.componentIndex.map { $0 + skipped }, of: node, base: base,
                count: components.count + skipped)
            report(SchemaCheckCatalog.keyPath(error, range: range))
            return Operand(.unknown, node)
        }
        checkAggregatedAttribute(resolved, node: node, base: base, count: components.count + skipped)
        let path = keepsPath ? ResolvedPath(text: text, resolved: resolved) : nil
        return Operand(Self.type(of: resolved), node, path: path)
    }

    /// `base.key…`: resolved from the base's entity when the base is an object (`$t.name`,
    /// `tags[FIRST].name`); over a collection of objects (`SUBQUERY(…).@count`,
    /// `SUBQUERY(…).@sum.size`) the operator or key applies to the elements.
    mutating func member(
        of base: ExpressionNode, _ components: [KeyPathComponent], node: ExpressionNode,
        scope: CheckScope
    ) -> Operand {
        let operand = infer(base, scope: scope)
        let end = base.range?.upperBound
        let prefix: String
        if case .variable(let name) = base.kind {
            prefix = "$" + name
        } else {
            prefix = base.expressionFormat
        }
        switch operand.type {
        case .object(let entity):
            return resolve(components, from: entity, node: node, prefix: prefix, base: end)
        case .collection(.object(let entity)):
            guard case .collectionOperator(let op)? = components.first else {
                let inner = resolve(components, from: entity, node: node, prefix: prefix, base: end, keepsPath: false)
                return Operand(.collection(of: inner.type.elementType ?? inner.type), node)
            }
            guard components.count > 1 else { return Operand(op == .count ? .integer : .unknown, node) }
            let inner = resolve(
                Array(components.dropFirst()), from: entity, node: node, prefix: prefix, base: end,
                skipped: 1, keepsPath: false)
            return Operand(Self.aggregate(op, of: inner.type), node)
        case .collection:
            return Operand(components == [.collectionOperator(.count)] ? .integer : .unknown, node)
        default:
            return Operand(.unknown, node)
        }
    }

    /// The static type of a resolved key path's value.
    static func type(of path: ResolvedKeyPath) -> StaticType {
        switch path.destination {
        case .attribute(let attribute):
            let value = StaticType(attribute.type)
            return path.isCollection ? .collection(of: value) : value
        case .relationship(let relationship):
            let value = StaticType.object(entity: relationship.destination)
            return path.isToMany ? .collection(of: value) : value
        case .aggregate(let operation, let then):
            return aggregate(operation, of: then.map(type(of:)) ?? .unknown)
        }
    }

    /// The type of a collection operator applied to values of type `values` (or to a
    /// collection of them): `@count` integer, `@avg` floating, `@sum` the numeric type,
    /// `@min`/`@max` the value type, the unions a collection.
    static func aggregate(_ operation: AggregateOperator, of values: StaticType) -> StaticType {
        let value = values.elementType ?? values
        switch operation {
        case .count: return .integer
        case .avg: return value.isNumeric ? .floating : .unknown
        case .sum: return value.isNumeric ? value : .unknown
        case .min, .max:
            if case .object = value { return .unknown }
            return value
        case .distinctUnionOfObjects, .unionOfObjects, .distinctUnionOfArrays, .unionOfArrays, .distinctUnionOfSets:
            return .collection(of: value)
        }
    }

    /// `@sum` and `@avg` need a numeric attribute: `contents.@sum.name` is reported under
    /// `name`.
    private mutating func checkAggregatedAttribute(
        _ path: ResolvedKeyPath, node: ExpressionNode, base: Int?,
        count: Int
    ) {
        guard case .aggregate(let operation, let then?) = path.destination, operation == .sum || operation == .avg,
            case .attribute(let attribute) = then.lastSegment.destination
        else { return }
        let type = StaticType(attribute.type)
        guard Self.isNonNumeric(type.comparisonFamily) else { return }
        let range = componentRange(count - 1, of: node, base: base, count: count)
        report(
            SchemaCheckCatalog.needsNumbers(
                "'\(operation.spelling)'", operand: "'\(attribute.name)'", type: type,
                range: range))
    }

    /// The source range of component `index` of the key path written at `node`, or the whole
    /// node when the source is unknown or does not line up.
    func componentRange(_ index: Int?, of node: ExpressionNode, base: Int?, count: Int) -> SourceRange {
        let whole = Self.range(node)
        guard let index, let sourceMap, node.range != nil,
            let ranges = sourceMap.componentRanges(in: whole, after: base, count: count), ranges.indices.contains(index)
        else { return whole }
        return ranges[index]
    }

    /// A component as the schema resolver spells it: `name`, `@count`.
    static func name(of component: KeyPathComponent) -> String {
        switch component {
        case .key(let key): key
        case .collectionOperator(let op): op.spelling
        }
    }
}
