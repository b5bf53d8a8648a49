import Foundation
import TestSupport
import Testing

@testable import PredicateCLI

/// Result tables fitted to the terminal's width, and `:columns`. The session is given a fixed
/// width (as the terminal's would be read); expected tables are worked out by hand from
/// Samples/graph.json and the rule of ``ResultTable/fitted(to:)``: the widest columns are cut
/// to one width, the largest that fits, and columns on the right are left out when even
/// 4-character columns do not fit.
@Suite("REPL: tables fit the terminal")
struct ReplTableWidthTests {
    static func session(width: Int?) throws -> ReplSession {
        var session = try ReplSession.bundledSample(clock: { 0 })
        session.terminalWidth = { width }
        return session
    }

    // Natural widths of `#size > 100` (Contents 1, 2, 3, 5): id 2, entity 12, creationDate 20,
    // name 9, size 4, bucket 7, owner 5, tags 10; 69 + 7 gaps of 2 = 83 characters.

    @Test("60 columns: every column kept, the wide ones cut to 7 characters")
    func sixty() throws {
        var session = try Self.session(width: 60)
        // The largest cap c with the sum of min(width, c) ≤ 60 - 14 is 7 (2+7+7+7+4+7+5+7 = 46).
        #expect(
            session.handle("#size > 100").text == """
                id  entity   creati…  name     size  bucket   owner  tags
                --  -------  -------  -------  ----  -------  -----  -------
                1   Content  2024-0…  notes.…  120   Inbox    Ann    work
                2   ImageC…  2024-0…  beach.…  2048  Photos   Ben    holida…
                3   Content  2024-0…  plan.p…  560   Inbox    Ben    work, x
                5   ImageC…  2024-0…  scan.j…  900   Archive  Cleo
                4 objects (0.0 ms)

                """)
    }

    @Test("30 columns: the columns that do not fit are left out and named")
    func thirty() throws {
        var session = try Self.session(width: 30)
        // Five columns fit at 4 characters (2+4+4+4+4 + 8 = 26); six do not (32). The cap is 5
        // (2+5+5+5+4 + 8 = 29), and the one character left goes to entity.
        #expect(
            session.handle("#size > 100").text == """
                id  entity  crea…  name   size
                --  ------  -----  -----  ----
                1   Conte…  2024…  note…  120
                2   Image…  2024…  beac…  2048
                3   Conte…  2024…  plan…  560
                5   Image…  2024…  scan…  900
                (3 more columns: bucket, owner, tags; :columns chooses which to show)
                4 objects (0.0 ms)

                """)
    }

    @Test("a table that fits, and output that is no terminal, are printed at their natural width")
    func natural() throws {
        var wide = try Self.session(width: 200)
        var pipe = try Self.session(width: nil)
        let text = pipe.handle("#size > 100").text
        #expect(wide.handle("#size > 100").text == text)
        #expect(text.hasPrefix("id  entity        creationDate          name       size  bucket   owner  tags\n"))
    }

    @Test(":columns chooses the columns and their order; :columns alone shows all again")
    func columns() throws {
        var session = try Self.session(width: nil)
        #expect(session.handle(":columns name, size").text == "columns: name, size\n")
        #expect(
            session.handle("bucket.name == 'Inbox'").text == """
                id  entity   name       size
                --  -------  ---------  ----
                1   Content  notes.txt  120
                3   Content  plan.pdf   560
                6   Content  todo.txt   40
                3 objects (0.0 ms)

                """)
        // A sub-entity's attribute is a column too, empty for the objects that lack it.
        #expect(session.handle(":columns width, name").text == "columns: width, name\n")
        #expect(
            session.handle("bucket.name == 'Photos'").text == """
                id  entity            width  name
                --  ----------------  -----  ---------------
                2   ImageContent      800    beach.png
                4   ThumbnailContent  80     beach-thumb.png
                2 objects (0.0 ms)

                """)
        // Another entity shows every column; back on Content, the choice applies again.
        _ = session.handle(":entity Tag")
        #expect(session.handle("name == 'x'").text.hasPrefix("id  name  contents\n"))
        _ = session.handle(":entity Content")
        #expect(session.handle("name == 'todo.txt'").text.hasPrefix("id  entity   width  name\n"))
        #expect(session.handle(":columns").text == "columns: all\n")
        #expect(session.handle("name == 'todo.txt'").text.hasPrefix("id  entity   creationDate"))
    }

    @Test(":columns refuses what is not a column, with a did-you-mean")
    func columnErrors() throws {
        var session = try Self.session(width: nil)
        #expect(
            session.handle(":columns name, sise").text
                == "error: 'sise' is not a column here (entity Content); did you mean 'size'?\n")
        #expect(session.handle(":columns name, name").text == "error: 'name' is listed twice\n")
        #expect(
            session.handle(":columns name,,size").text
                == "error: usage: :columns KEY, KEY, … (e.g. :columns name, size), or :columns for all\n")
        // id and entity are always shown: naming them changes nothing.
        #expect(session.handle(":columns id, entity, tags").text == "columns: tags\n")
        var bare = ReplSession(schema: nil, schemaName: nil, objects: .none, entity: nil)
        #expect(bare.handle(":columns a").isError)
    }

    @Test(":columns on a JSON array chooses among its objects' keys")
    func dataColumns() throws {
        var session = ReplSession(
            schema: nil, schemaName: nil,
            objects: .data(
                [.dictionary(["id": .int(1), "name": .string("Ann"), "age": .int(30)]), .dictionary(["id": .int(2)])],
                name: "people.json"),
            entity: nil, clock: { 0 })
        #expect(session.handle(":columns name").text == "columns: name\n")
        #expect(session.handle("id > 0").text == "#  name\n-  ----\n0  Ann\n1\n2 objects (0.0 ms)\n")
        #expect(
            session.handle(":columns nmae").text.hasPrefix(
                "error: 'nmae' is not a column here (data people.json); did you mean 'name'?"))
    }

    @Test("widths are terminal columns: a wide character takes two, and is never cut in half")
    func wideCharacters() {
        var session = ReplSession(
            schema: nil, schemaName: nil,
            objects: .data([.dictionary(["id": .int(1), "name": .string("東京都庁舎ビル")])], name: "x"), entity: nil,
            clock: { 0 })
        // The name takes 14 columns; in 14 the cap is 7 (1 + 2 + 7 + two gaps of 2): three
        // characters (6 columns) and the ellipsis.
        session.terminalWidth = { 14 }
        #expect(session.handle("id == 1").text == "#  id  name\n-  --  -------\n0  1   東京都…\n1 object (0.0 ms)\n")
        session.terminalWidth = { nil }
        #expect(
            session.handle("id == 1").text
                == "#  id  name\n-  --  --------------\n0  1   東京都庁舎ビル\n1 object (0.0 ms)\n")
    }

    @Test("fitting: no line wider than the width, columns kept from the left, cells whole or cut with …")
    func fittingProperty() {
        let run = PropertyRun("ReplTableWidthTests.fittingProperty", defaultCases: 500)
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            let columns = random.int(in: 1...9)
            let headers = (0..<columns).map { Self.word(&random, maximum: 12) + String($0) }
            let rows = (0..<random.int(in: 0...5)).map { _ in
                (0..<columns).map { _ in Self.word(&random, maximum: 40) }
            }
            let width = random.int(in: 1...120)
            let table = ResultTable(headers: headers, rows: rows)
            let fitted = table.fitted(to: width)
            let natural = table.lines
            let problem = Self.problem(fitted, natural: natural, table: table, width: width)
            #expect(
                problem == nil,
                "\(problem ?? ""); width \(width), headers \(headers), rows \(rows); \(run.replay(index))")
            if problem != nil { return }
        }
    }

    /// What is wrong with `fitted`, or `nil`.
    static func problem(_ fitted: FittedTable, natural: [String], table: ResultTable, width: Int) -> String? {
        if natural.allSatisfy({ DisplayWidth.of($0) <= width }) {
            return fitted.lines == natural && fitted.hiddenColumns.isEmpty ? nil : "a table that fits was changed"
        }
        if let long = fitted.lines.first(where: { DisplayWidth.of($0) > width }) {
            return "line wider than \(width) columns: \(long)"
        }
        let headers = table.headers ?? []
        let shown = headers.count - fitted.hiddenColumns.count
        guard shown >= 1, Array(headers.dropFirst(shown)) == fitted.hiddenColumns else {
            return "hidden columns are not the rightmost: \(fitted.hiddenColumns)"
        }
        // Each shown cell of the header line is its title, whole or cut with …, in order.
        var rest = Substring(fitted.lines[0])
        for title in headers.prefix(shown) {
            rest = rest.drop { $0 == " " }
            let cell = rest.prefix { $0 != " " }
            guard cell == title || (cell.hasSuffix("…") && title.hasPrefix(cell.dropLast())) else {
                return "header cell '\(cell)' is not '\(title)' or a cut of it"
            }
            rest = rest.dropFirst(cell.count)
        }
        return nil
    }

    /// A word of 1 to `maximum` letters (some of them not ASCII).
    static func word(_ random: inout SplitMix64, maximum: Int) -> String {
        String((0..<random.int(in: 1...maximum)).map { _ in random.pick(Array("abcdefxyzéß語")) })
    }
}
