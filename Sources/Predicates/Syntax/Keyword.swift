/// The reserved words, by their upper-case spelling.
///
/// They match in any letter case (`and`, `And`, `AND` are all ``AND``) and must be escaped with
/// `#` to be used as keys (`#size`). ``Operators/reservedWords`` is built from this list.
///
/// The lexer classifies a word without allocating: ``init(_:_:_:)`` folds the word's bytes to
/// upper case into two integers and compares them with the few spellings of the same length.
enum Keyword: String, Sendable, Hashable, CaseIterable {
    case AND
    case OR
    case IN
    case NOT
    case ALL
    case ANY
    case SOME
    case NONE
    case LIKE
    case CASEINSENSITIVE
    case CI
    case MATCHES
    case CONTAINS
    case BEGINSWITH
    case ENDSWITH
    case BETWEEN
    case NULL
    case NIL
    case SELF
    case TRUE
    case YES
    case FALSE
    case NO
    case FIRST
    case LAST
    case SIZE
    case ANYKEY
    case SUBQUERY
    case FETCH
    case CAST
    case TRUEPREDICATE
    case FALSEPREDICATE
    case UTI_CONFORMS_TO = "UTI-CONFORMS-TO"
    case UTI_EQUALS = "UTI-EQUALS"
    case FUNCTION
    case TERNARY
    case UNION
    case INTERSECT
    case MINUS
    case TOKENMATCHES

    /// The upper-case spelling: `AND`, `UTI-CONFORMS-TO`.
    var spelling: String { rawValue }

    /// A word's bytes folded to ASCII upper case, packed eight to an integer, first byte
    /// lowest (so `and` is `0x444E41`); at most 16 bytes. Keywords contain no zero byte, so
    /// the padding cannot make two words of different lengths equal.
    struct Packed: Hashable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        /// Packs `bytes[lower..<upper]`; nil when longer than 16 bytes or not all ASCII.
        init?(_ bytes: [UInt8], _ lower: Int, _ upper: Int) {
            guard lower >= 0, upper <= bytes.count, upper - lower <= 16 else { return nil }
            var index = lower
            var shift: UInt64 = 0
            while index < upper {
                var b = bytes[index]
                guard b < 0x80 else { return nil }
                if b >= 0x61 && b <= 0x7A { b -= 0x20 }
                if shift < 64 {
                    low |= UInt64(b) << shift
                } else {
                    high |= UInt64(b) << (shift - 64)
                }
                shift += 8
                index += 1
            }
        }
    }

    /// One row of the lookup table.
    struct Entry {
        var packed: Packed
        var keyword: Keyword
    }

    /// The words that can be lexed as one word (all but the `UTI-…` operators), sorted by
    /// length; the entries of the `n`-byte spellings are `table[tableStarts[n]..<tableStarts[n + 1]]`.
    /// (Two flat arrays of plain values: looking a word up retains nothing.)
    static let table: [Entry] = {
        var entries: [Entry] = []
        for keyword in allCases where !keyword.rawValue.contains("-") {
            let utf8 = Array(keyword.rawValue.utf8)
            if let packed = Packed(utf8, 0, utf8.count) { entries.append(Entry(packed: packed, keyword: keyword)) }
        }
        return entries.sorted { $0.keyword.rawValue.utf8.count < $1.keyword.rawValue.utf8.count }
    }()

    /// See ``table``.
    static let tableStarts: [Int] = (0...17).map { length in
        table.firstIndex { $0.keyword.rawValue.utf8.count >= length } ?? table.count
    }

    /// The reserved word spelled by `bytes[lower..<upper]` in any letter case, or nil.
    /// `UTI-CONFORMS-TO` and `UTI-EQUALS` are not found here (the lexer reads them itself).
    init?(_ bytes: [UInt8], _ lower: Int, _ upper: Int) {
        let length = upper - lower
        guard length >= 2, length <= 16, let packed = Packed(bytes, lower, upper) else { return nil }
        let table = Keyword.table
        let starts = Keyword.tableStarts
        var index = starts[length]
        let end = starts[length + 1]
        while index < end {
            if table[index].packed == packed {
                self = table[index].keyword
                return
            }
            index += 1
        }
        return nil
    }

    /// Connectives, quantifiers and operators: words never mistaken for keys in messages.
    var isOperatorWord: Bool {
        switch self {
        case .AND, .OR, .NOT, .ANY, .ALL, .SOME, .NONE, .IN, .LIKE, .MATCHES, .CONTAINS, .BEGINSWITH, .ENDSWITH,
            .BETWEEN, .UTI_CONFORMS_TO, .UTI_EQUALS, .UNION, .INTERSECT, .MINUS, .TOKENMATCHES, .TRUEPREDICATE,
            .FALSEPREDICATE:
            true
        default: false
        }
    }

    /// The comparison operator this word spells: `LIKE` → ``ComparisonOperator/like``.
    var comparisonOperator: ComparisonOperator? {
        switch self {
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

    /// The infix expression operator this word spells: `UNION` → ``BinaryOperator/union``.
    var binaryOperator: BinaryOperator? {
        switch self {
        case .UNION: .union
        case .INTERSECT: .intersect
        case .MINUS: .minus
        default: nil
        }
    }
}
