import Foundation
import KeyPaths
import Predicates

/// Evaluation errors: where memory raises, the query raises too.
///
/// In memory, arithmetic on nil is an error (`-n < -5` with `n` missing raises, as Apple's
/// arithmetic functions do), and a query fails when evaluating the predicate fails on any of
/// its objects. SQL's arithmetic on NULL is NULL, which would silently select or drop rows. So
/// the lowering computes, beside the condition, the condition under which memory raises for a
/// row (``raises(_:)-(CheckedCondition)``), and the query checks it once over every object
/// before answering:
///
/// ```sql
/// SELECT "t0"."id" FROM "Note" AS "t0"
/// WHERE CASE WHEN NOT EXISTS (SELECT 1 FROM "Note" AS "t0" WHERE pe_raise("t0"."n" IS NULL, "t0"."id") = 1)
///   THEN (0 - "t0"."n") < ? ELSE 1 = 0 END
/// ```
///
/// `pe_raise(condition, key)` fails the statement, naming the object, when the condition is
/// TRUE. The error condition follows memory's order of evaluation exactly, so it never raises
/// where memory answers: AND and OR stop at the first decisive operand (`n == nil OR -n < 0`
/// never raises), TERNARY evaluates one branch, both operands of a comparison are evaluated,
/// and SUBQUERY evaluates its predicate on every element. The check itself never raises where
/// memory answers, whatever order the planner evaluates it in: it is an uncorrelated subquery
/// over every root row, evaluated once — on the first row the query looks at, before that
/// row can be selected — so a join the planner reorders or a `LIMIT` that stops early cannot
/// change whether the query fails. A query that looks at no row raises nothing, as memory
/// over no object.
extension LoweringWalk {
    /// When memory raises evaluating `condition` on the current row: a SQL condition that is
    /// TRUE exactly then, or `nil` when it can never raise.
    func raises(_ condition: CheckedCondition) throws(SQLLoweringError) -> SQLExpression? {
        guard Self.mayRaise(condition, variables: variableRows) else { return nil }
        switch condition.kind {
        case .constant:
            return nil
        case .and(let items), .or(let items):
            // An operand is evaluated only when every operand before it left the result open:
            // true for AND, not true for OR.
            let isAnd: Bool
            if case .and = condition.kind { isAnd = true } else { isAnd = false }
            var cases: [SQLExpression] = []
            var reached: [SQLExpression] = []
            for item in items {
                if let raising = try raises(item) { cases.append(Self.all(reached + [raising])) }
                let lowered = try self.condition(item)
                reached.append(isAnd ? .isTrue(lowered, negated: false) : Self.negation(lowered))
            }
            return Self.any(cases)
        case .not(let inner):
            return try raises(inner)
        case .comparison(let comparison):
            return Self.any([try raises(comparison.left), try raises(comparison.right)].compactMap { $0 })
        }
    }

    /// When memory raises evaluating `expression` on the current row (`nil`: never).
    func raises(_ expression: CheckedExpression) throws(SQLLoweringError) -> SQLExpression? {
        guard Self.mayRaise(expression, variables: variableRows) else { return nil }
        switch expression.kind {
        case .binary(let op, let left, let right):
            let arithmetic = [.add, .subtract, .multiply, .divide].contains(op)
            var cases = try [raises(left), raises(right)].compactMap { $0 }
            if arithmetic { cases += try [isNil(left), isNil(right)].compactMap { $0 } }
            return Self.any(cases)
        case .unary(let op, let operand):
            var cases = try [raises(operand)].compactMap { $0 }
            if op == .negate, let missing = try isNil(operand) { cases.append(missing) }
            return Self.any(cases)
        case .function(let function, let arguments):
            var cases: [SQLExpression] = []
            for argument in arguments {
                if let raising = try raises(argument) { cases.append(raising) }
                if function == .abs, let missing = try isNil(argument) { cases.append(missing) }
            }
            return Self.any(cases)
        case .index(let base, _), .member(let base, _):
            return try raises(base)
        case .ternary(let test, let whenTrue, let whenFalse):
            let lowered = try self.condition(test)
            var cases: [SQLExpression] = []
            if let raising = try raises(test) { cases.append(raising) }
            if let raising = try raises(whenTrue) { cases.append(.and([.isTrue(lowered, negated: false), raising])) }
            if let raising = try raises(whenFalse) { cases.append(.and([Self.negation(lowered), raising])) }
            return Self.any(cases)
        case .subquery(let collection, let variable, _, let predicate):
            return try subqueryRaises(collection, variable, predicate, range: expression.range)
        case .constant, .evaluatedObject, .keyPath, .variable, .aggregate, .customFunction, .cast, .assignment,
            .anyKey:
            return nil
        }
    }

    /// `operand IS NULL` for an operand of arithmetic read from the row (`nil` for a constant,
    /// which the lowering has already checked).
    private func isNil(_ expression: CheckedExpression) throws(SQLLoweringError) -> SQLExpression? {
        guard case .scalar(let value, _) = try operand(expression) else { return nil }
        return .isNull(value, negated: false)
    }

    /// SUBQUERY evaluates its predicate on every element: it raises when the collection does,
    /// or when the predicate raises on some element.
    private func subqueryRaises(
        _ collection: CheckedExpression, _ variable: String, _ predicate: CheckedCondition, range: SourceRange?
    ) throws(SQLLoweringError) -> SQLExpression? {
        let outer = try raises(collection)
        var inScope = variableRows
        inScope[variable] = Row(alias: "", entity: "", optional: false)
        guard Self.mayRaise(predicate, variables: inScope) else { return outer }
        guard case .elements(var source) = try operand(collection) else {
            throw unsupported("SUBQUERY over '\(collection.node.expressionFormat)'", range)
        }
        let previous = variableRows[variable]
        variableRows[variable] = source.row
        defer { variableRows[variable] = previous }
        let (inner, joins) = try inSubquery { () throws(SQLLoweringError) -> SQLExpression? in
            try raises(predicate)
        }
        guard let inner else { return outer }
        source.select.joins += joins
        source.select.columns = [.literal(.one)]
        source.select.conditions.append(inner)
        return Self.any([outer, .exists(source.select)].compactMap { $0 })
    }

