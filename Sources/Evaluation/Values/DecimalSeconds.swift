/// A number of seconds since 2001-01-01T00:00:00Z as an ISO 8601 text writes it: whole
/// seconds (rounded toward minus infinity, so the fraction is never negative) and the decimal
/// digits of the fraction, exactly.
///
/// It is where dates meet decimal text, so that printing and parsing invert each other:
/// ``init(_:)`` takes the shortest decimal that reads back as a double (Swift's round-trip
/// digits), and ``seconds`` reads the decimal value with one correct rounding. Adding a
/// rounded fraction to the whole seconds would round twice, and could not reach every double
/// (the last half second before 2001 has finer steps than `-1 + fraction` can make).
///
/// | seconds | whole | fraction |
/// |---|---|---|
/// | `728474400.123` | `728474400` | `123` |
/// | `-0.75` | `-1` | `25` |
/// | `-1e-05` | `-1` | `99999` |
/// | `60.0` | `60` | (none) |
struct DecimalSeconds: Hashable {
    /// Whole seconds since 2001-01-01T00:00:00Z, rounded down.
    let whole: Int
    /// The ASCII digits after the decimal point, without trailing zeros.
    let fraction: [UInt8]

    /// The most fraction digits kept: every digit that can decide the rounding of a double is
    /// among them (a double's exact fraction has at most 1074 digits); further digits only say
    /// whether the rest is zero, which one sticky digit keeps.
    static let maximumDigits = 1100

    /// `whole` seconds and the fraction `0.<digits>` (ASCII digits; trailing zeros dropped).
    init(whole: Int, digits: some Collection<UInt8>) {
        var kept = Array(digits.prefix(Self.maximumDigits))
        if digits.count > Self.maximumDigits, digits.dropFirst(Self.maximumDigits).contains(where: { $0 != 0x30 }) {
            kept.append(0x31)
        }
        while kept.last == 0x30 { kept.removeLast() }
        self.whole = whole
        self.fraction = kept
    }

    /// The shortest decimal that reads back as `seconds`; `nil` for a non-finite value or one of
    /// 10¹⁵ seconds or more (about 31 million years), whose whole part is not kept exactly.
    init?(_ seconds: Double) {
        guard seconds.isFinite, Swift.abs(seconds) < 1e15 else { return nil }
        var text = Array(seconds.description.utf8)
        let negative = text.first == UInt8(ascii: "-")
        if negative { text.removeFirst() }
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            guard let value = Int(String(decoding: text[(e + 1)...], as: UTF8.self)) else { return nil }
            exponent = value
            text.removeSubrange(e...)
        }
        let point = text.firstIndex(of: UInt8(ascii: ".")) ?? text.count
        var digits = text
        if point < digits.count { digits.remove(at: point) }
        // The value is 0.<digits> × 10^(point + exponent).
        let shift = point + exponent
        let integerDigits: [UInt8]
        let fractionDigits: [UInt8]
        if shift <= 0 {
            integerDigits = []
            fractionDigits = Array(repeating: 0x30, count: -shift) + digits
        } else if shift >= digits.count {
            integerDigits = digits + Array(repeating: 0x30, count: shift - digits.count)
            fractionDigits = []
        } else {
            integerDigits = Array(digits[..<shift])
            fractionDigits = Array(digits[shift...])
        }
        guard let magnitude = integerDigits.isEmpty ? 0 : Int(String(decoding: integerDigits, as: UTF8.self)) else {
            return nil
        }
        let positive = DecimalSeconds(whole: magnitude, digits: fractionDigits)
        if !negative || positive.fraction.isEmpty {
            self.init(whole: negative ? -magnitude : magnitude, digits: positive.fraction)
        } else {
            // -(m + 0.f) = -(m + 1) + (1 - 0.f)
            self.init(whole: -magnitude - 1, digits: Self.complement(positive.fraction))
        }
    }

    /// The double nearest to the decimal value (ties to even), or `nil` if Swift cannot read it.
    var seconds: Double? {
        if fraction.isEmpty { return Double(whole) }
        let text: String
        if whole >= 0 {
            text = String(whole) + "." + String(decoding: fraction, as: UTF8.self)
        } else {
            // whole + 0.f = -((-whole - 1) + (1 - 0.f))
            text = "-" + String(-(whole + 1)) + "." + String(decoding: Self.complement(fraction), as: UTF8.self)
        }
        return Double(text)
    }

    /// The digits of `1 - 0.<digits>` for digits whose last one is not zero (so no carry).
    private static func complement(_ digits: [UInt8]) -> [UInt8] {
        var result = digits.map { 0x30 + 9 - ($0 - 0x30) }
        if let last = digits.last { result[result.count - 1] = 0x30 + 10 - (last - 0x30) }
        return result
    }
}
