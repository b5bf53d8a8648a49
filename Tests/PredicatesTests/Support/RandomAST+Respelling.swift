import Foundation
import Predicates
import TestSupport

/// Prints a tree in a random *non-canonical* spelling that must parse back to the same tree:
/// keywords in random letter case, `&&` `||` `!`, `=` `<>` `=<` `=>`, `SOME`, `NONE`, extra
/// parentheses and whitespace, single-quoted strings with escapes, hexadecimal / octal / binary
/// integers, `SELF.` before key paths, `#` before any key, `$#` before any variable, the plain
/// call form of functions and the selector form of operators (`add:to:(a, b)`), `CAST(n,
/// 'NSDate')` for dates.
///
/// It is the third round-trip law: `parse(respell(tree)) == tree`. Every alternative spelling
/// the language accepts is exercised against the same tree the canonical text gives.
struct Respeller {
    var random: SplitMix64
    var output = ""

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    // MARK: - Basics

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0...99, using: &random) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0...(items.count - 1), using: &random)] }

    /// Whitespace between tokens that need it: at least one blank.
    mutating func space() { output += pick([" ", " ", " ", "  ", "\t", "\n", " \r\n "]) }
    /// Optional whitespace where no blank is needed.
    mutating func gap() { if chance(30) { space() } }
    /// Around a symbolic operator (`==`, `+`, `&&`, `:=`): usually a blank, sometimes none.
    mutating func tight() { if chance(70) { space() } }

    /// A keyword in random letter case.
    mutating func keyword(_ word: String) {
        switch Int.random(in: 0...3, using: &random) {
        case 0: output += word.lowercased()
        case 1: output += word.capitalized
        case 2: output += String(word.map { chance(50) ? Character($0.lowercased()) : Character($0.uppercased()) })
        default: output += word.uppercased()
        }
    }

    private mutating func open() {
        output += "("
        gap()
    }

    private mutating func close() {
        gap()
        output += ")"
    }

    // MARK: - Predicates

    /// Writes a predicate, sometimes wrapped in extra parentheses.
    mutating func write(_ predicate: PredicateNode) {
        if chance(10) {
            open()
            write(predicate)
            close()
            return
        }
        switch predicate.kind {
        case .constant(let value):
            keyword(value ? "TRUEPREDICATE" : "FALSEPREDICATE")
        case .and(let children):
            writeChain(children, words: ["AND", "&&"])
        case .or(let children):
            writeChain(children, words: ["OR", "||"])
        case .not(let child):
            if case .comparison(let comparison) = child.kind, comparison.modifier == .any, chance(50) {
                var inner = comparison
                inner.modifier = .direct
                keyword("NONE")
                space()
                write(inner)
                return
            }
            if chance(50) {
                output += "!"
                gap()
            } else {
                keyword("NOT")
                space()
            }
            writeChild(child)
        case .comparison(let comparison):
            switch comparison.modifier {
            case .direct: break
            case .any:
                keyword(chance(50) ? "ANY" : "SOME")
                space()
            case .all:
                keyword("ALL")
                space()
            }
            write(comparison)
        }
    }

    private mutating func writeChain(_ children: [PredicateNode], words: [String]) {
        for (position, child) in children.enumerated() {
            if position > 0 {
                let word = pick(words)
                if word.first?.isLetter == true {
                    space()
                    keyword(word)
                    space()
                } else {
                    tight()
                    output += word
                    tight()
                }
            }
            writeChild(child)
        }
    }

    /// A compound child needs its parentheses; others get them sometimes.
    private mutating func writeChild(_ child: PredicateNode) {
        switch child.kind {
        case .and, .or, .not:
            open()
            write(child)
            close()
        case .constant, .comparison:
            write(child)
        }
    }

    private mutating func write(_ comparison: Comparison) {
        write(comparison.left)
        let symbol: String? =
            switch comparison.operator {
            case .equalTo: pick(["==", "="])
            case .notEqualTo: pick(["!=", "<>"])
            case .lessThanOrEqualTo: pick(["<=", "=<"])
            case .greaterThanOrEqualTo: pick([">=", "=>"])
            case .lessThan: "<"
            case .greaterThan: ">"
            default: nil
            }
        if let symbol {
            tight()
            output += symbol
        } else {
            space()
            keyword(Operators.spelling(of: comparison.operator))
        }
        let letters = comparison.options.letterString
        if !letters.isEmpty {
            let shuffled = letters.shuffled(using: &random)
            output += "[" + String(shuffled.map { chance(50) ? Character($0.uppercased()) : $0 }) + "]"
        }
        if symbol == nil || comparison.options.isEmpty == false { space() } else { tight() }
        write(comparison.right)
    }
}

// MARK: - Expressions

extension Respeller {
    /// Writes an expression, sometimes wrapped in extra parentheses.
    mutating func write(_ expression: ExpressionNode) {
        if chance(8) {
            open()
            write(expression)
            close()
            return
        }
        writeBare(expression)
    }

