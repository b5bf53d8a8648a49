import Evaluation
import Foundation
import PostgresDatabase
import TestSupport
import Testing

/// PostgreSQL folds strings as memory does (`pe_fold`, which `==[c]`, `<[cd]`, `CONTAINS[d]`
/// and the others use): every character the folding tables list, alone and followed by marks,
/// and random strings of delicate characters, compared with the engine's own fold; and it
/// searches them as memory does (`pe_contains`, `pe_beginswith`, `pe_endswith`).
@Suite(
    "PostgreSQL folding and string search equal memory's",
    .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
struct PostgresFoldingTests {
    static let modes = ["c", "d", "cd"]

    /// For each text and mode: memory's fold, the server's `pe_fold`, and whether the server's
    /// NFC agrees with the standard library's on the text and on memory's fold (they disagree
    /// on characters newer than the server's Unicode tables).
    static func folds(_ texts: [String], _ db: PostgresConnection) throws -> [[(String, String, Bool)]] {
        try db.execute("CREATE TEMPORARY TABLE IF NOT EXISTS f (n integer, s text, m text, o text); TRUNCATE f")
        var memory: [[String]] = []
        for start in stride(from: 0, to: texts.count, by: 300) {
            let batch = Array(texts[start..<min(start + 300, texts.count)])
            var rows: [String] = []
            var bindings: [SQLValue] = []
            for (offset, text) in batch.enumerated() {
                var folded: [String] = []
                for mode in modes {
                    let base = bindings.count
                    rows.append("($\(base + 1), $\(base + 2), $\(base + 3), $\(base + 4))")
                    folded.append(SQLHelperFunctions.fold(text, mode))
                    bindings += [.integer(Int64(start + offset)), .text(text), .text(folded.last ?? ""), .text(mode)]
                }
                memory.append(folded)
            }
            try db.execute(
                SQLStatement(sql: "INSERT INTO f VALUES " + rows.joined(separator: ", "), bindings: bindings))
        }
        let rows = try db.rows(
            SQLStatement(sql: "SELECT pe_fold(s, o), normalize(m, NFC), normalize(s, NFC) FROM f ORDER BY n, o"))
        let originals = texts
        let texts = rows.map { row in row.map { if case .text(let text) = $0 { text } else { "\($0)" } } }
        // Ordered by mode name: c, cd, d.
        return memory.indices.map { index in
            let server = texts[(3 * index)..<(3 * index + 3)]
            let byMode = Dictionary(uniqueKeysWithValues: zip(["c", "cd", "d"], server))
            let original = SQLHelperFunctions.canonicalComposition(texts.isEmpty ? "" : originals[index])
            return modes.enumerated().map { column, mode in
                let row = byMode[mode] ?? []
                let agree = row.count == 3 && same(row[1], memory[index][column]) && same(row[2], original)
                return (memory[index][column], row.first ?? "", agree)
            }
        }
    }

    /// Checks every text; returns how many were skipped because the server's NFC differs from
    /// memory's.
    @discardableResult
    static func check(_ texts: [String], _ db: PostgresConnection, replay: (Int) -> String = { _ in "" }) throws
        -> Int
    {
        let results = try folds(texts, db)
        var mismatches = 0
        var skipped = 0
        for (index, text) in texts.enumerated() {
            for (column, mode) in modes.enumerated() {
                let (expected, actual, normalisationsAgree) = results[index][column]
                if !normalisationsAgree || newerThanServerTables(text) {
                    skipped += 1
                    continue
                }
                guard !same(expected, actual) else { continue }
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record(
                        "[\(mode)] \(codePoints(text)): memory \(codePoints(expected)), PostgreSQL \(codePoints(actual)) \(replay(index))"
                    )
                }
            }
        }
        print(
            "PostgresFoldingTests: \(texts.count * modes.count) folds, \(skipped) skipped (characters newer than the server's Unicode tables)"
        )
        return skipped
    }

    /// Whether `text` has a character added to Unicode after 14.0, the version of PostgreSQL
    /// 15's tables: the server gives it no combining class, so NFC orders it differently.
    static func newerThanServerTables(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            guard let age = scalar.properties.age else { return false }
            return age.major * 100 + age.minor > 1400
        }
    }

    static func same(_ a: String, _ b: String) -> Bool { a.unicodeScalars.elementsEqual(b.unicodeScalars) }

    @Test("every character the tables list folds as in memory, alone, after a letter and before marks")
    func everyListedCharacter() throws {
        let db = try PostgresTestServer.shared.get().makeDatabase()
        let table = SQLFoldingTable.shared
        var characters = Set<UInt32>()
        for mode in SQLFoldingTable.Mode.allCases {
            for (scalar, _) in table.mapped[mode] ?? [] { characters.insert(scalar.value) }
            for scalar in (table.keepsMarks[mode] ?? []) + (table.dropsMarks[mode] ?? []) {
                characters.insert(scalar.value)
            }
        }
        characters.formUnion(table.extending.map(\.value))
        var texts: [String] = []
        for value in characters.sorted() {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            texts += [text, "Xa" + text, text + "\u{301}\u{316}", "ש" + text + "\u{E34}"]
        }
        let skipped = try Self.check(texts, db)
        #expect(skipped * 50 < texts.count * Self.modes.count, "at most 2% of the folds skipped")
    }

    @Test("random strings of delicate characters fold as in memory")
    func randomStrings() throws {
        let db = try PostgresTestServer.shared.get().makeDatabase()
        let run = PropertyRun("PostgresFoldingTests.randomStrings", defaultCases: 3_000)
        let table = SQLFoldingTable.shared
        // Characters newer than the server's Unicode tables are left out of the draw (their
        // folds cannot agree; `everyListedCharacter` counts them), so that a skip means the
        // two normalisations disagree on known characters, which must stay rare.
        let known = { (text: String) in !Self.newerThanServerTables(text) }
        let listed = (table.mapped[.cd] ?? []).map { String($0.0) }.filter(known)
        let marks = table.extending.map { String($0) }.filter(known)
        let pool = DelicateText.characters + DelicateText.marks + DelicateText.words
        var texts: [String] = []
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            var text = ""
            for _ in 0..<random.int(in: 1...6) {
                switch random.int(in: 0...3) {
                case 0: text += random.pick(listed)
                case 1: text += random.pick(marks)
                default: text += random.pick(pool)
                }
            }
            texts.append(text)
        }
        let skipped = try Self.check(texts, db, replay: run.replay)
        #expect(skipped * 50 < texts.count * Self.modes.count, "at most 2% of the folds skipped")
    }

    @Test("CONTAINS, BEGINSWITH and ENDSWITH over random strings of delicate characters answer as in memory")
    func search() throws {
        let db = try PostgresTestServer.shared.get().makeDatabase()
        let run = PropertyRun("PostgresFoldingTests.search", defaultCases: 1_500)
        let pool = DelicateText.characters + DelicateText.marks + DelicateText.words
        try db.execute("CREATE TEMPORARY TABLE p (n integer, h text, t text, o text)")
        var cases: [(String, String, String)] = []
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            var haystack = ""
            for _ in 0..<random.int(in: 1...5) { haystack += random.pick(pool) }
            // A needle cut from the haystack's scalars, or from the pool.
            let scalars = Array(haystack.unicodeScalars)
            let start = random.int(in: 0...(scalars.count - 1))
            let end = random.int(in: (start + 1)...scalars.count)
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[start..<end])
            let needle = random.int(in: 0...2) == 0 ? random.pick(pool) : String(view)
            let options = random.pick(["", "c", "d", "cd", "n"])
            if !Self.newerThanServerTables(haystack + needle) { cases.append((haystack, needle, options)) }
        }
        for start in stride(from: 0, to: cases.count, by: 200) {
            let batch = cases[start..<min(start + 200, cases.count)]
            let rows = batch.indices.map {
                "($\(4 * ($0 - start) + 1), $\(4 * ($0 - start) + 2), $\(4 * ($0 - start) + 3), $\(4 * ($0 - start) + 4))"
            }
            try db.execute(
                SQLStatement(
                    sql: "INSERT INTO p VALUES " + rows.joined(separator: ", "),
                    bindings: batch.indices.flatMap { index in
                        [
                            SQLValue.integer(Int64(index)), .text(cases[index].0), .text(cases[index].1),
                            .text(cases[index].2),
                        ]
                    }))
        }
        let answers = try db.rows(
            SQLStatement(
                sql: "SELECT pe_contains(h, t, o), pe_beginswith(h, t, o), pe_endswith(h, t, o) FROM p ORDER BY n"))
        #expect(answers.count == cases.count)
        var mismatches = 0
        for (index, (haystack, needle, options)) in cases.enumerated() where index < answers.count {
            let expected = ["anywhere", "prefix", "suffix"].map {
                SQLValue.integer(SQLHelperFunctions.search(haystack, needle, options, anchor: $0) ? 1 : 0)
            }
            guard answers[index] != expected else { continue }
            mismatches += 1
            if mismatches <= 5 {
                Issue.record(
                    "[\(options)] \(Self.codePoints(haystack)) / \(Self.codePoints(needle)): memory \(expected), PostgreSQL \(answers[index])"
                )
            }
        }
        print("PostgresFoldingTests.search: \(cases.count) searches compared")
    }

    @Test("the issue's examples: ==[c] 'σας' matches ΣΑΣ, dotted and dotless i, ß, the Kelvin sign")
    func examples() throws {
        let db = try PostgresTestServer.shared.get().makeDatabase()
        let rows = try db.rows(
            SQLStatement(
                sql: "SELECT pe_fold($1, 'c') = pe_fold($2, 'c'), pe_fold($3, 'cd'), pe_fold($4, 'c'), "
                    + "pe_fold($5, 'c'), pe_fold($6, 'c')",
                bindings: [
                    .text("σας"), .text("ΣΑΣ"), .text("İstanbul"), .text("ı"), .text("Straße"), .text("\u{212A}"),
                ]))
        #expect(rows == [[.integer(1), .text("istanbul"), .text("ı"), .text("strasse"), .text("k")]])
    }

    /// Character boundaries that decide a search, one rule each (Unicode's extended grapheme
    /// clusters): the haystack, the needle, and whether memory and PostgreSQL find it.
    static let boundaryCases: [(String, String, Bool, String)] = [
        // A zero-width joiner joins an emoji only after a pictograph.
        ("\u{200D}😀café", "😀c", true, "a joiner at the start joins nothing"),
        ("x😀\u{200D}😀é", "😀é", false, "pictograph, joiner, emoji: one character"),
        ("x😀\u{1F3FB}\u{200D}😀é", "😀é", false, "a skin tone may stand before the joiner"),
        ("xa\u{301}\u{200D}😀é", "😀é", true, "a letter with a mark before the joiner joins nothing"),
        // Leading, vowel and trailing jamo stay together.
        ("ß\u{1100}\u{1100}", "\u{1100}", false, "two leading jamo are one syllable"),
        ("é가\u{1161}", "\u{1161}", false, "a syllable with no final takes another vowel"),
        ("é각\u{11A8}", "\u{11A8}", false, "a syllable with a final takes another final"),
        ("é각\u{1161}", "\u{1161}", true, "a vowel after a final starts a new character"),
        // Regional indicators pair from the start of their run.
        ("é\u{1F1EB}\u{1F1F7}\u{1F1EB}\u{1F1F7}", "\u{1F1F7}\u{1F1EB}", false, "a search across two flags"),
        ("é\u{1F1EB}\u{1F1F7}\u{1F1EB}\u{1F1F7}", "\u{1F1EB}\u{1F1F7}", true, "a whole flag"),
        ("é\u{1F1EB}\u{1F1F7}\u{1F1EB}", "\u{1F1EB}", true, "the lone third indicator"),
        // CR LF is one character; other controls stand alone, marks after them too.
        ("ά\r\nx", "\n", false, "inside CR LF (text beyond U+0300: memory searches by character)"),
        ("é\n\u{301}x", "\n", true, "a mark after a line feed does not join it"),
    ]

    @Test(
        "character boundaries: joiners after pictographs only, jamo, flags, CR LF and controls",
        arguments: boundaryCases)
    func boundaries(haystack: String, needle: String, found: Bool, rule: String) throws {
        let db = try PostgresTestServer.shared.get().makeDatabase()
        let memory = SQLHelperFunctions.search(haystack, needle, "", anchor: "anywhere")
        #expect(memory == found, "memory: \(rule)")
        let rows = try db.rows(
            SQLStatement(sql: "SELECT pe_contains($1, $2, '')", bindings: [.text(haystack), .text(needle)]))
        #expect(rows == [[.integer(found ? 1 : 0)]], "PostgreSQL: \(rule)")
    }

    static func codePoints(_ text: String) -> String {
        text.unicodeScalars.map { String(format: "%04X", $0.value) }.joined(separator: " ")
    }
}
