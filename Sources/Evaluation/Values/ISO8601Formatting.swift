import Foundation

extension ISO8601Parsing {
    /// `2020-01-01T00:00:00Z`, or `2020-01-01T00:00:00.25Z` with the shortest fraction that
    /// ``date(from:)`` reads back as the same date (`…00.000001Z`, `…00.1234567Z`: as many
    /// digits as the date needs). Years outside 0000–9999 are written with more digits or a
    /// sign (which ``date(from:)`` does not read); a date of 10¹⁵ seconds or more from 2001, or
    /// a non-finite one, as its seconds since 2001.
    static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSinceReferenceDate
        guard let decimal = DecimalSeconds(seconds) else { return String(seconds) }
        return text(decimal).text
    }

    /// ``string(from:)`` when the date falls in the years 0000–9999 (which ``date(from:)``
    /// reads back exactly); `nil` for other dates, including non-finite ones.
    static func fourDigitYearString(from date: Date) -> String? {
        guard let decimal = DecimalSeconds(date.timeIntervalSinceReferenceDate) else { return nil }
        let (text, year) = text(decimal)
        return (0...9999).contains(year) ? text : nil
    }

    /// The text of `decimal` seconds since 2001, and its year.
    private static func text(_ decimal: DecimalSeconds) -> (text: String, year: Int) {
        let dayOffset = decimal.whole >= 0 ? decimal.whole / 86_400 : -((-decimal.whole + 86_399) / 86_400)
        let secondOfDay = decimal.whole - dayOffset * 86_400
        let (year, month, day) = civilFromDays(dayOffset + referenceDay)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        text += pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if !decimal.fraction.isEmpty { text += "." + String(decoding: decimal.fraction, as: UTF8.self) }
        return (text + "Z", year)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(Swift.abs(value))
        let padded = String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }
}
