/// Random JSON documents that may hold one planted fault — a duplicate key, a number out of
/// `Double`'s range, a byte that is not UTF-8, a raw control character in a string — with the
/// message the package's JSON readers must give for it, worked out while writing the text from
/// the rules (the place of the fault's first byte, in characters; the message templates of
/// Docs/change-set-format.md), not from the readers' output.
///
/// ```swift
/// var random = SplitMix64(seed: 7)
/// let document = RandomJSONText.document(&random)
/// document.bytes            // [{"Tag": 1,\n "Tag": 2}]
/// document.expectedProblem  // line 2, column 2: duplicate key "Tag" (first at line 1, column 3)
/// ```
public struct RandomJSONText: Sendable {
    /// The kinds of fault that may be planted.
    public enum Fault: CaseIterable, Sendable {
        case duplicateKey, numberOutOfRange, invalidUTF8, controlCharacter
    }

    /// The text.
    public var bytes: [UInt8] = []
    /// What every reader must say about the text, or `nil` when it is valid.
    public var expectedProblem: String?
    /// Whether the document is an array of objects (what the graph and data readers take).
    public var isArrayOfObjects = false

    private var line = 1
    private var column = 1
    private var fault: Fault?
    private var maximumDepth = 4

    /// A document: an array of 0–5 objects (or, one time in six, any value), with one fault
    /// planted when `fault` is given (if the document offers a place for it; otherwise valid).
    public static func document(_ random: inout SplitMix64, fault: Fault? = nil) -> RandomJSONText {
        var text = RandomJSONText()
        text.fault = fault
        text.space(&random)
        if random.chance(1, in: 6) {
            text.value(&random, depth: 0)
        } else {
            text.isArrayOfObjects = true
            text.emit("[")
            for index in 0..<random.int(in: 0...5) {
                if index > 0 { text.emit(",") }
                text.space(&random)
                text.object(&random, depth: 1)
                text.space(&random)
            }
            text.emit("]")
        }
        text.space(&random)
        return text
    }

    /// `line L, column C` of the next byte written.
    private var place: String { "line \(line), column \(column)" }

    private mutating func emit(_ text: String) {
        for scalar in text.unicodeScalars {
            bytes += Array(String(scalar).utf8)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
    }

    private mutating func space(_ random: inout SplitMix64) {
        emit(random.pick(["", "", " ", "\n", "\n  ", "\t", "\r\n"]))
    }

    /// Plants the fault here when it is `kind` and not planted yet, one time in two.
    private mutating func plants(_ kind: Fault, _ random: inout SplitMix64) -> Bool {
        guard fault == kind, expectedProblem == nil, random.chance(1, in: 2) else { return false }
        return true
    }

    private mutating func value(_ random: inout SplitMix64, depth: Int) {
        switch random.below(depth >= maximumDepth ? 3 : 5) {
        case 0: number(&random)
        case 1: string(&random)
        case 2: emit(random.pick(["true", "false", "null"]))
        case 3:
            emit("[")
            for index in 0..<random.int(in: 0...3) {
                if index > 0 { emit(",") }
                space(&random)
                value(&random, depth: depth + 1)
            }
            emit("]")
        default: object(&random, depth: depth + 1)
        }
    }

    private static let keys = ["id", "name", "Tag", "é", "a b", "日本", "x"]
    /// Each key, as written: plainly, or with an escape that spells the same key.
    private static let spellings: [String: [String]] = [
        "id": ["id", "\\u0069d"], "name": ["name", "n\\u0061me"], "Tag": ["Tag", "T\\u0061g"], "é": ["é", "\\u00e9"],
        "a b": ["a b", "a\\u0020b"], "日本": ["日本", "\\u65e5本"], "x": ["x", "\\u0078"],
    ]

    private mutating func object(_ random: inout SplitMix64, depth: Int) {
        emit("{")
        var written: [(key: String, place: String)] = []
        for key in Self.keys where random.chance(1, in: 3) {
            if !written.isEmpty { emit(",") }
            space(&random)
            written.append((key, place))
            emit("\"" + random.pick(Self.spellings[key] ?? [key]) + "\":")
            space(&random)
            value(&random, depth: depth)
        }
        if !written.isEmpty, plants(.duplicateKey, &random) {
            let first = random.pick(written)
            emit(",")
            space(&random)
            expectedProblem = "\(place): duplicate key \"\(first.key)\" (first at \(first.place))"
            emit("\"" + random.pick(Self.spellings[first.key] ?? [first.key]) + "\": 0")
        }
        space(&random)
        emit("}")
    }

    private mutating func number(_ random: inout SplitMix64) {
        if plants(.numberOutOfRange, &random) {
            let text = random.pick(["1e999", "-2.5e400", "1" + String(repeating: "0", count: 310), "0.001e312"])
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            expectedProblem =
                "\(place): the number \(shown) is out of range (a double holds at most ±1.7976931348623157e308)"
            emit(text)
            return
        }
        emit(random.pick(["0", "-0", "42", "-7", "2.5", "1e3", "-1.5E-7", "12345678901234567890", "1e308", "1e-400"]))
    }

    private mutating func string(_ random: inout SplitMix64) {
        emit("\"" + random.pick(["", "a", "caf", "x y", "é", "日本", "\\n", "\\\"q\\\"", "\\uD83D\\uDE00"]))
        if plants(.invalidUTF8, &random) {
            let byte = random.pick([UInt8(0xE9), 0xFF, 0xC0, 0x80])
            let hex = String(byte, radix: 16, uppercase: true)
            expectedProblem =
                "\(place): byte 0x\(hex) is not valid UTF-8 (Latin-1 or Windows-1252 text?); save the file as UTF-8"
            bytes.append(byte)
            column += 1
        } else if plants(.controlCharacter, &random) {
            let byte = random.pick([UInt8(0x01), 0x1B, 0x00, 0x1F])
            let hex = String(byte, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: 2 - hex.count) + hex
            expectedProblem = "\(place): control character byte 0x\(padded) in a string; write it as \\u00\(padded)"
            if byte == 0, bytes.count == 1 {
                // A zero byte second after a non-zero one is how UTF-16 text starts: the
                // readers name the encoding (as `TextEncoding` does) rather than the byte.
                expectedProblem = "the file looks like UTF-16 text (a zero byte among the first two); save it as UTF-8"
            }
            bytes.append(byte)
            column += 1
        }
        emit(random.pick(["", "z", "ü"]) + "\"")
    }
}
