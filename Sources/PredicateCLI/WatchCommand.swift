import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

/// `predicate watch --schema FILE (--graph FILE | --db TARGET) --entity NAME [--format F]
/// [--arg JSON]... [--sort KEY[:desc][:c|:d|:cd|:localized]]... [--section KEYPATH]
/// [--refresh KEYPATH]... [--limit N] [--offset N] (--changes FILE... | --follow [--since SEQ]
/// [--until SEQ])`: keeps a fetch request's results over a graph or a database current while
/// change sets are applied, and prints one JSON line per step (`WatchCommand+Database` for a
/// database).
struct WatchCommand: ToolCommand {
    static let name = "watch"
    static let summary = "apply change sets and print how a query's rows change"
    static let usage = """
        predicate watch --schema FILE --graph FILE --entity NAME [--format F] [--arg JSON]...
                        [--sort KEY[:desc][:c|:d|:cd|:localized]]... [--section KEYPATH]
                        [--refresh KEYPATH]... [--limit N] [--offset N] --changes FILE...
        predicate watch --schema FILE --db TARGET [--mapping default|coredata] --entity NAME …
                        (--follow [--since SEQ] [--until SEQ] | --changes FILE...)
          --schema FILE      a .json schema, else an Xcode Core Data model (.xcdatamodeld)
          --graph FILE       the objects before the first change
          --db TARGET        a SQLite file or a postgres:// URL whose change log is followed
          --mapping NAME     default or coredata (as for 'apply')
          --follow           print a line for every change set committed to the database, by
                             any process, until interrupted (SIGINT/SIGTERM: exit status 0)
          --since SEQ        start after log entry SEQ (a restarted watcher): entries after it
                             are printed, in order
          --until SEQ        stop once entry SEQ is printed
          --entity NAME      the entity listed (sub-entities included)
          --format F         the predicate (all objects without one)
          --arg JSON         a value for the next %@, %K, %d… specifier (repeatable)
          --sort KEY         a sort key (repeatable; the order is by id without one)
          --section KEYPATH  group the rows by this key path's value
                             (sort keys and sections: an attribute, through to-one relationships)
          --refresh KEYPATH  a key path the rows display: a change updates the row (repeatable)
          --limit N, --offset N  show a window of the rows (0 to 9223372036854775807)
          --changes FILE     a change set (repeatable, applied in order; with --db written
                             to the database as 'apply' does)
        Prints the first rows as {"step":0,"rows":[ids],…}, then one line per change set:
        {"step":n,"changes":FILE,"removed":[[offset,id]…],"inserted":[[offset,id]…],
         "moved":[[from,to,id]…],"updated":[[offset,id]…],"sectionsRemoved":[…],
         "sectionsInserted":[…],"rows":[ids]} — removals at old offsets, the rest at new ones.
        Over a database every line after step 0 has the log entry's "sequence" (step 0 the
        last one its rows include); a line with "refetch":"pruned" was fetched in full because
        the entries it needed were pruned.
        """

    var schemaPath: String
    var graphPath: String?
    var target: DatabaseTarget?
    var mapping: String
    var follow: Bool
    var since: Int64?
    var until: Int64?
    var entity: String
    var format: String?
    var arguments: [PredicateValue]
    var sortKeys: [SortKey]
    var section: String?
    var refresh: [String]
    var limit: Int?
    var offset: Int
    var changes: [String]

    init(arguments scanner: inout ArgumentScanner) throws(UsageError) {
        schemaPath = try scanner.requiredValue(for: "--schema")
        graphPath = try scanner.value(for: "--graph")
        target = try scanner.value(for: "--db").map { text throws(UsageError) in try DatabaseTarget(text) }
        mapping = try MappingOption.parse(try scanner.value(for: "--mapping"))
        follow = scanner.flag("--follow")
        since = try Self.number(try scanner.value(for: "--since"), "--since").map(Int64.init)
        until = try Self.number(try scanner.value(for: "--until"), "--until").map(Int64.init)
        entity = try scanner.requiredValue(for: "--entity")
        format = try scanner.value(for: "--format")
        arguments = try CommandSupport.jsonArguments(try scanner.values(for: "--arg"))
        var keys: [SortKey] = []
        for spelling in try scanner.values(for: "--sort") {
            guard let key = SortKey(spelling: spelling) else {
                throw UsageError("--sort \(spelling): expected KEY[:desc][:c|:d|:cd|:localized]")
            }
            keys.append(key)
        }
        sortKeys = keys
        section = try scanner.value(for: "--section")
        refresh = try scanner.values(for: "--refresh")
        limit = try Self.number(try scanner.value(for: "--limit"), "--limit")
        offset = try Self.number(try scanner.value(for: "--offset"), "--offset") ?? 0
        changes = try scanner.values(for: "--changes")
        switch (graphPath, target) {
        case (nil, nil): throw UsageError("missing required option '--graph' (or '--db')")
        case (.some, .some): throw UsageError("--graph and --db cannot be given together")
        case (.some, nil):
            guard !follow, since == nil, until == nil else {
                throw UsageError("--follow, --since and --until need --db")
            }
            guard !changes.isEmpty else { throw UsageError("missing required option '--changes'") }
        case (nil, .some):
            guard follow != !changes.isEmpty else { throw UsageError("--db needs either --follow or --changes") }
            guard follow || (since == nil && until == nil) else {
                throw UsageError("--since and --until need --follow")
            }
        }
    }

