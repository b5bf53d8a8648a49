import Foundation
import PostgresDatabase

/// The lines typed in earlier sessions, oldest first, kept in `~/.predicate_history` (one
/// line per entry, at most ``maximumEntries``; the oldest go first). An entry with a line
/// break (from a bracketed paste) is recalled in the session it was typed in but not saved:
/// the file has one entry per line. A connection's secrets are never kept: `:db postgresql://bob:secret@db/notes` is kept as
/// `:db postgresql://bob:***@db/notes` (the masking of every message,
/// `PostgresConnection.Configuration.masked`), in memory and in the file.
struct ReplHistory {
    /// The most entries kept, in memory and in the file.
    static let maximumEntries = 500
    /// The longest entry kept, in characters (a pasted document is not history).
    static let maximumLength = 4_000

    /// The entries, oldest first.
    private(set) var entries: [String]
    /// The file, if the history is saved.
    let path: String?

    /// A history read from `path` (empty when the file does not exist or cannot be read).
    init(path: String?) {
        self.path = path
        guard let path, let data = FileManager.default.contents(atPath: path) else {
            entries = []
            return
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        entries = Array(
            lines.filter { !$0.isEmpty && $0.count <= Self.maximumLength }.suffix(Self.maximumEntries).map(Self.masked))
    }

    /// `~/.predicate_history`, when the home directory is known.
    static var defaultPath: String? {
        guard let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.predicate_history"
    }

    /// Adds a line, its secrets masked: blank lines, over-long lines and a repeat of the newest
    /// entry are not kept.
    mutating func add(_ line: String) {
        let entry = Self.masked(line.trimmingCharacters(in: .whitespaces))
        guard !entry.isEmpty, entry.count <= Self.maximumLength, entry != entries.last else { return }
        entries.append(entry)
        if entries.count > Self.maximumEntries { entries.removeFirst(entries.count - Self.maximumEntries) }
    }

    /// `line` with the passwords of any connection string in it replaced by `***`.
    static func masked(_ line: String) -> String { PostgresConnection.Configuration.masked(line) }

    /// Writes the entries to the file, but those with a line break; a failure is ignored
    /// (history is a convenience).
    func save() {
        guard let path else { return }
        let text = entries.filter { !$0.contains("\n") }.map { $0 + "\n" }.joined()
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
