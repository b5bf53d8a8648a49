/// String, number and format-specifier literals.
extension Lexer {
    // MARK: - Strings

    /// `'…'` or `"…"`; the other quote is an ordinary character inside. Escapes: `\n \t \r \\
    /// \' \" \a \b \f \v`, `\` + three octal digits, `\x` + two hex digits, `\u` + four hex
    /// digits, and `\` + any other character for that character. Raw newlines are allowed.
    ///
    /// A literal without escapes is only scanned (its value is the text between the quotes);
    /// one with escapes is decoded into ``decodedStrings``.
    mutating func lexString() throws(LexFailure) -> Token {
        let start = position
        let quote = bytes[position]
        var index = position + 1
        while index < bytes.count {
            let b = bytes[index]
            if b == quote {
                position = index + 1
                return Token(.string(decoded: nil), SourceRange(start, position))
            }
            if b == UInt8(ascii: "\\") { break }
            index += 1
        }
        return try lexEscapedString()
    }

    /// A string literal with escapes (or without its closing quote), decoded.
    mutating func lexEscapedString() throws(LexFailure) -> Token {
        let start = position
        let quote = bytes[position]
        position += 1
        var value: [UInt8] = []
        while true {
            guard position < bytes.count else {
                throw LexFailure(
                    diagnostic: DiagnosticCatalog.unterminatedString(
                        quote: quote, range: SourceRange(start, bytes.count)))
            }
            let b = bytes[position]
            if b == quote {
                position += 1
                decodedStrings.append(String(decoding: value, as: UTF8.self))
                return Token(.string(decoded: decodedStrings.count - 1), SourceRange(start, position))
            }
            if b == UInt8(ascii: "\\") {
                try lexEscape(into: &value, stringStart: start, quote: quote)
            } else {
                value.append(b)
                position += 1
            }
        }
    }

    /// Reads one escape sequence (at the backslash) and appends what it stands for.
    mutating func lexEscape(into value: inout [UInt8], stringStart: Int, quote: UInt8) throws(LexFailure) {
        let backslash = position
        position += 1
        guard let e = byte(at: position) else {
            throw LexFailure(
                diagnostic: DiagnosticCatalog.unterminatedString(
                    quote: quote, range: SourceRange(stringStart, bytes.count)))
        }
        func simple(_ replacement: UInt8) {
            value.append(replacement)
            position += 1
        }
        switch e {
        case UInt8(ascii: "n"): simple(0x0A)
        case UInt8(ascii: "t"): simple(0x09)
        case UInt8(ascii: "r"): simple(0x0D)
        case UInt8(ascii: "a"): simple(0x07)
        case UInt8(ascii: "b"): simple(0x08)
        case UInt8(ascii: "f"): simple(0x0C)
        case UInt8(ascii: "v"): simple(0x0B)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            let value32 = try readDigits(
                count: 3, radix: 8, from: position, escapeStart: backslash,
                kind: "'\\' followed by a digit needs exactly three octal digits, like '\\101'")
            try appendScalar(value32, to: &value, escapeStart: backslash)
        case UInt8(ascii: "x"), UInt8(ascii: "X"):
            let value32 = try readDigits(
                count: 2, radix: 16, from: position + 1, escapeStart: backslash,
                kind: "'\\x' needs exactly two hexadecimal digits, like '\\x41'")
            try appendScalar(value32, to: &value, escapeStart: backslash)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let value32 = try readDigits(
                count: 4, radix: 16, from: position + 1, escapeStart: backslash,
                kind: "'\\u' needs exactly four hexadecimal digits, like '\\u00e9'")
            try appendScalar(value32, to: &value, escapeStart: backslash)
        default:
            // `\\`, `\'`, `\"` and `\` + any other character: that character, taken literally
            // (so it never ends the string). Multi-byte characters are copied whole.
            let (_, length) = scalar(at: position)
            value.append(contentsOf: bytes[position..<position + length])
            position += length
        }
    }

