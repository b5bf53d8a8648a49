import KeyPaths
import ObjectStore
import Predicates

/// The columns `:columns` chose, and what for: an entity of the graph, or a JSON array. A
/// choice applies only there, so changing the entity (or loading other objects) shows every
/// column again, and coming back shows the chosen ones.
struct ColumnChoice: Sendable, Equatable {
    /// `entity Content`, or `data people.json`.
    var context: String
    /// The keys shown after the id (or `#`), in order.
    var keys: [String]
}

extension ReplSession {
    /// What a column choice made now would be for: the current entity of a graph, or the data.
    var columnContext: String? {
        switch objects {
        case .graph: entity.map { "entity " + $0 }
        case .data(_, let name): "data " + name
        case .none: nil
        }
    }

    /// The columns chosen for what is loaded now; `nil` for all.
    var chosenColumns: [String]? {
        guard let choice = columnChoice, choice.context == columnContext else { return nil }
        return choice.keys
    }

    /// `:columns a, b, c` shows only these columns (after the id, in this order);
    /// `:columns` alone shows all of them again. A key the objects do not have is refused with
    /// a did-you-mean; `id`, `entity` and `#` are always shown and may be left out.
    mutating func setColumns(_ text: String) -> ReplReply {
        guard !text.isEmpty else {
            columnChoice = nil
            return .output("columns: all")
        }
        guard let context = columnContext else {
            return .error("nothing is loaded; :load FILE loads a JSON array or an object graph")
        }
        let available = availableColumns
        var keys: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let key = part.trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else {
                return .error("usage: :columns KEY, KEY, … (e.g. :columns name, size), or :columns for all")
            }
            if ["id", "entity", "#"].contains(key), !available.contains(key) { continue }
            guard available.contains(key) else {
                var message = "'\(key)' is not a column here (\(context))"
                if let guess = EditDistance.bestMatch(for: key, among: available) {
                    message += "; did you mean '\(guess)'?"
                }
                return .error(message)
            }
            guard !keys.contains(key) else { return .error("'\(key)' is listed twice") }
            keys.append(key)
        }
        columnChoice = ColumnChoice(context: context, keys: keys)
        return .output("columns: " + (keys.isEmpty ? "the id only" : keys.joined(separator: ", ")))
    }

    /// The keys a column may show: the current entity's properties and its sub-entities'
    /// (theirs are empty for other objects), or the keys of the JSON objects.
    var availableColumns: [String] {
        switch objects {
        case .graph(let graph, _):
            guard let entity else { return [] }
            let schema = graph.schema
            var keys = ResultTable.columns(of: entity, in: schema)
            for sub in schema.subentities(of: entity) {
                for key in ResultTable.columns(of: sub, in: schema) where !keys.contains(key) { keys.append(key) }
            }
            return keys
        case .data(let values, _): return ResultTable.keys(of: values)
        case .none: return []
        }
    }

    /// A result table as printed: fitted to the terminal's width when there is one.
    func printed(_ table: ResultTable) -> String {
        table.fitted(to: terminalWidth()).text
    }
}
