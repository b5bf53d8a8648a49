extension SQLExpression {
    /// The expression with each direct sub-expression replaced by `transform` of it. The selects
    /// of `EXISTS` and scalar subqueries are not entered: they are the expression's contents,
    /// not its sub-expressions (``SQLSelect/freeAliases`` walks into them).
    public func mappingChildren(_ transform: (SQLExpression) -> SQLExpression) -> SQLExpression {
        switch self {
        case .column, .columnName, .value, .literal, .truth, .exists, .scalar:
            return self
        case .namedFunction(let schema, let name, let arguments):
            return .namedFunction(schema: schema, name: name, arguments.map(transform))
        case .binary(let a, let op, let b):
            return .binary(transform(a), op, transform(b))
        case .arithmetic(let a, let op, let b, let kind):
            return .arithmetic(transform(a), op, transform(b), kind)
        case .and(let parts):
            return .and(parts.map(transform))
        case .or(let parts):
            return .or(parts.map(transform))
        case .not(let inner):
            return .not(transform(inner))
        case .isNull(let inner, let negated):
            return .isNull(transform(inner), negated: negated)
        case .isTrue(let inner, let negated):
            return .isTrue(transform(inner), negated: negated)
        case .nullSafeEqual(let a, let b):
            return .nullSafeEqual(transform(a), transform(b))
        case .inList(let value, let items):
            return .inList(transform(value), items.map(transform))
        case .between(let value, let low, let high):
            return .between(transform(value), low: transform(low), high: transform(high))
        case .function(let function, let arguments):
            return .function(function, arguments.map(transform))
        case .regexMatch(var match):
            match.subject = transform(match.subject)
            if case .expression(let pattern) = match.pattern { match.pattern = .expression(transform(pattern)) }
            return .regexMatch(match)
        case .caseWhen(let branches, let otherwise):
            return .caseWhen(
                branches.map { SQLWhen(transform($0.condition), then: transform($0.result)) },
                otherwise: transform(otherwise))
        case .prefix(let text, let prefix):
            return .prefix(transform(text), prefix)
        case .collate(let text, let mode):
            return .collate(transform(text), mode)
        }
    }

    /// The direct sub-expressions, in rendering order (the selects of subqueries excluded, as in
    /// ``mappingChildren(_:)``).
    public var children: [SQLExpression] {
        switch self {
        case .column, .columnName, .value, .literal, .truth, .exists, .scalar:
            return []
        case .namedFunction(_, _, let arguments), .function(_, let arguments):
            return arguments
        case .binary(let a, _, let b), .arithmetic(let a, _, let b, _), .nullSafeEqual(let a, let b):
            return [a, b]
        case .and(let parts), .or(let parts):
            return parts
        case .not(let inner), .isNull(let inner, _), .isTrue(let inner, _), .prefix(let inner, _),
            .collate(let inner, _):
            return [inner]
        case .inList(let value, let items):
            return [value] + items
        case .between(let value, let low, let high):
            return [value, low, high]
        case .regexMatch(let match):
            if case .expression(let pattern) = match.pattern { return [match.subject, pattern] }
            return [match.subject]
        case .caseWhen(let branches, let otherwise):
            return branches.flatMap { [$0.condition, $0.result] } + [otherwise]
        }
    }

    /// The table aliases the expression reads that it does not define itself: its columns'
    /// aliases and those its subqueries read from outside them.
    public var freeAliases: Set<String> {
        var aliases: Set<String> = []
        collectFreeAliases(into: &aliases)
        return aliases
    }

    fileprivate func collectFreeAliases(into aliases: inout Set<String>) {
        switch self {
        case .column(let alias, _): aliases.insert(alias)
        case .exists(let select), .scalar(let select): aliases.formUnion(select.freeAliases)
        default: for child in children { child.collectFreeAliases(into: &aliases) }
        }
    }

    /// Whether the expression, its subqueries included, calls `function`.
    public func calls(_ function: SQLFunction) -> Bool {
        switch self {
        case .function(let called, let arguments):
            return called == function || arguments.contains { $0.calls(function) }
        case .exists(let select), .scalar(let select):
            return select.expressions.contains { $0.calls(function) }
        default:
            return children.contains { $0.calls(function) }
        }
    }
}

