/// A lexer failure: the diagnostic to report.
struct LexFailure: Error {
    var diagnostic: Diagnostic
}

/// Turns the UTF-8 bytes of a format string into tokens, one at a time (``next()``).
///
/// Whitespace separates tokens and is otherwise ignored. Reserved words match in any letter
/// case and become ``TokenKind/keyword(_:)``; other words are case-sensitive identifiers.
/// `#word`, `@op`, `$name`, strings, numbers and format specifiers each have their own token.
/// The minus sign is never part of a number: the parser folds `-` + number.
///
/// The lexer reads the string's own UTF-8 storage (``bytes`` is valid only inside the
/// `withContiguousStorageIfAvailable` call that made it: see ``Parser/withParser(source:arguments:limits:_:)``)
/// and makes no `String` for names or plain string literals (the parser reads them from the
/// token's range when it builds the tree); only a string literal with escapes is decoded
/// here, into ``decodedStrings``.
struct Lexer {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// The values of the string literals that contain escapes, in source order.
    var decodedStrings: [String] = []
    /// The reserved words (held here so that a lookup costs no reference counting).
    let keywords = Keyword.Table.shared

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Lexes the whole input. The list ends with `.end`, or with `.invalid` at the place of
    /// the first lexical error, which is returned beside it.
    /// `decodedStrings` holds the values of the string literals with escapes (see
    /// ``TokenKind/string(decoded:)``). (The parser lexes on demand; this is for the messages
    /// that need every token, and for tests.)
    static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>) -> (
        tokens: [Token], failure: Diagnostic?, decodedStrings: [String]
    ) {
        var lexer = Lexer(bytes: bytes)
        var tokens: [Token] = []
        tokens.reserveCapacity(bytes.count / 3 + 2)
        while true {
            do {
                let token = try lexer.next()
                tokens.append(token)
                if case .end = token.kind { return (tokens, nil, lexer.decodedStrings) }
            } catch {
                tokens.append(Token(.invalid, error.diagnostic.range ?? SourceRange(0, 0)))
                return (tokens, error.diagnostic, lexer.decodedStrings)
            }
        }
    }

    /// ``tokenize(_:)-(UnsafeBufferPointer<UInt8>)`` over an array of bytes.
    static func tokenize(_ bytes: [UInt8]) -> (tokens: [Token], failure: Diagnostic?, decodedStrings: [String]) {
        bytes.withUnsafeBufferPointer { tokenize($0) }
    }

    /// The number of format specifiers before the end or the first lexical error.
    static func specifierCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        tokenize(bytes).tokens.reduce(0) { count, token in
            if case .specifier = token.kind { return count + 1 }
            return count
        }
    }

    // MARK: - Byte helpers

    func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    func text(_ lower: Int, _ upper: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<Swift.min(upper, bytes.count)]), as: UTF8.self)
    }

    /// Decodes the scalar starting at `offset` (the input is valid UTF-8: it came from a
    /// `String`). Returns the scalar and its length in bytes.
    func scalar(at offset: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = bytes[offset]
        var length = 1
        var value = UInt32(lead)
        if lead >= 0xF0 {
            length = 4
            value = UInt32(lead & 0x07)
        } else if lead >= 0xE0 {
            length = 3
            value = UInt32(lead & 0x0F)
        } else if lead >= 0xC0 {
            length = 2
            value = UInt32(lead & 0x1F)
        }
        if length > 1 {
            for index in 1..<length {
                guard let next = byte(at: offset + index), next & 0xC0 == 0x80 else {
                    return (Unicode.Scalar(0xFFFD) ?? " ", index)
                }
                value = value << 6 | UInt32(next & 0x3F)
            }
        }
        return (Unicode.Scalar(value) ?? Unicode.Scalar(0xFFFD) ?? " ", length)
    }

    static func isASCIILetter(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// Whether the ASCII byte `b` (below 0x80) continues a word: a letter, a digit or `_`.
    /// One bit per byte value: bits 48–57 of the low mask are `0`–`9`; in the high mask
    /// (bytes 64–127) bits 1–26 are `A`–`Z`, bit 31 is `_` and bits 33–58 are `a`–`z`.
    static func isASCIIWordByte(_ b: UInt8) -> Bool {
        let mask: UInt64 = b < 64 ? 0x03FF_0000_0000_0000 : 0x07FF_FFFE_87FF_FFFE
        return (mask >> UInt64(b & 63)) & 1 == 1
    }

    /// A letter (any script) or `_`.
    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIILetter(UInt8(scalar.value)) || scalar == "_" }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    /// A letter, a decimal digit, `_`, or a combining mark (so decomposed `é` stays one word).
    static func isIdentifierContinue(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let b = UInt8(scalar.value)
            return isASCIILetter(b) || isDigit(b) || b == UInt8(ascii: "_")
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .nonspacingMark, .spacingMark:
            return true
        default: return false
        }
    }

    /// Whether `text` is a valid identifier (used for `%K` components).
    static func isIdentifier(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), isIdentifierStart(first) else { return false }
        while let next = scalars.next() {
            if !isIdentifierContinue(next) { return false }
        }
        return true
    }

    /// Whether an identifier character starts at `offset`.
    func identifierContinues(at offset: Int) -> Bool {
        guard let b = byte(at: offset) else { return false }
        if b < 0x80 { return Lexer.isASCIILetter(b) || Lexer.isDigit(b) || b == UInt8(ascii: "_") }
        return Lexer.isIdentifierContinue(scalar(at: offset).scalar)
    }

    func identifierStarts(at offset: Int) -> Bool {
        guard let b = byte(at: offset) else { return false }
        if b < 0x80 { return Lexer.isASCIILetter(b) || b == UInt8(ascii: "_") }
        return Lexer.isIdentifierStart(scalar(at: offset).scalar)
    }

    /// Moves past an identifier starting at `position` (the caller checked the first
    /// character). Returns the word packed for the keyword lookup, or nil when it is too long
    /// or not all ASCII (then it is no reserved word).
    @discardableResult
    mutating func skipWord() -> Keyword.Packed? {
        let start = position
        var isASCII = true
        while position < bytes.count {
            let b = bytes[position]
            if b < 0x80 {
                guard Lexer.isASCIIWordByte(b) else { break }
                position += 1
            } else {
                let length = wordScalarLength(at: position)
                guard length > 0 else { break }
                isASCII = false
                position += length
            }
        }
        let length = position - start
        guard isASCII, length <= Keyword.Table.maximumLength else { return nil }
        return Keyword.Packed(bytes, from: start, length: length)
    }

    /// The length of the non-ASCII scalar at `offset` when it continues a word, else 0.
    /// (Kept out of line: the Unicode tables it reads would otherwise be set up on every
    /// call of ``skipWord()``, even for ASCII words.)
    @inline(never)
    func wordScalarLength(at offset: Int) -> Int {
        let (scalar, length) = scalar(at: offset)
        return Lexer.isIdentifierContinue(scalar) ? length : 0
    }

    // MARK: - Tokens

    /// Lexes the next token.
    mutating func next() throws(LexFailure) -> Token {
        skipWhitespace()
        let start = position
        guard position < bytes.count else { return Token(.end, SourceRange(start, start)) }
        let b = bytes[position]
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return try lexString()
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try lexNumber()
        case UInt8(ascii: "$"):
            return try lexVariable()
        case UInt8(ascii: "#"):
            position += 1
            guard identifierStarts(at: position) else {
                throw LexFailure(
                    diagnostic: DiagnosticCatalog.expectedNameAfter(
                        "#", what: "a key", range: SourceRange(start, position)))
            }
            skipWord()
            return Token(.escapedKey, SourceRange(start, position))
        case UInt8(ascii: "@"):
            return try lexCollectionOperator()
        case UInt8(ascii: "%"):
            return try lexSpecifier()
        default:
            break
        }
        if b < 0x80 ? Lexer.isASCIILetter(b) || b == UInt8(ascii: "_") : identifierStarts(at: position) {
            return lexWord()
        }
        if let punctuation = lexPunctuation() {
            return Token(.punctuation(punctuation), SourceRange(start, position))
        }
        let (scalar, length) = scalar(at: position)
        throw LexFailure(
            diagnostic: DiagnosticCatalog.unexpectedCharacter(scalar, range: SourceRange(start, start + length)))
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: position += 1
            default: return
            }
        }
    }

    /// Longest match over the symbol table.
    mutating func lexPunctuation() -> Punctuation? {
        let b = bytes[position]
        let next = byte(at: position + 1)
        func take(_ p: Punctuation, _ length: Int) -> Punctuation {
            position += length
            return p
        }
        switch b {
        case UInt8(ascii: "("): return take(.leftParen, 1)
        case UInt8(ascii: ")"): return take(.rightParen, 1)
        case UInt8(ascii: "["): return take(.leftBracket, 1)
        case UInt8(ascii: "]"): return take(.rightBracket, 1)
        case UInt8(ascii: "{"): return take(.leftBrace, 1)
        case UInt8(ascii: "}"): return take(.rightBrace, 1)
        case UInt8(ascii: ","): return take(.comma, 1)
        case UInt8(ascii: "."): return take(.dot, 1)
        case UInt8(ascii: ":"): return next == UInt8(ascii: "=") ? take(.assign, 2) : take(.colon, 1)
        case UInt8(ascii: "+"): return take(.plus, 1)
        case UInt8(ascii: "-"): return take(.minus, 1)
        case UInt8(ascii: "/"): return take(.slash, 1)
        case UInt8(ascii: "^"): return take(.caret, 1)
        case UInt8(ascii: "~"): return take(.tilde, 1)
        case UInt8(ascii: "*"): return next == UInt8(ascii: "*") ? take(.power, 2) : take(.star, 1)
        case UInt8(ascii: "&"): return next == UInt8(ascii: "&") ? take(.andAnd, 2) : take(.ampersand, 1)
        case UInt8(ascii: "|"): return next == UInt8(ascii: "|") ? take(.orOr, 2) : take(.pipe, 1)
        case UInt8(ascii: "!"): return next == UInt8(ascii: "=") ? take(.notEqual, 2) : take(.bang, 1)
        case UInt8(ascii: "="):
            switch next {
            case UInt8(ascii: "="): return take(.equalEqual, 2)
            case UInt8(ascii: "<"): return take(.equalLess, 2)
            case UInt8(ascii: ">"): return take(.equalGreater, 2)
            default: return take(.equal, 1)
            }
        case UInt8(ascii: "<"):
            switch next {
            case UInt8(ascii: "="): return take(.lessEqual, 2)
            case UInt8(ascii: ">"): return take(.lessGreater, 2)
            case UInt8(ascii: "<"): return take(.shiftLeft, 2)
            default: return take(.less, 1)
            }
        case UInt8(ascii: ">"):
            switch next {
            case UInt8(ascii: "="): return take(.greaterEqual, 2)
            case UInt8(ascii: ">"): return take(.shiftRight, 2)
            default: return take(.greater, 1)
            }
        default: return nil
        }
    }

    /// An identifier or a reserved word (including `UTI-CONFORMS-TO` and `UTI-EQUALS`).
    mutating func lexWord() -> Token {
        let start = position
        let packed = skipWord()
        if position - start == 3, byte(at: position) == UInt8(ascii: "-"), matchesCaseInsensitively("UTI", at: start) {
            for (suffix, keyword) in [("-CONFORMS-TO", Keyword.UTI_CONFORMS_TO), ("-EQUALS", .UTI_EQUALS)]
            where matchesCaseInsensitively(suffix, at: position) {
                let end = position + suffix.utf8.count
                if !identifierContinues(at: end) {
                    position = end
                    return Token(.keyword(keyword), SourceRange(start, position))
                }
            }
        }
        if let packed, let keyword = keywords.keyword(packed, length: position - start) {
            return Token(.keyword(keyword), SourceRange(start, position))
        }
        return Token(.identifier, SourceRange(start, position))
    }

    func matchesCaseInsensitively(_ text: String, at offset: Int) -> Bool {
        var index = offset
        for expected in text.utf8 {
            guard let b = byte(at: index) else { return false }
            let folded = b >= 0x61 && b <= 0x7A ? b - 0x20 : b
            if folded != expected { return false }
            index += 1
        }
        return true
    }

    /// `$name` or `$#name`.
    mutating func lexVariable() throws(LexFailure) -> Token {
        let start = position
        position += 1
        if byte(at: position) == UInt8(ascii: "#") { position += 1 }
        guard identifierStarts(at: position) else {
            throw LexFailure(
                diagnostic: DiagnosticCatalog.expectedNameAfter(
                    "$", what: "a variable name", range: SourceRange(start, position)))
        }
        skipWord()
        return Token(.variable, SourceRange(start, position))
    }

    /// `@count` and friends; an unknown name is an error (Apple would treat it as a key).
    mutating func lexCollectionOperator() throws(LexFailure) -> Token {
        let start = position
        position += 1
        guard identifierStarts(at: position) else {
            throw LexFailure(
                diagnostic: DiagnosticCatalog.expectedNameAfter(
                    "@", what: "a collection operator name", range: SourceRange(start, position)))
        }
        skipWord()
        let name = text(start + 1, position)
        guard let op = CollectionOperator(rawValue: name) else {
            throw LexFailure(
                diagnostic: DiagnosticCatalog.unknownCollectionOperator(name, range: SourceRange(start, position)))
        }
        return Token(.collectionOperator(op), SourceRange(start, position))
    }
}
