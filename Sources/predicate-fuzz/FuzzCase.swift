import Foundation

/// One generated input: which command it feeds, and the text (a format, a JSON document, an
/// XML model). Written to the worker as two lines: the kind, then the text as a JSON string.
struct FuzzCase: Sendable {
    enum Kind: String, CaseIterable, Sendable {
        /// A predicate format, evaluated by both engines on a few objects and through `eval`.
        case format
        /// One line of `predicate check`.
        case checkLine
        /// A JSON schema file for `resolve` and `lint`.
        case jsonSchema
        /// An Xcode model `contents` file.
        case xmlModel
        /// An object graph for the bundled model, through `eval --graph`.
        case graph
        /// A change set applied to the bundled graph, through `affected` and `watch`.
        case changeSet
        /// A `--arg` value for `eval --data`.
        case argument
        /// A random schema (hostile names) and graph through `db create`, `db export` and
        /// `query` on SQLite, against `eval --graph` (``FuzzStoreInput``).
        case database
    }

    var kind: Kind
    var text: String

    /// The case's text as the worker receives it.
    var encoded: String {
        let quoted = (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        return kind.rawValue + "\n" + quoted + "\n"
    }

    init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }

    init?(encoded: String) {
        let lines = encoded.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard lines.count == 2, let kind = Kind(rawValue: String(lines[0])),
            let text = try? JSONDecoder().decode(String.self, from: Data(lines[1].utf8))
        else { return nil }
        self.init(kind: kind, text: text)
    }

    /// The text with control characters and long runs shown, for a failure report.
    var shown: String {
        let escaped = text.unicodeScalars.map { scalar -> String in
            scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
        return escaped.count > 2_000 ? String(escaped.prefix(2_000)) + "… (\(escaped.count) characters)" : escaped
    }
}