extension SQLSelect {
    /// Every expression of the select itself, in rendering order: its columns, the arguments of
    /// its sources, its joins' conditions, its conditions and its order.
    public var expressions: [SQLExpression] {
        columns + (from.arguments ?? []) + joins.flatMap { ($0.source.arguments ?? []) + [$0.on] } + conditions
            + order.map(\.expression)
    }

    /// The aliases the select reads from an enclosing query: those its expressions (and its
    /// subqueries') read, less the ones its `FROM` and joins define. Empty for a select that
    /// stands alone; `["t0"]` for a subquery correlated with the root table `t0`.
    public var freeAliases: Set<String> {
        var aliases: Set<String> = []
        for expression in expressions { expression.collectFreeAliases(into: &aliases) }
        aliases.remove(from.alias)
        for join in joins { aliases.remove(join.source.alias) }
        return aliases
    }

    /// The tables the select and its subqueries read (names without schema).
    public var tablesRead: Set<String> {
        var tables: Set<String> = [from.table]
        for join in joins { tables.insert(join.source.table) }
        var pending = expressions
        while let expression = pending.popLast() {
            switch expression {
            case .exists(let select), .scalar(let select): tables.formUnion(select.tablesRead)
            default: pending += expression.children
            }
        }
        return tables
    }
}

extension SQLExpression {
    /// The expression with the table aliases in `names` renamed, in its subqueries too.
    public func renamingAliases(_ names: [String: String]) -> SQLExpression {
        switch self {
        case .column(let alias, let name): .column(alias: names[alias] ?? alias, name: name)
        case .exists(let select): .exists(select.renamingAliases(names))
        case .scalar(let select): .scalar(select.renamingAliases(names))
        default: mappingChildren { $0.renamingAliases(names) }
        }
    }

    /// The subqueries directly inside the expression (not inside other subqueries).
    var subqueries: [SQLSelect] {
        switch self {
        case .exists(let select), .scalar(let select): [select]
        default: children.flatMap(\.subqueries)
        }
    }
}

extension SQLSelect {
    /// The select with the table aliases in `names` renamed, in its sources, its expressions
    /// and its subqueries.
    public func renamingAliases(_ names: [String: String]) -> SQLSelect {
        var select = mappingExpressions { $0.renamingAliases(names) }
        select.from.alias = names[from.alias] ?? from.alias
        for index in select.joins.indices {
            select.joins[index].source.alias = names[joins[index].source.alias] ?? joins[index].source.alias
        }
        return select
    }

    /// The select with `transform` applied to each of its own expressions, in rendering order
    /// (``expressions``: columns, source arguments, join conditions, conditions, order); what
    /// happens inside subqueries is `transform`'s business.
    public func mappingExpressions(_ transform: (SQLExpression) -> SQLExpression) -> SQLSelect {
        var select = self
        select.columns = columns.map(transform)
        select.from.arguments = from.arguments?.map(transform)
        for index in joins.indices {
            select.joins[index].source.arguments = joins[index].source.arguments?.map(transform)
            select.joins[index].on = transform(joins[index].on)
        }
        select.conditions = conditions.map(transform)
        select.order = order.map { Order(expression: transform($0.expression), descending: $0.descending) }
        return select
    }

    /// The aliases the select and its subqueries define, in order: its `FROM`, its joins, then
    /// those of its subqueries in rendering order.
    public var definedAliases: [String] {
        [from.alias] + joins.map(\.source.alias) + expressions.flatMap(\.subqueries).flatMap(\.definedAliases)
    }

    /// The select with the aliases it defines renamed `prefix1`, `prefix2`, … in the order of
    /// ``definedAliases``: two subqueries that differ only in how their lowering numbered their
    /// tables become equal.
    public func canonicalAliases(prefix: String) -> SQLSelect {
        var names: [String: String] = [:]
        for alias in definedAliases where names[alias] == nil { names[alias] = prefix + String(names.count + 1) }
        return renamingAliases(names)
    }
}
