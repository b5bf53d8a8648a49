/// The bounds every strict JSON reader of the package applies, so that no input — an endless
/// pipe, `/dev/zero`, a string without its closing quote — can take unbounded memory or
/// time before it is refused:
///
/// | limit | default | refused with |
/// |---|---|---|
/// | nesting of arrays and objects | 512 levels | `json-depth` |
/// | one string (between its quotes, as written) or one number | 16 MiB (16,777,216 bytes) | `json-too-long` |
/// | one element of an array read as a stream (`predicate eval --data`) | 16 MiB | `json-too-long` |
///
/// A whole document read at once (a schema, a graph file, a change set) has no size limit of
/// its own: it is as large as its file. Each limit is exact — the text is refused as soon as
/// the byte beyond the limit is read — so reading in pieces of any size gives the same answer.
package struct JSONLimits: Sendable, Hashable {
    /// The deepest nesting of arrays and objects: `[[1]]` nests 2 levels.
    package var maximumDepth: Int
    /// The most bytes one string may hold between its quotes (as written, escapes
    /// included), and the longest number.
    package var maximumTokenBytes: Int
    /// The most bytes one element of the top-level array may take, from its first byte to its
    /// last, when the array is read as a stream (``JSONChecker/elementEnded``); `nil` when the
    /// text is read whole.
    package var maximumElementBytes: Int?

    /// Limits of the given sizes.
    package init(maximumDepth: Int = 512, maximumTokenBytes: Int = 16 << 20, maximumElementBytes: Int? = nil) {
        self.maximumDepth = maximumDepth
        self.maximumTokenBytes = maximumTokenBytes
        self.maximumElementBytes = maximumElementBytes
    }

    /// The limits of a document read whole: 512 levels, 16 MiB per string or number.
    package static let document = JSONLimits()

    /// The limits of an array read one element at a time: those of ``document`` and 16 MiB per
    /// element.
    package static let stream = JSONLimits(maximumElementBytes: 16 << 20)

    /// `16 MiB (16,777,216 bytes)`, `512 bytes`: a byte count as the messages show it.
    static func describe(bytes: Int) -> String {
        let grouped = grouping(bytes)
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB (\(grouped) bytes)" }
        return "\(grouped) bytes"
    }

    /// `16777216` → `16,777,216`.
    private static func grouping(_ value: Int) -> String {
        let digits = Array(String(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
