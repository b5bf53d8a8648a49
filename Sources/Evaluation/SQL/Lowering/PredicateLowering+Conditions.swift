import Foundation
import KeyPaths
import Predicates

/// Predicates and comparisons. Every lowered condition is TRUE exactly when the predicate is
/// true in memory; false predicates may lower to FALSE or NULL, which `WHERE` treats alike,
/// and `NOT` is `IS NOT TRUE` so that NULL cannot leak through a negation.
///
/// | predicate | SQL |
/// |---|---|
/// | `name == 'x'` | `t0.name = ?` |
/// | `name != 'x'` | `(t0.name = ?) IS NOT TRUE` (keeps NULL names, as in memory) |
/// | `name == nil` | `t0.name IS NULL` |
/// | `age <= nil` | `t0.age IS NULL` (nil ≤ nil is true in memory) |
/// | `ANY tags.name == 'x'` | `EXISTS (SELECT 1 FROM … WHERE … AND t2.name = ?)` |
/// | `ALL tags.name == 'x'` | `NOT EXISTS (SELECT 1 FROM … WHERE (t2.name = ?) IS NOT TRUE)` |
/// | `age IN {1, 2}` | `t0.age IN (?, ?)`; `age IN {}` is FALSE |
/// | `name BEGINSWITH 'ab'` | `t0.name >= ? AND t0.name < ? AND pe_beginswith(t0.name, ?, ?) = 1` (the range uses an index) |
extension LoweringWalk {
    func condition(_ condition: CheckedCondition) throws(SQLLoweringError) -> SQLExpression {
        switch condition.kind {
        case .constant(let value):
            return .truth(value ? .alwaysTrue : .alwaysFalse)
        case .and(let items):
            var parts: [SQLExpression] = []
            for item in items {
                let part = try self.condition(item)
                if part == .truth(.alwaysFalse) { return part }
                if part != .truth(.alwaysTrue) { parts.append(part) }
            }
            return parts.isEmpty ? .truth(.alwaysTrue) : (parts.count == 1 ? parts[0] : .and(parts))
        case .or(let items):
            var parts: [SQLExpression] = []
            for item in items {
                let part = try self.condition(item)
                if part == .truth(.alwaysTrue) { return part }
                if part != .truth(.alwaysFalse) { parts.append(part) }
            }
            return parts.isEmpty ? .truth(.alwaysFalse) : (parts.count == 1 ? parts[0] : .or(parts))
        case .not(let inner):
            return Self.negation(try self.condition(inner))
        case .comparison(let comparison):
            return try self.comparison(comparison, range: condition.range)
        }
    }

    /// `NOT p`, two-valued.
    static func negation(_ condition: SQLExpression) -> SQLExpression {
        switch condition {
        case .truth(.alwaysTrue): .truth(.alwaysFalse)
        case .truth(.alwaysFalse): .truth(.alwaysTrue)
        case .exists: .not(condition)
        case .not(let inner) where Self.isExists(inner): inner
        default: .isTrue(condition, negated: true)
        }
    }

    private static func isExists(_ expression: SQLExpression) -> Bool {
        if case .exists = expression { return true }
        return false
    }