    /// Reads exactly `count` digits of `radix` starting at `offset`; sets `position` past them.
    mutating func readDigits(count: Int, radix: UInt32, from offset: Int, escapeStart: Int, kind: String)
        throws(LexFailure) -> UInt32
    {
        var result: UInt32 = 0
        var index = offset
        while index < offset + count {
            guard let b = byte(at: index), let digit = Lexer.digitValue(b), digit < radix else {
                // The range runs from the backslash through the offending character when it
                // reads as part of the escape (a letter or digit), else up to it.
                var end = index
                if end < bytes.count, bytes[end] >= 0x80 || Lexer.digitValue(bytes[end]) != nil {
                    end += scalar(at: end).length
                }
                let range = SourceRange(escapeStart, Swift.min(Swift.max(end, position + 1), bytes.count))
                throw LexFailure(
                    diagnostic: DiagnosticCatalog.badEscape(
                        text(range.lowerBound, range.upperBound), reason: kind, range: range))
            }
            result = result * radix + digit
            index += 1
        }
        position = index
        return result
    }

    mutating func appendScalar(_ value32: UInt32, to value: inout [UInt8], escapeStart: Int) throws(LexFailure) {
        guard let scalar = Unicode.Scalar(value32) else {
            let range = SourceRange(escapeStart, position)
            throw LexFailure(
                diagnostic: DiagnosticCatalog.badEscape(
                    text(escapeStart, position), reason: "it is not a Unicode scalar value (a surrogate)", range: range)
            )
        }
        value.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    static func digitValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(b - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(b - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    // MARK: - Numbers

    /// Decimal, `0x`, `0o`, `0b` integers; decimals `1.5`; exponents `1e10`, `2.5E-3`.
    mutating func lexNumber() throws(LexFailure) -> Token {
        let start = position
        if bytes[position] == UInt8(ascii: "0"), let p = byte(at: position + 1) {
            let radix: UInt64? =
                switch p {
                case UInt8(ascii: "x"), UInt8(ascii: "X"): 16
                case UInt8(ascii: "o"), UInt8(ascii: "O"): 8
                case UInt8(ascii: "b"), UInt8(ascii: "B"): 2
                default: nil
                }
            if let radix {
                position += 2
                return try lexRadixInteger(radix: radix, start: start)
            }
        }
        var isDouble = false
        // The digits' value, exact while it stays below 2^53 (`exact`); `fractionDigits`
        // counts the digits after the point.
        var mantissa: UInt64 = 0
        var exact = true
        var fractionDigits = 0
        readDigits(into: &mantissa, exact: &exact)
        if byte(at: position) == UInt8(ascii: "."), let d = byte(at: position + 1), Lexer.isDigit(d) {
            isDouble = true
            position += 1
            let fractionStart = position
            readDigits(into: &mantissa, exact: &exact)
            fractionDigits = position - fractionStart
        }
        var hasExponent = false
        if let e = byte(at: position), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            var digitsAt = position + 1
            if let sign = byte(at: digitsAt), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { digitsAt += 1 }
            if let d = byte(at: digitsAt), Lexer.isDigit(d) {
                isDouble = true
                hasExponent = true
                position = digitsAt
                skipDigits()
            }
        }
        try rejectTrailingIdentifierCharacters(start: start)
        let range = SourceRange(start, position)
        if exact, !hasExponent, fractionDigits < Lexer.powersOfTen.count {
            // Both the digits and the power of ten are exact doubles, so the one division
            // rounds correctly: the same value `Double(String)` reads.
            if !isDouble { return Token(.integer(mantissa), range) }
            return Token(.double(Double(mantissa) / Lexer.powersOfTen[fractionDigits]), range)
        }
        let spelling = text(start, position)
        if isDouble {
            guard let value = Double(spelling), value.isFinite else {
                throw LexFailure(
                    diagnostic: DiagnosticCatalog.numberOutOfRange(spelling, isInteger: false, range: range))
            }
            return Token(.double(value), range)
        }
        guard let value = UInt64(spelling) else {
            throw LexFailure(diagnostic: DiagnosticCatalog.numberOutOfRange(spelling, isInteger: true, range: range))
        }
        return Token(.integer(value), range)
    }

    mutating func skipDigits() {
        while let b = byte(at: position), Lexer.isDigit(b) { position += 1 }
    }

    /// Reads decimal digits into `value`; `exact` becomes false once the value reaches 2^53
    /// (from there on, `Double(String)` and `UInt64(String)` read the spelling instead).
    mutating func readDigits(into value: inout UInt64, exact: inout Bool) {
        while position < bytes.count {
            let b = bytes[position]
            guard Lexer.isDigit(b) else { return }
            if exact {
                value = value * 10 + UInt64(b - UInt8(ascii: "0"))
                if value >= 1 << 53 { exact = false }
            }
            position += 1
        }
    }

    /// 10^0 … 10^22: the powers of ten that are exact doubles.
    static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// After the prefix of `0x…`, `0o…`, `0b…`.
    mutating func lexRadixInteger(radix: UInt64, start: Int) throws(LexFailure) -> Token {
        var value: UInt64 = 0
        var overflow = false
        var digits = 0
        while let b = byte(at: position), let digit = Lexer.digitValue(b), UInt64(digit) < radix {
            let (times, o1) = value.multipliedReportingOverflow(by: radix)
            let (sum, o2) = times.addingReportingOverflow(UInt64(digit))
            overflow = overflow || o1 || o2
            value = sum
            digits += 1
            position += 1
        }
        if digits == 0 {
            while identifierContinues(at: position) { position += scalar(at: position).length }
            let range = SourceRange(start, position)
            throw LexFailure(
                diagnostic: DiagnosticCatalog.invalidNumber(
                    text(start, position), reason: "the prefix needs at least one digit", range: range))
        }
        try rejectTrailingIdentifierCharacters(start: start)
        let range = SourceRange(start, position)
        if overflow {
            throw LexFailure(
                diagnostic: DiagnosticCatalog.numberOutOfRange(text(start, position), isInteger: true, range: range))
        }
        return Token(.integer(value), range)
    }

    /// A number directly followed by letters or digits (`1abc`, `0b102`) is one bad number.
    mutating func rejectTrailingIdentifierCharacters(start: Int) throws(LexFailure) {
        guard identifierContinues(at: position) else { return }
        while identifierContinues(at: position)
            || byte(at: position) == UInt8(ascii: ".") && identifierContinues(at: position + 1)
        {
            position += scalar(at: position).length
        }
        let range = SourceRange(start, position)
        throw LexFailure(diagnostic: DiagnosticCatalog.invalidNumber(text(start, position), reason: nil, range: range))
    }

    // MARK: - Format specifiers

    /// The length modifiers of a conversion: `h l q L j z t`.
    static func isLengthModifier(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "h"), UInt8(ascii: "l"), UInt8(ascii: "q"), UInt8(ascii: "L"), UInt8(ascii: "j"),
            UInt8(ascii: "z"), UInt8(ascii: "t"):
            true
        default: false
        }
    }

