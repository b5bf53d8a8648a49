import Evaluation
import Foundation
import TestSupport
import Testing

/// ISO 8601 text of dates: proleptic Gregorian, UTC, exact to the last bit of the double of
/// seconds since 2001-01-01 that a date is, with the shortest fraction that reads back.
@Suite("ISO 8601 date text")
struct ISO8601DateTextTests {
    /// Seconds since 2001-01-01T00:00:00Z counted by hand in the proleptic Gregorian calendar
    /// (days × 86 400; a Julian date before 1582 would be days off).
    @Test(
        "parsing gives the double nearest to the seconds the text names",
        arguments: [
            ("2024-02-01T10:00:00.123Z", 728_474_400.123),
            ("2024-02-01T12:00:00.123+02:00", 728_474_400.123),
            // 182 834 days before 2001: the proleptic Gregorian count (Foundation's Julian dates were 10 days off).
            ("1500-06-01", -15_797_030_400),
            ("0001-01-01T00:00:00Z", -63_113_904_000),
            // Year 0 is a leap year of 366 days.
            ("0000-01-01T00:00:00Z", -63_145_526_400),
            // 4 and 15 October 1582 are 11 days apart in the proleptic calendar.
            ("1582-10-04", -13_198_550_400), ("1582-10-15", -13_197_600_000),
            ("9999-12-31T23:59:59Z", 252_423_993_599),
            ("2001-01-01T00:00:00.000001Z", 0.000_001),
            ("2000-12-31T23:59:59.99999Z", -0.000_01),
            ("2000-12-31T23:59:59.25Z", -0.75),
            ("2001-01-01T00:00:00.1000000000000000055511151231257827Z", 0.1),
        ])
    func parse(_ text: String, _ seconds: Double) throws {
        let date = try #require(ISO8601DateText.date(from: text))
        #expect(date.timeIntervalSinceReferenceDate == seconds, "\(text)")
    }

    @Test(
        "printing writes the shortest fraction that reads back, none for whole seconds",
        arguments: [
            (728_474_400, "2024-02-01T10:00:00Z"),
            (728_474_400.123, "2024-02-01T10:00:00.123Z"),
            (728_474_400.000001, "2024-02-01T10:00:00.000001Z"),
            (0.5, "2001-01-01T00:00:00.5Z"),
            (-0.75, "2000-12-31T23:59:59.25Z"),
            (-0.000_01, "2000-12-31T23:59:59.99999Z"),
            (-15_797_030_400, "1500-06-01T00:00:00Z"),
            (-63_145_526_400, "0000-01-01T00:00:00Z"),
            (252_423_993_599.5, "9999-12-31T23:59:59.5Z"),
            (.leastNonzeroMagnitude, "2001-01-01T00:00:00." + String(repeating: "0", count: 323) + "5Z"),
        ])
    func print(_ seconds: Double, _ text: String) throws {
        #expect(ISO8601DateText.string(from: Date(timeIntervalSinceReferenceDate: seconds)) == text)
        #expect(ISO8601DateText.date(from: text)?.timeIntervalSinceReferenceDate == seconds)
    }

    @Test(
        "dates outside the years 0000–9999 have no text",
        arguments: [-63_145_526_400.5, 252_423_993_600, 1e300, -.infinity, .infinity])
    func outOfRange(_ seconds: Double) {
        #expect(ISO8601DateText.string(from: Date(timeIntervalSinceReferenceDate: seconds)) == nil)
    }

    @Test(
        "texts that are not dates are refused", arguments: ["2023-02-29", "2024-13-01", "2024-01-01T10:00:00.Z", "x"])
    func refused(_ text: String) {
        #expect(ISO8601DateText.date(from: text) == nil)
    }

    /// Doubles of every scale in range: whole seconds with random fractions (sub-millisecond
    /// included), random bit patterns, and values around 2001-01-01 where the steps are finest.
    static func randomSeconds(_ random: inout SplitMix64) -> Double {
        switch random.below(4) {
        case 0:
            let whole = Double(random.int(in: -63_145_526_400...252_423_993_598))
            return whole + Double(random.next() >> 11) / 9_007_199_254_740_992
        case 1:
            let magnitude = Double(
                sign: .plus, exponent: random.int(in: -1074...37), significand: 1 + Double(random.next() >> 12) / 4e15)
            return random.chance(1, in: 2) ? -magnitude : magnitude
        case 2:
            return (Double(random.next() >> 11) / 9_007_199_254_740_992) * (random.chance(1, in: 2) ? -1 : 1)
        default:
            return Double(random.int(in: -63_145_526_400...252_423_993_598)) + Double(random.below(1_000_000)) / 1e6
        }
    }

    @Test("print then parse is the identity on every date in range, and no shorter fraction reads back")
    func roundTrip() throws {
        let run = PropertyRun("ISO 8601 round trip", defaultCases: 20_000)
        var random = SplitMix64(seed: run.seed)
        for index in 0..<run.cases {
            let seconds = Self.randomSeconds(&random)
            guard let text = ISO8601DateText.string(from: Date(timeIntervalSinceReferenceDate: seconds)) else {
                continue
            }
            let back = ISO8601DateText.date(from: text)?.timeIntervalSinceReferenceDate
            guard back?.bitPattern == seconds.bitPattern || (seconds == 0 && back == 0) else {
                Issue.record(
                    "\(seconds) printed as \(text), read back as \(String(describing: back)); \(run.replay(index))")
                return
            }
            // The fraction cut by one digit, and that cut rounded up, name other dates.
            guard let dot = text.firstIndex(of: "."), let zone = text.lastIndex(of: "Z") else { continue }
            let digits = String(text[text.index(after: dot)..<zone])
            let shorter = String(digits.dropLast())
            var candidates = [shorter]
            if !shorter.isEmpty, !shorter.allSatisfy({ $0 == "9" }) {
                var up = Array(shorter.utf8)
                var position = up.count - 1
                while up[position] == UInt8(ascii: "9") {
                    up[position] = UInt8(ascii: "0")
                    position -= 1
                }
                up[position] += 1
                candidates.append(String(decoding: up, as: UTF8.self))
            }
            for candidate in candidates {
                let cut = text[..<dot] + (candidate.isEmpty ? "" : "." + candidate) + "Z"
                if ISO8601DateText.date(from: String(cut))?.timeIntervalSinceReferenceDate == seconds {
                    Issue.record("\(seconds) printed as \(text), but \(cut) reads back too; \(run.replay(index))")
                    return
                }
            }
        }
    }
}