    private func comparison(_ checked: CheckedComparison, range: SourceRange?) throws(SQLLoweringError)
        -> SQLExpression
    {
        let comparison = checked.comparison
        if case .constant(.string(let pattern)) = checked.right.kind {
            do {
                try ComparisonSemantics.validateLiteralPattern(comparison.operator, pattern, comparison.options)
            } catch {
                throw SQLLoweringError(id: "sql-invalid-pattern", message: error.message, range: checked.right.range)
            }
        }
        let left = try comparisonOperand(checked.left, in: checked)
        let right = try comparisonOperand(checked.right, in: checked)
        let test = Test(
            operator: comparison.operator, options: comparison.options, range: range, patternRange: checked.right.range)
        switch comparison.modifier {
        case .direct:
            return try direct(test, left, right)
        case .any, .all:
            let isAll = comparison.modifier == .all
            switch left {
            case .elements(var source):
                source = keysOnly(source, comparedWith: right)
                let element: LoweredOperand
                switch source.value {
                case .scalar(let value, let type): element = .scalar(value, type)
                case .object(let key, let entity): element = .object(key: key, entity: entity)
                }
                let each = try direct(test, element, right)
                source.select.columns = [.literal(.one)]
                if isAll {
                    if each != .truth(.alwaysTrue) { source.select.conditions.append(Self.negation(each)) }
                    return each == .truth(.alwaysTrue) ? .truth(.alwaysTrue) : .not(.exists(source.select))
                }
                if each == .truth(.alwaysFalse) { return each }
                if each != .truth(.alwaysTrue) { source.select.conditions.append(each) }
                return .exists(source.select)
            case .constant(let value):
                let elements: [EvaluationValue]
                switch value {
                case .null: elements = []
                case .array(let items): elements = items
                case .set(let set): elements = set.elements
                default: throw unsupported("ANY/ALL over \(value.briefDescription)", range)
                }
                var parts: [SQLExpression] = []
                for element in elements {
                    let part = try direct(test, .constant(element), right)
                    if part == .truth(isAll ? .alwaysFalse : .alwaysTrue) { return part }
                    if part != .truth(isAll ? .alwaysTrue : .alwaysFalse) { parts.append(part) }
                }
                if parts.isEmpty { return .truth(isAll ? .alwaysTrue : .alwaysFalse) }
                return parts.count == 1 ? parts[0] : (isAll ? .and(parts) : .or(parts))
            default:
                throw unsupported("ANY/ALL over '\(checked.left.node.expressionFormat)'", range)
            }
        }
    }

    /// One comparison operator with its options.
    struct Test {
        var `operator`: ComparisonOperator
        var options: ComparisonOptions
        var range: SourceRange?
        /// Where the right operand (a MATCHES pattern) is written.
        var patternRange: SourceRange? = nil
    }

    /// A comparison without a quantifier.
    func direct(_ test: Test, _ left: LoweredOperand, _ right: LoweredOperand) throws(SQLLoweringError)
        -> SQLExpression
    {
        if case .constant(let a) = left, case .constant(let b) = right {
            do {
                let result = try ComparisonSemantics.evaluate(test.operator, test.options, a, b)
                return .truth(result ? .alwaysTrue : .alwaysFalse)
            } catch {
                throw SQLLoweringError(id: "sql-evaluation", message: error.message, range: test.range)
            }
        }
        switch test.operator {
        case .equalTo:
            return try equality(left, right, test)
        case .notEqualTo:
            return Self.negation(try equality(left, right, test))
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            return try ordering(test, left, right)
        case .between:
            return try between(left, right, test)
        case .in:
            return try membership(element: left, container: right, test)
        case .contains:
            return try membership(element: right, container: left, test)
        case .beginsWith, .endsWith, .like, .matches:
            return try stringOperator(test, left, right)
        case .utiConformsTo, .utiEquals:
            throw unsupported("'\(Operators.spelling(of: test.operator))'", test.range)
        }
    }

    // MARK: Equality and ordering

    /// `a == b` (options apply to strings).
    private func equality(_ left: LoweredOperand, _ right: LoweredOperand, _ test: Test) throws(SQLLoweringError)
        -> SQLExpression
    {
        switch (left, right) {
        case (.constant(let value), let other), (let other, .constant(let value)):
            return try equality(other, constant: value, test)
        case (.object(let a, let entityA), .object(let b, let entityB)):
            guard sameHierarchy(entityA, entityB) else { return .truth(.alwaysFalse) }
            return .nullSafeEqual(a, b)
        case (.scalar(let a, let typeA), .scalar(let b, let typeB)):
            guard Self.family(typeA) == Self.family(typeB) || Self.family(typeA) == nil || Self.family(typeB) == nil
            else {
                // Values of different kinds are equal only when both are nil.
                return .and([.isNull(a, negated: false), .isNull(b, negated: false)])
            }
            if typeA == .string || typeB == .string, let mode = Self.foldingOptions(test.options) {
                return .nullSafeEqual(fold(a, mode), fold(b, mode))
            }
            return .nullSafeEqual(a, b)
        default:
            throw unsupported("comparing these operands with '=='", test.range)
        }
    }

