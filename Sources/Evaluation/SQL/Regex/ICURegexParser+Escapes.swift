/// Escapes and bracket expressions.
///
/// | escape | meaning |
/// |---|---|
/// | `\a \e \f \n \r \t`, `\cX`, `\0ooo`, `\xhh`, `\x{h…}`, `\uhhhh`, `\Uhhhhhhhh` | one character |
/// | `\d \D \s \S \w \W`, `\h \H \v \V`, `\p{…} \P{…}` | one character of ICU's class (``ICUClassSets``) |
/// | `\A \z \Z` | anchors |
/// | `\Q…\E` | the characters between, literally |
/// | `\` + a character that is not a letter or digit | that character |
///
/// A bracket expression of characters, ranges and `\d \s \w` (negated or not) is read here; one
/// with nested sets, set operations (`&&`, `--`), POSIX classes or properties is given whole to
/// ICU, which says which code points it matches.
extension ICURegexParser {
    /// After `\`: an escape outside brackets.
    mutating func escape() throws(ICURegexRefusal) -> [ICURegex] {
        let start = position
        guard let letter = peek(1) else { throw refusal("a trailing '\\'", at: start) }
        if let set = try classEscape() { return [.set(set)] }
        if let value = try characterEscape() { return [Self.node(value)] }
        position += 2
        switch letter {
        case "A": return [.anchor(.inputStart)]
        case "z": return [.anchor(.inputEnd)]
        case "Z": return [.anchor(.inputEndBeforeTerminator)]
        case "Q":
            var literals: [ICURegex] = []
            while let next = peek(), !(next == "\\" && peek(1) == "E") {
                literals.append(.literal(next))
                position += 1
            }
            if peek() == "\\" { position += 2 }
            return literals
        case "b", "B": throw refusal("the word boundary '\\\(letter)'", at: start)
        case "G": throw refusal("the match-start anchor '\\G'", at: start)
        case "X": throw refusal("the grapheme cluster '\\X'", at: start)
        case "R": throw refusal("the line break '\\R'", at: start)
        case "N": throw refusal("the named character '\\N{…}'", at: start)
        case "k": throw refusal("the named back reference '\\k'", at: start)
        case "E": throw refusal("'\\E' without '\\Q'", at: start)
        case "1"..."9": throw refusal("the back reference '\\\(letter)'", at: start)
        default:
            if Self.isLetter(letter) || ("0"..."9").contains(letter) {
                throw refusal("the escape '\\\(letter)'", at: start)
            }
            return [.literal(letter)]
        }
    }

    /// A literal for a code point; a surrogate (from `\uD800`) matches nothing.
    static func node(_ value: UInt32) -> ICURegex {
        guard let scalar = Unicode.Scalar(value) else { return .set(CodePointSet(ranges: [value...value])) }
        return .literal(scalar)
    }

    /// `\d`, `\D`, `\s`, `\S`, `\w`, `\W`, `\h`, `\H`, `\v`, `\V`, `\p{…}`, `\P{…}` at the
    /// current `\`: the set, past the escape; `nil` (not moved) for another escape.
    mutating func classEscape() throws(ICURegexRefusal) -> CodePointSet? {
        let start = position
        guard peek() == "\\", let letter = peek(1) else { return nil }
        let sets = ICUClassSets.shared
        let set: CodePointSet
        switch letter {
        case "d", "D": set = sets.digit
        case "s", "S": set = sets.space
        case "w", "W": set = sets.word
        case "h", "H", "v", "V", "p", "P":
            position += 2
            if letter == "p" || letter == "P" {
                guard peek() == "{" else { throw refusal("the property '\(text(from: start))'", at: start) }
                while let next = peek(), next != "}" { position += 1 }
                position += 1
            }
            let spelling = text(from: start)
            guard let found = ICUClassSets.codePoints(of: "[" + spelling + "]") else {
                throw refusal("the class '\(spelling)'", at: start)
            }
            return found
        default:
            return nil
        }
        position += 2
        return ("A"..."Z").contains(letter) ? set.complement : set
    }

