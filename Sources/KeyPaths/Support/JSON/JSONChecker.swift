/// The one strict reading of JSON text (RFC 8259) that every JSON reader of the package shares:
/// it decides what is accepted and words every refusal, with its place (``JSONTextError``).
/// It builds nothing; the readers that build values (`PredicateValue(json:)`, the graph and
/// change-set decoders, the JSON schema loader) read only text it accepted.
///
/// Beyond the grammar it refuses what would otherwise be read silently wrong:
///
/// - an object naming a key twice (`{"a": 1, "a": 2}`: one value would silently win), keys
///   compared as Swift compares strings (canonically equivalent keys are the same key);
/// - a number no `Double` holds (`1e999`, which would silently become infinity);
/// - bytes that are not UTF-8 (named with their line and column), a byte-order mark;
/// - text beyond ``JSONLimits`` (nesting, the length of a string or number, of a streamed
///   element).
///
/// It reads incrementally: ``feed(_:from:stopAfterElement:)`` takes the text in pieces of any
/// size (a pipe read 64 KiB at a time) and holds only its state — the open arrays and objects
/// with their keys, and the current string or number up to its limit — so endless input
/// (`/dev/zero`, an unterminated string) is refused after a bounded amount of it. The answer
/// does not depend on how the text is cut into pieces.
///
/// ```swift
/// try JSONChecker.check(bytes)          // throws the first problem
/// var checker = JSONChecker(limits: .stream)
/// while … { _ = try checker.feed(piece) }
/// try checker.finish()
/// ```
package struct JSONChecker {
    /// The limits applied.
    package let limits: JSONLimits
    /// Whether the keys of each object are compared (``JSONTextError/Kind/duplicateKey``).
    /// A reader that builds the objects anyway may leave it to them: it then reads the
    /// object's text again with a checker that compares, for the message (see
    /// ``init(limits:resumingAt:)``). May be changed before the first object is read.
    package var comparesKeys: Bool

    // MARK: Position

    /// The absolute offset of byte 0 of the piece being read.
    var base = 0
    /// The bytes read so far.
    package private(set) var offset = 0
    var line = 1
    /// The offset of the current line's first byte.
    var lineStart = 0
    /// UTF-8 continuation bytes read on the current line (columns count characters).
    var lineContinuations = 0
    /// The first three bytes, to recognise a byte-order mark or UTF-16 text.
    var head: [UInt8] = []

    // MARK: Structure

    enum State {
        case value, valueOrClose, keyOrClose, key, colon, commaOrClose, end
        case string, number, literal
    }

    enum Container {
        case object, array
    }

    var state = State.value
    var containers: [Container] = []
    /// The keys of each open object with their places; tables are kept for reuse.
    var keyTables: [[String: JSONPlace]] = []
    var openObjects = 0
    /// The first byte of the document's value (`[` for an array), once read.
    package private(set) var documentStart: UInt8?
    /// Where the element of the top-level array being read started (streams only).
    var elementStart: JSONPlace?
    /// The offsets of the element of the top-level array that ended last, set when
    /// ``feed(_:from:stopAfterElement:)`` stops after it.
    package private(set) var elementEnded: Range<Int>?
    /// Where the element of the top-level array that ended last started (streams only).
    package private(set) var elementEndedAt: JSONPlace?
    /// The offset where the element of the top-level array being read started, while one is
    /// (streams only): the bytes a reader must keep to build it.
    package var openElementStart: Int? { elementStart?.offset }
    /// Absolute offsets of the first byte beyond the current token's and element's limits.
    var tokenStop = Int.max
    var elementStop = Int.max
    var failure: JSONTextError?
    /// A problem among the first three bytes, waiting for them to be read.
    var deferred: JSONTextError?

    // MARK: The current token

    /// Where the current string, number or literal started.
    var tokenStart = JSONPlace(line: 1, column: 1, offset: 0)
    var isKey = false
    /// Whether the current string is a key whose bytes are kept to compare it.
    var collectsKey = false
    var keyBytes: [UInt8] = []
    var escape = Escape.none
    var escapeStart = JSONPlace(line: 1, column: 1, offset: 0)
    var utf8Remaining = 0
    var utf8Low: UInt8 = 0x80
    var utf8High: UInt8 = 0xBF
    var utf8Lead: UInt8 = 0
    var utf8LeadPlace = JSONPlace(line: 1, column: 1, offset: 0)
    var number = NumberReading()
    var literal: StaticString = "null"
    var literalIndex = 0

    /// A checker with `limits` (``JSONLimits/document`` unless given), comparing keys unless
    /// told not to.
    package init(limits: JSONLimits = .document, comparingKeys: Bool = true) {
        self.limits = limits
        self.comparesKeys = comparingKeys
    }

    /// A checker for a value that starts at `place` of a larger text (an element of a
    /// streamed array read again): its problems are placed in that text.
    package init(limits: JSONLimits = .document, resumingAt place: JSONPlace) {
        self.init(limits: limits)
        offset = place.offset
        line = place.line
        lineStart = place.offset - (place.column - 1)
        head = [0, 0, 0]
    }

    /// Checks a whole text: throws its first problem.
    package static func check(_ bytes: UnsafeRawBufferPointer, limits: JSONLimits = .document) throws(JSONTextError) {
        var checker = JSONChecker(limits: limits)
        _ = try checker.feed(bytes)
        try checker.finish()
    }

    /// ``check(_:limits:)`` over an array or `Data`.
    package static func check<Bytes: Collection<UInt8>>(_ bytes: Bytes, limits: JSONLimits = .document)
        throws(JSONTextError)
    {
        var failure: JSONTextError?
        func run(_ buffer: UnsafeRawBufferPointer) {
            do throws(JSONTextError) {
                try check(buffer, limits: limits)
            } catch {
                failure = error
            }
        }
        if bytes.withContiguousStorageIfAvailable({ run(UnsafeRawBufferPointer($0)) }) == nil {
            Array(bytes).withUnsafeBytes { run($0) }
        }
        if let failure { throw failure }
    }

    // MARK: Reading

    /// Reads `bytes` from index `start`: all of them, or — when `stopAfterElement` — up to
    /// the end of the first element of the top-level array that ends in them, whose offsets
    /// are then ``elementEnded``. Returns the index after the last byte read when it stopped
    /// after an element, `nil` when it read every byte. Throws the first problem; a checker
    /// that threw throws it again.
    package mutating func feed(_ bytes: UnsafeRawBufferPointer, from start: Int = 0, stopAfterElement: Bool = false)
        throws(JSONTextError) -> Int?
    {
        if let failure { throw failure }
        elementEnded = nil
        if head.count < 3 {
            // `bytes[start...]` begin at `offset`; `head` holds the offsets below its count.
            let from = start + Swift.max(0, head.count - offset)
            if from < bytes.count { head += bytes[from..<Swift.min(bytes.count, from + 3 - head.count)] }
        }
        if let deferred {
            guard head.count < 3 else { throw fail(deferred) }
            offset += bytes.count - start
            return nil
        }
        base = offset - start
        do {
            let stop = try read(bytes, from: start, stopAfterElement: stopAfterElement)
            offset = base + (stop ?? bytes.count)
            return stop
        } catch {
            // A problem among the first bytes may be a byte-order mark or UTF-16 text, which
            // only the next bytes tell: it waits for them (pieces of any size, one answer).
            if let place = error.place, place.offset < 3, head.count < 3 {
                deferred = error
                offset = base + bytes.count
                return nil
            }
            throw fail(error)
        }
    }

    /// Records the first problem, explained by the first bytes when they say more.
    private mutating func fail(_ error: JSONTextError) -> JSONTextError {
        let refined = refined(error)
        failure = refined
        return refined
    }

    /// Ends the text: throws when it is empty, or stops inside a value.
    package mutating func finish() throws(JSONTextError) {
        if let failure { throw failure }
        if let deferred { throw fail(deferred) }
        do {
            try end()
        } catch {
            throw fail(error)
        }
    }

    private mutating func end() throws(JSONTextError) {
        base = offset
        if state == .number { try endNumber(at: 0) }
        switch state {
        case .end: return
        case .value where containers.isEmpty:
            throw JSONTextError(.empty, at: nil, "empty input")
        case .string:
            if utf8Remaining > 0 { throw invalidUTF8(utf8Lead, at: utf8LeadPlace) }
            if escape != .none { throw JSONTextError(.syntax, at: escapeStart, "unterminated escape in a string") }
            throw JSONTextError(.syntax, at: tokenStart, "unterminated string: the closing '\"' is missing")
        case .literal:
            throw JSONTextError(.syntax, at: place(0), "expected '\(literal)', found the end of the input")
        default:
            throw JSONTextError(.syntax, at: place(0), "expected \(expectation), found the end of the input")
        }
    }

    /// The place of index `index` of the piece being read.
    func place(_ index: Int) -> JSONPlace {
        let absolute = base + index
        return JSONPlace(line: line, column: absolute - lineStart - lineContinuations + 1, offset: absolute)
    }

    private mutating func read(_ bytes: UnsafeRawBufferPointer, from start: Int, stopAfterElement: Bool)
        throws(JSONTextError) -> Int?
    {
        var index = start
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if base + index >= Swift.min(tokenStop, elementStop) { try limitReached(byte, at: index) }
            switch state {
            case .string:
                let end = Swift.min(count, Swift.min(tokenStop, elementStop) - base)
                let (next, ended) = try readString(bytes, from: index, to: Swift.max(end, index + 1))
                index = next
                if ended, stopAfterElement, elementEnded != nil { return index }
            case .number:
                let end = Swift.min(count, Swift.min(tokenStop, elementStop) - base)
                if let next = readDigits(bytes, from: index, to: end) {
                    index = next
                } else if try readNumberByte(byte) {
                    index += 1
                } else {
                    try endNumber(at: index)
                    if stopAfterElement, elementEnded != nil { return index }
                }
            case .literal:
                guard byte == literal.utf8Start[literalIndex] else {
                    throw JSONTextError(.syntax, at: place(index), "expected '\(literal)', found \(found(byte))")
                }
                literalIndex += 1
                index += 1
                if literalIndex == literal.utf8CodeUnitCount, valueEnded(at: index), stopAfterElement { return index }
            default:
                switch byte {
                case 0x20, 0x09, 0x0D:
                    index += 1
                case 0x0A:
                    index += 1
                    line += 1
                    lineStart = base + index
                    lineContinuations = 0
                default:
                    if try structural(byte, at: index), stopAfterElement {
                        index += 1
                        return index
                    }
                    index += 1
                }
            }
        }
        return nil
    }

    /// A byte outside strings, numbers and literals; `true` when it ended an element of the
    /// top-level array.
    private mutating func structural(_ byte: UInt8, at index: Int) throws(JSONTextError) -> Bool {
        switch state {
        case .value:
            try beginValue(byte, at: index)
        case .valueOrClose:
            if byte == UInt8(ascii: "]") { return close(at: index) }
            try beginValue(byte, at: index)
        case .keyOrClose, .key:
            if byte == UInt8(ascii: "\"") {
                beginString(at: index, isKey: true)
            } else if byte == UInt8(ascii: "}"), state == .keyOrClose {
                return close(at: index)
            } else {
                throw unexpected(byte, at: index)
            }
        case .colon:
            guard byte == UInt8(ascii: ":") else { throw unexpected(byte, at: index) }
            state = .value
        case .commaOrClose:
            let inArray = containers.last == .array
            if byte == UInt8(ascii: ",") {
                state = inArray ? .value : .key
            } else if byte == (inArray ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
                return close(at: index)
            } else {
                throw unexpected(byte, at: index)
            }
        case .end:
            throw JSONTextError(.syntax, at: place(index), "unexpected \(found(byte)) after the JSON value")
        case .string, .number, .literal:
            break
        }
        return false
    }

    private mutating func beginValue(_ byte: UInt8, at index: Int) throws(JSONTextError) {
        if containers.isEmpty { documentStart = byte }
        if containers.count == 1, containers[0] == .array, let maximum = limits.maximumElementBytes {
            elementStart = place(index)
            elementStop = base + index + maximum
        }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard containers.count < limits.maximumDepth else {
                throw JSONTextError(
                    .depth, at: place(index), "arrays and objects nested deeper than \(limits.maximumDepth) levels")
            }
            if byte == UInt8(ascii: "[") {
                containers.append(.array)
                state = .valueOrClose
            } else {
                containers.append(.object)
                if comparesKeys {
                    if openObjects < keyTables.count {
                        keyTables[openObjects].removeAll(keepingCapacity: true)
                    } else {
                        keyTables.append([:])
                    }
                }
                openObjects += 1
                state = .keyOrClose
            }
        case UInt8(ascii: "\""):
            beginString(at: index, isKey: false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            beginNumber(byte, at: index)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            literal = byte == UInt8(ascii: "t") ? "true" : byte == UInt8(ascii: "f") ? "false" : "null"
            literalIndex = 1
            tokenStart = place(index)
            state = .literal
        default:
            throw unexpected(byte, at: index)
        }
    }

    /// Closes the innermost array or object with the byte at `index`.
    private mutating func close(at index: Int) -> Bool {
        if containers.removeLast() == .object { openObjects -= 1 }
        return valueEnded(at: index + 1)
    }

    /// A value ended just before index `index`; `true` when it was an element of the top-level
    /// array (``elementEnded`` is then set).
    mutating func valueEnded(at index: Int) -> Bool {
        tokenStop = .max
        guard !containers.isEmpty else {
            state = .end
            return false
        }
        state = .commaOrClose
        guard containers.count == 1, let start = elementStart else { return false }
        elementEnded = start.offset..<(base + index)
        elementEndedAt = start
        elementStart = nil
        elementStop = .max
        return true
    }
}
