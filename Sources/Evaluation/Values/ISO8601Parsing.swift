import Foundation

/// ISO 8601 dates for the `{"$date": …}` tag and `CAST('…', 'NSDate')`, without a formatter
/// object (none is shared across threads, none is created per call).
///
/// Accepted: `2020-01-01` (midnight UTC), `2020-01-01T10:20:30Z`, `2020-01-01T10:20:30.5Z`,
/// `2020-01-01 10:20:30+02:00`, `2020-01-01T10:20:30-0130`, `…T10:20` (no seconds); `t`/`z` in
/// lower case. A time without a zone is UTC.
enum ISO8601Parsing {
    /// Parses `text`, or returns `nil`.
    static func date(from text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.take("-"),
            let month = scanner.number(digits: 2), scanner.take("-"),
            let day = scanner.number(digits: 2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        if scanner.atEnd { return Date(timeIntervalSince1970: seconds) }
        guard scanner.take("T") || scanner.take("t") || scanner.take(" "),
            let hour = scanner.number(digits: 2), scanner.take(":"),
            let minute = scanner.number(digits: 2), hour < 24, minute < 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if scanner.take(":") {
            guard let second = scanner.number(digits: 2), second < 61 else { return nil }
            seconds += Double(second)
            if scanner.take(".") || scanner.take(",") {
                guard let fraction = scanner.fraction() else { return nil }
                seconds += fraction
            }
        }
        if scanner.atEnd { return Date(timeIntervalSince1970: seconds) }
        if scanner.take("Z") || scanner.take("z") {
            return scanner.atEnd ? Date(timeIntervalSince1970: seconds) : nil
        }
        let sign: Double
        if scanner.take("+") {
            sign = 1
        } else if scanner.take("-") {
            sign = -1
        } else {
            return nil
        }
        guard let offsetHours = scanner.number(digits: 2) else { return nil }
        _ = scanner.take(":")
        let offsetMinutes = scanner.number(digits: 2) ?? 0
        guard scanner.atEnd, offsetHours < 24, offsetMinutes < 60 else { return nil }
        seconds -= sign * Double(offsetHours * 3600 + offsetMinutes * 60)
        return Date(timeIntervalSince1970: seconds)
    }

    /// `2020-01-01T00:00:00Z`, or `2020-01-01T00:00:00.250Z` when there is a fraction of a second.
    static func string(from date: Date) -> String {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, Swift.abs(interval) < 1e14 else { return String(interval) }
        var wholeSeconds = interval.rounded(.down)
        var milliseconds = Int(((interval - wholeSeconds) * 1000).rounded())
        if milliseconds == 1000 {
            wholeSeconds += 1
            milliseconds = 0
        }
        let total = Int(wholeSeconds)
        let days = total >= 0 ? total / 86_400 : -((-total + 86_399) / 86_400)
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civilFromDays(days)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        text += pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if milliseconds != 0 { text += "." + pad(milliseconds, 3) }
        return text + "Z"
    }

    /// ``string(from:)`` when the date falls in the years 0000–9999 (which ``date(from:)`` reads
    /// back); `nil` for other dates, including non-finite ones.
    static func fourDigitYearString(from date: Date) -> String? {
        let interval = date.timeIntervalSince1970
        // 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z.
        let lower = Double(daysFromCivil(year: 0, month: 1, day: 1)) * 86_400
        let upper = Double(daysFromCivil(year: 10_000, month: 1, day: 1)) * 86_400
        guard interval.isFinite, interval >= lower, interval < upper else { return nil }
        let text = string(from: date)
        let year = text.utf8.prefix(5)
        guard year.count == 5, year.last == UInt8(ascii: "-"), year.dropLast().allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else { return nil }
        return text
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(Swift.abs(value))
        let padded = String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of ``daysFromCivil(year:month:day:)``.
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// Reads fixed-width digit groups and separators from ASCII bytes.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position == bytes.count }

    mutating func take(_ character: Character) -> Bool {
        guard position < bytes.count, let ascii = character.asciiValue, bytes[position] == ascii else { return false }
        position += 1
        return true
    }

    mutating func number(digits count: Int) -> Int? {
        guard position + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            let byte = bytes[position + offset]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        position += count
        return value
    }

    mutating func fraction() -> Double? {
        var value = 0.0
        var scale = 0.1
        var count = 0
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
            value += Double(bytes[position] - 0x30) * scale
            scale /= 10
            count += 1
            position += 1
        }
        return count > 0 ? value : nil
    }
}
