import Dispatch
import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

/// The REPL as a value: its state (schema, objects, entity, `$variables`, `%@` arguments, sort
/// keys, limit, last predicate) and one input line in, the text to print out. No terminal and
/// no global state: the terminal layer (``ReplLoop``) only reads lines and prints replies, so
/// the whole REPL is tested with strings.
///
/// ```
/// var session = try ReplSession.bundledSample()
/// session.handle("bucket.name == 'Inbox' AND #size > 100").text
/// // id  entity   creationDate          name       size  bucket  owner  tags
/// // --  -------  --------------------  ---------  ----  ------  -----  -------
/// // 1   Content  2024-02-01T10:00:00Z  notes.txt  120   Inbox   Ann    work
/// // 3   Content  2024-02-03T10:00:00Z  plan.pdf   560   Inbox   Ben    work, x
/// // 2 objects (0.1 ms)
/// ```
///
/// A line starting with `:` is a command (``ReplCommand``); any other line is a predicate
/// evaluated against the objects of the current entity. A predicate (or a `:let`/`:args`
/// value) whose parentheses, braces or quotes are still open asks for more lines
/// (``ReplReply/needsMore``) and is evaluated once it is complete.
package struct ReplSession: Sendable {
    /// The objects predicates run against.
    package enum Objects: Sendable {
        /// Nothing loaded yet.
        case none
        /// An object graph over ``ReplSession/schema``, and where it came from.
        case graph(ObjectGraph, name: String)
        /// A JSON array (no schema needed), and where it came from.
        case data([PredicateValue], name: String)
    }

    /// The schema, when one is loaded.
    package internal(set) var schema: Schema?
    /// Where the schema came from.
    var schemaName: String?
    /// The objects predicates run against.
    var objects: Objects
    /// The entity whose objects a predicate filters (graph only).
    package internal(set) var entity: String?
    /// Values of `$NAME` (`:let`).
    var variables: [String: PredicateValue] = [:]
    /// Values of `%@`, `%K`, … in order (`:args`).
    var arguments: [PredicateValue] = []
    /// The order of the rows (`:sort`); by id without one.
    var sortKeys: [SortKey] = []
    /// At most this many rows (`:limit`).
    var limit: Int?
    /// The columns tables show (`:columns`), for the entity or the data they were chosen for.
    var columnChoice: ColumnChoice?
    /// The width of the terminal replies are printed on, asked each time a table is printed
    /// (tables are fitted to it); `nil` when the output is not a terminal. Set by the tool
    /// from ``ToolIO/terminalWidth``; tests pass a fixed width.
    package var terminalWidth: @Sendable () -> Int? = { nil }
    /// The last predicate that parsed, and its text.
    var lastPredicate: (format: String, node: PredicateNode)?
    /// The database predicates also run in (`:db`, `--db`).
    var database: ReplDatabase?
    /// The lines of an input that is not complete yet.
    var pending: [String] = []
    /// The brackets and quotes open in `pending`: each line is scanned once, so a pasted
    /// document of many lines costs its length, not its length times its lines.
    var pendingScan = InputCompleteness.Scan()
    /// A monotonic clock in nanoseconds, for the time a query takes (tests pass a fixed one).
    let clock: @Sendable () -> UInt64

    /// A session on the given schema and objects.
    package init(
        schema: Schema?, schemaName: String?, objects: Objects, entity: String?,
        clock: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
    ) {
        self.schema = schema
        self.schemaName = schemaName
        self.objects = objects
        self.entity = entity
        self.clock = clock
    }

    /// A session on the bundled sample (``BundledSample``), on the `Content` entity.
    package static func bundledSample(
        clock: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
    ) throws -> ReplSession {
        let schema = try CoreDataModelLoader.load(string: BundledSample.model)
        let graph = try ObjectGraph.load(json: Data(BundledSample.graph.utf8), schema: schema)
        return ReplSession(
            schema: schema, schemaName: BundledSample.modelName, objects: .graph(graph, name: BundledSample.graphName),
            entity: BundledSample.entity, clock: clock)
    }

    /// Whether an incomplete input is waiting for more lines.
    package var isContinuing: Bool { !pending.isEmpty }

    /// Handles one line of input: a command, a predicate, or a part of either.
    package mutating func handle(_ line: String) -> ReplReply {
        // The input's first line says whether it is a command (it has text: a blank line on
        // its own is nothing, and never starts an input).
        let first = (pending.first ?? line).trimmingCharacters(in: .whitespaces)
        if pending.isEmpty, first.isEmpty {
            return .empty
        }
        var scan = pendingScan
        if !pending.isEmpty { scan.read("\n") }
        scan.read(line)
        let isCommand = first.hasPrefix(":")
        if !isCommand || ReplCommand.continues(first), scan.isOpen {
            pending.append(line)
            pendingScan = scan
            return .more
        }
        let text = (pending + [line]).joined(separator: "\n")
        cancelInput()
        return isCommand ? runCommand(text.trimmingCharacters(in: .whitespaces)) : evaluate(text)
    }

    /// Ends the input: an incomplete predicate is evaluated as it is (and reports what is
    /// missing with a caret).
    package mutating func finish() -> ReplReply {
        guard !pending.isEmpty else { return .empty }
        let text = pending.joined(separator: "\n")
        cancelInput()
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix(":") ? runCommand(trimmed) : evaluate(text)
    }

    /// Drops an incomplete input (Control-C at a continuation prompt).
    package mutating func cancelInput() {
        pending = []
        pendingScan = InputCompleteness.Scan()
    }

    /// Runs `:name arguments`.
    mutating func runCommand(_ text: String) -> ReplReply {
        let body = text.dropFirst()
        let name = String(body.prefix { !$0.isWhitespace })
        let rest = body.dropFirst(name.count).trimmingCharacters(in: .whitespacesAndNewlines)
        switch ReplCommand.lookup(name) {
        case .success(let command):
            return command.handler(&self, rest)
        case .failure(let failure):
            return .error(failure.message)
        }
    }

    /// What is loaded, for the banner and `:help`: `schema ContentModel.xcdatamodeld
    /// (bundled), 15 objects from graph.json (bundled), entity Content`.
    var loadedSummary: String {
        var parts: [String] = []
        if let schemaName { parts.append("schema \(schemaName)") }
        switch objects {
        case .none: parts.append("no objects")
        case .graph(let graph, _) where graph.count == 0: parts.append("no objects")
        case .graph(let graph, let name): parts.append("\(Self.count(graph.count, "object")) from \(name)")
        case .data(let values, let name):
            parts.append("\(Self.count(values.count, "object")) from \(name) (a JSON array)")
        }
        if let entity, case .graph = objects { parts.append("entity \(entity)") }
        return parts.joined(separator: ", ")
    }

    /// A predicate to try on what is loaded (``PredicateSuggestion``), or `nil`.
    var suggestion: String? {
        switch objects {
        case .graph(let graph, _): entity.flatMap { PredicateSuggestion.suggestion(graph: graph, entity: $0) }
        case .data(let values, _): PredicateSuggestion.suggestion(values: values)
        case .none:
            schema.flatMap { schema in entity.flatMap { PredicateSuggestion.suggestion(schema: schema, entity: $0) } }
        }
    }

    /// The banner printed when the REPL starts on a terminal.
    package var banner: String {
        "predicate REPL: \(loadedSummary).\n"
            + (suggestion.map { "Type a predicate, e.g. \($0);" } ?? "Type a predicate;")
            + " :help lists the commands, :quit leaves.\n"
    }

    /// `1 object`, `3 objects`; `2 entities` with the plural given.
    static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        CommandSupport.count(number, noun, plural: plural)
    }
}
