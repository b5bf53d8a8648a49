import CLibPQ
import Evaluation
import Foundation

/// Conversions between ``SQLValue`` and libpq's parameters and result fields.
///
/// Parameters are typed by what they are, never by the column they meet (an untyped `$1`
/// next to a `smallint` column would be read as a `smallint`, and `1.5` refused):
///
/// | value | sent as |
/// |---|---|
/// | ``SQLValue/integer(_:)`` | `int8`, binary: compared with any integer column exactly (`int2`/`int4`/`int8` have cross-type operators, so `3000000000` meets a `smallint` column without an error) |
/// | ``SQLValue/double(_:)`` | `numeric`, text: the shortest digits that read back as the same double, so the value is exact in a comparison with an integer, a `numeric` or a `double precision` column and when stored in either; `-0.0`, the infinities and NaN go as binary `float8` (a `numeric` has no negative zero) |
/// | ``SQLValue/text(_:)`` | untyped text, as a SQL string literal is: the server reads it as the column's type (`text`, `uuid`, `jsonb`) |
/// | ``SQLValue/blob(_:)`` | `bytea`, binary |
/// | ``SQLValue/null`` | untyped NULL |
///
/// Arithmetic never meets a `numeric` double as it is: the dialect casts the operands of
/// floating-point arithmetic to `double precision` (`PostgreSQLDialect.arithmetic`).
///
/// Results come back in text format and are converted by column type: integers, `numeric` with
/// an integral value → `.integer`; `boolean` → `.integer(1/0)`; floating point and other
/// `numeric` → `.double`; `bytea` → `.blob`; everything else → `.text`.
enum PostgresValues {
    /// The parameter arrays libpq wants, kept alive for the call.
    struct Parameters {
        var types: [Oid]
        var values: [[CChar]?]
        var lengths: [Int32]
        var formats: [Int32]

        func withParameters<Result>(
            _ body: (
                UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?
            ) -> Result
        ) -> Result {
            var pointers: [UnsafePointer<CChar>?] = []
            var storage: [UnsafeMutableBufferPointer<CChar>] = []
            defer { storage.forEach { $0.deallocate() } }
            for value in values {
                guard let value else {
                    pointers.append(nil)
                    continue
                }
                let buffer = UnsafeMutableBufferPointer<CChar>.allocate(capacity: max(value.count, 1))
                _ = buffer.initialize(from: value)
                storage.append(buffer)
                pointers.append(UnsafePointer(buffer.baseAddress))
            }
            return types.withUnsafeBufferPointer { types in
                pointers.withUnsafeBufferPointer { pointers in
                    lengths.withUnsafeBufferPointer { lengths in
                        formats.withUnsafeBufferPointer { formats in
                            body(types.baseAddress, pointers.baseAddress, lengths.baseAddress, formats.baseAddress)
                        }
                    }
                }
            }
        }
    }

    /// The OIDs of the parameter types this connection sends (0: untyped, the server decides).
    enum TypeOID {
        static let untyped: Oid = 0
        static let int8: Oid = 20
        static let float8: Oid = 701
        static let numeric: Oid = 1700
    }

    /// The `bytea` type's OID.
    static let byteaOID: Oid = 17

    /// libpq's parameters for `values`: each typed by what it is (see the type's comment).
    static func encode(_ values: [SQLValue], sql: String) throws(PostgresError) -> Parameters {
        var parameters = Parameters(types: [], values: [], lengths: [], formats: [])
        for (index, value) in values.enumerated() {
            switch value {
            case .null:
                parameters.append(type: TypeOID.untyped, bytes: nil, binary: false)
            case .integer(let integer):
                parameters.append(type: TypeOID.int8, bytes: bigEndian(UInt64(bitPattern: integer)), binary: true)
            case .double(let double):
                if double.isFinite, !(double == 0 && double.sign == .minus) {
                    parameters.append(type: TypeOID.numeric, bytes: Array(text(of: double).utf8CString), binary: false)
                } else {
                    parameters.append(type: TypeOID.float8, bytes: bigEndian(double.bitPattern), binary: true)
                }
            case .text(let text):
                guard !text.utf8.contains(0) else {
                    throw PostgresError(
                        message: "binding \(index + 1) contains a NUL character, which PostgreSQL text cannot hold",
                        sql: sql)
                }
                parameters.append(type: TypeOID.untyped, bytes: Array(text.utf8CString), binary: false)
            case .blob(let bytes):
                parameters.append(type: byteaOID, bytes: bytes.map { CChar(bitPattern: $0) }, binary: true)
            }
        }
        return parameters
    }

    /// The eight bytes of `value`, most significant first (PostgreSQL's binary `int8`/`float8`).
    static func bigEndian(_ value: UInt64) -> [CChar] {
        (0..<8).map { CChar(bitPattern: UInt8(truncatingIfNeeded: value >> (56 - 8 * $0))) }
    }

    /// The text form of a double: the shortest digits that read back equal (`1.5`, `1e-300`),
    /// `Infinity`, `-Infinity`, `NaN`.
    static func text(of double: Double) -> String {
        if double.isNaN { return "NaN" }
        if double.isInfinite { return double > 0 ? "Infinity" : "-Infinity" }
        return "\(double)"
    }

    static func decode(_ result: OpaquePointer?, row: Int32, column: Int32) throws(PostgresError) -> SQLValue {
        if PQgetisnull(result, row, column) == 1 { return .null }
        let length = Int(PQgetlength(result, row, column))
        guard let pointer = PQgetvalue(result, row, column) else { return .null }
        let text = String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
        switch PQftype(result, column) {
        case 16: return .integer(text == "t" ? 1 : 0)
        case 20, 21, 23, 26: return Int64(text).map(SQLValue.integer) ?? .text(text)
        case 700, 701: return .double(double(text))
        case 1700:
            if let integer = Int64(text) { return .integer(integer) }
            return .double(double(text))
        case byteaOID: return .blob(try bytes(hex: text))
        default: return .text(text)
        }
    }

    private static func double(_ text: String) -> Double {
        switch text {
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        case "NaN": return .nan
        default: return Double(text) ?? .nan
        }
    }

    /// The bytes of a `bytea` in PostgreSQL's hex output format (`\x00ff`).
    private static func bytes(hex text: String) throws(PostgresError) -> [UInt8] {
        let digits = Array(text.utf8)
        guard digits.count >= 2, digits[0] == UInt8(ascii: "\\"), digits[1] == UInt8(ascii: "x"), digits.count % 2 == 0
        else { throw PostgresError(message: "unexpected bytea output '\(text.prefix(20))' (bytea_output must be hex)") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2 - 1)
        var index = 2
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else {
                throw PostgresError(message: "invalid hex digit in bytea output")
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension PostgresValues.Parameters {
    mutating func append(type: Oid, bytes: [CChar]?, binary: Bool) {
        types.append(type)
        values.append(bytes)
        lengths.append(Int32(bytes.map { binary ? $0.count : max($0.count - 1, 0) } ?? 0))
        formats.append(binary ? 1 : 0)
    }
}