    private static func number(_ text: String?, _ option: String) throws(UsageError) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), value >= 0 else { throw UsageError("\(option) \(text): expected a number ≥ 0") }
        return value
    }

    func run(io: ToolIO) -> Int32 {
        let schema: Schema
        switch StoreInputs.schema(schemaPath, io: io) {
        case .success(let loaded): schema = loaded
        case .failure(let failure): return Self.fail(failure, io)
        }
        let request: FetchRequest
        switch makeRequest(schema: schema) {
        case .success(let made): request = made
        case .failure(let failure): return failure.report(io)
        }
        guard let graphPath else { return runOverDatabase(request, schema: schema, io: io) }
        let graph: ObjectGraph
        switch StoreInputs.graph(graphPath, schema: schema) {
        case .success(let loaded): graph = loaded
        case .failure(let failure): return Self.fail(failure, io)
        }
        var results: LiveResultSet
        do {
            results = try LiveResultSet(request: request, graph: graph)
        } catch {
            io.reportError("error: \(error.message)\n")
            return ExitStatus.invalidInput
        }
        io.write("{\"step\":0," + Self.state(results.rows, results.sections, request) + "}\n")
        for (index, path) in changes.enumerated() {
            let changeSet: ChangeSet
            switch StoreInputs.changeSet(path) {
            case .success(let read): changeSet = read
            case .failure(let failure): return failure.report(io)
            }
            do {
                let change = try results.apply(changeSet)
                io.write(
                    "{\"step\":\(index + 1),\"changes\":" + PredicateValue.string(path).jsonText() + ","
                        + Self.diff(change) + "," + Self.state(results.rows, results.sections, request) + "}\n")
            } catch {
                io.reportError("\(path): \(error.message)\n")
                return ExitStatus.invalidInput
            }
        }
        return ExitStatus.success
    }

    /// The fetch request the options describe, its key paths and predicate checked.
    private func makeRequest(schema: Schema) -> Result<FetchRequest, CommandFailure> {
        if case .failure(let failure) = StoreInputs.orderingKeyPaths(
            section: section, sortKeys: sortKeys.map(\.keyPath), schema: schema, entity: entity)
        {
            return .failure(failure)
        }
        var predicate: PredicateNode?
        if let format {
            switch StoreInputs.checked(format, arguments: arguments, schema: schema, entity: entity) {
            case .success(let checked): predicate = checked.predicate
            case .failure(let failure):
                // Reported as read, with its own line ending added (as the loaders' failures).
                return .failure(CommandFailure(status: failure.status, message: failure.message + "\n"))
            }
        }
        return .success(
            FetchRequest(
                entity: entity, predicate: predicate, sortKeys: sortKeys, sectionKeyPath: section, fetchLimit: limit,
                fetchOffset: offset, refreshKeyPaths: refresh))
    }

    /// Reports a loader's failure (its message and a line ending) and returns its status.
    static func fail(_ failure: CommandFailure, _ io: ToolIO) -> Int32 {
        io.reportError(failure.message + "\n")
        return failure.status
    }

    private static func id(_ object: ObjectID) -> String { object.id.predicateValue.jsonText() }

    /// `"rows":[…]` and, with sections, `"sections":[{"name":…,"rows":[first,end]}…]`.
    static func state(_ rows: [ObjectID], _ sections: [ResultSection], _ request: FetchRequest) -> String {
        var text = "\"rows\":[" + rows.map(id).joined(separator: ",") + "]"
        if request.sectionKeyPath != nil {
            text +=
                ",\"sections\":["
                + sections.map { section in
                    "{\"name\":" + PredicateValue.string(section.name).jsonText()
                        + ",\"rows\":[\(section.rows.lowerBound),\(section.rows.upperBound)]}"
                }.joined(separator: ",") + "]"
        }
        return text
    }

    static func diff(_ change: ResultChange) -> String {
        let rows = change.rows
        let removed = rows.removals.filter { $0.movedTo == nil }.map { "[\($0.offset),\(id($0.element))]" }
        let inserted = rows.insertions.filter { $0.movedFrom == nil }.map { "[\($0.offset),\(id($0.element))]" }
        let moved = rows.insertions.compactMap { insertion in
            insertion.movedFrom.map { "[\($0),\(insertion.offset),\(id(insertion.element))]" }
        }
        let updated = rows.updates.map { "[\($0.newOffset),\(id($0.element))]" }
        let names = { (items: [String]) in items.map { PredicateValue.string($0).jsonText() }.joined(separator: ",") }
        return "\"removed\":[" + removed.joined(separator: ",") + "],\"inserted\":[" + inserted.joined(separator: ",")
            + "],\"moved\":[" + moved.joined(separator: ",") + "],\"updated\":[" + updated.joined(separator: ",")
            + "],\"sectionsRemoved\":[" + names(change.sections.removals.map(\.element))
            + "],\"sectionsInserted\":[" + names(change.sections.insertions.map(\.element)) + "]"
    }
}
