import Foundation
import KeyPaths
import Predicates

/// What an expression lowers to.
enum LoweredOperand {
    /// A value known while lowering (constants, arguments, variables, folded expressions).
    case constant(EvaluationValue)
    /// One value per row: a column, a computed value or a scalar subquery.
    case scalar(SQLExpression, StaticType)
    /// An object: the expression of its key (NULL when there is none), and its entity.
    case object(key: SQLExpression, entity: String)
    /// The elements of a to-many collection.
    case elements(ElementSource)
}

/// The elements of a to-many collection read from a row: a subquery over the element rows,
/// correlated with the owner, and what each element contributes.
struct ElementSource {
    /// What each element is.
    enum Value {
        /// An attribute value (or a value computed from the element row).
        case scalar(SQLExpression, StaticType)
        /// The element object itself (its key).
        case object(key: SQLExpression, entity: String)
    }

    /// `FROM <element rows> [joins] WHERE <correlation>`; its columns are filled by the user.
    var select: SQLSelect
    /// The element row.
    var row: LoweringWalk.Row
    /// What each element contributes.
    var value: Value
    /// The owner's key when the owner may be missing (reached through a LEFT JOIN): in memory
    /// the collection is then nil, which aggregates must keep (a nil count is not 0).
    var ownerKey: SQLExpression?
    /// The join table alone, for comparing the elements' keys with references (``Link``).
    var link: Link? = nil
}

extension LoweringWalk {
    /// Lowers an expression. Expressions that read no row are folded to constants with the
    /// in-memory semantics.
    func operand(_ expression: CheckedExpression) throws(SQLLoweringError) -> LoweredOperand {
        if let folded = try fold(expression) { return .constant(folded) }
        let range = expression.range
        switch expression.kind {
        case .constant(let value):
            return .constant(EvaluationValue(value))
        case .evaluatedObject:
            let table = try table(root.entity, range: range)
            return .object(key: .column(alias: root.alias, name: table.primaryKey), entity: root.entity)
        case .keyPath(let path):
            return try keyPath(path, from: root)
        case .member(let base, let path):
            return try member(base, path, range: range)
        case .variable(let name):
            if let row = variableRows[name] {
                let table = try table(row.entity, range: range)
                return .object(key: .column(alias: row.alias, name: table.primaryKey), entity: row.entity)
            }
            guard let value = lowering.variables[name] else {
                throw SQLLoweringError(id: "sql-variable", message: "'$\(name)' has no value", range: range)
            }
            return .constant(value)
        case .binary(let op, let left, let right):
            return try arithmetic(op, left, right, range: range)
        case .unary(let op, let operand):
            guard op == .negate, case .scalar(let value, let type) = try self.operand(operand), type.isNumeric else {
                throw unsupported("'\(Operators.spelling(of: op))' on this operand", range)
            }
            return .scalar(.arithmetic(.literal(.zero), .subtract, value, Self.numericKind(type, type)), type)
        case .index(let base, let selector):
            guard case .size = selector, case .elements(let source) = try operand(base) else {
                throw unsupported("an index other than [SIZE] on a to-many collection", range)
            }
            return .scalar(aggregate(source, function: .count), .integer)
        case .function(let function, let arguments):
            return try builtin(function, arguments, range: range)
        case .subquery(let collection, let variable, _, let predicate):
            return try subquery(collection, variable, predicate, range: range)
        case .ternary(let condition, let whenTrue, let whenFalse):
            guard case .scalar(let a, let typeA) = try scalarOperand(whenTrue),
                case .scalar(let b, _) = try scalarOperand(whenFalse)
            else { throw unsupported("TERNARY with these branches", range) }
            let test = try self.condition(condition)
            return .scalar(.caseWhen([SQLWhen(test, then: a)], otherwise: b), typeA)
        case .aggregate, .cast, .customFunction, .assignment, .anyKey:
            throw unsupported("'\(expression.node.expressionFormat)'", range)
        }
    }

    /// An operand that is one value per row: constants become bound values.
    func scalarOperand(_ expression: CheckedExpression) throws(SQLLoweringError) -> LoweredOperand {
        switch try operand(expression) {
        case .constant(let value):
            guard let bound = Self.plainValue(value) else {
                throw unsupported("the value \(value.briefDescription) in this position", expression.range)
            }
            return .scalar(.value(bound), Self.staticType(of: value))
        case let other:
            return other
        }
    }

    /// Evaluates an expression that reads no row, with the in-memory semantics; `nil` when it
    /// reads a row (or a SUBQUERY variable, or `now()`-like functions are involved).
    func fold(_ expression: CheckedExpression) throws(SQLLoweringError) -> EvaluationValue? {
        guard Self.isConstant(expression, variables: variableRows) else { return nil }
        if case .constant(let value) = expression.kind { return EvaluationValue(value) }
        do {
            return try ReferenceInterpreter().evaluate(expression.node, on: .null, variables: lowering.variables)
        } catch {
            throw SQLLoweringError(
                id: "sql-evaluation", message: "'\(expression.node.expressionFormat)': \(error.message)",
                range: expression.range)
        }
    }

