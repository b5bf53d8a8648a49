/// Parses an ICU pattern, as `MATCHES` compiles it, into an ``ICURegex``: alternation,
/// sequences, groups, quantifiers, anchors, `.`, literals and escapes, bracket expressions and
/// class escapes. Whatever the tree has no node for is refused, naming the construct and where
/// it starts (``ICURegexRefusal``): lookaround, back references, possessive quantifiers, atomic
/// groups, inline flags, word boundaries, `\G`, `\X`, `\R`, `\N{…}`.
///
/// The pattern has already compiled in ICU (the lowering checks it first), so the parser need
/// not diagnose bad patterns; what it does not recognise it refuses.
///
/// ```swift
/// try ICURegexParser.parse("a+|b")   // .alternation([.repetition(.literal("a"), +), .literal("b")])
/// try ICURegexParser.parse("(?=a)")  // refused: the lookahead '(?=' at 0
/// ```
struct ICURegexParser {
    /// How deeply groups and quantifiers may nest (the printer and the tree's own walks recurse).
    static let maximumDepth = 100
    static let depthReason = "nests deeper than \(maximumDepth) groups and quantifiers, the translation's limit"

    let scalars: [Unicode.Scalar]
    var position = 0
    private var depth = 0

    /// The tree of `pattern`, or the first construct it cannot hold.
    static func parse(_ pattern: String) throws(ICURegexRefusal) -> ICURegex {
        var parser = ICURegexParser(scalars: Array(pattern.unicodeScalars))
        let tree = try parser.alternation()
        if parser.position < parser.scalars.count {
            throw parser.refusal("an unbalanced ')'", at: parser.position)
        }
        return tree
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    /// The scalar at `position + ahead`, if any.
    func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        position + ahead < scalars.count ? scalars[position + ahead] : nil
    }

