/// Printing of expressions: operators, postfix forms, functions and the special forms.
///
/// Parentheses are added only where re-parsing would otherwise build a different tree:
/// an operand of an infix operator that is itself an infix operator or an assignment
/// (`(a + b) + c`, `a * (b + c)`), the operand of a prefix operator when it is an operator
/// node or a number (`-(5)`, `-(-5)`, `-(a + b)`), and the base of `.key` / `[index]` when
/// it is not a primary form (`(a + b).c`, `("abc").length`).
extension PredicateFormatter {
    /// Writes an expression.
    ///
    /// | node | printed |
    /// |---|---|
    /// | constant | `"x"`, `42`, `2.5`, `YES`, `nil`, `CAST(694224000.000000, "NSDate")` |
    /// | `SELF` | `SELF` |
    /// | key path | `a.b.@count`, `#size` |
    /// | member | `$x.name`, `(a + b).c` |
    /// | variable | `$x` (`$#size` for a reserved word) |
    /// | aggregate | `{1, 2}` |
    /// | binary | `a + b`, `(a + b) * c` |
    /// | unary | `-a`, `~a`, `-(5)` |
    /// | index | `a[0]`, `a[FIRST]`, `a[LAST]`, `a[SIZE]` |
    /// | function | `sum:(a)`, `max:({1, 5, 10})`, `now()` |
    /// | custom function | `FUNCTION(r, "sel:", x)` |
    /// | subquery | `SUBQUERY(c, $x, $x.a == 1)` |
    /// | cast | `CAST(a, "NSNumber")` |
    /// | ternary | `TERNARY(a == 1, "x", "y")` |
    /// | assignment | `$x := a + 1` |
    /// | any key | `ANYKEY` |
    mutating func write(_ expression: ExpressionNode) {
        switch expression.kind {
        case .constant(let value):
            write(value)
        case .evaluatedObject:
            output += "SELF"
        case .keyPath(let components):
            write(components)
        case .member(let base, let components):
            // A member of a member (built in code; the parser merges them) prints as one
            // dotted chain: the chain is walked in a loop rather than by recursion.
            var chain = [components]
            var innermost = base
            while case .member(let inner, let more) = innermost.kind {
                chain.append(more)
                innermost = inner
            }
            writeBase(innermost)
            for step in chain.reversed() {
                output += "."
                write(step)
            }
        case .variable(let name):
            writeVariable(name)
        case .aggregate(let elements):
            output += "{"
            writeList(elements)
            output += "}"
        case .binary(let op, let left, let right):
            writeOperand(left)
            output += " " + Operators.spelling(of: op) + " "
            writeOperand(right)
        case .unary(let op, let operand):
            output += Operators.spelling(of: op)
            writePrefixOperand(operand)
        case .index(let base, let selector):
            writeIndexBase(base)
            output += "["
            switch selector {
            case .first: output += "FIRST"
            case .last: output += "LAST"
            case .size: output += "SIZE"
            case .expression(let index): write(index)
            }
            output += "]"
        case .function(let function, let arguments):
            output += function.selector + "("
            writeList(arguments)
            output += ")"
        case .customFunction(let receiver, let selector, let arguments):
            output += "FUNCTION("
            write(receiver)
            output += ", "
            writeString(selector)
            for argument in arguments {
                output += ", "
                write(argument)
            }
            output += ")"
        case .subquery(let collection, let variable, let predicate):
            output += "SUBQUERY("
            write(collection)
            output += ", "
            writeVariable(variable)
            output += ", "
            write(predicate)
            output += ")"
        case .cast(let value, let type):
            output += "CAST("
            write(value)
            output += ", "
            writeString(type)
            output += ")"
        case .ternary(let condition, let whenTrue, let whenFalse):
            output += "TERNARY("
            write(condition)
            output += ", "
            write(whenTrue)
            output += ", "
            write(whenFalse)
            output += ")"
        case .assignment(let variable, let value):
            writeVariable(variable)
            output += " := "
            write(value)
        case .anyKey:
            output += "ANYKEY"
        }
    }

    /// Writes expressions separated by `", "`.
    mutating func writeList(_ expressions: [ExpressionNode]) {
        for (position, expression) in expressions.enumerated() {
            if position > 0 { output += ", " }
            write(expression)
        }
    }

