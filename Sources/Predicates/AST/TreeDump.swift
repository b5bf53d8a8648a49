import Foundation

/// Debug dumps of parsed trees: a one-line S-expression (what parser tests compare against)
/// and an indented tree (what `predicate parse --tree` prints).
///
/// ```
/// name CONTAINS[cd] "x" AND ANY tags.id IN {1, 2}
/// ```
/// has the S-expression
/// ```
/// (and (contains[cd] (key name) "x") (any in (key tags.id) (aggregate 1 2)))
/// ```
/// and the tree description
/// ```
/// and
///   contains[cd]
///     (key name)
///     "x"
///   any in
///     (key tags.id)
///     aggregate
///       1
///       2
/// ```
extension PredicateNode {
    /// The S-expression dump: `true`, `false`, `(and P…)`, `(or P…)`, `(not P)`, and
    /// comparisons `([any |all ]OP L R)` with OP the lower-cased canonical spelling followed by
    /// the options (`==`, `contains[cd]`, `uti-conforms-to`).
    public var sExpression: String {
        switch kind {
        case .constant(let value):
            return value ? "true" : "false"
        case .and(let items):
            return "(" + (["and"] + items.map(\.sExpression)).joined(separator: " ") + ")"
        case .or(let items):
            return "(" + (["or"] + items.map(\.sExpression)).joined(separator: " ") + ")"
        case .not(let inner):
            return "(not \(inner.sExpression))"
        case .comparison(let comparison):
            return "(\(TreeDump.head(of: comparison)) \(comparison.left.sExpression) \(comparison.right.sExpression))"
        }
    }

    /// The indented tree: one node per line, children indented by two spaces.
    public var treeDescription: String {
        var lines: [String] = []
        TreeDump.append(self, indent: "", to: &lines)
        return lines.joined(separator: "\n")
    }
}

extension ExpressionNode {
    /// The S-expression dump: constants (`"a\"b"`, `42`, `2.5`, `yes`, `nil`,
    /// `(date 694224000.0)`, `(array 1 2)`), `self`, `(key a.b.@count)`, `(member BASE a)`, `$x`,
    /// `(aggregate E…)`, `(+ L R)`, `(neg E)`, `(~ E)`, `(index E first)`, `(sum: E…)`, `(now)`,
    /// `(function R "sel" A…)`, `(subquery C $x P)`, `(cast E "T")`, `(ternary P A B)`,
    /// `(:= $x E)`, `anykey`.
    public var sExpression: String {
        switch kind {
        case .constant(let value):
            return TreeDump.constant(value)
        case .evaluatedObject:
            return "self"
        case .keyPath(let components):
            return "(key \(TreeDump.path(components)))"
        case .member(let base, let components):
            return "(member \(base.sExpression) \(TreeDump.path(components)))"
        case .variable(let name):
            return "$" + name
        case .aggregate(let elements):
            return TreeDump.list("aggregate", elements.map(\.sExpression))
        case .binary(let op, let left, let right):
            return "(\(TreeDump.spelling(op)) \(left.sExpression) \(right.sExpression))"
        case .unary(let op, let operand):
            return "(\(TreeDump.spelling(op)) \(operand.sExpression))"
        case .index(let base, let selector):
            return "(index \(base.sExpression) \(TreeDump.selector(selector)))"
        case .function(let function, let arguments):
            return TreeDump.list(function.selector, arguments.map(\.sExpression))
        case .customFunction(let receiver, let selector, let arguments):
            return TreeDump.list(
                "function", [receiver.sExpression, TreeDump.quoted(selector)] + arguments.map(\.sExpression))
        case .subquery(let collection, let variable, let predicate):
            return "(subquery \(collection.sExpression) $\(variable) \(predicate.sExpression))"
        case .cast(let value, let type):
            return "(cast \(value.sExpression) \(TreeDump.quoted(type)))"
        case .ternary(let condition, let whenTrue, let whenFalse):
            return "(ternary \(condition.sExpression) \(whenTrue.sExpression) \(whenFalse.sExpression))"
        case .assignment(let variable, let value):
            return "(:= $\(variable) \(value.sExpression))"
        case .anyKey:
            return "anykey"
        }
    }

    /// The indented tree: one node per line, children indented by two spaces.
    public var treeDescription: String {
        var lines: [String] = []
        TreeDump.append(self, indent: "", to: &lines)
        return lines.joined(separator: "\n")
    }
}