    /// Whether an expression reads neither a row nor a SUBQUERY variable.
    static func isConstant(_ expression: CheckedExpression, variables: [String: Row]) -> Bool {
        switch expression.kind {
        case .constant: return true
        case .variable(let name): return variables[name] == nil
        case .aggregate(let elements): return elements.allSatisfy { isConstant($0, variables: variables) }
        case .binary(_, let a, let b): return isConstant(a, variables: variables) && isConstant(b, variables: variables)
        case .unary(_, let a), .cast(let a, _): return isConstant(a, variables: variables)
        case .function(let function, let arguments):
            return function != .now && function != .random && function != .randomn
                && arguments.allSatisfy { isConstant($0, variables: variables) }
        case .member(let base, _): return isConstant(base, variables: variables)
        case .index(let base, let selector):
            if case .expression(let index) = selector, !isConstant(index, variables: variables) { return false }
            return isConstant(base, variables: variables)
        case .evaluatedObject, .keyPath, .subquery, .ternary, .customFunction, .assignment, .anyKey:
            return false
        }
    }

    /// A value bound as itself (strings, numbers, Booleans as 0/1, data, UUIDs as text);
    /// `nil` for collections, objects, dictionaries and dates (dates depend on the storage).
    static func plainValue(_ value: EvaluationValue) -> SQLValue? {
        switch value {
        case .null: .null
        case .bool(let bool): .integer(bool ? 1 : 0)
        case .int(let int): .integer(Int64(int))
        case .double(let double): .double(double)
        case .string(let string): .text(string)
        case .data(let data): .blob(Array(data))
        case .uuid(let uuid): .text(uuid.uuidString)
        case .date, .array, .set, .dictionary, .object, .reference: nil
        }
    }

    /// The static type of a constant.
    static func staticType(of value: EvaluationValue) -> StaticType {
        switch value {
        case .null: .null
        case .bool: .boolean
        case .int: .integer
        case .double: .floating
        case .string: .string
        case .date: .date
        case .data: .data
        case .uuid: .uuid
        case .array, .set: .collection(of: .unknown)
        case .dictionary, .object: .unknown
        case .reference(let reference): .object(entity: reference.entity)
        }
    }

    func unsupported(_ what: String, _ range: SourceRange?) -> SQLLoweringError {
        SQLLoweringError(message: "\(what) cannot be lowered to SQL with the in-memory semantics", range: range)
    }

    // MARK: Arithmetic and functions

    private func arithmetic(
        _ op: BinaryOperator, _ left: CheckedExpression, _ right: CheckedExpression, range: SourceRange?
    ) throws(SQLLoweringError) -> LoweredOperand {
        let sqlOperator: SQLBinaryOperator
        switch op {
        case .add: sqlOperator = .add
        case .subtract: sqlOperator = .subtract
        case .multiply: sqlOperator = .multiply
        case .divide: sqlOperator = .divide
        default: throw unsupported("'\(Operators.spelling(of: op))'", range)
        }
        let a = try arithmeticOperand(left)
        let b = try arithmeticOperand(right)
        // Integer division by zero is 0 in memory, NULL or an error in SQL: only a non-zero
        // constant divisor is lowered.
        if op == .divide {
            guard case .constant(let divisor) = try operand(right), let number = NumericValue(divisor),
                number.doubleValue != 0
            else { throw unsupported("division by something other than a non-zero constant", range) }
        }
        let type: StaticType
        if a.type == .date || b.type == .date {
            type = (op == .subtract && a.type == .date && b.type == .date) ? .floating : .date
        } else {
            type = a.type == .integer && b.type == .integer ? .integer : .floating
        }
        return .scalar(
            .arithmetic(a.expression, sqlOperator, b.expression, Self.numericKind(a.type, b.type)), type)
    }

    /// Integer arithmetic when both operands are integers, else floating point (dates are
    /// seconds in a double).
    static func numericKind(_ a: StaticType, _ b: StaticType) -> SQLNumericKind {
        a == .integer && b == .integer ? .integer : .floating
    }

    /// A numeric or date operand of arithmetic.
    private func arithmeticOperand(_ expression: CheckedExpression) throws(SQLLoweringError)
        -> (expression: SQLExpression, type: StaticType)
    {
        switch try operand(expression) {
        case .constant(let value):
            switch value {
            case .int(let int): return (.value(.integer(Int64(int))), .integer)
            case .double(let double): return (.value(.double(double)), .floating)
            case .date:
                guard let bound = layout.bound(value, as: .date) else { break }
                return (.value(bound), .date)
            default: break
            }
            throw unsupported("arithmetic on \(value.briefDescription)", expression.range)
        case .scalar(let value, let type) where type.isNumeric || type == .date:
            return (value, type)
        default:
            throw unsupported("arithmetic on '\(expression.node.expressionFormat)'", expression.range)
        }
    }

    private func builtin(_ function: BuiltinFunction, _ arguments: [CheckedExpression], range: SourceRange?)
        throws(SQLLoweringError) -> LoweredOperand
    {
        switch function {
        case .count:
            guard let first = arguments.first, case .elements(let source) = try operand(first) else {
                throw unsupported("count: of this argument", range)
            }
            return .scalar(aggregate(source, function: .count), .integer)
        case .abs:
            guard let first = arguments.first, case .scalar(let value, let type) = try scalarOperand(first),
                type.isNumeric
            else { throw unsupported("abs: of this argument", range) }
            // `abs` keeps its operand's type: an integer goes through exact arithmetic first
            // (PostgreSQL's `abs(smallint '-32768')` overflows; memory's integers do not).
            let operand = type == .integer ? SQLExpression.arithmetic(.literal(.zero), .add, value, .integer) : value
            return .scalar(.function(.abs, [operand]), type)
        case .now:
            return .constant(.date(lowering.now))
        case .noindex:
            guard let first = arguments.first else { throw unsupported("noindex: without an argument", range) }
            return try operand(first)
        default:
            throw unsupported("'\(function.selector)' on values read from the database", range)
        }
    }
}