    /// The `WHERE` conditions of the root query for `condition`: the lowered condition, or —
    /// when it can raise — the conditions that let the error check run before any row can be
    /// selected. The leading conjuncts that cannot raise stay plain conditions (an index may
    /// serve them; where they are false, memory stops before raising); the rest is evaluated
    /// after the check, in a CASE, which both databases evaluate in order (a plain AND lets
    /// SQLite decide the rest first and skip the check).
    func whereConditions(_ condition: CheckedCondition, table: SQLTableLayout) throws(SQLLoweringError)
        -> [SQLExpression]
    {
        guard let raising = try raises(condition) else {
            let lowered = try self.condition(condition)
            return lowered == .truth(.alwaysTrue) ? [] : [lowered]
        }
        var items = [condition]
        if case .and(let parts) = condition.kind { items = parts }
        let pure = items.prefix { !Self.mayRaise($0, variables: variableRows) }
        var conditions: [SQLExpression] = []
        for item in pure {
            let lowered = try self.condition(item)
            if lowered == .truth(.alwaysFalse) { return [lowered] }
            if lowered != .truth(.alwaysTrue) { conditions.append(lowered) }
        }
        var rest: [SQLExpression] = []
        for item in items.dropFirst(pure.count) { rest.append(try self.condition(item)) }
        let check = SQLExpression.exists(errorCheck(raising, table: table))
        switch Self.conjunction(rest) {
        case .truth(.alwaysFalse): conditions.append(check)
        case .truth(.alwaysTrue): conditions.append(.not(check))
        case let lowered:
            conditions.append(.caseWhen([SQLWhen(.not(check), then: lowered)], otherwise: .truth(.alwaysFalse)))
        }
        return conditions
    }

    /// `a AND b …` with constant parts simplified.
    static func conjunction(_ parts: [SQLExpression]) -> SQLExpression {
        if parts.contains(.truth(.alwaysFalse)) { return .truth(.alwaysFalse) }
        return all(parts.filter { $0 != .truth(.alwaysTrue) })
    }

    /// The query that fails when memory raises for some object of the root entity: every root
    /// row (the discriminator, LEFT JOINs only), `pe_raise` on each.
    func errorCheck(_ raising: SQLExpression, table: SQLTableLayout) -> SQLSelect {
        var check = SQLSelect(columns: [.literal(.one)], from: .init(table: table.name, alias: root.alias))
        check.joins = frames[0].joins
        let guarded = discriminator(table, alias: root.alias).map { Self.all([$0, raising]) } ?? raising
        let key = SQLExpression.column(alias: root.alias, name: table.primaryKey)
        check.conditions = [.binary(.function(.raise, [guarded, key]), .equal, .literal(.one))]
        return check
    }

    // MARK: Which predicates can raise

    /// Whether evaluating `condition` can raise in memory (it does arithmetic on values read
    /// from a row): a quick test, so that predicates without arithmetic pay nothing.
    static func mayRaise(_ condition: CheckedCondition, variables: [String: Row]) -> Bool {
        switch condition.kind {
        case .constant: false
        case .and(let items), .or(let items): items.contains { mayRaise($0, variables: variables) }
        case .not(let inner): mayRaise(inner, variables: variables)
        case .comparison(let comparison):
            mayRaise(comparison.left, variables: variables) || mayRaise(comparison.right, variables: variables)
        }
    }

    static func mayRaise(_ expression: CheckedExpression, variables: [String: Row]) -> Bool {
        if isConstant(expression, variables: variables) { return false }
        switch expression.kind {
        case .binary(let op, let left, let right):
            switch op {
            case .add, .subtract, .multiply, .divide: return true
            default: return mayRaise(left, variables: variables) || mayRaise(right, variables: variables)
            }
        case .unary(let op, let operand):
            return op == .negate || mayRaise(operand, variables: variables)
        case .function(let function, let arguments):
            return function == .abs || arguments.contains { mayRaise($0, variables: variables) }
        case .index(let base, _), .member(let base, _):
            return mayRaise(base, variables: variables)
        case .ternary(let test, let whenTrue, let whenFalse):
            return mayRaise(test, variables: variables) || mayRaise(whenTrue, variables: variables)
                || mayRaise(whenFalse, variables: variables)
        case .subquery(let collection, let variable, _, let predicate):
            // The SUBQUERY variable reads a row: it is not a constant inside the predicate.
            var inner = variables
            inner[variable] = Row(alias: "", entity: "", optional: false)
            return mayRaise(collection, variables: variables) || mayRaise(predicate, variables: inner)
        case .constant, .evaluatedObject, .keyPath, .variable, .aggregate, .customFunction, .cast, .assignment,
            .anyKey:
            return false
        }
    }

    /// `a AND b AND …` (`a` alone, TRUE for none).
    static func all(_ parts: [SQLExpression]) -> SQLExpression {
        parts.isEmpty ? .truth(.alwaysTrue) : (parts.count == 1 ? parts[0] : .and(parts))
    }

    /// `a OR b OR …` (`a` alone, `nil` for none).
    static func any(_ parts: [SQLExpression]) -> SQLExpression? {
        parts.isEmpty ? nil : (parts.count == 1 ? parts[0] : .or(parts))
    }
}
