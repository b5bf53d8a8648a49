import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

/// Rows of text in aligned columns, two spaces apart, with a header underlined by dashes;
/// cells longer than ``maximumWidth`` characters are cut with `…`:
///
/// ```
/// id  name       size
/// --  ---------  ----
/// 1   notes.txt  120
/// ```
struct ResultTable {
    /// The widest a cell is printed, in characters.
    static let maximumWidth = 28

    /// The column titles; `nil` for a table without a header.
    var headers: [String]?
    /// The cells, row by row.
    var rows: [[String]]
    /// Whether long cells are cut (values are; help text is not).
    var cutsCells = true

    /// A table of `rows` under `headers` (none when `nil`).
    init(headers: [String]?, rows: [[String]], cutsCells: Bool = true) {
        self.headers = headers
        self.rows = rows
        self.cutsCells = cutsCells
    }

    /// The table's lines, without trailing spaces.
    var lines: [String] {
        let all = (headers.map { [$0] } ?? []) + rows
        let columns = all.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        let cut = all.map { row in cutsCells ? row.map(Self.cut) : row }
        for row in cut {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (index, cell) in cells.enumerated() {
                text +=
                    index == cells.count - 1
                    ? cell : cell + String(repeating: " ", count: widths[index] - cell.count + 2)
            }
            return text.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        var result: [String] = []
        if headers != nil, let header = cut.first {
            result.append(line(header))
            result.append(line(widths.prefix(header.count).map { String(repeating: "-", count: $0) }))
            result += cut.dropFirst().map(line)
        } else {
            result += cut.map(line)
        }
        return result
    }

    /// The table as text, a newline after each line.
    var text: String { lines.map { $0 + "\n" }.joined() }

    /// `cell` with line breaks shown as `⏎`, cut to ``maximumWidth`` characters.
    static func cut(_ cell: String) -> String {
        let flat = cell.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\n", with: "⏎")
        guard flat.count > maximumWidth else { return flat }
        return String(flat.prefix(maximumWidth - 1)) + "…"
    }

    /// A value as a cell: strings without quotes, dates in ISO 8601, `nil` for null, other
    /// values as JSON.
    static func cell(_ value: PredicateValue) -> String {
        switch value {
        case .null: return "nil"
        case .bool(let bool): return bool ? "true" : "false"
        case .int(let int): return String(int)
        case .double(let double): return double.description
        case .string(let string): return string
        case .date(let date): return Self.dateText(date)
        case .data, .uuid, .array, .set, .dictionary, .reference: return value.jsonText()
        }
    }

    /// `2024-02-01T10:00:00Z`, with the fraction of a second the date has (exact, as in graph
    /// files: ``ISO8601DateText``); a date outside the years 0000–9999 as its JSON tag
    /// (`{"$date":-1e+20}`).
    static func dateText(_ date: Date) -> String {
        ISO8601DateText.string(from: date) ?? PredicateValue.date(date).jsonText()
    }
}

extension ResultTable {
    /// The rows of a graph: `id`, `entity` (when the entity has sub-entities), the attributes,
    /// then the relationships, each target shown by its `name` attribute when it has one,
    /// else by its id.
    init(rows ids: [ObjectID], entity: String, graph: ObjectGraph) {
        let schema = graph.schema
        let attributes = schema.allAttributes(of: entity).map(\.name)
        let relationships = schema.allRelationships(of: entity).map(\.name)
        let showsEntity = !schema.subentities(of: entity).isEmpty
        headers = ["id"] + (showsEntity ? ["entity"] : []) + attributes + relationships
        rows = ids.map { id in
            var row = [Self.keyText(id.id)]
            if showsEntity { row.append(graph.entity(of: id) ?? "") }
            for key in attributes + relationships {
                switch try? graph.value(forKey: key, of: id) {
                case .attribute(let value)?: row.append(Self.cell(value))
                case .toOne(let target?)?: row.append(Self.label(target, in: graph))
                case .toOne(nil)?: row.append("nil")
                case .toMany(let targets)?:
                    row.append(targets.map { Self.label($0, in: graph) }.joined(separator: ", "))
                case nil: row.append("")
                }
            }
            return row
        }
    }

    /// An object as a relationship cell shows it: its `name` when it has a string one, else
    /// its id.
    static func label(_ id: ObjectID, in graph: ObjectGraph) -> String {
        if case .attribute(.string(let name))? = try? graph.value(forKey: "name", of: id) { return name }
        return keyText(id.id)
    }

    /// An object key without quotes: `1`, `a-7`.
    static func keyText(_ key: ObjectKey) -> String {
        switch key {
        case .int(let int): String(int)
        case .string(let string): string
        }
    }

    /// The rows of a JSON array: `#` (the index in the array), then `id` when the objects have
    /// one, then the other keys of the objects in alphabetical order; an element that is not
    /// an object is one `value` cell.
    init(values: [(index: Int, value: PredicateValue)]) {
        var keys: [String] = []
        var seen = Set<String>()
        var hasScalars = false
        for (_, value) in values {
            guard case .dictionary(let object) = value else {
                hasScalars = true
                continue
            }
            for key in object.keys.sorted() where seen.insert(key).inserted { keys.append(key) }
        }
        if let id = keys.firstIndex(of: "id") { keys.insert(keys.remove(at: id), at: 0) }
        headers = ["#"] + keys + (hasScalars ? ["value"] : [])
        rows = values.map { index, value in
            var row = [String(index)]
            if case .dictionary(let object) = value {
                row += keys.map { object[$0].map(Self.cell) ?? "" }
                if hasScalars { row.append("") }
            } else {
                row += keys.map { _ in "" } + [Self.cell(value)]
            }
            return row
        }
    }
}
