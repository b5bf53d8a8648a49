import Foundation
import KeyPaths
import Testing

@testable import PredicateCLI

/// The terminal layer without a terminal: key decoding from raw bytes, the line editor, tab
/// completion from the bundled model, and the bounded history.
@Suite("REPL: line editing and completion")
struct ReplEditingTests {
    static func completion() throws -> ReplCompletion {
        ReplCompletion(session: try ReplSession.bundledSample(clock: { 0 }))
    }

    @Test(
        "completion: commands, entities, key paths through relationships, reserved words escaped",
        arguments: [
            (":en", 0, [":entities", ":entity"]),
            (":q", 0, [":quit"]),
            (":entity Im", 8, ["ImageContent"]),
            (":sort bucket.n", 6, ["bucket.name"]),
            ("bucket.ow", 0, ["bucket.owner"]),
            ("ANY tags.na", 4, ["tags.name"]),
            ("bucket.owner.bu", 0, ["bucket.owner.buckets"]),
            ("si", 0, ["#size"]),
            ("name == 'x' AND cr", 16, ["creationDate"]),
            ("n", 0, ["name"]),
            ("name == $na", 9, []),
            ("name.x", 0, []),
            (":load Sam", 9, []),
        ])
    func complete(line: String, start: Int, candidates: [String]) throws {
        let result = try Self.completion().complete(line, cursor: line.count)
        #expect(result == ReplCompletion.Result(start: start, candidates: candidates))
    }

