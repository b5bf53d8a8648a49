extension DiagnosticID {
    // Ids of reading JSON text: values, data files, graph files, change sets, schemas.

    /// `json-syntax`: Not JSON: a character where it cannot be, an unterminated string, a bad escape.
    public static let jsonSyntax: DiagnosticID = "json-syntax"
    /// `json-depth`: Arrays and objects nested deeper than the limit.
    public static let jsonDepth: DiagnosticID = "json-depth"
    /// `json-encoding`: Bytes that are not UTF-8, or a byte-order mark.
    public static let jsonEncoding: DiagnosticID = "json-encoding"
    /// `json-duplicate-key`: An object that names a key twice.
    public static let jsonDuplicateKey: DiagnosticID = "json-duplicate-key"
    /// `json-number-range`: A number no `Double` holds (`1e999`).
    public static let jsonNumberRange: DiagnosticID = "json-number-range"
    /// `json-too-long`: A string, number or streamed element beyond its limit.
    public static let jsonTooLong: DiagnosticID = "json-too-long"
    /// `json-empty`: Nothing but whitespace.
    public static let jsonEmpty: DiagnosticID = "json-empty"
    /// `json-tag`: A malformed tagged value (`{"$date": …}`).
    public static let jsonTag: DiagnosticID = "json-tag"

    /// The ids of reading JSON text: values, data files, graph files, change sets, schemas, in catalogue order.
    static let jsonFamily: [DiagnosticID] = [
        .jsonSyntax, .jsonDepth, .jsonEncoding, .jsonDuplicateKey, .jsonNumberRange, .jsonTooLong, .jsonEmpty, .jsonTag,
    ]
}
