import Foundation
import Predicates

/// The parser-normal check and the coverage labels of ``RandomAST``.
extension RandomAST {
    // MARK: - Parser-normal form

    /// Whether the parser could have produced `predicate` (the rules listed on ``RandomAST``).
    /// The shrinker keeps only candidates that pass, so a shrunk counterexample is still a
    /// tree the laws must hold for.
    static func isParserNormal(_ predicate: PredicateNode) -> Bool {
        switch predicate.kind {
        case .constant: return true
        case .and(let children), .or(let children):
            return children.count >= 2 && children.allSatisfy(isParserNormal)
        case .not(let child): return isParserNormal(child)
        case .comparison(let comparison):
            if comparison.operator == .between, !comparison.options.isEmpty { return false }
            return isParserNormal(comparison.left) && isParserNormal(comparison.right)
        }
    }

    /// Whether the parser could have produced `expression`.
    static func isParserNormal(_ expression: ExpressionNode) -> Bool {
        switch expression.kind {
        case .constant(let value): return isParserNormal(value)
        case .evaluatedObject, .anyKey: return true
        case .keyPath(let components): return !components.isEmpty && components.allSatisfy(isParserNormal)
        case .member(let base, let components):
            switch base.kind {
            case .evaluatedObject, .keyPath, .member: return false
            default: return !components.isEmpty && components.allSatisfy(isParserNormal) && isParserNormal(base)
            }
        case .variable(let name): return isIdentifier(name)
        case .aggregate(let elements): return elements.allSatisfy(isParserNormal)
        case .binary(_, let left, let right): return isParserNormal(left) && isParserNormal(right)
        case .unary(_, let operand): return isParserNormal(operand)
        case .index(let base, let selector):
            if case .expression(let index) = selector, !isParserNormal(index) { return false }
            return isParserNormal(base)
        case .function(let function, let arguments):
            return arguments.count == function.arity && arguments.allSatisfy(isParserNormal)
        case .customFunction(let receiver, _, let arguments):
            return isParserNormal(receiver) && arguments.allSatisfy(isParserNormal)
        case .subquery(let collection, let variable, let predicate):
            return isIdentifier(variable) && isParserNormal(collection) && isParserNormal(predicate)
        case .cast(let value, let type):
            if type == "NSDate", case .constant(.int) = value.kind { return false }
            if type == "NSDate", case .constant(.double) = value.kind { return false }
            return isParserNormal(value)
        case .ternary(let condition, let whenTrue, let whenFalse):
            return isParserNormal(condition) && isParserNormal(whenTrue) && isParserNormal(whenFalse)
        case .assignment(let variable, let value): return isIdentifier(variable) && isParserNormal(value)
        }
    }

    private static func isParserNormal(_ component: KeyPathComponent) -> Bool {
        switch component {
        case .key(let key): isIdentifier(key)
        case .collectionOperator: true
        }
    }

    private static func isParserNormal(_ value: PredicateValue) -> Bool {
        switch value {
        case .null, .bool, .int, .string: true
        case .double(let number): number.isFinite
        case .date(let date):
            abs(date.timeIntervalSinceReferenceDate) <= 1e10
                && Double(Int((date.timeIntervalSinceReferenceDate * 1000).rounded())) / 1000
                    == date.timeIntervalSinceReferenceDate
        case .data, .uuid, .array, .set, .dictionary, .reference: false
        }
    }

