/// One lexical unit of a format string, with the bytes it came from.
///
/// `name CONTAINS[cd] %@` lexes to `identifier`, `keyword(CONTAINS)`, `[`, `identifier`, `]`,
/// `specifier(%@)`, `end`; the text of a name is read from ``range`` when the parser needs it.
///
/// Tokens are plain values (no strings inside): making, copying and freeing them costs no
/// reference counting, which keeps lexing cheap.
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
    /// A plain identifier (case-sensitive, not a reserved word): `name`, `_x`, `größe`; the
    /// name is the token's text.
    case identifier
    /// A reserved word, in any letter case: `AND`, `self`, `UTI-CONFORMS-TO`.
    case keyword(Keyword)
    /// `#word`: a key written with an escape; the name is the text after the `#`.
    case escapedKey
    /// `@count` and the other known collection operators.
    case collectionOperator(CollectionOperator)
    /// `$name` or `$#name`; the name is the text after the `$` or `$#`.
    case variable
    /// A string literal. Without escapes (`decoded` nil) its value is the text between the
    /// quotes; with escapes, it is the lexer's `decodedStrings[decoded]`.
    case string(decoded: Int?)
    /// An integer literal's magnitude (the parser checks that it fits `Int`).
    case integer(UInt64)
    /// A decimal or exponent literal.
    case double(Double)
    /// A format specifier outside quotes: `%@`, `%K`, `%d`, `%f` …; the token's text is its
    /// spelling.
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

    /// Whether this is the given reserved word.
    func isKeyword(_ word: Keyword) -> Bool {
        if case .keyword(let w) = self { return w == word }
        return false
    }

    /// The comparison operator this token spells, if any (`=`, `<>`, `LIKE`, …).
    var comparisonOperator: ComparisonOperator? {
        switch self {
        case .punctuation(let p): Operators.comparison(p)
        case .keyword(let word): Operators.comparison(word)
        default: nil
        }
    }

    /// The infix expression operator this token spells, if any (`+`, `**`, `UNION`, …).
    var binaryOperator: BinaryOperator? {
        switch self {
        case .punctuation(let p): Operators.binary(p)
        case .keyword(let word): Operators.binary(word)
        default: nil
        }
    }

    /// Whether this token is `AND` or `&&`.
    var isAnd: Bool { isKeyword(.AND) || isPunctuation(.andAnd) }
    /// Whether this token is `OR` or `||`.
    var isOr: Bool { isKeyword(.OR) || isPunctuation(.orOr) }
    /// Whether this token is `NOT` or `!`.
    var isNot: Bool { isKeyword(.NOT) || isPunctuation(.bang) }
}
