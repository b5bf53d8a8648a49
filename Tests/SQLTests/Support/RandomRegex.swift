import TestSupport

/// Random ICU patterns for the MATCHES differential, each with a way to write strings it
/// probably matches: literals (plain, escaped, `\Q…\E`), `.`, classes and brackets (simple
/// ones, negated ones, `\p{…}`, POSIX classes and set operations that ICU answers), anchors,
/// groups of every kind PostgreSQL can take, alternation, greedy and lazy quantifiers — and,
/// in some patterns, one construct outside the translated subset (lookaround, back references,
/// possessive quantifiers, inline flags, word boundaries, …), which must be refused.
indirect enum RandomRegex: Sendable {
    /// A pattern text for a character, and the character.
    case character(String, String)
    case dot
    /// A class as written, and some of its members.
    case set(String, [String])
    case anchor(String)
    case group(opening: String, RandomRegex)
    case sequence([RandomRegex])
    case alternation([RandomRegex])
    case repetition(RandomRegex, minimum: Int, maximum: Int?, lazy: Bool)
    /// A construct PostgreSQL has no equivalent for, with a string it may match.
    case outside(String, String)

    /// The characters strings are made of: ASCII, line terminators, and characters that
    /// normalise, fold or classify differently (digits and spaces of other scripts, `ǰ` whose
    /// case fold has no composed form).
    static let alphabet: [String] = [
        "a", "b", "c", "A", "B", "z", "0", "1", "9", "_", "-", ".", " ", "\n", "\r", "\r\n", "\u{2028}", "\u{85}",
        "\u{0B}", "\u{0C}", "\t", "é", "e\u{301}", "É", "ß", "İ", "ı", "Σ", "ς", "ǰ", "٣", "０", "ﬁ", "\u{A0}",
        "\u{2003}", "😀", "中", "\u{301}", "\u{200C}", "‿", "\u{212A}", "Ａ", "\\", "[", "]", "^", "$", "*",
    ]

    /// The pattern text.
    var text: String {
        switch self {
        case .character(let text, _), .set(let text, _), .anchor(let text), .outside(let text, _): text
        case .dot: "."
        case .group(let opening, let inner): opening + inner.text + ")"
        case .sequence(let items):
            // An alternation among a sequence's items is one item: it is written in a group
            // (`(?:a|b)c`), as the tree reads it (`a|bc` would be another pattern).
            items.map { item in
                if case .alternation = item { "(?:" + item.text + ")" } else { item.text }
            }.joined()
        case .alternation(let branches): branches.map(\.text).joined(separator: "|")
        case .repetition(let inner, let minimum, let maximum, let lazy):
            inner.text + Self.quantifier(minimum, maximum) + (lazy ? "?" : "")
        }
    }

    /// Smaller patterns for shrinking a failing one: a part alone, or one part left out.
    var smaller: [RandomRegex] {
        switch self {
        case .character, .dot, .set, .anchor, .outside:
            return []
        case .group(let opening, let inner):
            return [inner] + inner.smaller.map { .group(opening: opening, $0) }
        case .repetition(let inner, let minimum, let maximum, let lazy):
            var candidates = [inner]
            if lazy { candidates.append(.repetition(inner, minimum: minimum, maximum: maximum, lazy: false)) }
            candidates += inner.smaller.map { .repetition($0, minimum: minimum, maximum: maximum, lazy: lazy) }
            return candidates
        case .sequence(let items), .alternation(let items):
            let rebuild: ([RandomRegex]) -> RandomRegex = { parts in
                if case .sequence = self { return .sequence(parts) }
                return .alternation(parts)
            }
            var candidates = items
            for index in items.indices where items.count > 2 {
                var fewer = items
                fewer.remove(at: index)
                candidates.append(rebuild(fewer))
            }
            for index in items.indices {
                for part in items[index].smaller {
                    var changed = items
                    changed[index] = part
                    candidates.append(rebuild(changed))
                }
            }
            return candidates
        }
    }

    /// Whether the pattern matches only the empty string.
    var isZeroWidth: Bool {
        switch self {
        case .anchor: true
        case .character(_, let character): character.isEmpty
        case .dot, .set, .outside: false
        case .group(_, let inner), .repetition(let inner, _, _, _): inner.isZeroWidth
        case .sequence(let items), .alternation(let items): items.allSatisfy(\.isZeroWidth)
        }
    }

    /// Whether the pattern can match the empty string (as ICU reads it).
    var canMatchEmpty: Bool {
        switch self {
        case .anchor: true
        case .character(_, let character), .outside(_, let character): character.isEmpty
        case .dot, .set: false
        case .group(_, let inner): inner.canMatchEmpty
        case .repetition(let inner, let minimum, _, _): minimum == 0 || inner.canMatchEmpty
        case .sequence(let items): items.allSatisfy(\.canMatchEmpty)
        case .alternation(let branches): branches.contains(where: \.canMatchEmpty)
        }
    }

    /// Whether the translation must refuse the pattern: a construct outside the subset, or a
    /// lazy quantifier over a part that can match nothing (ICU answers such loops its own way:
    /// `(?:a*)+?` is refused, `(?:a*)+` and `(?:a)+?` are not).
    var isRefused: Bool { isOutside || hasLazyLoopOverEmpty }

    /// Whether a lazy quantifier repeats a part that can match the empty string.
    var hasLazyLoopOverEmpty: Bool {
        switch self {
        case .character, .dot, .set, .anchor, .outside: false
        case .group(_, let inner): inner.hasLazyLoopOverEmpty
        case .repetition(let inner, _, _, let lazy): (lazy && inner.canMatchEmpty) || inner.hasLazyLoopOverEmpty
        case .sequence(let items), .alternation(let items): items.contains(where: \.hasLazyLoopOverEmpty)
        }
    }

    /// Whether the pattern holds a construct outside the translated subset.
    var isOutside: Bool {
        switch self {
        case .outside: true
        case .character, .dot, .set, .anchor: false
        case .group(_, let inner), .repetition(let inner, _, _, _): inner.isOutside
        case .sequence(let items), .alternation(let items): items.contains(where: \.isOutside)
        }
    }

    static func quantifier(_ minimum: Int, _ maximum: Int?) -> String {
        switch (minimum, maximum) {
        case (0, nil): "*"
        case (1, nil): "+"
        case (0, 1): "?"
        case (let low, nil): "{\(low),}"
        case (let low, let high?) where low == high: "{\(low)}"
        case (let low, let high?): "{\(low),\(high)}"
        }
    }

    /// A string the pattern probably matches.
    func sample(_ random: inout SplitMix64) -> String {
        switch self {
        case .character(_, let character): return character
        case .dot: return random.pick(Self.alphabet)
        case .set(_, let members): return members.isEmpty ? random.pick(Self.alphabet) : random.pick(members)
        case .anchor(let text):
            // A line terminator around a line anchor now and then.
            guard random.chance(1, in: 3) else { return "" }
            return text == "^" || text == "$" ? random.pick(["\n", "\r\n", "\u{2028}"]) : ""
        case .group(_, let inner): return inner.sample(&random)
        case .sequence(let items): return items.map { $0.sample(&random) }.joined()
        case .alternation(let branches): return random.pick(branches).sample(&random)
        case .repetition(let inner, let minimum, let maximum, _):
            let count = random.int(in: minimum...(maximum ?? minimum + 3))
            return (0..<count).map { _ in inner.sample(&random) }.joined()
        case .outside(_, let sample): return sample
        }
    }

    /// A string made from a sample of the pattern, sometimes changed a little.
    func subject(_ random: inout SplitMix64) -> String {
        var characters = sample(&random).map(String.init)
        if random.chance(1, in: 2) {
            for _ in 0..<random.int(in: 1...2) {
                let index = characters.isEmpty ? 0 : random.below(characters.count + 1)
                switch random.below(3) {
                case 0: characters.insert(random.pick(Self.alphabet), at: index)
                case 1 where index < characters.count: characters.remove(at: index)
                default: if index < characters.count { characters[index] = random.pick(Self.alphabet) }
                }
            }
        }
        return characters.joined()
    }
}