    /// A letter (any script) or `_`, then letters, decimal digits, `_` or combining marks.
    static func isIdentifier(_ name: String) -> Bool {
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next(), first == "_" || isLetter(first) else { return false }
        while let next = scalars.next() {
            switch next.properties.generalCategory {
            case .decimalNumber, .nonspacingMark, .spacingMark: continue
            default: if next != "_", !isLetter(next) { return false }
            }
        }
        return true
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    // MARK: - Coverage

    /// Every label ``coverageLabels(of:into:)`` can report: a run that generated all of them
    /// exercised every node kind, operator, function, modifier, option and constant kind.
    static var allCoverageLabels: Set<String> {
        var labels: Set<String> = [
            "predicate.constant", "predicate.and", "predicate.or", "predicate.not", "predicate.comparison",
            "expression.constant", "expression.self", "expression.keyPath", "expression.member",
            "expression.variable", "expression.aggregate", "expression.binary", "expression.unary",
            "expression.index", "expression.function", "expression.customFunction", "expression.subquery",
            "expression.cast", "expression.ternary", "expression.assignment", "expression.anyKey",
            "index.first", "index.last", "index.size", "index.expression",
            "constant.null", "constant.bool", "constant.int", "constant.double", "constant.string", "constant.date",
            "key.reserved", "variable.reserved",
        ]
        labels.formUnion(ComparisonOperator.allCases.map { "comparison.\($0.rawValue)" })
        labels.formUnion(ComparisonModifier.allCases.map { "modifier.\($0.rawValue)" })
        labels.formUnion(ComparisonOptions.letters.map { "option.\($0.letter)" })
        labels.formUnion(BinaryOperator.allCases.map { "binary.\($0.rawValue)" })
        labels.formUnion(UnaryOperator.allCases.map { "unary.\($0.rawValue)" })
        labels.formUnion(BuiltinFunction.allCases.map { "function.\($0.rawValue)" })
        labels.formUnion(CollectionOperator.allCases.map { "collectionOperator.\($0.rawValue)" })
        return labels
    }

    /// Adds the labels of everything `predicate` contains.
    static func coverageLabels(of predicate: PredicateNode, into labels: inout Set<String>) {
        switch predicate.kind {
        case .constant: labels.insert("predicate.constant")
        case .and(let children):
            labels.insert("predicate.and")
            for child in children { coverageLabels(of: child, into: &labels) }
        case .or(let children):
            labels.insert("predicate.or")
            for child in children { coverageLabels(of: child, into: &labels) }
        case .not(let child):
            labels.insert("predicate.not")
            coverageLabels(of: child, into: &labels)
        case .comparison(let comparison):
            labels.insert("predicate.comparison")
            labels.insert("comparison.\(comparison.operator.rawValue)")
            labels.insert("modifier.\(comparison.modifier.rawValue)")
            for entry in ComparisonOptions.letters where comparison.options.contains(entry.option) {
                labels.insert("option.\(entry.letter)")
            }
            coverageLabels(of: comparison.left, into: &labels)
            coverageLabels(of: comparison.right, into: &labels)
        }
    }

    /// Adds the labels of everything `expression` contains.
    static func coverageLabels(of expression: ExpressionNode, into labels: inout Set<String>) {
        func visit(_ children: [ExpressionNode]) {
            for child in children { coverageLabels(of: child, into: &labels) }
        }
        func visit(_ components: [KeyPathComponent]) {
            for component in components {
                switch component {
                case .key(let key): if Operators.isReserved(key) { labels.insert("key.reserved") }
                case .collectionOperator(let op): labels.insert("collectionOperator.\(op.rawValue)")
                }
            }
        }
        func visit(variable: String) {
            if Operators.isReserved(variable) { labels.insert("variable.reserved") }
        }
        switch expression.kind {
        case .constant(let value):
            labels.insert("expression.constant")
            labels.insert("constant.\(constantLabel(value))")
        case .evaluatedObject: labels.insert("expression.self")
        case .keyPath(let components):
            labels.insert("expression.keyPath")
            visit(components)
        case .member(let base, let components):
            labels.insert("expression.member")
            visit([base])
            visit(components)
        case .variable(let name):
            labels.insert("expression.variable")
            visit(variable: name)
        case .aggregate(let elements):
            labels.insert("expression.aggregate")
            visit(elements)
        case .binary(let op, let left, let right):
            labels.insert("expression.binary")
            labels.insert("binary.\(op.rawValue)")
            visit([left, right])
        case .unary(let op, let operand):
            labels.insert("expression.unary")
            labels.insert("unary.\(op.rawValue)")
            visit([operand])
        case .index(let base, let selector):
            labels.insert("expression.index")
            visit([base])
            switch selector {
            case .first: labels.insert("index.first")
            case .last: labels.insert("index.last")
            case .size: labels.insert("index.size")
            case .expression(let index):
                labels.insert("index.expression")
                visit([index])
            }
        case .function(let function, let arguments):
            labels.insert("expression.function")
            labels.insert("function.\(function.rawValue)")
            visit(arguments)
        case .customFunction(let receiver, _, let arguments):
            labels.insert("expression.customFunction")
            visit([receiver] + arguments)
        case .subquery(let collection, let variable, let predicate):
            labels.insert("expression.subquery")
            visit([collection])
            visit(variable: variable)
            coverageLabels(of: predicate, into: &labels)
        case .cast(let value, _):
            labels.insert("expression.cast")
            visit([value])
        case .ternary(let condition, let whenTrue, let whenFalse):
            labels.insert("expression.ternary")
            coverageLabels(of: condition, into: &labels)
            visit([whenTrue, whenFalse])
        case .assignment(let variable, let value):
            labels.insert("expression.assignment")
            visit(variable: variable)
            visit([value])
        case .anyKey: labels.insert("expression.anyKey")
        }
    }

    private static func constantLabel(_ value: PredicateValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .double: "double"
        case .string: "string"
        case .date: "date"
        case .data: "data"
        case .uuid: "uuid"
        case .array: "array"
        case .set: "set"
        case .dictionary: "dictionary"
        case .reference: "reference"
        }
    }
}
