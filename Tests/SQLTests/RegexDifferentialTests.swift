import Evaluation
import Foundation
import PostgresDatabase
import Predicates
import TestSupport
import Testing

/// MATCHES on PostgreSQL answers as memory does: random ICU patterns (``RandomRegex``) under
/// random options, over strings made to match them and strings changed a little, in memory
/// (the engine's ICU regular expressions) and on the throwaway server (the translation, through
/// the PostgreSQL dialect). Every pattern inside the translated subset is lowered and agrees on
/// every string; every pattern with a construct outside it is refused, naming it; an invalid
/// pattern is reported as such. `PREDICATE_SEED`/`PREDICATE_CASES` replay and resize a run.
///
/// Strings whose fold memory's MATCHES sees uncomposed (`ǰ` under `[c]`: PostgreSQL's
/// `pe_fold` gives NFC) are the known difference of Docs/sql-mapping.md: they are skipped and
/// counted.
@Suite(
    "MATCHES on PostgreSQL: differential against memory",
    .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
struct RegexDifferentialTests {
    struct Counts {
        var patterns = 0
        var compared = 0
        var refused = 0
        var invalid = 0
        var skipped = 0
    }

    static let options = ["", "", "c", "d", "cd", "n"]

    @Test("random patterns: 0 mismatches, every pattern outside the subset refused")
    func randomPatterns() throws {
        let run = PropertyRun("RegexDifferentialTests", defaultCases: 80)
        let db = try PostgresTestServer.shared.get().makeDatabase()
        var counts = Counts()
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            let patterns = (0..<8).map { _ in RandomRegex.make(&random, outside: random.chance(1, in: 6)) }
            var subjects: [String] = [""]
            for pattern in patterns { for _ in 0..<3 { subjects.append(pattern.subject(&random)) } }
            try Self.store(subjects, in: db)
            for pattern in patterns {
                let code = random.pick(Self.options)
                guard let problem = try Self.check(pattern, code, subjects, db, &counts) else { continue }
                Self.record(problem, pattern, code, subjects, db, replay: run.replay(index))
                return
            }
        }
        print(
            "RegexDifferentialTests: \(counts.patterns) patterns, \(counts.compared) strings compared, "
                + "\(counts.refused) patterns refused (a construct outside the subset), \(counts.invalid) invalid after folding, "
                + "\(counts.skipped) strings skipped (a fold memory sees uncomposed)")
        #expect(counts.compared > run.cases * 100 || run.cases < 50)
    }

    @Test("nested loops that can match nothing, greedy and lazy, on every string of a and b up to 5 long")
    func loops() throws {
        let run = PropertyRun("RegexDifferentialTests.loops", defaultCases: 60)
        let db = try PostgresTestServer.shared.get().makeDatabase()
        let subjects = RandomRegex.everyString(upTo: 5)
        try Self.store(subjects, in: db)
        var counts = Counts()
        var lazyOverEmpty = 0
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            for _ in 0..<10 {
                let pattern = RandomRegex.loops(&random)
                if pattern.hasLazyLoopOverEmpty { lazyOverEmpty += 1 }
                guard let problem = try Self.check(pattern, "", subjects, db, &counts) else { continue }
                Self.record(problem, pattern, "", subjects, db, replay: run.replay(index))
                return
            }
        }
        print(
            "RegexDifferentialTests.loops: \(counts.patterns) patterns, \(counts.compared) strings compared, "
                + "\(counts.refused) refused (\(lazyOverEmpty) with a lazy loop over a part that can match nothing)")
        // Every pattern without such a loop is compared on all 63 strings.
        #expect(counts.refused == lazyOverEmpty)
        #expect(counts.compared == (counts.patterns - counts.refused) * subjects.count)
    }

    /// Fills the table `lines` (made on first use) with `subjects`, numbered from 0.
    static func store(_ subjects: [String], in db: PostgresConnection) throws {
        try db.execute("CREATE TABLE IF NOT EXISTS lines (id integer PRIMARY KEY, s text)")
        try db.execute("TRUNCATE lines")
        let values = subjects.indices.map { "($\(2 * $0 + 1), $\(2 * $0 + 2))" }.joined(separator: ", ")
        try db.execute(
            SQLStatement(
                sql: "INSERT INTO lines VALUES " + values,
                bindings: subjects.enumerated().flatMap { [SQLValue.integer(Int64($0.offset)), .text($0.element)] }))
    }

    /// Records a problem with the pattern, shrunk to the smallest pattern that still shows one.
    static func record(
        _ problem: String, _ pattern: RandomRegex, _ code: String, _ subjects: [String], _ db: PostgresConnection,
        replay: String
    ) {
        var scratch = Counts()
        let smallest = Shrinker.shrink(
            pattern, candidates: \.smaller,
            fails: { candidate in ((try? Self.check(candidate, code, subjects, db, &scratch)) ?? nil) != nil })
        Issue.record(
            """
            \(problem)
            pattern: \(Self.shown(pattern.text)) options: [\(code)]
            pattern (shrunk): \(Self.shown(smallest.text))
            \(replay)
            """)
    }

    /// Compares one pattern on every subject; a description of the first problem, if any.
    static func check(
        _ pattern: RandomRegex, _ code: String, _ subjects: [String], _ db: PostgresConnection, _ counts: inout Counts
    ) throws -> String? {
        counts.patterns += 1
        let text = pattern.text
        let match = SQLRegexMatch(
            subject: .column(alias: "t0", name: "s"), pattern: .constant(text),
            options: options(code), range: nil)
        // The translation first: a refused pattern is not run in memory, where ICU can take
        // minutes over a lazy loop of a part that matches nothing (`(?:(?:a{0,2})+?|a)`).
        var statement: SQLStatement
        do {
            statement = try PostgreSQLDialect().render(.regexMatch(match))
            statement.sql = #"SELECT "t0"."id" FROM "lines" AS "t0" WHERE "# + statement.sql
        } catch {
            if error.id == "sql-invalid-pattern" {
                counts.invalid += 1
                // Memory must refuse it too: it does not compile, whatever the string.
                do {
                    _ = try SQLHelperFunctions.matches("", text, code)
                } catch {
                    return error.id == "invalid-pattern" ? nil : "memory fails with \(error.message)"
                }
                return "the translation refuses the pattern as invalid (\(error.message)) but memory compiles it"
            }
            counts.refused += 1
            if pattern.isRefused || rewritten(text, code) { return nil }
            return "a pattern inside the subset was refused: \(error)"
        }
        if pattern.isRefused && !rewritten(text, code) {
            return "a pattern outside the subset was lowered: \(statement)"
        }
        var memory: Set<Int> = []
        do {
            for (index, subject) in subjects.enumerated() where try SQLHelperFunctions.matches(subject, text, code) {
                memory.insert(index)
            }
        } catch {
            guard error.id == "invalid-pattern" else { return nil }  // regex-limit: memory gave up
            return "memory refuses the pattern (\(error.message)) but the translation does not"
        }
        let rows = try db.rows(statement)
        let database = Set(
            rows.compactMap { row -> Int? in if case .integer(let id)? = row.first { Int(id) } else { nil } })
        for (index, subject) in subjects.enumerated() {
            let seen = SQLHelperFunctions.matchesSubject(subject, code)
            // Scalars, not `String`'s canonical equivalence.
            if !seen.unicodeScalars.elementsEqual(SQLHelperFunctions.canonicalComposition(seen).unicodeScalars) {
                counts.skipped += 1
                continue
            }
            counts.compared += 1
            guard memory.contains(index) != database.contains(index) else { continue }
            return """
                subject \(shown(subject)): memory \(memory.contains(index)), PostgreSQL \(database.contains(index))
                translation: \(statement)
                """
        }
        return nil
    }

    /// Whether memory compiles other text than `pattern`: folded (`\D` is `\d` under `[c]`) or
    /// normalised (`\E` and a combining accent become `\É`, leaving a `\Q` unterminated), so
    /// that a construct may leave or join the translated subset.
    static func rewritten(_ pattern: String, _ code: String) -> Bool {
        if code.contains("n") { return false }
        if code.contains("c") || code.contains("d") { return true }
        return !pattern.precomposedStringWithCompatibilityMapping.unicodeScalars.elementsEqual(pattern.unicodeScalars)
    }

    static func options(_ code: String) -> ComparisonOptions {
        var options: ComparisonOptions = []
        for (letter, option) in ComparisonOptions.letters where code.contains(letter) { options.insert(option) }
        return options
    }

    /// Text with its control and non-ASCII characters escaped.
    static func shown(_ text: String) -> String {
        "\""
            + text.unicodeScalars.map {
                $0.isASCII && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16))}"
            }
            .joined() + "\""
    }
}
