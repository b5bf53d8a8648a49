import KeyPaths

/// Expressions: the static type of each node kind, and the rules of arithmetic, functions,
/// aggregates, SUBQUERY and the other nodes.
///
/// | expression (from `Content`) | type | diagnostic |
/// |---|---|---|
/// | `#size * 2` | integer | |
/// | `name + 1` | | `'+' needs numbers, but 'name' is a string` |
/// | `sum:(tags.name)` | | `'sum:' needs numbers, but 'tags.name' is a collection of strings` |
/// | `count:(tags)`, `tags[FIRST]`, `tags[SIZE]` | integer, `object(Tag)`, integer | |
/// | `length(#size)` | | `'length:' needs strings, but 'size' is an integer` |
/// | `SUBQUERY(tags, $t, $t.name == "x")` | `collection(object(Tag))` | (`$t.name` resolved from `Tag`) |
/// | `SUBQUERY(bucket, $b, …)` | | `SUBQUERY needs a collection, but 'bucket' is not a to-many key path` |
extension CheckWalk {
    /// Infers the type of `node`, reporting the problems inside it. The caller decides
    /// whether a to-many key path is acceptable where the node is used.
    mutating func infer(_ node: ExpressionNode, scope: CheckScope) -> Operand {
        guard depth < Self.depthLimit else { return Operand(.unknown, node) }
        depth += 1
        defer { depth -= 1 }
        switch node.kind {
        case .constant(let value):
            return Operand(StaticType(value), node)
        case .evaluatedObject:
            return Operand(scope.insideSubquery ? .unknown : .object(entity: root), node)
        case .keyPath(let components):
            if scope.insideSubquery { return Operand(.unknown, node) }
            return resolve(components, from: root, node: node, prefix: nil, base: nil)
        case .member(let base, let components):
            return member(of: base, components, node: node, scope: scope)
        case .variable(let name):
            return Operand(scope.variables[name] ?? .unknown, node)
        case .aggregate(let elements):
            let operands = elements.map { element in
                let operand = infer(element, scope: scope)
                requireSingle(operand)
                return operand
            }
            return Operand(.collection(of: StaticType.common(operands.map(\.type))), node, elements: operands)
        case .binary(let op, let left, let right):
            return binary(op, left, right, node: node, scope: scope)
        case .unary(let op, let operand):
            let value = infer(operand, scope: scope)
            requireSingle(value)
            requireNumbers("'\(Operators.spelling(of: op))'", [value])
            return Operand(value.type.isNumeric ? value.type : .unknown, node)
        case .index(let base, let selector):
            return index(base, selector, node: node, scope: scope)
        case .function(let function, let arguments):
            return self.function(function, arguments, node: node, scope: scope)
        case .customFunction(let receiver, _, let arguments):
            _ = infer(receiver, scope: scope)
            for argument in arguments { _ = infer(argument, scope: scope) }
            return Operand(.unknown, node)
        case .subquery(let collection, let variable, let predicate):
            return subquery(collection, variable, predicate, node: node, scope: scope)
        case .cast(let value, let type):
            _ = infer(value, scope: scope)
            switch type {
            case "NSDate": return Operand(.date, node)
            case "NSString": return Operand(.string, node)
            default: return Operand(.unknown, node)
            }
        case .ternary(let condition, let whenTrue, let whenFalse):
            check(condition, scope: scope)
            let a = infer(whenTrue, scope: scope)
            let b = infer(whenFalse, scope: scope)
            return Operand(a.type == b.type ? a.type : .unknown, node)
        case .assignment(_, let value):
            return Operand(infer(value, scope: scope).type, node)
        case .anyKey:
            return Operand(.unknown, node)
        }
    }

    /// Arithmetic and bitwise operators need numbers; UNION/INTERSECT/MINUS take collections.
    private mutating func binary(
        _ op: BinaryOperator, _ left: ExpressionNode, _ right: ExpressionNode,
        node: ExpressionNode, scope: CheckScope
    ) -> Operand {
        let a = infer(left, scope: scope)
        let b = infer(right, scope: scope)
        switch op {
        case .union, .intersect, .minus:
            let elements = [a.type.elementType, b.type.elementType].compactMap { $0 }
            return Operand(.collection(of: elements.count == 2 ? StaticType.common(elements) : .unknown), node)
        case .add, .subtract, .multiply, .divide, .power, .bitwiseAnd, .bitwiseOr, .bitwiseXor, .leftShift,
            .rightShift:
            requireSingle(a)
            requireSingle(b)
            requireNumbers("'\(Operators.spelling(of: op))'", [a, b])
            guard a.type.isNumeric, b.type.isNumeric else { return Operand(.unknown, node) }
            switch op {
            case .bitwiseAnd, .bitwiseOr, .bitwiseXor, .leftShift, .rightShift:
                return Operand(.integer, node)
            case .power:
                return Operand(.floating, node)
            default:
                return Operand(a.type == .integer && b.type == .integer ? .integer : .floating, node)
            }
        }
    }