    private mutating func writeBare(_ expression: ExpressionNode) {
        switch expression.kind {
        case .constant(let value):
            write(value)
        case .evaluatedObject:
            keyword("SELF")
        case .keyPath(let components):
            if chance(20) {
                keyword("SELF")
                output += "."
            }
            write(components)
        case .member(let base, let components):
            writePostfixBase(base)
            output += "."
            write(components)
        case .variable(let name):
            writeVariable(name)
        case .aggregate(let elements):
            output += "{"
            gap()
            writeList(elements)
            gap()
            output += "}"
        case .binary(let op, let left, let right):
            if let selector = Self.selectors[op], chance(25) {
                output += selector + "("
                writeList([left, right])
                output += ")"
                return
            }
            writeOperand(left)
            if op == .union || op == .intersect || op == .minus {
                space()
                keyword(Operators.spelling(of: op))
                space()
            } else {
                tight()
                output += Operators.spelling(of: op)
                tight()
            }
            writeOperand(right)
        case .unary(let op, let operand):
            if op == .onesComplement, chance(25) {
                output += "onesComplement:("
                write(operand)
                output += ")"
                return
            }
            output += Operators.spelling(of: op)
            gap()
            switch operand.kind {
            case .binary, .assignment, .unary, .constant(.int), .constant(.double):
                open()
                write(operand)
                close()
            default:
                write(operand)
            }
        case .index(let base, let selector):
            writeIndex(base, selector)
        case .function(let function, let arguments):
            writeFunction(function, arguments)
        case .customFunction(let receiver, let selector, let arguments):
            keyword("FUNCTION")
            output += "("
            gap()
            write(receiver)
            output += ","
            gap()
            writeString(selector)
            for argument in arguments {
                output += ","
                gap()
                write(argument)
            }
            close()
        case .subquery(let collection, let variable, let predicate):
            keyword("SUBQUERY")
            output += "("
            gap()
            write(collection)
            output += ","
            gap()
            writeVariable(variable)
            output += ","
            gap()
            write(predicate)
            close()
        case .cast(let value, let type):
            if chance(25) {
                output += "castObject:toType:("
            } else {
                keyword("CAST")
                output += "("
            }
            gap()
            write(value)
            output += ","
            gap()
            writeString(type)
            close()
        case .ternary(let condition, let whenTrue, let whenFalse):
            keyword("TERNARY")
            output += "("
            gap()
            write(condition)
            output += ","
            gap()
            writeList([whenTrue, whenFalse])
            close()
        case .assignment(let variable, let value):
            writeVariable(variable)
            tight()
            output += ":="
            tight()
            write(value)
        case .anyKey:
            keyword("ANYKEY")
        }
    }

    static let selectors: [BinaryOperator: String] = [
        .add: "add:to:", .subtract: "from:subtract:", .multiply: "multiply:by:", .divide: "divide:by:",
        .power: "raise:toPower:", .bitwiseAnd: "bitwiseAnd:with:", .bitwiseOr: "bitwiseOr:with:",
        .bitwiseXor: "bitwiseXor:with:", .leftShift: "leftshift:by:", .rightShift: "rightshift:by:",
    ]

    private mutating func writeList(_ expressions: [ExpressionNode]) {
        for (position, expression) in expressions.enumerated() {
            if position > 0 {
                output += ","
                gap()
            }
            write(expression)
        }
    }

    /// An infix operand: parenthesised when it is infix or an assignment, as canonically.
    private mutating func writeOperand(_ operand: ExpressionNode) {
        switch operand.kind {
        case .binary, .assignment:
            open()
            write(operand)
            close()
        default:
            write(operand)
        }
    }

    /// The base of `.key` / `[index]`: bare only where canonical printing leaves it bare.
    private mutating func writePostfixBase(_ base: ExpressionNode) {
        switch base.kind {
        case .variable, .function, .customFunction, .subquery, .cast, .ternary, .index, .aggregate, .member,
            .evaluatedObject, .keyPath:
            write(base)
        case .constant, .binary, .unary, .assignment, .anyKey:
            open()
            write(base)
            close()
        }
    }

    private mutating func writeIndex(_ base: ExpressionNode, _ selector: IndexSelector) {
        var selectorIsString = false
        if case .expression(let index) = selector, case .constant(.string) = index.kind { selectorIsString = true }
        if !selectorIsString, chance(20) {
            output += "objectFrom:withIndex:("
            write(base)
            output += ","
            gap()
            switch selector {
            case .first: writeString(pick(["FIRST", "first"]))
            case .last: writeString(pick(["LAST", "Last"]))
            case .size: writeString(pick(["SIZE", "size"]))
            case .expression(let index): write(index)
            }
            output += ")"
            return
        }
        writePostfixBase(base)
        output += "["
        gap()
        switch selector {
        case .first: keyword("FIRST")
        case .last: keyword("LAST")
        case .size: keyword("SIZE")
        case .expression(let index): write(index)
        }
        gap()
        output += "]"
    }

    /// Selector form or plain call form; a collection function whose one argument is an
    /// aggregate of two or more elements may list them: `max(1, 5, 10)`.
    private mutating func writeFunction(_ function: BuiltinFunction, _ arguments: [ExpressionNode]) {
        if function.arity == 0 || chance(50) {
            output += (function.arity == 0 ? function.name : function.selector) + "("
            gap()
            writeList(arguments)
            close()
            return
        }
        output += function.name + "("
        gap()
        if function.takesCollection, arguments.count == 1, case .aggregate(let elements) = arguments[0].kind,
            elements.count >= 2, chance(60)
        {
            writeList(elements)
        } else {
            writeList(arguments)
        }
        close()
    }

    private mutating func write(_ components: [KeyPathComponent]) {
        for (position, component) in components.enumerated() {
            if position > 0 { output += "." }
            switch component {
            case .key(let key):
                if Operators.isReserved(key) || chance(10) { output += "#" }
                output += key
            case .collectionOperator(let op):
                output += op.spelling
            }
        }
    }

    private mutating func writeVariable(_ name: String) {
        output += Operators.isReserved(name) || chance(15) ? "$#" : "$"
        output += name
    }
}
