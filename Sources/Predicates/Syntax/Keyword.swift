/// The reserved words, by their upper-case spelling.
///
/// They match in any letter case (`and`, `And`, `AND` are all ``AND``) and must be escaped with
/// `#` to be used as keys (`#size`). ``Operators/reservedWords`` is built from this list.
///
/// The lexer classifies a word without allocating: while it reads the word it folds the bytes
/// to upper case into two integers (``Packed``), then compares them with the few spellings of
/// the same length (``Table``).
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

        /// The packed form of the ASCII word of `length` bytes (at most 16) at `start` in
        /// `bytes`, equal to adding its bytes one by one with ``add(_:at:)``, but eight bytes
        /// at a time when the buffer holds 16 bytes from `start` on.
        @inline(__always)
        init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, length: Int) {
            if let base = bytes.baseAddress, start + 16 <= bytes.count {
                let raw = UnsafeRawPointer(base + start)
                let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
                let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                low = Packed.upperCased(first & Packed.mask(length))
                high = length > 8 ? Packed.upperCased(second & Packed.mask(length - 8)) : 0
                return
            }
            for index in 0..<length { add(bytes[start + index], at: index) }
        }

        /// Eight ASCII bytes (each below 0x80) with `a`–`z` turned into `A`–`Z`, all at once: a
        /// byte's top bit after adding 0x1F says it is at least `a`, after adding 0x05 that it
        /// is at least `{`; no sum carries into the next byte.
        @inline(__always)
        static func upperCased(_ word: UInt64) -> UInt64 {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let atLeastA = word &+ 0x1F &* ones
            let pastZ = word &+ 0x05 &* ones
            let lower = atLeastA & ~pastZ & (0x80 &* ones)
            return word &- (lower >> 2)
        }

        /// All ones in the low `count` bytes (all of them from 8 on).
        @inline(__always)
        static func mask(_ count: Int) -> UInt64 {
            count >= 8 ? ~0 : (1 &<< UInt64(8 * count)) &- 1
        }

        /// The empty word.
        init() {}

        /// Adds the ASCII byte `b`, the word's `index`-th (0 ..< 16).
        @inline(__always)
        mutating func add(_ b: UInt8, at index: Int) {
            let folded = UInt64(b >= 0x61 && b <= 0x7A ? b - 0x20 : b)
            if index < 8 {
                low |= folded &<< UInt64(8 * index)
            } else {
                high |= folded &<< UInt64(8 * (index - 8))
            }
        }
    }

    /// The lookup table of the words that can be lexed as one word (all but the `UTI-…`
    /// operators). The lexer keeps a copy for the whole input, so that looking a word up
    /// neither retains the arrays nor checks that the table is built.
    struct Table: Sendable {
        /// One row: a spelling and its word.
        struct Entry: Sendable {
            var packed: Packed
            var keyword: Keyword
        }

        /// The entries sorted by length.
        let entries: [Entry]
        /// The entries of the `n`-byte spellings are `entries[starts[n]..<starts[n + 1]]`.
        let starts: [Int]

        /// The one table.
        static let shared = Table()

        private init() {
            var entries: [Entry] = []
            for keyword in Keyword.allCases where !keyword.rawValue.contains("-") {
                var packed = Packed()
                for (index, b) in keyword.rawValue.utf8.enumerated() { packed.add(b, at: index) }
                entries.append(Entry(packed: packed, keyword: keyword))
            }
            entries.sort { $0.keyword.rawValue.utf8.count < $1.keyword.rawValue.utf8.count }
            self.entries = entries
            self.starts = (0...Table.maximumLength + 1).map { length in
                entries.firstIndex { $0.keyword.rawValue.utf8.count >= length } ?? entries.count
            }
        }

        /// The longest word that ``Packed`` holds.
        static let maximumLength = 16

        /// The reserved word whose upper-cased spelling of `length` bytes is `packed`, or nil.
        func keyword(_ packed: Packed, length: Int) -> Keyword? {
            guard length >= 1, length <= Table.maximumLength else { return nil }
            var index = starts[length]
            let end = starts[length + 1]
            while index < end {
                if entries[index].packed == packed { return entries[index].keyword }
                index += 1
            }
            return nil
        }
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
}
