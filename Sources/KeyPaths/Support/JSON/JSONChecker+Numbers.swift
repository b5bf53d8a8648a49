/// A number being read: where it stands in the grammar, its text, and what tells most numbers
/// in range without parsing them.
struct NumberReading {
    enum Phase {
        /// After `-`.
        case minus
        /// The integer part is `0`.
        case zero
        case integer
        /// After `.`.
        case dot
        case fraction
        /// After `e` or `E`.
        case exponentMark
        /// After the exponent's sign.
        case exponentSign
        case exponent
    }

    var phase = Phase.integer
    /// The number as written (up to the token limit).
    var text: [UInt8] = []
    /// The digits of the integer part (0 for `0`): with the exponent, an upper bound of the
    /// decimal magnitude.
    var integerDigits = 0
    /// The exponent's value, saturated at a million.
    var exponent = 0
    var negativeExponent = false

    /// Whether `byte` would be read as part of the number (or make it malformed) rather than
    /// end it.
    func continues(with byte: UInt8) -> Bool {
        switch phase {
        case .minus, .dot, .exponentMark, .exponentSign: return true
        case .zero, .integer, .fraction, .exponent:
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
                UInt8(ascii: "+"), UInt8(ascii: "-"):
                return true
            default: return false
            }
        }
    }
}

/// Numbers and their range.
extension JSONChecker {
    mutating func beginNumber(_ byte: UInt8, at index: Int) {
        tokenStart = place(index)
        tokenStop = base + index + limits.maximumTokenBytes
        number.text.removeAll(keepingCapacity: true)
        number.text.append(byte)
        number.integerDigits = 0
        number.exponent = 0
        number.negativeExponent = false
        switch byte {
        case UInt8(ascii: "-"): number.phase = .minus
        case UInt8(ascii: "0"): number.phase = .zero
        default:
            number.phase = .integer
            number.integerDigits = 1
        }
        state = .number
    }

    /// Reads `byte` into the number: `true` when it is part of it, `false` when it ends it
    /// (the byte is then read as what follows the number).
    mutating func readNumberByte(_ byte: UInt8) throws(JSONTextError) -> Bool {
        let isDigit = byte &- UInt8(ascii: "0") < 10
        let isExponentMark = byte | 0x20 == UInt8(ascii: "e")
        switch number.phase {
        case .minus:
            guard isDigit else { throw digitExpected("after '-'", found: byte) }
            number.phase = byte == UInt8(ascii: "0") ? .zero : .integer
            if byte != UInt8(ascii: "0") { number.integerDigits = 1 }
        case .zero, .integer:
            if isDigit {
                guard number.phase == .integer else {
                    throw JSONTextError(
                        .syntax, at: tokenStart,
                        "a number cannot start with 0 followed by another digit (\(shownNumber)…)")
                }
                number.integerDigits += 1
            } else if byte == UInt8(ascii: ".") {
                number.phase = .dot
            } else if isExponentMark {
                number.phase = .exponentMark
            } else {
                return false
            }
        case .dot:
            guard isDigit else { throw digitExpected("after '.'", found: byte) }
            number.phase = .fraction
        case .fraction:
            if isExponentMark {
                number.phase = .exponentMark
            } else if !isDigit {
                return false
            }
        case .exponentMark, .exponentSign:
            if number.phase == .exponentMark, byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                number.negativeExponent = byte == UInt8(ascii: "-")
                number.phase = .exponentSign
            } else {
                guard isDigit else { throw digitExpected("in the exponent", found: byte) }
                number.phase = .exponent
                number.exponent = Int(byte - UInt8(ascii: "0"))
            }
        case .exponent:
            guard isDigit else { return false }
            number.exponent = Swift.min(1_000_000, number.exponent * 10 + Int(byte - UInt8(ascii: "0")))
        }
        number.text.append(byte)
        return true
    }

    /// A run of digits where the number takes any number of them (its integer part, fraction
    /// or exponent), read at once: the index after it, or `nil` when no digit comes next or
    /// the number is elsewhere.
    mutating func readDigits(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int? {
        switch number.phase {
        case .integer, .fraction, .exponent: break
        case .minus, .zero, .dot, .exponentMark, .exponentSign: return nil
        }
        var index = start
        while index < end, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        guard index > start else { return nil }
        let digits = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        switch number.phase {
        case .integer: number.integerDigits += digits.count
        case .exponent:
            for digit in digits {
                number.exponent = Swift.min(1_000_000, number.exponent * 10 + Int(digit - UInt8(ascii: "0")))
            }
        default: break
        }
        number.text += digits
        return index
    }

    /// The number ends before index `index`: it must be complete and in `Double`'s range.
    mutating func endNumber(at index: Int) throws(JSONTextError) {
        switch number.phase {
        case .minus: throw digitExpected("after '-'", found: nil)
        case .dot: throw digitExpected("after '.'", found: nil)
        case .exponentMark, .exponentSign: throw digitExpected("in the exponent", found: nil)
        case .zero, .integer, .fraction, .exponent: break
        }
        // Below 10^308 whatever its digits: only larger magnitudes need parsing.
        let magnitude = number.integerDigits + (number.negativeExponent ? -number.exponent : number.exponent)
        if magnitude > 308 {
            let value = Double(String(decoding: number.text, as: UTF8.self))
            guard let value, value.isFinite else {
                throw JSONTextError(
                    .numberOutOfRange, at: tokenStart,
                    "the number \(shownNumber) is out of range (a double holds at most ±1.7976931348623157e308)")
            }
        }
        _ = valueEnded(at: index)
    }

    /// The number's text for a message, cut to 40 characters.
    private var shownNumber: String {
        let text = String(decoding: number.text.prefix(40), as: UTF8.self)
        return number.text.count > 40 ? text + "…" : text
    }

    private func digitExpected(_ where: String, found byte: UInt8?) -> JSONTextError {
        // The byte after the number's text, or the end of the input.
        let place = self.place(tokenStart.offset + number.text.count - base)
        return JSONTextError(
            .syntax, at: place,
            "expected a digit \(`where`) in the number, found \(byte.map(found) ?? "the end of the input")")
    }
}
