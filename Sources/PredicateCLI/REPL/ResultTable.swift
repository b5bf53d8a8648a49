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
    /// The widest a cell is printed, in terminal columns.
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

    /// The table's lines, without trailing spaces, at their natural width.
    var lines: [String] { fitted(to: nil).lines }

    /// The table as text, a newline after each line.
    var text: String { lines.map { $0 + "\n" }.joined() }

    /// `cell` with line breaks shown as `⏎`, cut to ``maximumWidth`` columns.
    static func cut(_ cell: String) -> String {
        cut(
            cell.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\n", with: "⏎"), to: maximumWidth
        )
    }

    /// `text` itself when it takes at most `width` columns of a terminal (``DisplayWidth``:
    /// `語` takes two), else as many of its first characters as fit in `width - 1` columns, and
    /// `…`.
    static func cut(_ text: String, to width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        guard width > 0 else { return "" }
        var kept = ""
        var columns = 0
        for character in text {
            let next = DisplayWidth.of(character)
            guard columns + next <= width - 1 else { break }
            kept.append(character)
            columns += next
        }
        return kept + "…"
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
    /// The rows of a graph: `id`, `entity` (when the entity has sub-entities), then the
    /// attributes and the relationships — or the `columns` given, in their order —, each
    /// target shown by its `name` attribute when it has one, else by its id. A column an
    /// object does not have (a sub-entity's attribute) is empty.
    init(rows ids: [ObjectID], entity: String, graph: ObjectGraph, columns: [String]? = nil) {
        let schema = graph.schema
        let keys = columns ?? Self.columns(of: entity, in: schema)
        let showsEntity = !schema.subentities(of: entity).isEmpty
        headers = ["id"] + (showsEntity ? ["entity"] : []) + keys
        rows = ids.map { id in
            var row = [Self.keyText(id.id)]
            if showsEntity { row.append(graph.entity(of: id) ?? "") }
            for key in keys {
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

    /// The columns a graph table shows by default: the entity's attributes, then its
    /// relationships (inherited ones included).
    static func columns(of entity: String, in schema: Schema) -> [String] {
        schema.allAttributes(of: entity).map(\.name) + schema.allRelationships(of: entity).map(\.name)
    }

    /// The keys of the objects of a JSON array, as its table shows them by default: `id` first
    /// when the objects have one, then the others in alphabetical order.
    static func keys(of values: [PredicateValue]) -> [String] {
        var keys: [String] = []
        var seen = Set<String>()
        for case .dictionary(let object) in values {
            for key in object.keys.sorted() where seen.insert(key).inserted { keys.append(key) }
        }
        if let id = keys.firstIndex(of: "id") { keys.insert(keys.remove(at: id), at: 0) }
        return keys
    }

    /// The rows of a JSON array: `#` (the index in the array), then `id` when the objects have
    /// one, then the other keys of the objects in alphabetical order (or the `columns` given);
    /// an element that is not an object is one `value` cell.
    init(values: [(index: Int, value: PredicateValue)], columns: [String]? = nil) {
        let keys = columns ?? Self.keys(of: values.map(\.value))
        let hasScalars = values.contains { if case .dictionary = $0.value { false } else { true } }
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
