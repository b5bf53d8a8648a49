/// One lexical unit of a format string, with the bytes it came from.
///
/// `name CONTAINS[cd] %@` lexes to `identifier(name)`, `keyword(CONTAINS)`, `[`,
/// `identifier(cd)`, `]`, `specifier(%@)`, `end`.
struct Token: Sendable, Hashable {
    /// What the token is.
    var kind: TokenKind
    /// The UTF-8 byte range of the token in the format string.
    var range: SourceRange

    init(_ kind: TokenKind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// The kinds of tokens the lexer produces.
enum TokenKind: Sendable, Hashable {
    /// A plain identifier (case-sensitive, not a reserved word): `name`, `_x`, `größe`.
    case identifier(String)
    /// A reserved word, upper-cased: `AND`, `SELF`, `UTI-CONFORMS-TO`.
    case keyword(String)
    /// `#word`: a key written with an escape; the payload has no `#`.
    case escapedKey(String)
    /// `@count` and the other known collection operators.
    case collectionOperator(CollectionOperator)
    /// `$name` or `$#name`; the payload is the name.
    case variable(String)
    /// A string literal with its escapes resolved.
    case string(String)
    /// An integer literal's magnitude (the parser checks that it fits `Int`).
    case integer(UInt64)
    /// A decimal or exponent literal.
    case double(Double)
    /// A format specifier outside quotes: `%@`, `%K`, `%d`, `%f` …
    case specifier(FormatSpecifier)
    /// Punctuation and operator symbols.
    case punctuation(Punctuation)
    /// The end of the input.
    case end
    /// Where the lexer found an error; the parser reports it when it reaches this token.
    case invalid
}

/// Symbols, each with its spelling.
enum Punctuation: String, Sendable, Hashable, CaseIterable {
    case leftParen = "("
    case rightParen = ")"
    case leftBracket = "["
    case rightBracket = "]"
    case leftBrace = "{"
    case rightBrace = "}"
    case comma = ","
    case dot = "."
    case colon = ":"
    case assign = ":="
    case plus = "+"
    case minus = "-"
    case star = "*"
    case slash = "/"
    case power = "**"
    case ampersand = "&"
    case pipe = "|"
    case caret = "^"
    case tilde = "~"
    case shiftLeft = "<<"
    case shiftRight = ">>"
    case andAnd = "&&"
    case orOr = "||"
    case bang = "!"
    case equal = "="
    case equalEqual = "=="
    case notEqual = "!="
    case lessGreater = "<>"
    case less = "<"
    case lessEqual = "<="
    case equalLess = "=<"
    case greater = ">"
    case greaterEqual = ">="
    case equalGreater = "=>"
}

extension TokenKind {
    /// Whether this is the given punctuation.
    func isPunctuation(_ punctuation: Punctuation) -> Bool {
        if case .punctuation(let p) = self { return p == punctuation }
        return false
    }

    /// Whether this is the given reserved word (upper case).
    func isKeyword(_ word: String) -> Bool {
        if case .keyword(let w) = self { return w == word }
        return false
    }

    /// The comparison operator this token spells, if any (`=`, `<>`, `LIKE`, …).
    var comparisonOperator: ComparisonOperator? {
        switch self {
        case .punctuation(let p): Operators.symbolicComparisons[p.rawValue]
        case .keyword(let word): Operators.keywordComparisons[word]
        default: nil
        }
    }

    /// The infix expression operator this token spells, if any (`+`, `**`, `UNION`, …).
    var binaryOperator: BinaryOperator? {
        switch self {
        case .punctuation(let p): Operators.symbolicBinary[p.rawValue]
        case .keyword(let word): Operators.keywordBinary[word]
        default: nil
        }
    }

    /// Whether this token is `AND` or `&&`.
    var isAnd: Bool { isKeyword("AND") || isPunctuation(.andAnd) }
    /// Whether this token is `OR` or `||`.
    var isOr: Bool { isKeyword("OR") || isPunctuation(.orOr) }
    /// Whether this token is `NOT` or `!`.
    var isNot: Bool { isKeyword("NOT") || isPunctuation(.bang) }
}
