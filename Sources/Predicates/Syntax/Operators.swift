/// The one table of operator spellings and precedences.
///
/// The lexer, the parser, the formatter and Grammar.md all read from here.
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

    /// Every accepted spelling of the symbolic comparison operators.
    public static let symbolicComparisons: [String: ComparisonOperator] = [
        "=": .equalTo, "==": .equalTo, "!=": .notEqualTo, "<>": .notEqualTo,
        "<": .lessThan, "<=": .lessThanOrEqualTo, "=<": .lessThanOrEqualTo,
        ">": .greaterThan, ">=": .greaterThanOrEqualTo, "=>": .greaterThanOrEqualTo,
    ]

    /// The keyword comparison operators, by upper-cased spelling.
    public static let keywordComparisons: [String: ComparisonOperator] = [
        "BETWEEN": .between, "IN": .in, "CONTAINS": .contains, "BEGINSWITH": .beginsWith,
        "ENDSWITH": .endsWith, "LIKE": .like, "MATCHES": .matches,
        "UTI-CONFORMS-TO": .utiConformsTo, "UTI-EQUALS": .utiEquals,
    ]

    /// The symbolic infix expression operators by spelling.
    public static let symbolicBinary: [String: BinaryOperator] = [
        "+": .add, "-": .subtract, "*": .multiply, "/": .divide, "**": .power,
        "&": .bitwiseAnd, "|": .bitwiseOr, "^": .bitwiseXor, "<<": .leftShift, ">>": .rightShift,
    ]

    /// The keyword infix expression operators by upper-cased spelling.
    public static let keywordBinary: [String: BinaryOperator] = [
        "UNION": .union, "INTERSECT": .intersect, "MINUS": .minus,
    ]

    /// Reserved words, upper case. They match in any letter case and must be escaped with `#`
    /// to be used as keys (`#size`). The printer escapes a key that is in this set.
    public static let reservedWords: Set<String> = Set(Keyword.allCases.map(\.spelling))

    /// Whether `word` is reserved (in any letter case).
    public static func isReserved(_ word: String) -> Bool { reservedWords.contains(word.uppercased()) }
}
