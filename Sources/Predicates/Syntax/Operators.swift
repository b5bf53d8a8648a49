/// The one table of operator spellings and precedences.
///
/// The lexer, the parser, the formatter and Grammar.md all read from here. The parser uses
/// the switches `comparison(_:)` and `binary(_:)`; the public dictionaries are built
/// from them, so the two cannot disagree.
public enum Operators {
    /// Binding power of infix expression operators; higher binds tighter.
    ///
    /// | level | operators | associativity |
    /// |---|---|---|
    /// | 1 | `:=` | right (handled by the parser, not listed here) |
    /// | 2 | `UNION` `INTERSECT` `MINUS` | left |
    /// | 3 | `\|` | left |
    /// | 4 | `^` | left |
    /// | 5 | `&` | left |
    /// | 6 | `<<` `>>` | left |
    /// | 7 | `+` `-` | left |
    /// | 8 | `*` `/` | left |
    /// | 9 | `**` | left |
    /// | 10 | prefix `-` `~` | — |
    /// | 11 | postfix `.key` `[index]` | left |
    public static func precedence(of op: BinaryOperator) -> Int {
        switch op {
        case .union, .intersect, .minus: 2
        case .bitwiseOr: 3
        case .bitwiseXor: 4
        case .bitwiseAnd: 5
        case .leftShift, .rightShift: 6
        case .add, .subtract: 7
        case .multiply, .divide: 8
        case .power: 9
        }
    }

    /// Precedence of the prefix operators: tighter than every infix operator.
    public static let prefixPrecedence = 10

    /// The canonical spelling of an infix operator.
    public static func spelling(of op: BinaryOperator) -> String {
        switch op {
        case .add: "+"
        case .subtract: "-"
        case .multiply: "*"
        case .divide: "/"
        case .power: "**"
        case .bitwiseAnd: "&"
        case .bitwiseOr: "|"
        case .bitwiseXor: "^"
        case .leftShift: "<<"
        case .rightShift: ">>"
        case .union: "UNION"
        case .intersect: "INTERSECT"
        case .minus: "MINUS"
        }
    }

    /// The canonical spelling of a prefix operator.
    public static func spelling(of op: UnaryOperator) -> String {
        switch op {
        case .negate: "-"
        case .onesComplement: "~"
        }
    }

    /// The canonical (printed) spelling of a comparison operator.
    public static func spelling(of op: ComparisonOperator) -> String {
        switch op {
        case .equalTo: "=="
        case .notEqualTo: "!="
        case .lessThan: "<"
        case .lessThanOrEqualTo: "<="
        case .greaterThan: ">"
        case .greaterThanOrEqualTo: ">="
        case .between: "BETWEEN"
        case .in: "IN"
        case .contains: "CONTAINS"
        case .beginsWith: "BEGINSWITH"
        case .endsWith: "ENDSWITH"
        case .like: "LIKE"
        case .matches: "MATCHES"
        case .utiConformsTo: "UTI-CONFORMS-TO"
        case .utiEquals: "UTI-EQUALS"
        }
    }

    /// The comparison operator a symbol spells: `=<` → ``ComparisonOperator/lessThanOrEqualTo``.
    /// (A switch, not a dictionary: the parser asks after every operand.)
    static func comparison(_ symbol: Punctuation) -> ComparisonOperator? {
        switch symbol {
        case .equal, .equalEqual: .equalTo
        case .notEqual, .lessGreater: .notEqualTo
        case .less: .lessThan
        case .lessEqual, .equalLess: .lessThanOrEqualTo
        case .greater: .greaterThan
        case .greaterEqual, .equalGreater: .greaterThanOrEqualTo
        default: nil
        }
    }

    /// The comparison operator a reserved word spells: `LIKE` → ``ComparisonOperator/like``.
    static func comparison(_ word: Keyword) -> ComparisonOperator? {
        switch word {
        case .BETWEEN: .between
        case .IN: .in
        case .CONTAINS: .contains
        case .BEGINSWITH: .beginsWith
        case .ENDSWITH: .endsWith
        case .LIKE: .like
        case .MATCHES: .matches
        case .UTI_CONFORMS_TO: .utiConformsTo
        case .UTI_EQUALS: .utiEquals
        default: nil
        }
    }

    /// The infix expression operator a symbol spells: `**` → ``BinaryOperator/power``.
    static func binary(_ symbol: Punctuation) -> BinaryOperator? {
        switch symbol {
        case .plus: .add
        case .minus: .subtract
        case .star: .multiply
        case .slash: .divide
        case .power: .power
        case .ampersand: .bitwiseAnd
        case .pipe: .bitwiseOr
        case .caret: .bitwiseXor
        case .shiftLeft: .leftShift
        case .shiftRight: .rightShift
        default: nil
        }
    }

    /// The infix expression operator a reserved word spells: `UNION` → ``BinaryOperator/union``.
    static func binary(_ word: Keyword) -> BinaryOperator? {
        switch word {
        case .UNION: .union
        case .INTERSECT: .intersect
        case .MINUS: .minus
        default: nil
        }
    }

    /// Every accepted spelling of the symbolic comparison operators: `=`, `==` → `.equalTo`,
    /// `!=`, `<>` → `.notEqualTo`, `<`, `<=`, `=<`, `>`, `>=`, `=>`.
    public static let symbolicComparisons: [String: ComparisonOperator] = Dictionary(
        uniqueKeysWithValues: Punctuation.allCases.compactMap { p in comparison(p).map { (p.rawValue, $0) } })

    /// The keyword comparison operators, by upper-cased spelling: `BETWEEN`, `IN`, `CONTAINS`,
    /// `BEGINSWITH`, `ENDSWITH`, `LIKE`, `MATCHES`, `UTI-CONFORMS-TO`, `UTI-EQUALS`.
    public static let keywordComparisons: [String: ComparisonOperator] = Dictionary(
        uniqueKeysWithValues: Keyword.allCases.compactMap { w in comparison(w).map { (w.spelling, $0) } })

    /// The symbolic infix expression operators by spelling: `+ - * / ** & | ^ << >>`.
    public static let symbolicBinary: [String: BinaryOperator] = Dictionary(
        uniqueKeysWithValues: Punctuation.allCases.compactMap { p in binary(p).map { (p.rawValue, $0) } })

    /// The keyword infix expression operators by upper-cased spelling: `UNION`, `INTERSECT`,
    /// `MINUS`.
    public static let keywordBinary: [String: BinaryOperator] = Dictionary(
        uniqueKeysWithValues: Keyword.allCases.compactMap { w in binary(w).map { (w.spelling, $0) } })

    /// Reserved words, upper case: the forty words of ``Keyword`` (`AND`, `SELF`, `SIZE`,
    /// `UTI-CONFORMS-TO`, …). They match in any letter case and must be escaped with `#` to be
    /// used as keys (`#size`). The printer escapes a key that is in this set.
    public static let reservedWords: Set<String> = Set(Keyword.allCases.map(\.spelling))

    /// Whether `word` is reserved (in any letter case).
    public static func isReserved(_ word: String) -> Bool { reservedWords.contains(word.uppercased()) }
}
