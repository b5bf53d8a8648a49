import Foundation

/// The parts of a tree whose printed text does not read back, found node by node during
/// ``CanonicalFormWalk`` when it is asked to (``PredicateNode/parseableFormat(limits:)``).
///
/// | part | printed | why it does not read back |
/// |---|---|---|
/// | `.double(.infinity)`, `.nan` | `inf`, `nan` | they read as key paths |
/// | `.data`, `.uuid` | `<aGk=>`, `<E621E1F8-…>` | no literal syntax |
/// | `.dictionary` | `{"k" = 1}` | no literal syntax |
/// | a date at an infinite or NaN time | `CAST(inf, "NSDate")` | the seconds read as a key path |
/// | a key or variable that is not an identifier (`first name`, `1st`) | as it is | it reads as other tokens |
/// | an empty key path or member | nothing after the `.` | nothing to read |
/// | a built-in function with the wrong number of arguments | `sqrt:(1, 2)` | `wrong-argument-count` |
///
/// The parser produces none of these except the values, which only `%@` arguments supply.
extension CanonicalFormWalk {
    /// Records the first problem of `expression`'s own names and arity (not its children's).
    mutating func inspect(_ expression: ExpressionNode) {
        guard unprintable == nil else { return }
        let range = expression.range
        switch expression.kind {
        case .keyPath(let components):
            if components.isEmpty { unprintable = ("an empty key path", range) }
            inspect(components, range: range)
        case .member(_, let components):
            if components.isEmpty { unprintable = ("a member access without keys", range) }
            inspect(components, range: range)
        case .variable(let name), .subquery(_, let name, _), .assignment(let name, _):
            if !Lexer.isIdentifier(name) { unprintable = ("the variable name '\(name)'", range) }
        case .function(let function, let arguments):
            let expected = function.takesCollection ? 1 : function.arity
            if arguments.count != expected {
                unprintable = ("'\(function.selector)' with \(arguments.count) arguments (it takes \(expected))", range)
            }
        case .constant, .evaluatedObject, .aggregate, .binary, .unary, .index, .customFunction, .cast, .ternary,
            .anyKey:
            break
        }
    }

    /// Records the first key of `components` that does not print as one name.
    private mutating func inspect(_ components: [KeyPathComponent], range: SourceRange?) {
        for case .key(let key) in components where !Lexer.isIdentifier(key) {
            unprintable = ("the key '\(key)'", range)
            return
        }
    }

    /// Records `value` when it has no literal form (its elements are visited on their own).
    mutating func inspect(_ value: PredicateValue, range: SourceRange?) {
        guard unprintable == nil else { return }
        switch value {
        case .double(let number):
            if !number.isFinite { unprintable = ("the number \(number)", range) }
        case .date(let date):
            let seconds = date.timeIntervalSinceReferenceDate
            if !seconds.isFinite { unprintable = ("a date at \(seconds) seconds from 2001", range) }
        case .data:
            unprintable = ("a data value", range)
        case .uuid(let uuid):
            unprintable = ("the UUID \(uuid.uuidString)", range)
        case .dictionary:
            unprintable = ("a dictionary", range)
        case .reference(let reference):
            // Printed as <x-coredata:///Entity/pKEY>, which reads back only through an argument.
            unprintable = ("the object reference \(reference)", range)
        case .null, .bool, .int, .string, .array, .set:
            break
        }
    }
}
