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
        guard enter(node.range) else { return Operand(.unknown, node, .anyKey) }
        defer { leave() }
        switch node.kind {
        case .constant(let value):
            return Operand(StaticType(value), node, .constant(value))
        case .evaluatedObject:
            return Operand(.object(entity: root), node, .evaluatedObject, objectPath: [])
        case .keyPath(let components):
            return keyPath(components, node: node)
        case .member(let base, let components):
            return member(of: base, components, node: node, scope: scope)
        case .variable(let name):
            if let bound = scope.variables[name] {
                return Operand(bound.type, node, .variable(name), objectPath: bound.objectPath)
            }
            noteVariable(name, meets: .unknown)
            var operand = Operand(.unknown, node, .variable(name))
            operand.freeVariable = name
            return operand
        case .aggregate(let elements):
            let operands = elements.map { element in
                let operand = infer(element, scope: scope)
                requireSingle(operand)
                return operand
            }
            return Operand(
                .collection(of: StaticType.common(operands.map(\.type))), node, .aggregate(operands.map(\.checked)),
                elements: operands)
        case .binary(let op, let left, let right):
            return binary(op, left, right, node: node, scope: scope)
        case .unary(let op, let operand):
            let value = infer(operand, scope: scope)
            requireSingle(value)
            requireNumbers("'\(Operators.spelling(of: op))'", [value])
            return Operand(value.type.isNumeric ? value.type : .unknown, node, .unary(op, value.checked))
        case .index(let base, let selector):
            return index(base, selector, node: node, scope: scope)
        case .function(let function, let arguments):
            return self.function(function, arguments, node: node, scope: scope)
        case .customFunction(let receiver, let selector, let arguments):
            let checkedReceiver = infer(receiver, scope: scope)
            if case .evaluatedObject = receiver.kind {
                unknownReads.append(
                    UnknownRead(
                        message: "FUNCTION on SELF may read any key, so the keys it reads are unknown",
                        range: node.range))
            }
            let checkedArguments = arguments.map { infer($0, scope: scope).checked }
            return Operand(
                .unknown, node,
                .customFunction(receiver: checkedReceiver.checked, selector: selector, arguments: checkedArguments))
        case .subquery(let collection, let variable, let predicate):
            return subquery(collection, variable, predicate, node: node, scope: scope)
        case .cast(let value, let type):
            let operand = infer(value, scope: scope)
            let kind = CheckedExpression.Kind.cast(operand.checked, type: type)
            switch type {
            case "NSDate": return Operand(.date, node, kind)
            case "NSString": return Operand(.string, node, kind)
            default: return Operand(.unknown, node, kind)
            }
        case .ternary(let condition, let whenTrue, let whenFalse):
            let checkedCondition = check(condition, scope: scope)
            let a = infer(whenTrue, scope: scope)
            let b = infer(whenFalse, scope: scope)
            return Operand(
                a.type == b.type ? a.type : .unknown, node, .ternary(checkedCondition, a.checked, b.checked))
        case .assignment(let variable, let value):
            assignedVariables.insert(variable)
            let operand = infer(value, scope: scope)
            return Operand(operand.type, node, .assignment(variable: variable, value: operand.checked))
        case .anyKey:
            unknownReads.append(
                UnknownRead(message: "ANYKEY may read any key, so the keys it reads are unknown", range: node.range))
            return Operand(.unknown, node, .anyKey)
        }
    }

    /// Arithmetic and bitwise operators need numbers; UNION/INTERSECT/MINUS take collections.
    private mutating func binary(
        _ op: BinaryOperator, _ left: ExpressionNode, _ right: ExpressionNode,
        node: ExpressionNode, scope: CheckScope
    ) -> Operand {
        let a = infer(left, scope: scope)
        let b = infer(right, scope: scope)
        let kind = CheckedExpression.Kind.binary(op, a.checked, b.checked)
        switch op {
        case .union, .intersect, .minus:
            let elements = [a.type.elementType, b.type.elementType].compactMap { $0 }
            return Operand(.collection(of: elements.count == 2 ? StaticType.common(elements) : .unknown), node, kind)
        case .add, .subtract, .multiply, .divide, .power, .bitwiseAnd, .bitwiseOr, .bitwiseXor, .leftShift,
            .rightShift:
            requireSingle(a)
            requireSingle(b)
            requireNumbers("'\(Operators.spelling(of: op))'", [a, b])
            noteVariable(in: a, meets: b.type.isNumeric ? b.type : .unknown)
            noteVariable(in: b, meets: a.type.isNumeric ? a.type : .unknown)
            guard a.type.isNumeric, b.type.isNumeric else { return Operand(.unknown, node, kind) }
            switch op {
            case .bitwiseAnd, .bitwiseOr, .bitwiseXor, .leftShift, .rightShift:
                return Operand(.integer, node, kind)
            case .power:
                return Operand(.floating, node, kind)
            default:
                return Operand(a.type == .integer && b.type == .integer ? .integer : .floating, node, kind)
            }
        }
    }

    /// `collection[i]`, `[FIRST]`, `[LAST]`: an element; `[SIZE]`: the count.
    private mutating func index(
        _ base: ExpressionNode, _ selector: IndexSelector, node: ExpressionNode,
        scope: CheckScope
    ) -> Operand {
        let collection = infer(base, scope: scope)
        let element = collection.type.elementType ?? .unknown
        switch selector {
        case .size:
            return Operand(.integer, node, .index(collection.checked, .size))
        case .first:
            return Operand(element, node, .index(collection.checked, .first), objectPath: collection.objectPath)
        case .last:
            return Operand(element, node, .index(collection.checked, .last), objectPath: collection.objectPath)
        case .expression(let position):
            let checkedPosition = infer(position, scope: scope)
            requireSingle(checkedPosition)
            return Operand(
                element, node, .index(collection.checked, .expression(checkedPosition.checked)),
                objectPath: collection.objectPath)
        }
    }

    /// The predefined functions. Aggregates take a collection (a to-many key path is fine);
    /// the others take single values.
    private mutating func function(
        _ function: BuiltinFunction, _ arguments: [ExpressionNode], node: ExpressionNode,
        scope: CheckScope
    ) -> Operand {
        let operands = arguments.map { infer($0, scope: scope) }
        let kind = CheckedExpression.Kind.function(function, operands.map(\.checked))
        if function == .noindex, let first = operands.first {
            return Operand(first.type, node, kind, path: first.path)
        }
        return Operand(functionType(function, operands), node, kind)
    }

    /// The type of a predefined function's result, reporting operands it cannot take.
    private mutating func functionType(_ function: BuiltinFunction, _ operands: [Operand]) -> StaticType {
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
            case .count: return .integer
            case .average, .stddev: return .floating
            case .median: return element.isNumeric ? .floating : .unknown
            case .sum: return element.isNumeric ? element : .unknown
            case .min, .max:
                if case .object = element { return .unknown }
                return element
            case .mode: return .collection(of: element)
            default: return .unknown
            }
        }
        for operand in operands { requireSingle(operand) }
        switch function {
        case .sqrt, .log, .ln, .exp, .floor, .ceiling, .trunc:
            requireNumbers(name, operands)
            return .floating
        case .abs:
            requireNumbers(name, operands)
            return operands.first.map { $0.type.isNumeric ? $0.type : .unknown } ?? .unknown
        case .modulus:
            requireNumbers(name, operands)
            guard operands.allSatisfy(\.type.isNumeric) else { return .unknown }
            return operands.allSatisfy { $0.type == .integer } ? .integer : .floating
        case .uppercase, .lowercase, .canonical:
            requireStrings(name, operands)
            return .string
        case .length:
            requireStrings(name, operands.filter { $0.type != .data })
            return .integer
        case .random:
            return .floating
        case .randomn:
            requireNumbers(name, operands)
            return .integer
        case .now:
            return .date
        case .noindex, .sum, .count, .min, .max, .average, .median, .mode, .stddev:
            return .unknown
        }
    }

    /// `SUBQUERY(collection, $x, predicate)`: `$x` is bound to the collection's element type
    /// (a to-many relationship's destination entity) while checking the predicate. Inside it,
    /// `SELF` and key paths without a variable still read the evaluated object.
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
        inner.variables[variable] = CheckScope.Variable(type: element, objectPath: source.objectPath)
        let checkedPredicate = check(predicate, scope: inner)
        return Operand(
            .collection(of: element), node,
            .subquery(collection: source.checked, variable: variable, element: element, predicate: checkedPredicate),
            objectPath: source.objectPath)
    }

    /// When `operand` is a free variable, records that it meets a value of `type`.
    mutating func noteVariable(in operand: Operand, meets type: StaticType) {
        guard let name = operand.freeVariable, type != .null else { return }
        noteVariable(name, meets: type)
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