    @Test("completion after a to-many relationship offers the collection operators too")
    func aggregates() throws {
        let result = try Self.completion().complete("tags.", cursor: 5)
        #expect(result.candidates.contains("tags.@count"))
        #expect(result.candidates.contains("tags.name"))
        #expect(result.candidates.contains("tags.contents"))
        #expect(
            try Self.completion().complete("bucket.", cursor: 7).candidates == [
                "bucket.contents", "bucket.creationDate", "bucket.name", "bucket.owner",
            ])
    }

    @Test(
        "key decoding: control keys, escape sequences, UTF-8",
        arguments: [
            ([0x61, 0x0D], [EditorKey.text("a"), .enter]),
            ([0x1B, 0x5B, 0x41], [.up]),
            ([0x1B, 0x5B, 0x42], [.down]),
            ([0x1B, 0x5B, 0x43], [.right]),
            ([0x1B, 0x5B, 0x44], [.left]),
            ([0x1B, 0x5B, 0x48], [.home]),
            ([0x1B, 0x4F, 0x46], [.end]),
            ([0x1B, 0x5B, 0x31, 0x7E], [.home]),
            ([0x1B, 0x5B, 0x34, 0x7E], [.end]),
            ([0x1B, 0x5B, 0x33, 0x7E], [.delete]),
            ([0x7F, 0x08], [.backspace, .backspace]),
            ([0x01, 0x05, 0x03, 0x04, 0x09], [.home, .end, .interrupt, .endOfInput, .tab]),
            ([0xC3, 0xA9], [.text("é")]),
            ([0xE2, 0x80, 0xA6], [.text("…")]),
            ([0xC3, 0x41], [.ignored, .text("A")]),
            // Neighbouring characters are one run of text; keys split the runs.
            (
                Array("ab".utf8) + [0xC3, 0xA9] + Array("c".utf8) + [0x7F] + Array("d".utf8),
                [.text("abéc"), .backspace, .text("d")]
            ),
            ([0x1B, 0x5B, 0x35, 0x7E], [.ignored]),
        ] as [([UInt8], [EditorKey])])
    func decode(bytes: [UInt8], keys: [EditorKey]) {
        var decoder = KeyDecoder()
        #expect(decoder.feed(bytes) == keys)
    }

    @Test("a sequence split across reads is kept until it is complete")
    func splitSequence() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed([0x5B]) == [])
        #expect(decoder.feed([0x44]) == [.left])
    }

    /// Feeds bytes to an editor; returns the outcomes that are not plain edits, and the editor.
    static func type(_ bytes: [UInt8], history: [String] = [], completion: ReplCompletion? = nil) -> (
        LineEditor, [LineEditor.Outcome]
    ) {
        var decoder = KeyDecoder()
        var editor = LineEditor(history: history)
        var outcomes: [LineEditor.Outcome] = []
        let complete = completion ?? ReplCompletion(schema: nil, entity: nil)
        for key in decoder.feed(bytes) {
            let outcome = editor.handle(key, complete: complete.complete)
            if outcome != .editing { outcomes.append(outcome) }
        }
        return (editor, outcomes)
    }

    static let left: [UInt8] = [0x1B, 0x5B, 0x44]
    static let right: [UInt8] = [0x1B, 0x5B, 0x43]
    static let up: [UInt8] = [0x1B, 0x5B, 0x41]
    static let down: [UInt8] = [0x1B, 0x5B, 0x42]
    static let delete: [UInt8] = [0x1B, 0x5B, 0x33, 0x7E]
    static let home: [UInt8] = [0x1B, 0x5B, 0x48]
    static let end: [UInt8] = [0x1B, 0x5B, 0x46]

    @Test("arrows, home, end, backspace and delete edit at the cursor")
    func editing() {
        let bytes =
            Array("abc".utf8) + Self.left + Self.left + Array("X".utf8) + Self.end + [0x7F] + Self.home
            + Self.delete + Self.right + Array("é".utf8)
        let (editor, outcomes) = Self.type(bytes)
        // abc → aXbc → aXb → Xb → Xéb
        #expect(editor.line == "Xéb")
        #expect(editor.cursor == 2)
        #expect(outcomes == [])
        let frame = LineRenderer.redraw(
            prompt: "> ", line: editor.buffer, cursor: editor.cursor, width: 80, previousCursorRow: 0)
        #expect(frame.text == "\r\u{1B}[J> Xéb\r\u{1B}[4C")
    }

    @Test("at the edges the keys ring the bell; Control-D on an empty line ends the input")
    func edges() {
        #expect(Self.type([0x7F] + Self.left + Self.delete).1 == [.bell, .bell, .bell])
        #expect(Self.type([0x04]).1 == [.endOfInput])
        #expect(Self.type(Array("a".utf8) + [0x03]).1 == [.interrupted])
        #expect(Self.type(Array("ab".utf8) + [0x0D]).1 == [.submitted("ab")])
    }

    @Test("Control-K, Control-U and Control-W delete parts of the line")
    func kills() {
        #expect(Self.type(Array("name == 'x'".utf8) + Self.home + Self.right + [0x0B]).0.line == "n")
        #expect(Self.type(Array("name == 'x'".utf8) + Self.left + [0x15]).0.line == "'")
        #expect(Self.type(Array("name == 'x'".utf8) + [0x17]).0.line == "name == ")
    }

    @Test("up and down walk the history; the line being typed comes back")
    func history() {
        let history = ["first", "second"]
        #expect(Self.type(Self.up, history: history).0.line == "second")
        #expect(Self.type(Self.up + Self.up, history: history).0.line == "first")
        #expect(Self.type(Self.up + Self.up + Self.up, history: history).1 == [.bell])
        #expect(Self.type(Array("dra".utf8) + Self.up + Self.down, history: history).0.line == "dra")
        let recalled = Self.type(Self.up + [0x0D], history: history)
        #expect(recalled.1 == [.submitted("second")])
        #expect(Self.type(Self.down, history: history).1 == [.bell])
    }

    @Test("tab completes a key path, extends a shared prefix, lists the rest")
    func tab() throws {
        let completion = try Self.completion()
        #expect(Self.type(Array("bucket.ow\t".utf8), completion: completion).0.line == "bucket.owner")
        #expect(Self.type(Array(":ent\t".utf8), completion: completion).0.line == ":entit")
        #expect(
            Self.type(Array(":entit\t".utf8), completion: completion).1 == [.candidates([":entities", ":entity"])])
        #expect(Self.type(Array("zz\t".utf8), completion: completion).1 == [.bell])
        // In the middle of a line: the word before the cursor is completed.
        let middle = Self.type(
            Array("bucket.na == 'x'".utf8) + Array(repeating: Self.left, count: 7).flatMap { $0 } + [0x09],
            completion: completion)
        #expect(middle.0.line == "bucket.name == 'x'")
    }

    @Test("the history keeps at most its bound, skips blanks and repeats, and survives a save")
    func historyFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        var history = ReplHistory(path: file.path)
        #expect(history.entries.isEmpty)
        for index in 0..<(ReplHistory.maximumEntries + 10) { history.add("line \(index)") }
        history.add("   ")
        history.add("line \(ReplHistory.maximumEntries + 9)")
        #expect(history.entries.count == ReplHistory.maximumEntries)
        #expect(history.entries.first == "line 10")
        history.save()
        let again = ReplHistory(path: file.path)
        #expect(again.entries == history.entries)
    }

    @Test("an entry pasted over several lines is recalled in its session, not saved (the file has one per line)")
    func multiLineHistory() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        var history = ReplHistory(path: file.path)
        history.add("name == 'a' OR\nname == 'b'")
        history.add("#size > 1")
        #expect(history.entries == ["name == 'a' OR\nname == 'b'", "#size > 1"])
        history.save()
        #expect(ReplHistory(path: file.path).entries == ["#size > 1"])
    }

    @Test("colours: errors red, notes cyan, the header bold, the count dim; none when disabled")
    func style() {
        let reply = ReplReply("id  name\n--  ----\n1   x\n1 object (0.0 ms)\n")
        #expect(ReplStyle(enabled: false).styled(reply) == reply.text)
        #expect(
            ReplStyle(enabled: true).styled(reply)
                == "\u{1B}[1mid  name\u{1B}[0m\n--  ----\n1   x\n\u{1B}[2m1 object (0.0 ms)\u{1B}[0m\n")
        let error = ReplReply("1:1: error: x\nnote: y\n", isError: true)
        #expect(
            ReplStyle(enabled: true).styled(error) == "\u{1B}[31m1:1: error: x\u{1B}[0m\n\u{1B}[36mnote: y\u{1B}[0m\n")
    }
}
