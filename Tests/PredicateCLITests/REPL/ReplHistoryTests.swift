import Foundation
import Testing

@testable import PredicateCLI

/// The REPL's history (`~/.predicate_history`) never keeps a connection's password: a line is
/// masked as every message is before it enters the history, so neither the entries the line
/// editor recalls nor the file hold the secret; a file an older version wrote is masked when
/// read and saved masked.
@Suite("REPL history: no password in memory or on disk")
struct ReplHistoryTests {
    /// Lines as typed, and the entries they must become (written by hand from the masking
    /// table in PostgresConfiguration+Masking.swift).
    static let lines: [(typed: String, kept: String)] = [
        (":db postgresql://bob:secret@db.example/notes", ":db postgresql://bob:***@db.example/notes"),
        (
            ":db postgres://db.example/notes?sslmode=require&password=secret",
            ":db postgres://db.example/notes?sslmode=require&password=***"
        ),
        (
            "  :db postgresql://bob:se%40cret@db.example:5433/notes?connect_timeout=3&sslpassword=secret  ",
            ":db postgresql://bob:***@db.example:5433/notes?connect_timeout=3&sslpassword=***"
        ),
        (":db postgresql://bob@db.example/notes", ":db postgresql://bob@db.example/notes"),
        (":db notes.sqlite", ":db notes.sqlite"),
        ("name == 'secret' AND size > 3", "name == 'secret' AND size > 3"),
    ]

    static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
    }

    @Test("a line with a password is kept masked, in the entries and in the saved file")
    func masksAddedLines() throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        var history = ReplHistory(path: file.path)
        for line in Self.lines { history.add(line.typed) }
        #expect(history.entries == Self.lines.map(\.kept))
        history.save()
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(!saved.contains("se%40cret") && !saved.contains("bob:secret") && !saved.contains("password=secret"))
        #expect(saved == Self.lines.map { $0.kept + "\n" }.joined())
        #expect(ReplHistory(path: file.path).entries == Self.lines.map(\.kept))
    }

    @Test("a history file holding a password from an older version is read masked and saved masked")
    func masksAnOldFile() throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(Self.lines.map { $0.typed.trimmingCharacters(in: .whitespaces) + "\n" }.joined().utf8).write(to: file)
        let history = ReplHistory(path: file.path)
        #expect(history.entries == Self.lines.map(\.kept))
        history.save()
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.lines.map { $0.kept + "\n" }.joined())
    }

    @Test("a repeat of the newest entry is recognised after masking: one entry for the same connection")
    func repeatsAfterMasking() {
        var history = ReplHistory(path: nil)
        history.add(":db postgresql://bob:one@db/notes")
        history.add(":db postgresql://bob:two@db/notes")
        #expect(history.entries == [":db postgresql://bob:***@db/notes"])
    }
}
