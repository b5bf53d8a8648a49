import Foundation
import KeyPaths
import Predicates
import TestSupport

/// Attribute values for the store round trip (``StoreCaseGenerator``): every attribute type at
/// its edges. Integers at their bounds; doubles with `-0.0`, the largest and smallest
/// magnitudes, infinities and random bit patterns (NaN is left out: it equals nothing, itself
/// included); strings with non-ASCII, decomposed and empty text; dates over the years
/// 0000–9999 (before 1582 included) with sub-millisecond fractions, and beyond them;
/// transformable values of every kind, nested.
package struct StoreValueGenerator {
    package var random: SplitMix64

    package init(random: SplitMix64) { self.random = random }

    package mutating func chance(_ percent: UInt64) -> Bool { random.chance(percent, in: 100) }

    /// Seconds since 2001 of 0000-01-01 and 9999-12-31T23:59:59Z (proleptic Gregorian).
    static let firstSecond = -63_145_526_400
    static let lastSecond = 252_423_993_599

    static let strings = [
        "", "a", "Zoë", "e\u{301}", "日本語", "🎉 party", "it's", "line\nbreak", "\"quoted\"", "tab\there", "%_*?\\",
        "ΣΑΣ σας", " leading and trailing ", "{\"$date\": 1}",
    ]
    static let uris = ["https://example.com/a?b=c#d", "file:///tmp/with%20space", "mailto:zoë@example.com", "urn:x"]

    /// A value of `type`, or `nil` (no value) now and then.
    package mutating func value(_ type: AttributeType) -> PredicateValue? {
        if chance(12) { return nil }
        switch type {
        case .integer16: return .int(integer(Int(Int16.min), Int(Int16.max)))
        case .integer32: return .int(integer(Int(Int32.min), Int(Int32.max)))
        case .integer64: return .int(integer(Int.min, Int.max))
        case .double, .decimal: return .double(double())
        case .float: return .double(Double(Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))).finiteOr(1.5))
        case .string: return .string(random.pick(Self.strings))
        case .boolean: return .bool(chance(50))
        case .date: return .date(date())
        case .binary: return .data(bytes())
        case .uuid: return .uuid(uuid())
        case .uri: return .string(random.pick(Self.uris))
        case .transformable: return transformable(depth: 2)
        case .undefined: return nil
        }
    }

    /// A bound, a small number, or any number of the range.
    mutating func integer(_ low: Int, _ high: Int) -> Int {
        switch random.below(4) {
        case 0: return low
        case 1: return high
        case 2: return random.int(in: -3...3)
        default:
            let any = Int(bitPattern: UInt(random.next()))
            return low == Int.min ? any : low + Int(UInt(bitPattern: any) % UInt(high - low + 1))
        }
    }

    mutating func double() -> Double {
        let edges: [Double] = [
            -0.0, 0, 1, 0.1, -2.5, 1e18, 1e300, -1e300, .leastNonzeroMagnitude, .leastNormalMagnitude,
            .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, .infinity, -.infinity, 9_007_199_254_740_992,
        ]
        if chance(50) { return random.pick(edges) }
        return Double(bitPattern: random.next()).finiteOr(-7.25)
    }

    /// A date in the years 0000–9999 (whole seconds, milliseconds, microseconds or any
    /// fraction a double holds), before 1582 now and then, or outside those years.
    package mutating func date() -> Date {
        let whole = Double(
            random.int(in: chance(30) ? Self.firstSecond...(-13_197_600_000) : Self.firstSecond...Self.lastSecond))
        let seconds: Double
        switch random.below(6) {
        case 0: seconds = whole
        case 1: seconds = whole + Double(random.below(1000)) / 1000
        case 2: seconds = whole + Double(random.below(1_000_000)) / 1_000_000
        case 3: seconds = whole + Double(random.next() >> 11) / 9_007_199_254_740_992
        case 4: seconds = Double(random.next() >> 11) / 9_007_199_254_740_992 * (chance(50) ? 1 : -1)
        default: seconds = random.pick([-1e12, 1e13, 1e300, -.infinity, .infinity, 728_474_400.123])
        }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    mutating func bytes() -> Data {
        Data((0..<random.below(17)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
    }

    mutating func uuid() -> UUID {
        var uuid = UUID().uuid
        let words = [random.next(), random.next()]
        withUnsafeMutableBytes(of: &uuid) { target in
            words.withUnsafeBytes { target.copyMemory(from: $0) }
        }
        return UUID(uuid: uuid)
    }

    /// Any value a transformable attribute may hold: dictionaries, arrays, sets, strings,
    /// numbers, Booleans, dates, data, UUIDs, nested up to `depth`.
    package mutating func transformable(depth: Int) -> PredicateValue {
        switch random.below(depth > 0 ? 12 : 8) {
        case 0: return .string(random.pick(Self.strings))
        case 1: return .int(integer(Int.min, Int.max))
        case 2: return .double(double())
        case 3: return .bool(chance(50))
        case 4: return .date(date())
        case 5: return .data(bytes())
        case 6: return .uuid(uuid())
        case 7: return .double(1)
        case 8:
            return .array((0..<random.below(4)).map { _ in chance(10) ? .null : transformable(depth: depth - 1) })
        case 9:
            // Sets of values that never compare equal across kinds (no 1 beside 1.0).
            return .set(
                Set((0..<random.below(4)).map { _ in chance(50) ? .string(random.pick(Self.strings)) : .date(date()) }))
        default:
            var dictionary: [String: PredicateValue] = [:]
            for _ in 0..<random.below(4) {
                dictionary[random.pick(["a", "b", "é", "", "key with space", "n"])] = transformable(depth: depth - 1)
            }
            return .dictionary(dictionary)
        }
    }
}

extension Double {
    /// The value when finite and not NaN, else `replacement`.
    func finiteOr(_ replacement: Double) -> Double { isNaN || isInfinite ? replacement : self }
}