    /// `%@`, `%K`, the integer and floating conversions; `%%` and everything else is an error.
    mutating func lexSpecifier() throws(LexFailure) -> Token {
        let start = position
        position += 1
        if byte(at: position) == UInt8(ascii: "%") {
            position += 1
            throw LexFailure(diagnostic: DiagnosticCatalog.percentOutsideString(range: SourceRange(start, position)))
        }
        // Positional indexes, flags, widths and precisions are consumed so that the error
        // shows the whole specifier; none of them is supported.
        while let b = byte(at: position),
            Lexer.isDigit(b) || b == UInt8(ascii: "$") || b == UInt8(ascii: ".")
                || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
        {
            position += 1
        }
        while let b = byte(at: position), Lexer.isLengthModifier(b) { position += 1 }
        if let b = byte(at: position), Lexer.isASCIILetter(b) || b == UInt8(ascii: "@") {
            position += 1
        }
        let range = SourceRange(start, position)
        if position == start + 2 {
            switch bytes[start + 1] {
            case UInt8(ascii: "@"): return Token(.specifier(.object), range)
            case UInt8(ascii: "K"): return Token(.specifier(.keyPath), range)
            case UInt8(ascii: "d"), UInt8(ascii: "i"): return Token(.specifier(.integer), range)
            case UInt8(ascii: "f"): return Token(.specifier(.floating), range)
            default: break
            }
        }
        let spelling = text(start, position)
        guard let specifier = FormatSpecifier(spelling: spelling) else {
            throw LexFailure(diagnostic: DiagnosticCatalog.unsupportedSpecifier(spelling, range: range))
        }
        return Token(.specifier(specifier), range)
    }
}
