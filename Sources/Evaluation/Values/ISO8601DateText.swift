import Foundation

/// The ISO 8601 text of dates, as the engine reads and writes it everywhere: the
/// `{"$date": "…"}` tag of JSON data, graph files and change sets, `CAST('…', 'NSDate')`,
/// `db export`, and the REPL's tables. One implementation, in the proleptic Gregorian calendar
/// (the Gregorian leap-year rules carried back before 1582, as ISO 8601 says; Foundation's
/// formatters switch to the Julian calendar there) and in UTC.
///
/// | date | text |
/// |---|---|
/// | 728474400 seconds after 2001-01-01 | `2024-02-01T10:00:00Z` |
/// | 728474400.123 | `2024-02-01T10:00:00.123Z` |
/// | 728474400.000001 | `2024-02-01T10:00:00.000001Z` |
/// | 1500-06-01 at midnight | `1500-06-01T00:00:00Z` |
///
/// Precision: a date is a double of seconds since 2001-01-01T00:00:00Z
/// (`timeIntervalSinceReferenceDate`), and ``string(from:)`` writes the shortest fraction of a
/// second that ``date(from:)`` reads back as that very double; none for whole seconds. The
/// text is exact: `date(from: string(from: d)!) == d` for every date in range, to the last bit
/// (only the sign of a zero is not kept).
///
/// Range: the years 0000 to 9999 (``years``). Other dates have no text here; the JSON writers
/// write them as their seconds since 2001 (`{"$date": -1e12}`), which reads back exactly too.
public enum ISO8601DateText {
    /// The years a date is written as text for: 0000 to 9999.
    public static let years: ClosedRange<Int> = 0...9999

    /// The date `text` names, or `nil` when it is not one: `2020-01-01` (midnight UTC),
    /// `2020-01-01T10:20:30Z`, `2020-01-01T10:20:30.25Z` (any number of fraction digits),
    /// `2020-01-01 10:20:30+02:00`, `2020-01-01T10:20:30-0130`, `2020-01-01T10:20` (no seconds);
    /// `t` and `z` in lower case too. A time without a zone is UTC. The fraction is read
    /// exactly: the result is the double nearest to the seconds the text names.
    public static func date(from text: String) -> Date? {
        ISO8601Parsing.date(from: text)
    }

    /// `2024-02-01T10:00:00Z`, with the shortest fraction that reads back as the same date
    /// (`2024-02-01T10:00:00.123Z`); `nil` for a date outside the years 0000–9999 or not finite.
    public static func string(from date: Date) -> String? {
        ISO8601Parsing.fourDigitYearString(from: date)
    }
}
