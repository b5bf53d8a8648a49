/// What a shell completes for one command of the tool, read from the command's usage text —
/// the text `predicate help COMMAND` prints —, so the completion scripts offer exactly the
/// options the help documents:
///
/// | usage text | completes |
/// |---|---|
/// | `predicate db create --schema FILE …` / `predicate db export …` | `create`, `export` as the first word |
/// | `--schema FILE`, `--graph FILE.json`, `--db TARGET` | a file name |
/// | `--entity NAME` | an entity of the schema given with `--schema` |
/// | `--mapping default\|coredata` | `default`, `coredata` |
/// | `--arg JSON`, `--sort KEY[:desc]` | nothing (free text) |
/// | `[--json]` | a flag: no value |
///
/// Every command also takes `--help`.
struct CommandSpec: Sendable, Equatable {
    /// The command's word (`eval`).
    var name: String
    /// One line for the list of commands.
    var summary: String
    /// The words the first argument may be (`create`, `export`), or none.
    var words: [String]
    /// The options, in the order the usage first names them, `--help` last.
    var options: [OptionSpec]

    /// The spec of every command of the tool, and of `help` (whose argument is a command).
    static var all: [CommandSpec] {
        let commands = PredicateTool.commands.map { CommandSpec(name: $0.name, summary: $0.summary, usage: $0.usage) }
        let help = CommandSpec(
            name: "help", summary: "print the usage of a command (as COMMAND --help does)",
            words: commands.map(\.name), options: [])
        return commands + [help]
    }

    /// A spec given directly.
    init(name: String, summary: String, words: [String], options: [OptionSpec]) {
        self.name = name
        self.summary = summary
        self.words = words
        self.options = options
    }

    /// The spec the usage text of the command `name` describes.
    init(name: String, summary: String, usage: String) {
        self.name = name
        self.summary = summary
        var words: [String] = []
        var options: [OptionSpec] = []
        for line in usage.split(separator: "\n") {
            let tokens = line.split(separator: " ").map(String.init)
            // A synopsis line: `predicate NAME WORD …`, where WORD is a literal sub-command.
            if tokens.count > 2, tokens[0] == "predicate", tokens[1] == name {
                for word in Self.choices(tokens[2]) ?? [] where !words.contains(word) { words.append(word) }
            }
            for (index, token) in tokens.enumerated() {
                guard let option = Self.optionName(token) else { continue }
                // Two spaces or more before the next word: a description follows, not a value.
                let next = index + 1 < tokens.count && !line.contains(token + "  ") ? tokens[index + 1] : nil
                let spec = OptionSpec(name: option, value: next.flatMap { Self.value(of: option, placeholder: $0) })
                if let known = options.firstIndex(where: { $0.name == option }) {
                    if options[known].value == nil { options[known].value = spec.value }
                } else {
                    options.append(spec)
                }
            }
        }
        if !options.contains(where: { $0.name == "--help" }) { options.append(OptionSpec(name: "--help", value: nil)) }
        self.words = words
        self.options = options
    }

    /// `--schema` for `[--schema`, `--limit` for `--limit`; `nil` for anything else.
    private static func optionName(_ token: String) -> String? {
        let trimmed = token.drop { $0 == "[" }
        guard trimmed.hasPrefix("--") else { return nil }
        let name = "--" + trimmed.dropFirst(2).prefix { $0.isLowercase || $0 == "-" }
        return name.count > 2 && name.last != "-" ? name : nil
    }

    /// What `placeholder`, the word after `option`, says about its value; `nil` when the
    /// word is no placeholder (the option is a flag).
    private static func value(of option: String, placeholder: String) -> OptionValue? {
        if let choices = choices(placeholder) { return choices.count > 1 ? .choices(choices) : nil }
        guard let first = placeholder.first, first.isUppercase else { return nil }
        if option == "--entity" { return .entity }
        if placeholder.hasPrefix("FILE") || placeholder.hasPrefix("TARGET") { return .file }
        return .text
    }

    /// `["default", "coredata"]` for `default|coredata]`, `["create"]` for `create`; `nil`
    /// for a word that is not lowercase letters.
    private static func choices(_ word: String) -> [String]? {
        let trimmed = word.drop { $0 == "[" }.prefix { $0 != "]" }
        let parts = trimmed.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLowercase } }) else {
            return nil
        }
        return parts
    }
}

/// One option of a command: its name and what its value is (`nil` for a flag).
struct OptionSpec: Sendable, Equatable {
    /// `--schema`.
    var name: String
    /// What follows the option; `nil` when nothing does.
    var value: OptionValue?
}

/// What the value of an option is, for completion.
enum OptionValue: Sendable, Equatable {
    /// A file (or folder) name.
    case file
    /// An entity of the schema given with `--schema`.
    case entity
    /// One of these words.
    case choices([String])
    /// Free text: nothing is offered.
    case text
}