/// The helpers of the dumps.
enum TreeDump {
    static func head(of comparison: Comparison) -> String {
        let op = Operators.spelling(of: comparison.operator).lowercased()
        let options = comparison.options.letterString
        let spelled = options.isEmpty ? op : "\(op)[\(options)]"
        switch comparison.modifier {
        case .direct: return spelled
        case .any: return "any " + spelled
        case .all: return "all " + spelled
        }
    }

    static func spelling(_ op: BinaryOperator) -> String {
        Operators.spelling(of: op).lowercased()
    }

    static func spelling(_ op: UnaryOperator) -> String {
        switch op {
        case .negate: "neg"
        case .onesComplement: "~"
        }
    }

    static func selector(_ selector: IndexSelector) -> String {
        switch selector {
        case .first: "first"
        case .last: "last"
        case .size: "size"
        case .expression(let index): index.sExpression
        }
    }

    static func path(_ components: [KeyPathComponent]) -> String {
        components.map { component in
            switch component {
            case .key(let key): key
            case .collectionOperator(let op): op.spelling
            }
        }.joined(separator: ".")
    }

    static func list(_ head: String, _ items: [String]) -> String {
        "(" + ([head] + items).joined(separator: " ") + ")"
    }

    /// `"…"` with `\` and `"` escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            default: result.append(character)
            }
        }
        return result + "\""
    }

    static func constant(_ value: PredicateValue) -> String {
        switch value {
        case .null: return "nil"
        case .bool(let b): return b ? "yes" : "no"
        case .int(let i): return String(i)
        case .double(let d): return d.description
        case .string(let s): return quoted(s)
        case .date(let date): return "(date \(date.timeIntervalSinceReferenceDate.description))"
        case .data(let data): return "(data \(quoted(data.base64EncodedString())))"
        case .uuid(let uuid): return "(uuid \(quoted(uuid.uuidString)))"
        case .reference(let reference):
            return "(ref \(quoted(reference.entity)) \(reference.id))"
        case .array(let elements): return list("array", elements.map(constant))
        case .set(let elements): return list("set", elements.map(constant).sorted())
        case .dictionary(let entries):
            return list(
                "dict", entries.keys.sorted().map { key in "(\(quoted(key)) \(constant(entries[key] ?? .null)))" })
        }
    }

    static func append(_ node: PredicateNode, indent: String, to lines: inout [String]) {
        let inner = indent + "  "
        switch node.kind {
        case .constant(let value):
            lines.append(indent + (value ? "true" : "false"))
        case .and(let items):
            lines.append(indent + "and")
            for item in items { append(item, indent: inner, to: &lines) }
        case .or(let items):
            lines.append(indent + "or")
            for item in items { append(item, indent: inner, to: &lines) }
        case .not(let operand):
            lines.append(indent + "not")
            append(operand, indent: inner, to: &lines)
        case .comparison(let comparison):
            lines.append(indent + head(of: comparison))
            append(comparison.left, indent: inner, to: &lines)
            append(comparison.right, indent: inner, to: &lines)
        }
    }

    static func append(_ node: ExpressionNode, indent: String, to lines: inout [String]) {
        let inner = indent + "  "
        func children(_ head: String, _ nodes: [ExpressionNode]) {
            lines.append(indent + head)
            for child in nodes { append(child, indent: inner, to: &lines) }
        }
        switch node.kind {
        case .constant, .evaluatedObject, .keyPath, .variable, .anyKey:
            lines.append(indent + node.sExpression)
        case .member(let base, let components):
            children("member " + path(components), [base])
        case .aggregate(let elements):
            children("aggregate", elements)
        case .binary(let op, let left, let right):
            children(spelling(op), [left, right])
        case .unary(let op, let operand):
            children(spelling(op), [operand])
        case .index(let base, let selector):
            switch selector {
            case .expression(let index): children("index", [base, index])
            case .first: children("index first", [base])
            case .last: children("index last", [base])
            case .size: children("index size", [base])
            }
        case .function(let function, let arguments):
            children(function.selector, arguments)
        case .customFunction(let receiver, let selector, let arguments):
            children("function " + quoted(selector), [receiver] + arguments)
        case .subquery(let collection, let variable, let predicate):
            lines.append(indent + "subquery $" + variable)
            append(collection, indent: inner, to: &lines)
            append(predicate, indent: inner, to: &lines)
        case .cast(let value, let type):
            children("cast " + quoted(type), [value])
        case .ternary(let condition, let whenTrue, let whenFalse):
            lines.append(indent + "ternary")
            append(condition, indent: inner, to: &lines)
            append(whenTrue, indent: inner, to: &lines)
            append(whenFalse, indent: inner, to: &lines)
        case .assignment(let variable, let value):
            children(":= $" + variable, [value])
        }
    }
}