    /// `collection[i]`, `[FIRST]`, `[LAST]`: an element; `[SIZE]`: the count.
    private mutating func index(
        _ base: ExpressionNode, _ selector: IndexSelector, node: ExpressionNode,
        scope: CheckScope
    ) -> Operand {
        let collection = infer(base, scope: scope)
        switch selector {
        case .size:
            return Operand(.integer, node)
        case .first, .last:
            return Operand(collection.type.elementType ?? .unknown, node)
        case .expression(let position):
            requireSingle(infer(position, scope: scope))
            return Operand(collection.type.elementType ?? .unknown, node)
        }
    }

    /// The predefined functions. Aggregates take a collection (a to-many key path is fine);
    /// the others take single values.
    private mutating func function(
        _ function: BuiltinFunction, _ arguments: [ExpressionNode], node: ExpressionNode,
        scope: CheckScope
    ) -> Operand {
        let operands = arguments.map { infer($0, scope: scope) }
        let name = "'\(function.selector)'"
        if function.takesCollection {
            let element = operands.first.map { $0.type.elementType ?? .unknown } ?? .unknown
            switch function {
            case .sum, .average, .median, .stddev:
                if let first = operands.first, Self.isNonNumeric(element.comparisonFamily) {
                    report(
                        SchemaCheckCatalog.needsNumbers(name, operand: first.text, type: first.type, range: first.range)
                    )
                }
            default:
                break
            }
            switch function {
            case .count: return Operand(.integer, node)
            case .average, .stddev: return Operand(.floating, node)
            case .median: return Operand(element.isNumeric ? .floating : .unknown, node)
            case .sum: return Operand(element.isNumeric ? element : .unknown, node)
            case .min, .max:
                if case .object = element { return Operand(.unknown, node) }
                return Operand(element, node)
            case .mode: return Operand(.collection(of: element), node)
            default: return Operand(.unknown, node)
            }
        }
        for operand in operands { requireSingle(operand) }
        switch function {
        case .sqrt, .log, .ln, .exp, .floor, .ceiling, .trunc:
            requireNumbers(name, operands)
            return Operand(.floating, node)
        case .abs:
            requireNumbers(name, operands)
            return Operand(operands.first.map { $0.type.isNumeric ? $0.type : .unknown } ?? .unknown, node)
        case .modulus:
            requireNumbers(name, operands)
            guard operands.allSatisfy(\.type.isNumeric) else { return Operand(.unknown, node) }
            return Operand(operands.allSatisfy { $0.type == .integer } ? .integer : .floating, node)
        case .uppercase, .lowercase, .canonical:
            requireStrings(name, operands)
            return Operand(.string, node)
        case .length:
            requireStrings(name, operands.filter { $0.type != .data })
            return Operand(.integer, node)
        case .random:
            return Operand(.floating, node)
        case .randomn:
            requireNumbers(name, operands)
            return Operand(.integer, node)
        case .now:
            return Operand(.date, node)
        case .noindex:
            return operands.first.map { Operand($0.type, node, path: $0.path) } ?? Operand(.unknown, node)
        case .sum, .count, .min, .max, .average, .median, .mode, .stddev:
            return Operand(.unknown, node)
        }
    }

    /// `SUBQUERY(collection, $x, predicate)`: `$x` is bound to the collection's element type
    /// (a to-many relationship's destination entity) while checking the predicate.
    private mutating func subquery(
        _ collection: ExpressionNode, _ variable: String, _ predicate: PredicateNode,
        node: ExpressionNode, scope: CheckScope
    ) -> Operand {
        let source = infer(collection, scope: scope)
        var element = StaticType.unknown
        if case .collection(let type) = source.type {
            element = type
        } else if source.path != nil || source.type.comparisonFamily != nil {
            report(
                SchemaCheckCatalog.quantifierNeedsCollection(
                    "SUBQUERY", operand: source.text, isKeyPath: source.path != nil, type: source.type,
                    range: source.range))
        }
        var inner = scope
        inner.variables[variable] = element
        inner.insideSubquery = true
        check(predicate, scope: inner)
        return Operand(.collection(of: element), node)
    }

    /// Arithmetic and numeric functions: every known operand must be a number (or a boolean).
    mutating func requireNumbers(_ what: String, _ operands: [Operand]) {
        for operand in operands where Self.isNonNumeric(operand.family) {
            report(
                SchemaCheckCatalog.needsNumbers(
                    what, operand: operand.text, type: operand.type,
                    range: operand.range))
        }
    }

    /// Whether a comparison family is certainly not usable in arithmetic: strings, objects,
    /// data and UUIDs. Dates are let through (a store may support date arithmetic).
    static func isNonNumeric(_ family: String?) -> Bool {
        guard let family else { return false }
        return family != "number" && family != "date"
    }
}