    /// A character escape at the current `\` (`\t`, `\x41`, `\u00E9`, …): its code point,
    /// past the escape; `nil` (not moved) for another escape.
    mutating func characterEscape() throws(ICURegexRefusal) -> UInt32? {
        let start = position
        guard peek() == "\\", let letter = peek(1) else { return nil }
        let simple: [Unicode.Scalar: UInt32] = ["a": 0x07, "e": 0x1B, "f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09]
        if let value = simple[letter] {
            position += 2
            return value
        }
        switch letter {
        case "c":
            guard let control = peek(2), Self.isLetter(control) else {
                throw refusal("the control escape '\\c'", at: start)
            }
            position += 3
            return control.value & 0x1F
        case "0":
            position += 2
            let value = try digits(radix: 8, count: 1...3, from: start)
            guard value <= 0o377 else { throw refusal("the escape '\(text(from: start))'", at: start) }
            return value
        case "x" where peek(2) == "{":
            position += 3
            let value = try digits(radix: 16, count: 1...6, from: start)
            guard peek() == "}" else { throw refusal("the escape '\(text(from: start))'", at: start) }
            position += 1
            return try checked(value, from: start)
        case "x":
            position += 2
            return try digits(radix: 16, count: 2...2, from: start)
        case "u":
            position += 2
            return try checked(try digits(radix: 16, count: 4...4, from: start), from: start)
        case "U":
            position += 2
            return try checked(try digits(radix: 16, count: 8...8, from: start), from: start)
        default:
            return nil
        }
    }

    /// `count` digits of `radix` at the current position, as a number.
    private mutating func digits(radix: UInt32, count: ClosedRange<Int>, from start: Int)
        throws(ICURegexRefusal) -> UInt32
    {
        var value: UInt32 = 0
        var read = 0
        while read < count.upperBound, let next = peek(), let digit = Self.digitValue(next, radix: radix) {
            value = value &* radix &+ digit
            read += 1
            position += 1
        }
        guard read >= count.lowerBound else { throw refusal("the escape '\(text(from: start))'", at: start) }
        return value
    }

    /// `value` when it is a code point and not a surrogate (ICU may pair escaped surrogates).
    private func checked(_ value: UInt32, from start: Int) throws(ICURegexRefusal) -> UInt32 {
        guard value <= CodePointSet.maximum, !(0xD800...0xDFFF).contains(value) else {
            throw refusal("the escape '\(text(from: start))'", at: start)
        }
        return value
    }

    /// `[…]` at the current position: its code points, past it.
    mutating func bracket() throws(ICURegexRefusal) -> CodePointSet {
        let start = position
        if let simple = try simpleBracket() { return simple }
        position = start
        guard let end = bracketEnd(from: start) else { throw refusal("an unterminated set '['", at: start) }
        position = end
        let spelling = text(from: start)
        guard let set = ICUClassSets.codePoints(of: spelling) else { throw refusal("the set '\(spelling)'", at: start) }
        return set
    }

    /// A bracket of characters, ranges and `\d \s \w` (and their negations); `nil` when it
    /// holds anything else.
    private mutating func simpleBracket() throws(ICURegexRefusal) -> CodePointSet? {
        position += 1
        var negated = false
        if peek() == "^" {
            negated = true
            position += 1
        }
        var set = CodePointSet.empty
        var first = true
        while true {
            guard let next = peek() else { return nil }
            if next == "]" && !first {
                position += 1
                break
            }
            first = false
            if next == "[" || (next == "&" && peek(1) == "&") || (next == "-" && peek(1) == "-") { return nil }
            if let classSet = try classEscape() {
                guard peek() != "-" || peek(1) == "]" else { return nil }
                set = set.union(classSet)
                continue
            }
            guard let low = try bracketCharacter() else { return nil }
            var high = low
            if peek() == "-", let after = peek(1), after != "]" {
                position += 1
                guard let end = try bracketCharacter(), end >= low else { return nil }
                high = end
                // `[a-c-e]`: left to ICU.
                if peek() == "-", peek(1) != "]" { return nil }
            }
            set = set.union(CodePointSet(ranges: [low...high]))
        }
        return negated ? set.complement : set
    }

    /// A character in a bracket: itself, or a character escape; `nil` for another escape.
    private mutating func bracketCharacter() throws(ICURegexRefusal) -> UInt32? {
        guard let next = peek() else { return nil }
        guard next == "\\" else {
            position += 1
            return next.value
        }
        if let value = try characterEscape() { return value }
        guard let escaped = peek(1), !Self.isLetter(escaped), !("0"..."9").contains(escaped) else { return nil }
        position += 2
        return escaped.value
    }

    /// The position after the `]` closing the bracket that opens at `start`, nested brackets
    /// included (a `]` first in a bracket is a character).
    private func bracketEnd(from start: Int) -> Int? {
        var depth = 0
        var index = start
        while index < scalars.count {
            switch scalars[index] {
            case "\\":
                index += 2
            case "[":
                depth += 1
                index += 1
                if index < scalars.count, scalars[index] == "^" { index += 1 }
                if index < scalars.count, scalars[index] == "]" { index += 1 }
            case "]":
                depth -= 1
                index += 1
                if depth == 0 { return index }
            default:
                index += 1
            }
        }
        return nil
    }
}