    /// Writes an operand of an infix operator, in parentheses when it is an infix operator
    /// or an assignment itself: `(a + b) + c`, `a * (b + c)`, `($x := 1) + 2`.
    private mutating func writeOperand(_ operand: ExpressionNode) {
        if Self.infixOperandNeedsParentheses(operand) {
            writeParenthesised(operand)
        } else {
            write(operand)
        }
    }

    /// Whether an operand of an infix operator prints in parentheses (see ``writeOperand``).
    /// ``CanonicalFormWalk`` counts the levels these parentheses add with the same rule.
    static func infixOperandNeedsParentheses(_ operand: ExpressionNode) -> Bool {
        switch operand.kind {
        case .binary, .assignment: true
        default: false
        }
    }

    /// Writes the operand of `-` / `~`, in parentheses when it is an operator node or a
    /// number, so that `-(5)` stays a negation instead of becoming the constant `-5`.
    private mutating func writePrefixOperand(_ operand: ExpressionNode) {
        if Self.prefixOperandNeedsParentheses(operand) {
            writeParenthesised(operand)
        } else {
            write(operand)
        }
    }

    /// Whether the operand of `-` / `~` prints in parentheses (see ``writePrefixOperand``).
    static func prefixOperandNeedsParentheses(_ operand: ExpressionNode) -> Bool {
        switch operand.kind {
        case .binary, .assignment, .unary, .constant(.int), .constant(.double): true
        default: false
        }
    }

    /// Writes the base of a `.key` member access: bare when it is a primary form that
    /// postfix operators apply to directly, in parentheses otherwise.
    private mutating func writeBase(_ base: ExpressionNode) {
        if Self.isBareBase(base) {
            write(base)
        } else {
            writeParenthesised(base)
        }
    }

    /// Writes the base of an index: as a member base, and also bare for `SELF` and key paths
    /// (`SELF[FIRST]`, `a.b[0]`).
    private mutating func writeIndexBase(_ base: ExpressionNode) {
        if Self.isBareIndexBase(base) {
            write(base)
        } else {
            writeParenthesised(base)
        }
    }

    /// Whether `[index]` can follow `base` without parentheses: a member base, `SELF` or a
    /// key path (`SELF[FIRST]`, `a.b[0]`).
    static func isBareIndexBase(_ base: ExpressionNode) -> Bool {
        switch base.kind {
        case .evaluatedObject, .keyPath: true
        default: isBareBase(base)
        }
    }

    /// Whether a postfix `.key` or `[index]` can follow `base` without parentheses.
    /// A collection constant (bound to `%@`) prints in braces like the aggregate it reads
    /// back as, so it is bare too: `{1, 2}.@count` either way, which keeps printing a fixed point.
    static func isBareBase(_ base: ExpressionNode) -> Bool {
        switch base.kind {
        case .variable, .function, .customFunction, .subquery, .cast, .ternary, .index, .aggregate, .member,
            .constant(.array), .constant(.set):
            true
        case .constant, .evaluatedObject, .keyPath, .binary, .unary, .assignment, .anyKey:
            false
        }
    }

    /// Writes `(expression)`.
    private mutating func writeParenthesised(_ expression: ExpressionNode) {
        output += "("
        write(expression)
        output += ")"
    }

    /// Writes `$name`, or `$#name` when the name is a reserved word (`$#size`).
    mutating func writeVariable(_ name: String) {
        output += Operators.isReserved(name) ? "$#" : "$"
        output += name
    }
}

extension ExpressionNode: CustomStringConvertible {
    /// The canonical text of the expression, as it appears inside a predicate's
    /// ``PredicateNode/predicateFormat``.
    ///
    /// ```
    /// SELF.a.b + 1 * -1
    /// ```
    /// prints as `a.b + (1 * -1)`; `max(1, 5, 10)` prints as `max:({1, 5, 10})`;
    /// `CAST(0, 'NSDate')` prints as `CAST(0.000000, "NSDate")`.
    public var expressionFormat: String {
        var formatter = PredicateFormatter()
        formatter.write(self)
        return formatter.output
    }

    /// The same as ``expressionFormat``.
    public var description: String { expressionFormat }
}
