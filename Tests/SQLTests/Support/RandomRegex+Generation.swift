import TestSupport

extension RandomRegex {
    /// A random pattern; with `outside`, one construct outside the translated subset is put in.
    static func make(_ random: inout SplitMix64, outside: Bool) -> RandomRegex {
        var items = [node(&random, depth: 0)]
        if outside { items.insert(random.pick(outsideConstructs), at: random.below(2) == 0 ? 0 : 1) }
        if random.chance(1, in: 4) { items.insert(.anchor(random.pick(["^", "\\A"])), at: 0) }
        if random.chance(1, in: 4) { items.append(.anchor(random.pick(["$", "\\z", "\\Z"]))) }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    private static func node(_ random: inout SplitMix64, depth: Int) -> RandomRegex {
        guard depth < 3 else { return atom(&random) }
        switch random.below(10) {
        case 0...3:
            return atom(&random)
        case 4, 5:
            return .sequence((0..<random.int(in: 2...4)).map { _ in node(&random, depth: depth + 1) })
        case 6:
            return .alternation((0..<random.int(in: 2...3)).map { _ in node(&random, depth: depth + 1) })
        case 7:
            return .group(opening: random.pick(["(", "(?:", "(?<g>"]), node(&random, depth: depth + 1))
        default:
            var inner = random.chance(1, in: 3) ? node(&random, depth: depth + 1) : atom(&random)
            // ICU takes seconds on an empty group repeated (`(?:(?#x))+?` over 8 characters):
            // nothing zero-width is repeated.
            if inner.isZeroWidth { inner = .dot }
            if case .repetition = inner { inner = .group(opening: "(?:", inner) }
            if case .sequence = inner { inner = .group(opening: "(", inner) }
            if case .alternation = inner { inner = .group(opening: "(?:", inner) }
            // `\Q…\E` and a comment are not one atom: a quantifier would take the last
            // character (or refuse, after a comment).
            if case .character(let text, _) = inner, text.hasPrefix("\\Q") || text.hasPrefix("(?#") {
                inner = .group(opening: "(?:", inner)
            }
            let minimum = random.int(in: 0...2)
            let maximum: Int? = random.chance(1, in: 2) ? nil : minimum + random.int(in: 0...2)
            return .repetition(inner, minimum: minimum, maximum: maximum, lazy: random.chance(1, in: 3))
        }
    }

    /// A pattern of nested loops over `a` and `b` — where backtracking engines and automata
    /// part ways: loops whose body can match nothing, greedy and lazy, alternations with an
    /// empty branch, counted loops around them.
    static func loops(_ random: inout SplitMix64, depth: Int = 0) -> RandomRegex {
        if depth > 2 || random.chance(1, in: 3) {
            let letter = random.pick(["a", "b"])
            return .character(letter, letter)
        }
        switch random.below(4) {
        case 0:
            return .sequence((0..<random.int(in: 1...3)).map { _ in loops(&random, depth: depth + 1) })
        case 1:
            let first = loops(&random, depth: depth + 1)
            let second = random.chance(1, in: 2) ? RandomRegex.sequence([]) : loops(&random, depth: depth + 1)
            return .group(opening: "(?:", .alternation([first, second]))
        default:
            var inner = loops(&random, depth: depth + 1)
            if case .character = inner {} else { inner = .group(opening: "(?:", inner) }
            let bounds: [(Int, Int?)] = [(0, nil), (1, nil), (0, 1), (2, nil), (0, 2), (1, 3)]
            let (minimum, maximum) = random.pick(bounds)
            return .repetition(inner, minimum: minimum, maximum: maximum, lazy: random.chance(1, in: 2))
        }
    }

    /// Every string of `a` and `b` up to `length` characters long, the empty one first.
    static func everyString(upTo length: Int) -> [String] {
        var strings = [""]
        var last = [""]
        for _ in 0..<length {
            last = last.flatMap { [$0 + "a", $0 + "b"] }
            strings += last
        }
        return strings
    }

    private static func atom(_ random: inout SplitMix64) -> RandomRegex {
        switch random.below(24) {
        case 0...6:
            let character = random.pick(alphabet)
            return .character(literal(character), character)
        case 7, 8:
            return escaped(random.pick(alphabet.filter { $0.unicodeScalars.count == 1 }), &random)
        case 9, 10:
            return .dot
        case 11...15:
            let (text, members) = random.pick(sets)
            return .set(text, members)
        case 16 where random.chance(1, in: 2):
            // Classes ICU answers for the translation (about 70 ms each).
            let (text, members) = random.pick(scannedSets)
            return .set(text, members)
        case 16, 17:
            return .anchor(random.pick(["^", "$", "\\A", "\\z", "\\Z"]))
        case 18, 19:
            return .character("\\Qa.b*\\E", "a.b*")
        case 20:
            return .character("(?#note)", "")
        default:
            let character = random.pick(alphabet)
            return .character(literal(character), character)
        }
    }

    /// A character as a pattern: metacharacters escaped with `\`.
    static func literal(_ character: String) -> String {
        character.unicodeScalars.map { scalar in
            "\\^$.|?*+()[]{}".unicodeScalars.contains(scalar) ? "\\" + String(scalar) : String(scalar)
        }.joined()
    }

    /// A character written as an escape: `\t`, `\x41`, `\x{E9}`, `\u00E9`, `\U0001F600`, `\0101`, `\cA`.
    private static func escaped(_ character: String, _ random: inout SplitMix64) -> RandomRegex {
        guard let scalar = character.unicodeScalars.first else { return .character("", "") }
        let value = scalar.value
        var forms = [String(format: "\\x{%X}", value)]
        if value <= 0xFF { forms.append(String(format: "\\x%02X", value)) }
        if value <= 0o377 { forms.append("\\0" + String(value, radix: 8)) }
        if value <= 0xFFFF { forms.append(String(format: "\\u%04X", value)) }
        forms.append(String(format: "\\U%08X", value))
        let named: [UInt32: String] = [0x09: "\\t", 0x0A: "\\n", 0x0D: "\\r", 0x0C: "\\f", 0x0B: "\\cK"]
        if let name = named[value] { forms.append(name) }
        if !(("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)),
            value < 0x7F, value > 0x20
        {
            forms.append("\\" + character)
        }
        return .character(random.pick(forms), character)
    }

    /// Brackets and class escapes the translation reads itself, with some members.
    static let sets: [(String, [String])] = [
        ("\\d", ["0", "9", "٣", "０"]), ("\\D", ["a", "-", "é"]),
        ("\\s", [" ", "\t", "\n", "\u{A0}", "\u{2003}", "\u{2028}", "\u{85}", "\u{0B}"]), ("\\S", ["a", "0"]),
        ("\\w", ["a", "Z", "_", "é", "٣", "‿", "\u{200C}", "\u{301}"]), ("\\W", ["-", " ", "."]),
        ("[abc]", ["a", "b", "c"]), ("[a-z]", ["a", "q", "z"]), ("[^a-c]", ["d", "é", "\n"]),
        ("[\\d_]", ["1", "_"]), ("[^\\s\\d]", ["a", "é"]), ("[-a]", ["-", "a"]), ("[a-]", ["-", "a"]),
        ("[]a]", ["]", "a"]), ("[\\]\\\\-]", ["]", "\\", "-"]), ("[é-ü]", ["é", "ü"]),
        ("[\\x{100}-\\x{10FFFF}]", ["ǰ", "😀", "中"]), ("[^\\n\\r]", ["a", "\u{2028}"]), ("[ab\\w]", ["a", "é"]),
        ("[\\s\\S]", ["a", "\n"]), ("[\\u00E0-\\u00FF\\t]", ["é", "\t"]), ("[\\^$.*]", ["^", "$", ".", "*"]),
    ]

    /// Classes the translation asks ICU about.
    static let scannedSets: [(String, [String])] = [
        ("\\p{L}", ["a", "é", "Σ", "中"]), ("\\p{Nd}", ["1", "٣"]), ("\\P{L}", ["1", " "]),
        ("[[:alpha:]]", ["a", "ß"]), ("[a-z&&[^aeiou]]", ["b", "z"]), ("\\h", [" ", "\t", "\u{A0}"]),
        ("\\v", ["\n", "\u{85}", "\u{2028}"]),
    ]

    /// Constructs PostgreSQL has no equivalent for, with strings they may match.
    static let outsideConstructs: [RandomRegex] = [
        .outside("(?=a)", ""), .outside("(?!b)", ""), .outside("(?<=a)", ""), .outside("(?<!a)", ""),
        .outside("(?>ab|a)", "ab"), .outside("a*+", "aa"), .outside("a++", "a"), .outside("(?i)a", "A"),
        .outside("(?i:b)", "B"), .outside("\\b", ""), .outside("(a)\\1", "aa"), .outside("\\X", "e\u{301}"),
        .outside("\\N{LATIN SMALL LETTER A}", "a"), .outside("a{256}", String(repeating: "a", count: 256)),
        .outside("(?<g>a)\\k<g>", "aa"), .outside("(?x) a", "a"),
    ]
}
