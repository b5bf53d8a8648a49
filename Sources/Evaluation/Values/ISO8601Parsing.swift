import Foundation

/// ISO 8601 dates for the `{"$date": …}` tag and `CAST('…', 'NSDate')`, without a formatter
/// object (none is shared across threads, none is created per call), in the proleptic
/// Gregorian calendar (the Gregorian rules carried back before 1582, as ISO 8601 says) and UTC.
///
/// Accepted: `2020-01-01` (midnight UTC), `2020-01-01T10:20:30Z`, `2020-01-01T10:20:30.5Z`,
/// `2020-01-01 10:20:30+02:00`, `2020-01-01T10:20:30-0130`, `…T10:20` (no seconds); `t`/`z` in
/// lower case; any number of fraction digits. A time without a zone is UTC.
///
/// Parsing is exact: the date's seconds since 2001-01-01 are the whole seconds the text names
/// plus its fraction, as one decimal number rounded once to the nearest double
/// (``DecimalSeconds``). Printing (``string(from:)``) writes the shortest fraction that
/// parses back to the same double, so `date(from: string(from: d)) == d`.
enum ISO8601Parsing {
    /// Days from 1970-01-01 to 2001-01-01, the reference date of `Date` and of stored dates.
    static let referenceDay = 11_323

    /// Parses `text`, or returns `nil`.
    static func date(from text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.take("-"),
            let month = scanner.number(digits: 2), scanner.take("-"),
            let day = scanner.number(digits: 2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var whole = (daysFromCivil(year: year, month: month, day: day) - referenceDay) * 86_400
        var fraction: ArraySlice<UInt8> = []
        if scanner.atEnd { return date(whole, fraction) }
        guard scanner.take("T") || scanner.take("t") || scanner.take(" "),
            let hour = scanner.number(digits: 2), scanner.take(":"),
            let minute = scanner.number(digits: 2), hour < 24, minute < 60
        else { return nil }
        whole += hour * 3600 + minute * 60
        if scanner.take(":") {
            guard let second = scanner.number(digits: 2), second < 61 else { return nil }
            whole += second
            if scanner.take(".") || scanner.take(",") {
                fraction = scanner.digits()
                guard !fraction.isEmpty else { return nil }
            }
        }
        if scanner.atEnd { return date(whole, fraction) }
        if scanner.take("Z") || scanner.take("z") {
            return scanner.atEnd ? date(whole, fraction) : nil
        }
        let sign: Int
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
        whole -= sign * (offsetHours * 3600 + offsetMinutes * 60)
        return date(whole, fraction)
    }

    /// The date `whole + 0.<fraction>` seconds after 2001-01-01T00:00:00Z.
    private static func date(_ whole: Int, _ fraction: ArraySlice<UInt8>) -> Date? {
        DecimalSeconds(whole: whole, digits: fraction).seconds.map { Date(timeIntervalSinceReferenceDate: $0) }
    }

    static func daysIn(month: Int, year: Int) -> Int {
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

    /// The run of digits at the position (possibly empty).
    mutating func digits() -> ArraySlice<UInt8> {
        let start = position
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
        return bytes[start..<position]
    }
}
