import KeyPaths

/// One REPL command: its name, the synopsis of its arguments, one line of help and what it
/// does. Adding a command is adding one entry to ``all``.
///
/// ```swift
/// ReplCommand("limit", "N|none", "show at most N rows (none: all)") { session, text in
///     session.setLimit(text)
/// }
/// ```
///
/// A command is typed as `:name arguments`; a unique prefix is enough (`:q` is `:quit`,
/// `:ent` is ambiguous between `:entity` and `:entities`).
struct ReplCommand: Sendable {
    /// The word after the colon.
    let name: String
    /// The arguments, as `:help` shows them: `FILE`, `KEY [desc]`.
    let synopsis: String
    /// One line for `:help`.
    let help: String
    /// Whether the arguments may span lines while a bracket or a quote is open (JSON values).
    let continues: Bool
    /// Runs the command with the text after its name (trimmed).
    let handler: @Sendable (inout ReplSession, String) -> ReplReply

    init(
        _ name: String, _ synopsis: String, _ help: String, continues: Bool = false,
        _ handler: @escaping @Sendable (inout ReplSession, String) -> ReplReply
    ) {
        self.name = name
        self.synopsis = synopsis
        self.help = help
        self.continues = continues
        self.handler = handler
    }

    /// Every command, in the order `:help` lists them.
    static let all: [ReplCommand] = [
        ReplCommand("help", "", "list the commands") { session, _ in session.help() },
        ReplCommand("load", "FILE", "load a JSON array of objects, or an object graph for the schema") {
            session, text in session.load(text)
        },
        ReplCommand(
            "schema", "[FILE]",
            "load a schema (.json or an Xcode model); alone: describe the loaded one, as psql's \\d"
        ) { session, text in
            text.isEmpty ? session.describeSchema() : session.loadSchema(text)
        },
        ReplCommand("entity", "NAME", "filter the objects of this entity (sub-entities included)") {
            session, text in session.selectEntity(text)
        },
        ReplCommand("entities", "", "the model at a glance: attributes with types, relationships with inverses") {
            session, _ in session.listEntities()
        },
        ReplCommand(
            "let", "NAME = JSON", "set $NAME (NAME = with nothing after it unsets it; alone: list)", continues: true
        ) {
            session, text in session.setVariable(text)
        },
        ReplCommand("args", "JSON...", "the values of %@, %K, %d… in order (nothing: none)", continues: true) {
            session, text in session.setArguments(text)
        },
        ReplCommand("tree", "", "the syntax tree of the last predicate") { session, _ in session.tree() },
        ReplCommand("canonical", "", "the last predicate in canonical form (Apple's predicateFormat)") {
            session, _ in session.canonical()
        },
        ReplCommand("explain", "", "the last predicate's key paths with their hops, folded constants, dependencies") {
            session, _ in session.explain()
        },
        ReplCommand("sort", "KEY [desc], …", "sort the rows (none: by id); KEY:desc:c also works") {
            session, text in session.setSort(text)
        },
        ReplCommand("limit", "N", "show at most N rows (none: all)") { session, text in session.setLimit(text) },
        ReplCommand("columns", "[KEY, …]", "show only these columns, in this order (alone: all of them)") {
            session, text in session.setColumns(text)
        },
        ReplCommand("apply", "FILE", "apply a change set to the graph and show how the last query's rows change") {
            session, text in session.apply(text)
        },
        ReplCommand("sql", "[sqlite|postgres]", "the last predicate as SQL with its bound values") { session, text in
            session.sql(text)
        },
        ReplCommand("db", "TARGET [coredata]", "also run predicates in a SQLite file or a postgres:// database") {
            session, text in session.attachDatabase(text)
        },
        ReplCommand("compare", "", "the last predicate's objects in memory and in the database") { session, _ in
            session.compare()
        },
        ReplCommand(
            "watch", "", "follow the last query's rows in the database as any process writes (Enter stops)"
        ) { session, text in session.startWatch(text) },
        ReplCommand("quit", "", "leave (so does end of input, Control-D)") { _, _ in ReplReply("", quits: true) },
    ]

    /// The command named `name`, or a unique command starting with it; otherwise the message
    /// to print, with a did-you-mean when a name is close.
    static func lookup(_ name: String) -> Result<ReplCommand, LookupFailure> {
        if let exact = all.first(where: { $0.name == name }) { return .success(exact) }
        let prefixed = name.isEmpty ? [] : all.filter { $0.name.hasPrefix(name) }
        if prefixed.count == 1, let only = prefixed.first { return .success(only) }
        if prefixed.count > 1 {
            let names = prefixed.map { ":" + $0.name }.joined(separator: ", ")
            return .failure(LookupFailure("':\(name)' is ambiguous: \(names)"))
        }
        let message = Suggestion("unknown command ':\(name)'", name: name, among: all.map(\.name), sigil: ":").text
        return .failure(LookupFailure(message + " (:help lists the commands)"))
    }

    /// Whether the command typed in `text` (`:let x = {`) may continue on the next line.
    static func continues(_ text: String) -> Bool {
        let name = String(text.dropFirst().prefix { !$0.isWhitespace })
        guard case .success(let command) = lookup(name) else { return false }
        return command.continues
    }

    /// Why a command name was not found.
    struct LookupFailure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}