    /// The pattern's text from `start` to the current position.
    func text(from start: Int) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<Swift.min(position, scalars.count)])
        return String(view)
    }

    func refusal(_ construct: String, at offset: Int) -> ICURegexRefusal {
        ICURegexRefusal(construct: construct, offset: offset)
    }

    /// `branch | branch | …`.
    private mutating func alternation() throws(ICURegexRefusal) -> ICURegex {
        var branches = [try sequence()]
        while peek() == "|" {
            position += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    /// Atoms with their quantifiers, up to `|`, `)` or the end.
    private mutating func sequence() throws(ICURegexRefusal) -> ICURegex {
        var items: [ICURegex] = []
        while let next = peek(), next != "|", next != ")" {
            var atoms = try atom()
            var stacked = 0
            while let quantifier = try quantifier() {
                guard let last = atoms.popLast() else {
                    throw refusal("the quantifier '\(quantifier.spelling)' after nothing", at: quantifier.offset)
                }
                // ICU gives up on a lazy loop whose body matched nothing, instead of trying the
                // other ways to match (`(?:a{0,2})+?|b` does not match "b"): no other engine's
                // regular expressions answer like that. Greedy, the loop means the same for a
                // whole-string match, and ICU answers it as everyone does.
                if quantifier.lazy, last.canMatchEmpty {
                    throw ICURegexRefusal(
                        construct: "the lazy quantifier '\(quantifier.spelling)'", offset: quantifier.offset,
                        reason: "repeats a part that can match nothing, where ICU answers unlike any other engine "
                            + "(the greedy '\(quantifier.spelling.dropLast())' means the same for a whole-string match)"
                    )
                }
                stacked += 1
                if depth + stacked > Self.maximumDepth {
                    throw ICURegexRefusal(
                        construct: "the quantifier '\(quantifier.spelling)'", offset: quantifier.offset,
                        reason: Self.depthReason)
                }
                atoms.append(.repetition(last, quantifier))
            }
            items += atoms
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    /// One atom — or several literals for `\Q…\E`, none for a comment `(?#…)`.
    private mutating func atom() throws(ICURegexRefusal) -> [ICURegex] {
        let start = position
        guard let scalar = peek() else { return [] }
        switch scalar {
        case "(":
            return try group()
        case "[":
            return [.set(try bracket())]
        case ".":
            position += 1
            return [.anyCharacter]
        case "^":
            position += 1
            return [.anchor(.lineStart)]
        case "$":
            position += 1
            return [.anchor(.lineEnd)]
        case "\\":
            return try escape()
        case "*", "+", "?", "{", "}":
            throw refusal("'\(scalar)' with nothing to repeat", at: start)
        default:
            position += 1
            return [.literal(scalar)]
        }
    }

    /// `(…)`, `(?:…)`, `(?<name>…)`, a comment `(?#…)`; the other `(?` forms are refused.
    private mutating func group() throws(ICURegexRefusal) -> [ICURegex] {
        let start = position
        position += 1
        if peek() == "?" {
            switch peek(1) {
            case ":":
                position += 2
            case "#":
                while let next = peek(), next != ")" { position += 1 }
                guard peek() == ")" else { throw refusal("an unterminated comment '(?#'", at: start) }
                position += 1
                return []
            case "<" where peek(2).map(Self.isLetter) == true:
                position += 3
                while let next = peek(), next != ">" { position += 1 }
                position += 1
            case "=": throw refusal("the lookahead '(?='", at: start)
            case "!": throw refusal("the negative lookahead '(?!'", at: start)
            case "<" where peek(2) == "=": throw refusal("the lookbehind '(?<='", at: start)
            case "<" where peek(2) == "!": throw refusal("the negative lookbehind '(?<!'", at: start)
            case ">": throw refusal("the atomic group '(?>'", at: start)
            default:
                position += 1
                while let next = peek(), next != ")", next != ":" { position += 1 }
                throw refusal("the inline flags '\(text(from: start))'", at: start)
            }
        }
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maximumDepth {
            throw ICURegexRefusal(construct: "the group '('", offset: start, reason: Self.depthReason)
        }
        let inner = try alternation()
        guard peek() == ")" else { throw refusal("an unterminated group '('", at: start) }
        position += 1
        return [.group(inner)]
    }

    /// `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each optionally lazy (`?`); possessive forms
    /// (`*+`) are refused. `nil` when no quantifier follows.
    private mutating func quantifier() throws(ICURegexRefusal) -> ICURegexQuantifier? {
        let start = position
        var minimum = 0
        var maximum: Int?
        switch peek() {
        case "*": position += 1
        case "+":
            position += 1
            minimum = 1
        case "?":
            position += 1
            maximum = 1
        case "{":
            position += 1
            guard let low = number() else { throw refusal("the interval '\(text(from: start))'", at: start) }
            minimum = low
            maximum = low
            if peek() == "," {
                position += 1
                maximum = number()
            }
            guard peek() == "}" else { throw refusal("the interval '\(text(from: start))'", at: start) }
            position += 1
        default:
            return nil
        }
        var lazy = false
        if peek() == "?" {
            position += 1
            lazy = true
        } else if peek() == "+" {
            position += 1
            throw refusal("the possessive quantifier '\(text(from: start))'", at: start)
        }
        return ICURegexQuantifier(
            minimum: minimum, maximum: maximum, lazy: lazy, spelling: text(from: start), offset: start)
    }

    /// A decimal number (at most 9 digits), or `nil` when none is there.
    private mutating func number() -> Int? {
        var value = 0
        var digits = 0
        while let next = peek(), let digit = Self.digitValue(next, radix: 10), digits < 9 {
            value = value * 10 + Int(digit)
            digits += 1
            position += 1
        }
        return digits == 0 ? nil : value
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// The value of a digit in `radix` (up to 16).
    static func digitValue(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        let value: UInt32
        switch scalar {
        case "0"..."9": value = scalar.value - 0x30
        case "a"..."f": value = scalar.value - 0x61 + 10
        case "A"..."F": value = scalar.value - 0x41 + 10
        default: return nil
        }
        return value < radix ? value : nil
    }
}
