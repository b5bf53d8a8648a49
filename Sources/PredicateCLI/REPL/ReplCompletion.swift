import KeyPaths
import Predicates

/// Tab completion for the REPL, from what the session has loaded: command names after `:`,
/// entity names after `:entity`, and key paths everywhere else, following relationships:
///
/// | typed (cursor at the end) | candidates |
/// |---|---|
/// | `:en` | `:entities`, `:entity` |
/// | `:entity Im` | `ImageContent` |
/// | `bucket.ow` | `bucket.owner` |
/// | `si` | `#size` (a reserved word as a key is escaped) |
/// | `size > 3 AND tags.` | `tags.@avg`, …, `tags.contents`, `tags.name` |
///
/// Pure: it reads the line and the cursor and returns the word to replace and its
/// candidates; the line editor decides what to insert.
struct ReplCompletion {
    /// The word being completed: where it starts (a character offset in the line) and the
    /// full words that may replace it, sorted.
    struct Result: Equatable {
        var start: Int
        var candidates: [String]
    }

    let schema: Schema?
    let entity: String?

    init(session: ReplSession) {
        schema = session.schema
        entity = session.entity
    }

    init(schema: Schema?, entity: String?) {
        self.schema = schema
        self.entity = entity
    }

    /// The completion of the word that ends at `cursor` (a character offset) in `line`.
    func complete(_ line: String, cursor: Int) -> Result {
        let characters = Array(line)
        let end = min(max(0, cursor), characters.count)
        let before = String(characters[..<end])
        let leading = before.prefix { $0.isWhitespace }.count
        let body = before.dropFirst(leading)
        if body.hasPrefix(":") {
            if !body.contains(where: \.isWhitespace) {
                let names = ReplCommand.all.map { ":" + $0.name }.filter { $0.hasPrefix(body) }
                return Result(start: leading, candidates: names.sorted())
            }
            let name = String(body.dropFirst().prefix { !$0.isWhitespace })
            guard case .success(let command) = ReplCommand.lookup(name) else {
                return Result(start: end, candidates: [])
            }
            let wordStart = end - (characters[..<end].reversed().prefix { !$0.isWhitespace }.count)
            let word = String(characters[wordStart..<end])
            switch command.name {
            case "entity":
                let names = (schema?.entityNames ?? []).filter { $0.hasPrefix(word) }
                return Result(start: wordStart, candidates: names.sorted())
            case "sort":
                return keyPaths(completing: characters, end: end)
            default:
                return Result(start: end, candidates: [])
            }
        }
        return keyPaths(completing: characters, end: end)
    }

    /// Key paths for the run of key-path characters that ends at `end`.
    private func keyPaths(completing characters: [Character], end: Int) -> Result {
        let isKeyCharacter = { (c: Character) in
            c.isLetter || c.isNumber || c == "_" || c == "." || c == "@" || c == "#"
        }
        let length = characters[..<end].reversed().prefix(while: isKeyCharacter).count
        let start = end - length
        let word = String(characters[start..<end])
        guard let schema, var current = entity, start == 0 || characters[start - 1] != "$" else {
            return Result(start: start, candidates: [])
        }
        var components = word.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let written = components.removeLast()
        let partial = written.hasPrefix("#") ? String(written.dropFirst()) : written
        var lastIsToMany = false
        for component in components {
            let key = component.hasPrefix("#") ? String(component.dropFirst()) : component
            guard let relationship = schema.property(named: key, in: current)?.relationship else {
                return Result(start: start, candidates: [])
            }
            current = relationship.destination
            lastIsToMany = relationship.isToMany
        }
        var names = schema.allProperties(of: current).map(\.name)
        if lastIsToMany {
            names += AggregateOperator.allCases.map(\.spelling)
        }
        let prefix = components.isEmpty ? "" : components.joined(separator: ".") + "."
        // A property named like a reserved word is written with '#': `#size`.
        let candidates = Set(names.filter { $0.hasPrefix(partial) }).map { name in
            prefix + (Operators.isReserved(name) ? "#" + name : name)
        }
        return Result(start: start, candidates: candidates.sorted())
    }
}
