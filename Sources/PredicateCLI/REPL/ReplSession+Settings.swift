import Evaluation
import KeyPaths
import Predicates

extension ReplSession {
    /// `:help`: every command with its one line, and what is loaded.
    func help() -> ReplReply {
        let rows = ReplCommand.all.map { command in
            [":" + command.name + (command.synopsis.isEmpty ? "" : " " + command.synopsis), command.help]
        }
        let table = ResultTable(headers: nil, rows: rows, cutsCells: false).lines.map { "  " + $0 + "\n" }.joined()
        return .output(
            "Commands (a unique prefix is enough: :q is :quit):\n" + table
                + "Any other line is a predicate on the objects of the current entity"
                + (suggestion.map { ",\ne.g. \($0)" } ?? "") + ".\n"
                + "A key that is a reserved word takes a # (#size, #in).\n"
                + "Loaded: \(loadedSummary).")
    }

    /// `:let NAME = JSON` sets `$NAME`; `:let NAME =` unsets it; `:let` lists the variables.
    mutating func setVariable(_ text: String) -> ReplReply {
        guard !text.isEmpty else {
            guard !variables.isEmpty else { return .output("no variables; set one with :let NAME = JSON") }
            return .output(
                variables.keys.sorted().map { "$\($0) = \(variables[$0]?.jsonText() ?? "null")" }.joined(
                    separator: "\n"))
        }
        guard let equals = text.firstIndex(of: "=") else {
            return .error("usage: :let NAME = JSON, e.g. :let MIN = 100")
        }
        var name = text[..<equals].trimmingCharacters(in: .whitespaces)
        if name.hasPrefix("$") { name.removeFirst() }
        guard Self.isIdentifier(name) else {
            return .error("'\(name)' is not a variable name: use letters, digits and _, e.g. :let MIN = 100")
        }
        let json = text[text.index(after: equals)...].trimmingCharacters(in: .whitespacesAndNewlines)
        guard !json.isEmpty else {
            return .output(variables.removeValue(forKey: name) == nil ? "$\(name) was not set" : "$\(name) unset")
        }
        do {
            let value = try PredicateValue(json: json)
            variables[name] = value
            return .output("$\(name) = \(value.jsonText())")
        } catch {
            return .error("bad JSON for $\(name): \(error.message)")
        }
    }

    /// `:args JSON...`: the values of the format's specifiers, separated by spaces or commas;
    /// nothing clears them.
    mutating func setArguments(_ text: String) -> ReplReply {
        var values: [PredicateValue] = []
        for (index, piece) in JSONSequence.split(text).enumerated() {
            do {
                values.append(try PredicateValue(json: piece))
            } catch {
                return .error("bad JSON in argument \(index + 1) '\(piece)': \(error.message)")
            }
        }
        arguments = values
        guard !values.isEmpty else { return .output("no arguments") }
        return .output(
            "arguments: "
                + values.enumerated().map { "\($0.offset + 1): \($0.element.jsonText())" }.joined(separator: ", "))
    }

    /// `:sort KEY [desc], …` sets the order; `:sort none` goes back to the order by id;
    /// `:sort` alone shows it. A key may be written `#size` or `size`. Each key path is checked against the schema (or parsed, for
    /// a JSON array).
    mutating func setSort(_ text: String) -> ReplReply {
        guard !text.isEmpty else { return .output(sortDescription) }
        if text == "none" {
            sortKeys = []
            return .output(sortDescription)
        }
        var keys: [SortKey] = []
        for part in text.split(separator: ",") {
            let words = part.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let first = words.first, words.count <= 2, var key = SortKey(spelling: first) else {
                return .error("usage: :sort KEY [asc|desc], … (or KEY:desc:c), e.g. :sort size desc")
            }
            switch words.dropFirst().first {
            case nil: break
            case "desc"?: key.ascending = false
            case "asc"?: key.ascending = true
            case let other?: return .error("'\(other)': expected asc or desc after the key '\(first)'")
            }
            key.keyPath = key.keyPath.split(separator: ".", omittingEmptySubsequences: false).map { component in
                component.hasPrefix("#") ? String(component.dropFirst()) : String(component)
            }.joined(separator: ".")
            if let problem = sortKeyProblem(key.keyPath) { return .error(problem) }
            keys.append(key)
        }
        sortKeys = keys
        return .output(sortDescription)
    }

    /// `sort: size:desc, name` or `sort: by id`.
    var sortDescription: String {
        "sort: " + (sortKeys.isEmpty ? "by id" : sortKeys.map(\.description).joined(separator: ", "))
    }

    /// Why `keyPath` cannot sort the rows (``OrderingKeyPath``'s rule, as everywhere): it does not
    /// resolve (caret and did-you-mean), or it does not end in an attribute reached through
    /// to-one relationships. `nil` when it can.
    func sortKeyProblem(_ keyPath: String) -> String? {
        if case .data = objects {
            do {
                _ = try PredicateParser().parseExpression(Self.escaped(keyPath))
                return nil
            } catch {
                return error.rendered
            }
        }
        guard let schema, let entity else { return nil }
        switch StoreInputs.orderingKeyPaths(sortKeys: [keyPath], schema: schema, entity: entity) {
        case .success: return nil
        case .failure(let failure): return failure.message
        }
    }

    /// `keyPath` as predicate text: components that are reserved words get a `#` (`#size`).
    static func escaped(_ keyPath: String) -> String {
        keyPath.split(separator: ".", omittingEmptySubsequences: false).map { component in
            Operators.isReserved(String(component)) ? "#" + component : String(component)
        }.joined(separator: ".")
    }

    /// `:limit N` shows at most N rows; `:limit none` all of them.
    mutating func setLimit(_ text: String) -> ReplReply {
        switch text {
        case "":
            return .output(limit.map { "limit \($0)" } ?? "no limit")
        case "none":
            limit = nil
            return .output("no limit")
        default:
            guard let number = Int(text), number >= 0 else {
                return .error("'\(text)': expected a number ≥ 0, or none")
            }
            limit = number
            return .output("limit \(number)")
        }
    }

    /// Whether `name` is a variable name: a letter or `_`, then letters, digits or `_`.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}

/// Splits `1 "a b" [2, 3], {"k": 4}` into the JSON texts `1`, `"a b"`, `[2, 3]`,
/// `{"k": 4}`: at spaces and commas outside strings and brackets.
enum JSONSequence {
    static func split(_ text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                current.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            if depth == 0, character.isWhitespace || character == "," {
                if !current.isEmpty { pieces.append(current) }
                current = ""
                continue
            }
            switch character {
            case "\"": inString = true
            case "[", "{": depth += 1
            case "]", "}": depth -= 1
            default: break
            }
            current.append(character)
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}
