import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

/// `predicate watch --schema FILE --graph FILE --entity NAME [--format F] [--arg JSON]...
/// [--sort KEY[:desc][:c|:d|:cd|:localized]]... [--section KEYPATH] [--refresh KEYPATH]...
/// [--limit N] [--offset N] --changes FILE...`: keeps a fetch request's results over the graph
/// current while the change sets are applied in order, and prints one JSON line per step.
struct WatchCommand: ToolCommand {
    static let name = "watch"
    static let summary = "apply change sets and print how a query's rows change"
    static let usage = """
        predicate watch --schema FILE --graph FILE --entity NAME [--format F] [--arg JSON]...
                        [--sort KEY[:desc][:c|:d|:cd|:localized]]... [--section KEYPATH]
                        [--refresh KEYPATH]... [--limit N] [--offset N] --changes FILE...
          --schema FILE      a .json schema, else an Xcode Core Data model (.xcdatamodeld)
          --graph FILE       the objects before the first change
          --entity NAME      the entity listed (sub-entities included)
          --format F         the predicate (all objects without one)
          --arg JSON         a value for the next %@, %K, %d… specifier (repeatable)
          --sort KEY         a sort key (repeatable; the order is by id without one)
          --section KEYPATH  group the rows by this key path's value
                             (sort keys and sections: an attribute, through to-one relationships)
          --refresh KEYPATH  a key path the rows display: a change updates the row (repeatable)
          --limit N, --offset N  show a window of the rows (0 to 9223372036854775807)
          --changes FILE     a change set (repeatable, applied in order)
        Prints the first rows as {"step":0,"rows":[ids],…}, then one line per change set:
        {"step":n,"changes":FILE,"removed":[[offset,id]…],"inserted":[[offset,id]…],
         "moved":[[from,to,id]…],"updated":[[offset,id]…],"sectionsRemoved":[…],
         "sectionsInserted":[…],"rows":[ids]} — removals at old offsets, the rest at new ones.
        """

    var schemaPath: String
    var graphPath: String
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
        graphPath = try scanner.requiredValue(for: "--graph")
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
        guard !changes.isEmpty else { throw UsageError("missing required option '--changes'") }
    }

    private static func number(_ text: String?, _ option: String) throws(UsageError) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), value >= 0 else { throw UsageError("\(option) \(text): expected a number ≥ 0") }
        return value
    }

    func run(io: ToolIO) -> Int32 {
        let loaded = StoreInputs.schema(schemaPath, io: io).flatMap { schema in
            StoreInputs.graph(graphPath, schema: schema).map { (schema, $0) }
        }
        guard case .success(let (schema, graph)) = loaded else {
            if case .failure(let failure) = loaded {
                io.reportError(failure.message + "\n")
                return failure.status
            }
            return ExitStatus.failure
        }
        if case .failure(let failure) = StoreInputs.orderingKeyPaths(
            section: section, sortKeys: sortKeys.map(\.keyPath), schema: schema, entity: entity)
        {
            return failure.report(io)
        }
        var predicate: PredicateNode?
        if let format {
            switch StoreInputs.checked(format, arguments: arguments, schema: schema, entity: entity) {
            case .success(let checked): predicate = checked.predicate
            case .failure(let failure):
                io.reportError(failure.message + "\n")
                return failure.status
            }
        }
        let request = FetchRequest(
            entity: entity, predicate: predicate, sortKeys: sortKeys, sectionKeyPath: section, fetchLimit: limit,
            fetchOffset: offset, refreshKeyPaths: refresh)
        var results: LiveResultSet
        do {
            results = try LiveResultSet(request: request, graph: graph)
        } catch {
            io.reportError("error: \(error.message)\n")
            return ExitStatus.invalidInput
        }
        io.write("{\"step\":0," + Self.state(results) + "}\n")
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
                        + Self.diff(change) + "," + Self.state(results) + "}\n")
            } catch {
                io.reportError("\(path): \(error.message)\n")
                return ExitStatus.invalidInput
            }
        }
        return ExitStatus.success
    }

    private static func id(_ object: ObjectID) -> String { object.id.predicateValue.jsonText() }

    /// `"rows":[…]` and, with sections, `"sections":[{"name":…,"rows":[first,end]}…]`.
    static func state(_ results: LiveResultSet) -> String {
        var text = "\"rows\":[" + results.rows.map(id).joined(separator: ",") + "]"
        if results.request.sectionKeyPath != nil {
            text +=
                ",\"sections\":["
                + results.sections.map { section in
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
