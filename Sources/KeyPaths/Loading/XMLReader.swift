/// A small XML reader for Xcode model files: it reports start and end tags with their
/// attributes and positions, checks that the document is well formed, and says what is wrong
/// with line and column otherwise. It replaces `XMLParser` so that loading a model does not
/// link FoundationXML (libxml2).
///
/// Supported: the XML declaration and processing instructions, comments, `<!DOCTYPE …>`
/// (skipped), CDATA sections (skipped), elements with single- or double-quoted attributes, the
/// five predefined entities and numeric character references, a leading byte-order mark. Text
/// content is checked but not reported. Nesting is limited (``maximumDepth``); the reader keeps
/// its open elements in an array, so depth costs no recursion.
///
/// ```
/// contents:12:5: expected '>' to close the tag <attribute>
/// ```
struct XMLReader {
    /// One event of the document.
    enum Event: Equatable {
        /// `<name a="1">` (or `<name a="1"/>`, followed by its end).
        case start(name: String, attributes: [String: String], line: Int)
        /// `</name>`.
        case end(name: String)
    }

    /// A well-formedness error at a position.
    struct Failure: Error, Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// How deep elements may nest.
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var open: [(name: String, line: Int)] = []
    private var sawRoot = false
    /// The end event of an empty-element tag (`<a/>`), delivered next.
    private var queued: Event?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
    }

    /// Every event of the document, or the first error.
    static func events(of bytes: [UInt8]) throws(Failure) -> [Event] {
        var reader = XMLReader(bytes)
        try reader.checkEncoding()
        var events: [Event] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }

    // MARK: Positions and errors

    private var column: Int { index - lineStart + 1 }

    private func fail(_ message: String) -> Failure {
        Failure(line: line, column: column, message: message)
    }

    private var atEnd: Bool { index >= bytes.count }

    private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func advance() {
        if bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private func looking(at text: String) -> Bool {
        let utf8 = Array(text.utf8)
        return index + utf8.count <= bytes.count && Array(bytes[index..<(index + utf8.count)]) == utf8
    }

    private mutating func skip(_ text: String) {
        for _ in text.utf8 { advance() }
    }

    /// Checks the whole input is UTF-8, naming the line and column of the first bad byte.
    private mutating func checkEncoding() throws(Failure) {
        var position = index
        var lineNumber = 1
        var start = index
        while position < bytes.count {
            let byte = bytes[position]
            let length: Int
            switch byte {
            case 0x00..<0x80: length = 1
            case 0xC2..<0xE0: length = 2
            case 0xE0..<0xF0: length = 3
            case 0xF0..<0xF5: length = 4
            default: length = 0
            }
            let valid =
                length > 0 && position + length <= bytes.count
                && bytes[(position + 1)..<(position + length)].allSatisfy { $0 & 0xC0 == 0x80 }
            guard valid else {
                throw Failure(
                    line: lineNumber, column: position - start + 1,
                    message: "the file is not UTF-8 text (byte 0x\(String(byte, radix: 16, uppercase: true)))")
            }
            if byte == 0x0A {
                lineNumber += 1
                start = position + 1
            }
            position += length
        }
    }

    // MARK: Reading

    /// The next event, or `nil` at the end of a complete document.
    mutating func next() throws(Failure) -> Event? {
        if let event = queued {
            queued = nil
            return event
        }
        while true {
            try skipText()
            guard !atEnd else {
                if let innermost = open.last {
                    throw fail(
                        "the document ends before <\(innermost.name)> (opened at line \(innermost.line)) is closed")
                }
                guard sawRoot else { throw fail("the document has no root element") }
                return nil
            }
            if looking(at: "<!--") {
                try skipPast("-->", opening: "<!--", what: "the comment")
            } else if looking(at: "<?") {
                try skipPast("?>", opening: "<?", what: "the processing instruction")
            } else if looking(at: "<![CDATA[") {
                guard !open.isEmpty else { throw fail("a CDATA section outside the root element") }
                try skipPast("]]>", opening: "<![CDATA[", what: "the CDATA section")
            } else if looking(at: "<!") {
                try skipDeclaration()
            } else if looking(at: "</") {
                return try endTag()
            } else {
                return try startTag()
            }
        }
    }

    /// Text up to the next `<`: only whitespace outside the root element; entity references
    /// must be well formed.
    private mutating func skipText() throws(Failure) {
        while let byte = peek(), byte != UInt8(ascii: "<") {
            if open.isEmpty, !Self.isSpace(byte) {
                throw fail(sawRoot ? "text after the root element" : "text before the root element")
            }
            if byte == UInt8(ascii: "&") {
                _ = try entity()
            } else {
                advance()
            }
        }
    }

    private mutating func skipPast(_ terminator: String, opening: String, what: String) throws(Failure) {
        let startLine = line
        skip(opening)
        while !atEnd {
            if looking(at: terminator) {
                skip(terminator)
                return
            }
            advance()
        }
        throw fail("\(what) opened at line \(startLine) is not closed with '\(terminator)'")
    }

    /// `<!DOCTYPE …>` with an optional `[…]` internal subset.
    private mutating func skipDeclaration() throws(Failure) {
        let startLine = line
        var brackets = 0
        while let byte = peek() {
            advance()
            if byte == UInt8(ascii: "[") { brackets += 1 }
            if byte == UInt8(ascii: "]") { brackets -= 1 }
            if byte == UInt8(ascii: ">"), brackets <= 0 { return }
        }
        throw fail("the declaration opened at line \(startLine) is not closed with '>'")
    }

    private mutating func startTag() throws(Failure) -> Event {
        guard open.isEmpty ? !sawRoot : true else { throw fail("a second root element") }
        advance()  // <
        let name = try self.name(in: "a tag")
        var attributes: [String: String] = [:]
        let startLine = line
        while true {
            skipSpaces()
            guard let byte = peek() else {
                throw fail("the document ends inside the tag <\(name)> opened at line \(startLine)")
            }
            if byte == UInt8(ascii: "/") {
                advance()
                guard peek() == UInt8(ascii: ">") else {
                    throw fail("expected '>' after '/' to close the tag <\(name)>")
                }
                advance()
                sawRoot = true
                queued = .end(name: name)
                return .start(name: name, attributes: attributes, line: startLine)
            }
            if byte == UInt8(ascii: ">") {
                advance()
                guard open.count < Self.maximumDepth else {
                    throw fail("elements are nested more than \(Self.maximumDepth) levels deep")
                }
                open.append((name, startLine))
                sawRoot = true
                return .start(name: name, attributes: attributes, line: startLine)
            }
            guard Self.isNameStart(byte) else {
                throw fail("expected an attribute name or '>' to close the tag <\(name)>")
            }
            let position = (line: line, column: column)
            let attribute = try self.name(in: "an attribute")
            skipSpaces()
            guard peek() == UInt8(ascii: "=") else {
                throw fail("the attribute '\(attribute)' of <\(name)> has no value (expected '=')")
            }
            advance()
            skipSpaces()
            guard attributes[attribute] == nil else {
                throw Failure(
                    line: position.line, column: position.column,
                    message: "the attribute '\(attribute)' appears twice in <\(name)>")
            }
            attributes[attribute] = try quotedValue(of: attribute, in: name)
        }
    }

    private mutating func endTag() throws(Failure) -> Event {
        skip("</")
        let name = try self.name(in: "an end tag")
        skipSpaces()
        guard peek() == UInt8(ascii: ">") else { throw fail("expected '>' to close the end tag </\(name)>") }
        advance()
        guard let innermost = open.popLast() else { throw fail("the end tag </\(name)> closes nothing") }
        guard innermost.name == name else {
            throw fail("the end tag </\(name)> does not match <\(innermost.name)> opened at line \(innermost.line)")
        }
        return .end(name: name)
    }

    private mutating func name(in what: String) throws(Failure) -> String {
        let start = index
        guard let first = peek(), Self.isNameStart(first) else { throw fail("expected a name in \(what)") }
        while let byte = peek(),
            Self.isNameStart(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
        {
            advance()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func quotedValue(of attribute: String, in element: String) throws(Failure) -> String {
        guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw fail("the value of '\(attribute)' in <\(element)> must be in quotes")
        }
        advance()
        var value: [UInt8] = []
        while let byte = peek() {
            if byte == quote {
                advance()
                return String(decoding: value, as: UTF8.self)
            }
            if byte == UInt8(ascii: "<") { throw fail("'<' inside the value of '\(attribute)' (write &lt;)") }
            if byte == UInt8(ascii: "&") {
                value += Array(try entity().utf8)
            } else {
                value.append(byte)
                advance()
            }
        }
        throw fail("the value of '\(attribute)' in <\(element)> is not closed")
    }

    /// `&lt;`, `&#65;`, `&#x41;`…: the text it stands for.
    private mutating func entity() throws(Failure) -> String {
        let start = index
        advance()  // &
        var name: [UInt8] = []
        while let byte = peek(), byte != UInt8(ascii: ";") {
            guard name.count < 16, !Self.isSpace(byte), byte != UInt8(ascii: "<") else {
                index = start
                throw fail("'&' starts an entity that is not closed with ';' (write &amp; for '&')")
            }
            name.append(byte)
            advance()
        }
        guard peek() == UInt8(ascii: ";") else { throw fail("the entity at the end of the file is not closed") }
        advance()
        let text = String(decoding: name, as: UTF8.self)
        switch text {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            var digits = Substring(text)
            var radix = 10
            guard digits.first == "#" else { throw fail("unknown entity '&\(text);'") }
            digits = digits.dropFirst()
            if digits.first == "x" || digits.first == "X" {
                radix = 16
                digits = digits.dropFirst()
            }
            guard let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value), value != 0 else {
                throw fail("'&\(text);' is not a valid character reference")
            }
            return String(Character(scalar))
        }
    }

    private mutating func skipSpaces() {
        while let byte = peek(), Self.isSpace(byte) { advance() }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":") || byte >= 0x80
    }
}
