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
    /// Where a key path's components are read from, for ``resolve(_:from:node:base:)``.
    struct PathBase {
        var kind: CheckedKeyPath.Base
        /// What precedes the components in messages (`$t` for `$t.name`), if anything.
        var prefix: String?
        /// The key path from the root to the base's objects, when known.
        var objectPath: [String]?
        /// Components of the node written before these ones (an operator the caller applies
        /// itself), to line error carets up with the source.
        var skipped = 0
        var collectionOperator: AggregateOperator?
    }

    /// `a.b.c` read from the evaluated object.
    mutating func keyPath(_ components: [KeyPathComponent], node: ExpressionNode) -> Operand {
        let base = PathBase(kind: .evaluatedObject, objectPath: [])
        guard let path = resolve(components, from: root, node: node, base: base) else {
            return Operand(.unknown, node, .keyPath(unresolved(components, node: node)))
        }
        return Operand(path.type, node, .keyPath(path), path: path, objectPath: Self.plainKeys(components))
    }

    /// Resolves `components` from `entity` and records the key path. On failure reports the
    /// error with the caret under the offending component and returns `nil`.
    mutating func resolve(
        _ components: [KeyPathComponent], from entity: String, node: ExpressionNode, base: PathBase
    ) -> CheckedKeyPath? {
        let keys = components.map(\.spelling)
        let resolved: ResolvedKeyPath
        do {
            resolved = try schema.resolve(keyPath: keys, from: entity)
        } catch {
            let range = componentRange(error.componentIndex.map { $0 + base.skipped }, of: node)
            report(SchemaCheckCatalog.keyPath(error, range: range))
            return nil
        }
        checkAggregatedAttribute(resolved, node: node, index: components.count - 1 + base.skipped)
        var type = Self.type(of: resolved)
        if let operation = base.collectionOperator { type = Self.aggregate(operation, of: type) }
        let allKeys = (base.collectionOperator.map { [$0.spelling] } ?? []) + keys
        let path = CheckedKeyPath(
            base: base.kind, entity: entity, components: components, componentRanges: node.componentRanges,
            range: node.range, collectionOperator: base.collectionOperator, resolved: resolved,
            fromRoot: fromRoot(base.objectPath, allKeys, resolved: base.kind == .evaluatedObject ? resolved : nil),
            type: type, text: Self.text(base.prefix, allKeys))
        keyPaths.append(path)
        return path
    }

    /// `base.key…`: resolved from the base's entity when the base is an object (`$t.name`,
    /// `tags[FIRST].name`); over a collection of objects (`SUBQUERY(…).@count`,
    /// `SUBQUERY(…).@sum.size`) the operator or key applies to the elements.
    mutating func member(
        of baseNode: ExpressionNode, _ components: [KeyPathComponent], node: ExpressionNode, scope: CheckScope
    ) -> Operand {
        let base = infer(baseNode, scope: scope)
        var prefix = baseNode.expressionFormat
        if case .variable(let name) = baseNode.kind {
            prefix = "$" + name
            if scope.variables[name] == nil {
                unknownReads.append(
                    UnknownRead(
                        message: "'$\(name)' is not bound by a SUBQUERY, so the keys read through it are unknown",
                        range: node.range))
            }
        }
        let objectPath = Self.plainKeys(components).flatMap { keys in base.objectPath.map { $0 + keys } }
        func result(_ type: StaticType, _ path: CheckedKeyPath?, keepsPath: Bool = false) -> Operand {
            Operand(
                type, node, .member(base.checked, path), path: keepsPath ? path : nil, objectPath: objectPath)
        }
        switch base.type {
        case .object(let entity):
            let path = resolve(
                components, from: entity, node: node,
                base: PathBase(kind: Self.baseKind(of: baseNode), prefix: prefix, objectPath: base.objectPath))
            return result(path?.type ?? .unknown, path, keepsPath: true)
        case .collection(.object(let entity)):
            var pathBase = PathBase(kind: .collection, prefix: prefix, objectPath: base.objectPath)
            guard case .collectionOperator(let operation)? = components.first else {
                let path = resolve(components, from: entity, node: node, base: pathBase)
                let type = path.map { StaticType.collection(of: $0.type.elementType ?? $0.type) } ?? .unknown
                return result(type, path)
            }
            pathBase.collectionOperator = operation
            pathBase.skipped = 1
            guard components.count > 1 else {
                let path = CheckedKeyPath(
                    base: .collection, entity: entity, components: components,
                    componentRanges: node.componentRanges, range: node.range, collectionOperator: operation,
                    resolved: nil, fromRoot: fromRoot(base.objectPath, [operation.spelling], resolved: nil),
                    type: operation == .count ? .integer : .unknown, text: Self.text(prefix, [operation.spelling]))
                keyPaths.append(path)
                return result(path.type, path)
            }
            let path = resolve(Array(components.dropFirst()), from: entity, node: node, base: pathBase)
            return result(path?.type ?? .unknown, path)
        case .collection:
            return result(components == [.collectionOperator(.count)] ? .integer : .unknown, nil)
        default:
            return result(.unknown, nil)
        }
    }

    /// The key path from the root for a read at `objectPath` + `keys`; `resolved` when the
    /// read already starts at the root.
    private func fromRoot(_ objectPath: [String]?, _ keys: [String], resolved: ResolvedKeyPath?) -> ResolvedKeyPath? {
        if let resolved { return resolved }
        guard let objectPath else { return nil }
        return try? schema.resolve(keyPath: objectPath + keys, from: root)
    }

    /// A placeholder for a key path that failed to resolve (an error was reported, so the
    /// checked tree is never handed out).
    private func unresolved(_ components: [KeyPathComponent], node: ExpressionNode) -> CheckedKeyPath {
        CheckedKeyPath(
            base: .evaluatedObject, entity: root, components: components, componentRanges: node.componentRanges,
            range: node.range, resolved: nil, fromRoot: nil, type: .unknown,
            text: components.map(\.spelling).joined(separator: "."))
    }

    private static func baseKind(of base: ExpressionNode) -> CheckedKeyPath.Base {
        switch base.kind {
        case .variable(let name): .variable(name)
        case .evaluatedObject: .evaluatedObject
        default: .object
        }
    }

    private static func text(_ prefix: String?, _ keys: [String]) -> String {
        (prefix.map { $0 + "." } ?? "") + keys.joined(separator: ".")
    }

    /// The keys when every component is a plain key.
    static func plainKeys(_ components: [KeyPathComponent]) -> [String]? {
        var keys: [String] = []
        for component in components {
            guard case .key(let key) = component else { return nil }
            keys.append(key)
        }
        return keys
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
    /// `name` (component `index` of the node).
    private mutating func checkAggregatedAttribute(_ path: ResolvedKeyPath, node: ExpressionNode, index: Int) {
        guard case .aggregate(let operation, let then?) = path.destination, operation == .sum || operation == .avg,
            case .attribute(let attribute) = then.lastSegment.destination
        else { return }
        let type = StaticType(attribute.type)
        guard Self.isNonNumeric(type.comparisonFamily) else { return }
        report(
            SchemaCheckCatalog.needsNumbers(
                "'\(operation.spelling)'", operand: "'\(attribute.name)'", type: type,
                range: componentRange(index, of: node)))
    }

    /// The source range of component `index` of the key path or member written at `node`
    /// (from ``ExpressionNode/componentRanges``), or the whole node when it has none.
    func componentRange(_ index: Int?, of node: ExpressionNode) -> SourceRange {
        if let index, let ranges = node.componentRanges, ranges.indices.contains(index) { return ranges[index] }
        return Self.range(node)
    }
}
