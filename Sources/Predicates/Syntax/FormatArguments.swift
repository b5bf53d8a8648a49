/// A format specifier outside quotes, as the lexer recognised it.
///
/// | specifier | argument | becomes |
/// |---|---|---|
/// | `%@` | any value | a constant |
/// | `%K` | a string `a.b.@count` | the key path `a.b.@count` |
/// | `%d %i %u %ld %lld %x %o …` | `.int`, or `.bool` (0/1) | an `.int` constant |
/// | `%f %lf %e %g %a %la %Lf …` | `.double`, or `.int` | a `.double` constant |
/// | `%s %S` | `.string` | a `.string` constant (as `%@` with a string) |
enum FormatSpecifier: Sendable, Hashable {
    /// `%@`.
    case object
    /// `%K`.
    case keyPath
    /// An integer conversion (`%d`, `%ld`, …; the token's text is the spelling).
    case integer
    /// A floating conversion (`%f`, `%lf`, …; the token's text is the spelling).
    case floating
    /// A string conversion (`%s`, `%S`): C strings in printf, a string argument here (Apple
    /// binds an argument array's string to `%s` as to `%@`).
    case string

    /// The integer conversions accepted (without the `%`). `%c` is not among them.
    static let integerConversions: Set<String> = [
        "d", "i", "u", "ld", "li", "lu", "lld", "lli", "llu", "hd", "hi", "hu", "qd", "qi", "qu",
        "x", "X", "lx", "lX", "llx", "llX", "o", "lo", "llo",
    ]

    /// The floating-point conversions accepted (without the `%`): each of `f F e E g G a A`,
    /// alone or after the length modifier `l` or `L` (`%la`, `%Lf`), as printf allows.
    static let floatingConversions: Set<String> = Set(
        ["f", "F", "e", "E", "g", "G", "a", "A"].flatMap { [$0, "l" + $0, "L" + $0] })

    /// The string conversions accepted (without the `%`).
    static let stringConversions: Set<String> = ["s", "S"]

    /// Classifies a whole specifier such as `%ld`; nil when unsupported.
    init?(spelling: String) {
        guard spelling.hasPrefix("%") else { return nil }
        let body = String(spelling.dropFirst())
        switch body {
        case "@": self = .object
        case "K": self = .keyPath
        default:
            if Self.integerConversions.contains(body) {
                self = .integer
            } else if Self.floatingConversions.contains(body) {
                self = .floating
            } else if Self.stringConversions.contains(body) {
                self = .string
            } else {
                return nil
            }
        }
    }
}

extension PredicateValue {
    /// A short description of the value's type for messages: "a string", "an integer".
    var typeDescription: String {
        switch self {
        case .null: "nil"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a double"
        case .string: "a string"
        case .date: "a date"
        case .data: "data"
        case .uuid: "a UUID"
        case .array: "an array"
        case .set: "a set"
        case .dictionary: "a dictionary"
        case .reference: "an object reference"
        }
    }
}

extension Parser {
    /// Takes the next argument for the specifier `token` (which is current) and turns it into
    /// an expression: a constant, or a key path for `%K`. Advances past the token.
    mutating func bindSpecifier(_ specifier: FormatSpecifier, token: Token) throws -> ExpressionNode {
        let value = try takeArgument(for: specifier, token: token)
        try advance()
        let range = token.range
        switch specifier {
        case .object:
            return noteLevels(ExpressionNode(.constant(value), range: range))
        case .keyPath:
            let components = try keyPathComponents(fromArgument: value, token: token)
            return ExpressionNode(
                .keyPath(components), range: range,
                componentRangeStorage: .uniform(range, count: components.count))
        case .integer:
            switch value {
            case .int(let i): return ExpressionNode(.constant(.int(i)), range: range)
            case .bool(let b): return ExpressionNode(.constant(.int(b ? 1 : 0)), range: range)
            default:
                throw fail(
                    DiagnosticCatalog.wrongArgumentType(
                        "'\(text(range))' needs an integer argument, but argument \(argumentIndex) is \(value.typeDescription)",
                        range: range))
            }
        case .floating:
            switch value {
            case .double(let d): return noteLevels(ExpressionNode(.constant(.double(d)), range: range))
            case .int(let i): return ExpressionNode(.constant(.double(Double(i))), range: range)
            default:
                throw fail(
                    DiagnosticCatalog.wrongArgumentType(
                        "'\(text(range))' needs a floating-point argument, but argument \(argumentIndex) is \(value.typeDescription)",
                        range: range))
            }
        case .string:
            guard case .string = value else {
                throw fail(
                    DiagnosticCatalog.wrongArgumentType(
                        "'\(text(range))' needs a string argument, but argument \(argumentIndex) is \(value.typeDescription)",
                        range: range))
            }
            return ExpressionNode(.constant(value), range: range)
        }
    }

