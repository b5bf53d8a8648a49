/// What the checker says: the expectations, the limits, and the first bytes that explain a
/// problem better (a byte-order mark, UTF-16 text).
extension JSONChecker {
    /// At the first byte beyond a limit: fine when the byte ends the token (a string's
    /// closing quote, the byte after a number); otherwise the token or element is too long.
    func limitReached(_ byte: UInt8, at index: Int) throws(JSONTextError) {
        let absolute = base + index
        let endsNumber = state == .number && !number.continues(with: byte)
        if absolute >= elementStop, !endsNumber, let start = elementStart, let maximum = limits.maximumElementBytes {
            throw JSONTextError(
                .tooLong, at: start,
                "the value is longer than \(JSONLimits.describe(bytes: maximum)), the limit for one element")
        }
        guard absolute >= tokenStop else { return }
        switch state {
        case .string where byte == UInt8(ascii: "\"") && escape == .none && utf8Remaining == 0: return
        case .number where endsNumber: return
        default:
            let what = state == .number ? "number" : "string"
            throw JSONTextError(
                .tooLong, at: tokenStart,
                "the \(what) is longer than \(JSONLimits.describe(bytes: limits.maximumTokenBytes)), "
                    + "the limit for one \(what)")
        }
    }

    /// What may come in the current state, for `expected …, found …`.
    var expectation: String {
        switch state {
        case .value: "a value"
        case .valueOrClose: "a value or ']'"
        case .keyOrClose: "a key string or '}'"
        case .key: "a key string"
        case .colon: "':' after the key"
        case .commaOrClose: containers.last == .array ? "',' or ']'" : "',' or '}'"
        case .end, .string, .number, .literal: "the end of the input"
        }
    }

    /// `expected X, found Y` for a byte that cannot come here; a byte that cannot start a
    /// UTF-8 character is named as such.
    func unexpected(_ byte: UInt8, at index: Int) -> JSONTextError {
        if byte >= 0x80, !(0xC2...0xF4).contains(byte) { return invalidUTF8(byte, at: place(index)) }
        return JSONTextError(.syntax, at: place(index), "expected \(expectation), found \(found(byte))")
    }

    /// `'x'`, `byte 0x00`, `a non-ASCII character (byte 0xC3)`.
    func found(_ byte: UInt8) -> String {
        byte >= 0x80
            ? "a non-ASCII character (byte 0x\(JSONTextError.hex(UInt32(byte), digits: 2)))"
            : JSONTextError.shown(byte)
    }

    func invalidUTF8(_ byte: UInt8, at place: JSONPlace) -> JSONTextError {
        JSONTextError(.encoding, at: place, TextEncoding.invalidByteMessage(byte))
    }

    /// A problem in the first bytes is first checked against a byte-order mark or UTF-16 text,
    /// which explains it better.
    func refined(_ error: JSONTextError) -> JSONTextError {
        guard let place = error.place, place.offset < 3, let mark = TextEncoding.byteOrderMark(head) else {
            return error
        }
        return JSONTextError(.encoding, at: nil, mark)
    }
}