    /// `x == constant`.
    private func equality(_ operand: LoweredOperand, constant: EvaluationValue, _ test: Test)
        throws(SQLLoweringError) -> SQLExpression
    {
        switch operand {
        case .object(let key, let entity):
            return objectEquality(key: key, entity: entity, constant: constant)
        case .scalar(let value, let type):
            if constant.isNull { return .isNull(value, negated: false) }
            guard let bound = equalityValue(constant, for: value, type) else { return .truth(.alwaysFalse) }
            if case .string(let text) = constant, type == .string || type == .unknown,
                let mode = Self.foldingOptions(test.options)
            {
                return .binary(
                    fold(value, mode), .equal, .value(.text(SQLHelperFunctions.fold(text, Self.optionsCode(mode)))))
            }
            return .binary(value, .equal, .value(bound))
        case .elements:
            throw unsupported("comparing a to-many collection with '=='", test.range)
        case .constant:
            throw unsupported("this comparison", test.range)
        }
    }

    /// `<`, `<=`, `>`, `>=` with the in-memory nil rules: ordering with nil is false except
    /// `nil <= nil` and `nil >= nil`.
    private func ordering(_ test: Test, _ left: LoweredOperand, _ right: LoweredOperand) throws(SQLLoweringError)
        -> SQLExpression
    {
        let op = test.operator
        let inclusive = op == .lessThanOrEqualTo || op == .greaterThanOrEqualTo
        if case .constant(let value) = right, value.isNull {
            guard case .scalar(let a, _) = left, inclusive else { return .truth(.alwaysFalse) }
            return .isNull(a, negated: false)
        }
        if case .constant(let value) = left, value.isNull {
            guard case .scalar(let b, _) = right, inclusive else { return .truth(.alwaysFalse) }
            return .isNull(b, negated: false)
        }
        let sqlOperator: SQLBinaryOperator
        switch op {
        case .lessThan: sqlOperator = .less
        case .lessThanOrEqualTo: sqlOperator = .lessOrEqual
        case .greaterThan: sqlOperator = .greater
        default: sqlOperator = .greaterOrEqual
        }
        switch (left, right) {
        case (.constant(.double(let nan)), .scalar(_, let type)) where nan.isNaN && Self.family(type) == "number",
            (.scalar(_, let type), .constant(.double(let nan))) where nan.isNaN && Self.family(type) == "number":
            // No number is ordered with NaN in memory; PostgreSQL orders NaN above every number.
            return .truth(.alwaysFalse)
        case (.scalar(let a, let type), .constant(.double(let constant))):
            if let integer = integerOrdering(a, type, sqlOperator, constant) { return integer }
        case (.constant(.double(let constant)), .scalar(let b, let type)):
            if let integer = integerOrdering(b, type, Self.flipped(sqlOperator), constant) { return integer }
        default:
            break
        }
        let (a, typeA) = try orderable(left, other: right, test)
        let (b, typeB) = try orderable(right, other: left, test)
        guard let familyA = Self.family(typeA), familyA == Self.family(typeB), familyA != "object" else {
            throw unsupported("ordering \(typeA) against \(typeB)", test.range)
        }
        let comparison: SQLExpression
        if familyA == "string" {
            comparison = .binary(
                .function(.compare, [a, b, .value(.text(Self.optionsCode(test.options)))]), sqlOperator,
                .literal(.zero))
        } else {
            comparison = .binary(a, sqlOperator, b)
        }
        guard inclusive, !Self.isBound(a), !Self.isBound(b) else { return comparison }
        return .or([comparison, .and([.isNull(a, negated: false), .isNull(b, negated: false)])])
    }

