import Foundation
import Predicates

/// `IN`/`CONTAINS` and the string operators.
///
/// | predicate | SQL |
/// |---|---|
/// | `name IN {'a', 'b'}` | `t0.name IN (?, ?)` (elements of another kind dropped: they never match) |
/// | `'x' IN tags.name` | `EXISTS (SELECT 1 FROM … WHERE t2.name = ?)` |
/// | `SELF IN %@`, `%@ IN tags` (object references) | `t0.id IN (?, ?)`, `EXISTS` on the join table (`PredicateLowering+References.swift`) |
/// | `name CONTAINS[c] 'x'` | `pe_contains(t0.name, ?, ?) = 1` |
/// | `name BEGINSWITH 'ab'` | an index range on `name`, then `pe_beginswith(t0.name, ?, ?) = 1` |
/// | `name LIKE 'a*'` | `pe_like(t0.name, ?, ?) = 1` |
/// | `name MATCHES 'a+'` | SQLite `pe_matches(t0.name, ?, ?) = 1`; PostgreSQL `normalize(t0.name, NFKC) ~ $1`, the pattern translated (``SQLRegexMatch``) |
/// | `name CONTAINS ''` | FALSE (an empty needle never matches) |
extension LoweringWalk {
    /// `element IN container` / `container CONTAINS element`.
    func membership(element: LoweredOperand, container: LoweredOperand, _ test: Test) throws(SQLLoweringError)
        -> SQLExpression
    {
        switch container {
        case .constant(let value):
            switch value {
            case .null:
                return .truth(.alwaysFalse)
            case .string:
                return try stringOperator(
                    Test(operator: .contains, options: test.options, range: test.range), container, element)
            case .array(let items):
                return try inList(element, items, test)
            case .set(let set):
                return try inList(element, set.elements, test)
            case .dictionary(let dictionary):
                return try inList(element, dictionary.keys.sorted().compactMap { dictionary[$0] }, test)
            default:
                throw unsupported("IN/CONTAINS with \(value.briefDescription) as the container", test.range)
            }
        case .scalar(_, let type) where type == .string || type == .unknown:
            return try stringOperator(
                Test(operator: .contains, options: test.options, range: test.range), container, element)
        case .elements(var source):
            source = keysOnly(source, comparedWith: element)
            let each: SQLExpression
            switch (source.value, element) {
            case (_, .constant(let value)) where value.isNull:
                return .truth(.alwaysFalse)
            case (.scalar(let value, let type), .constant(let constant)):
                guard let bound = equalityValue(constant, for: value, type) else { return .truth(.alwaysFalse) }
                each = .binary(value, .equal, .value(bound))
            case (.scalar(let value, _), .scalar(let other, _)):
                each = .binary(value, .equal, other)
            case (.object(let key, let entity), .object(let other, let otherEntity)):
                guard sameHierarchy(entity, otherEntity) else { return .truth(.alwaysFalse) }
                each = .binary(key, .equal, other)
            case (.object(let key, let entity), .constant(let constant)):
                each = objectEquality(key: key, entity: entity, constant: constant)
                if each == .truth(.alwaysFalse) { return each }
            default:
                throw unsupported("looking for this value in a to-many collection", test.range)
            }
            source.select.columns = [.literal(.one)]
            source.select.conditions.append(each)
            return .exists(source.select)
        default:
            throw unsupported("IN/CONTAINS with this container", test.range)
        }
    }

    /// `x IN (constants)`: equality as in memory (no conversion between kinds, nil never found).
    private func inList(_ element: LoweredOperand, _ items: [EvaluationValue], _ test: Test)
        throws(SQLLoweringError) -> SQLExpression
    {
        switch element {
        case .scalar(let value, let type):
            let bound = items.filter { !$0.isNull }.compactMap { equalityValue($0, for: value, type) }
            guard !bound.isEmpty else { return .truth(.alwaysFalse) }
            return .inList(value, bound.map { .value($0) })
        case .object(let key, let entity):
            return objectInList(key: key, entity: entity, items)
        default:
            throw unsupported("IN with this left operand", test.range)
        }
    }

    /// BEGINSWITH, ENDSWITH, CONTAINS (strings), LIKE through the exact helpers; MATCHES as a
    /// ``SQLRegexMatch`` the dialect spells.
    func stringOperator(_ test: Test, _ left: LoweredOperand, _ right: LoweredOperand) throws(SQLLoweringError)
        -> SQLExpression
    {
        if case .constant(let value) = left, value.isNull { return .truth(.alwaysFalse) }
        if case .constant(let value) = right, value.isNull { return .truth(.alwaysFalse) }
        if case .constant(.string(let needle)) = right, needle.isEmpty { return .truth(.alwaysFalse) }
        let subject = try stringOperand(left, test)
        let argument = try stringOperand(right, test)
        if test.operator == .matches {
            var pattern = SQLRegexMatch.Pattern.expression(argument)
            if case .constant(.string(let text)) = right { pattern = .constant(text) }
            return .regexMatch(
                SQLRegexMatch(
                    subject: subject, pattern: pattern, options: test.options, range: test.patternRange ?? test.range))
        }
        let function: SQLFunction
        switch test.operator {
        case .beginsWith: function = .beginsWith
        case .endsWith: function = .endsWith
        case .like: function = .like
        default: function = .contains
        }
        let call = SQLExpression.binary(
            .function(function, [subject, argument, .value(.text(test.options.letterString))]), .equal,
            .literal(.one))
        // BEGINSWITH on a column with a plain ASCII needle: a byte-prefix condition the index can
        // serve comes first; the helper keeps the exact meaning. Characters canonically
        // equivalent to other text (K, ;, `) are left to the helper alone.
        if test.operator == .beginsWith, test.options.isEmpty, case .column = subject,
            case .constant(.string(let needle)) = right,
            needle.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F })
                && !needle.contains(where: { "K;`".contains($0) })
        {
            return .and([.prefix(subject, needle), call])
        }
        return call
    }

    private func stringOperand(_ operand: LoweredOperand, _ test: Test) throws(SQLLoweringError) -> SQLExpression {
        switch operand {
        case .constant(.string(let text)):
            return .value(.text(text))
        case .scalar(let value, let type) where type == .string || type == .unknown:
            return value
        default:
            throw unsupported(
                "'\(Operators.spelling(of: test.operator))' on something that is not a string", test.range)
        }
    }
}