    /// Records in ``argumentLevels`` the levels a bound constant adds to the canonical text
    /// (a collection's braces, a date's `CAST(`, the minus of `-inf`); returns it.
    mutating func noteLevels(_ constant: ExpressionNode) -> ExpressionNode {
        switch constant.kind {
        case .constant(.array), .constant(.set), .constant(.dictionary), .constant(.date), .constant(.double):
            argumentLevels = max(argumentLevels, CanonicalFormWalk.depth(of: constant))
        default:
            break
        }
        return constant
    }

    /// The next argument; `argumentIndex` becomes its 1-based number.
    mutating func takeArgument(for specifier: FormatSpecifier, token: Token) throws -> PredicateValue {
        guard nextArgument < arguments.count else {
            throw fail(
                DiagnosticCatalog.missingArgument(
                    text(token.range), uses: specifierCount, given: arguments.count, range: token.range))
        }
        let value = arguments[nextArgument]
        nextArgument += 1
        return value
    }

    /// The 1-based number of the argument taken last.
    var argumentIndex: Int { nextArgument }

    /// Splits a `%K` argument on `.`; every component must be an identifier (reserved words
    /// allowed: they become keys) or a known `@operator`.
    mutating func keyPathComponents(fromArgument value: PredicateValue, token: Token) throws -> [KeyPathComponent] {
        guard case .string(let path) = value else {
            throw fail(
                DiagnosticCatalog.wrongArgumentType(
                    "'%K' needs a string argument (a key path), but argument \(argumentIndex) is \(value.typeDescription)",
                    range: token.range))
        }
        guard !path.isEmpty else {
            throw fail(
                DiagnosticCatalog.invalidKey(
                    "the key path given for '%K' (argument \(argumentIndex)) is empty", range: token.range))
        }
        var components: [KeyPathComponent] = []
        let utf8 = path.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII (the usual case): split on the bytes, not on characters.
            var start = utf8.startIndex
            var index = start
            while index < utf8.endIndex {
                if utf8[index] == UInt8(ascii: ".") {
                    components.append(try keyPathComponent(path[start..<index], of: path, token: token))
                    start = utf8.index(after: index)
                }
                index = utf8.index(after: index)
            }
            components.append(try keyPathComponent(path[start...], of: path, token: token))
        } else {
            for part in path.split(separator: ".", omittingEmptySubsequences: false) {
                components.append(try keyPathComponent(part, of: path, token: token))
            }
        }
        return components
    }

    /// One `.`-separated component of the `%K` argument `path`.
    mutating func keyPathComponent(_ substring: Substring, of path: String, token: Token) throws -> KeyPathComponent {
        let part = String(substring)
        if part.hasPrefix("@") {
            let name = String(part.dropFirst())
            guard let op = CollectionOperator(rawValue: name) else {
                throw fail(DiagnosticCatalog.unknownCollectionOperator(name, range: token.range))
            }
            return .collectionOperator(op)
        } else if Lexer.isIdentifier(part) {
            return .key(part)
        } else if part.isEmpty {
            throw fail(
                DiagnosticCatalog.invalidKey(
                    "the key path '\(path)' given for '%K' has an empty component", range: token.range))
        } else {
            throw fail(
                DiagnosticCatalog.invalidKey(
                    "key path component '\(part)' is not a valid key; use SELF['\(part)']", range: token.range))
        }
    }

}

extension PredicateParser {
    /// Apple's argument rule: arguments beyond those the format's specifiers use are ignored
    /// (`name == %@` with `["a", "b"]` compares with `"a"`; `name == '%@'` with `["a"]` compares
    /// with the literal string `%@`), so parsing accepts them. This returns the
    /// `surplus-arguments` warning that `predicate lint` prints for them, or `nil` when every
    /// argument is used (or there are too few, which parsing reports as `missing-argument`):
    ///
    /// ```
    /// 1:1: warning: 2 arguments given but the format uses 1; argument 2 is ignored
    /// name == %@
    /// ^^^^^^^^^^
    /// ```
    public func surplusArgumentsWarning(format: String, arguments: [PredicateValue]) -> Diagnostic? {
        let bytes = Array(format.utf8)
        guard bytes.count <= limits.maximumInputBytes else { return nil }
        let uses = bytes.withUnsafeBufferPointer { Lexer.specifierCount($0) }
        guard arguments.count > uses else { return nil }
        return DiagnosticCatalog.surplusArguments(
            given: arguments.count, uses: uses, range: SourceRange(0, bytes.count))
    }
}