    /// A scalar to order, with its type (a constant is bound like the other side).
    private func orderable(_ operand: LoweredOperand, other: LoweredOperand, _ test: Test)
        throws(SQLLoweringError) -> (SQLExpression, StaticType)
    {
        switch operand {
        case .scalar(let value, let type):
            return (value, type)
        case .constant(let value):
            var otherType = Self.staticType(of: value)
            if case .scalar(_, let type) = other { otherType = type }
            guard let bound = bind(value, like: otherType) else {
                throw unsupported("ordering \(value.briefDescription) against \(otherType)", test.range)
            }
            return (.value(bound), Self.staticType(of: value) == .date ? .date : Self.staticType(of: value))
        default:
            throw unsupported("ordering this operand", test.range)
        }
    }

    /// `x BETWEEN {low, high}`: inclusive, reversed bounds swapped, nil anywhere false.
    private func between(_ left: LoweredOperand, _ right: LoweredOperand, _ test: Test) throws(SQLLoweringError)
        -> SQLExpression
    {
        guard case .constant(.array(let bounds)) = right, bounds.count == 2 else {
            throw unsupported("BETWEEN with bounds that are not two constants", test.range)
        }
        if bounds.contains(where: \.isNull) { return .truth(.alwaysFalse) }
        var (low, high) = (bounds[0], bounds[1])
        do {
            if try ValueComparison.compare(low, high, []) == .orderedDescending { swap(&low, &high) }
        } catch {
            throw SQLLoweringError(id: "sql-evaluation", message: error.message, range: test.range)
        }
        let lower = try ordering(
            Test(operator: .greaterThanOrEqualTo, options: [], range: test.range), left, .constant(low))
        let upper = try ordering(
            Test(operator: .lessThanOrEqualTo, options: [], range: test.range), left, .constant(high))
        return .and([lower, upper])
    }

    // MARK: Helpers

    /// The value bound for a constant compared with a value of `type`, or `nil` when the two
    /// can never be equal (different kinds; in memory no value is converted).
    func bind(_ value: EvaluationValue, like type: StaticType) -> SQLValue? {
        let family = Self.family(type)
        switch value {
        case .null: return .null
        case .date:
            guard family == nil || family == "date" else { return nil }
            return layout.bound(value, as: .date)
        case .uuid:
            guard family == nil || family == "uuid" else { return nil }
            return layout.bound(value, as: .uuid)
        default:
            let valueFamily = Self.family(Self.staticType(of: value))
            guard family == nil || valueFamily == family else { return nil }
            return Self.plainValue(value)
        }
    }

    /// The kind of values that compare with each other (`nil` when unknown): the checker's
    /// own families.
    static func family(_ type: StaticType) -> String? { type.comparisonFamily }

    /// Whether objects of the two entities can be the same object.
    func sameHierarchy(_ a: String, _ b: String) -> Bool {
        (schema.ancestors(of: a).last ?? a) == (schema.ancestors(of: b).last ?? b)
    }

    /// The options string the helpers take: `c`, `d`, `cd`, `n`, `l`, … (empty for none).
    static func optionsCode(_ options: ComparisonOptions) -> String { options.letterString }

    /// The options when they change string equality (`[c]`, `[d]`, `[l]`), else `nil`.
    static func foldingOptions(_ options: ComparisonOptions) -> ComparisonOptions? {
        let mode = StringMatchMode(options)
        if mode.literal { return nil }
        if mode.folds || options.contains(.localeSensitive) { return options }
        return nil
    }

    /// `pe_fold(value, options)`.
    func fold(_ value: SQLExpression, _ options: ComparisonOptions) -> SQLExpression {
        .function(.fold, [value, .value(.text(Self.optionsCode(options)))])
    }

    /// The operator with its operands swapped: `a < b` is `b > a`.
    static func flipped(_ op: SQLBinaryOperator) -> SQLBinaryOperator {
        switch op {
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        default: op
        }
    }

    static func isBound(_ expression: SQLExpression) -> Bool {
        if case .value = expression { return true }
        return false
    }
}
