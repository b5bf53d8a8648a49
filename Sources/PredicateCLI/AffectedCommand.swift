import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

/// `predicate affected --schema FILE --graph FILE --entity NAME --format FORMAT [--arg JSON]...
/// [--sort KEYPATH]... [--refresh KEYPATH]... --changes FILE`: applies a change set to an
/// object graph and prints the roots of the query it affects (IDs of the root entity, sorted):
///
/// ```
/// reevaluate: 1, 2   (membership or order may have changed)
/// refresh: 5         (only what the rows display changed)
/// ```
///
/// With `--json`: `{"reevaluate": [1, 2], "refresh": [5]}`.
///
/// Exit status 2 for an invalid predicate (caret rendering), a key path that does not resolve,
/// or an invalid schema, graph or change set; 1 for an unreadable file.
struct AffectedCommand: ToolCommand {
    static let name = "affected"
    static let summary = "print the roots of a query that a change set affects"
    static let usage = """
        predicate affected --schema FILE --graph FILE --entity NAME --format FORMAT [--arg JSON]...
                           [--sort KEYPATH]... [--refresh KEYPATH]... --changes FILE [--json]
          --schema FILE      the schema: a .json schema file, else an Xcode Core Data model
                             (.xcdatamodeld, .xcdatamodel or its contents file)
          --graph FILE       the objects before the change: {"Entity": [{"id": 1, "key": value, …}], …}
          --entity NAME      the query's root entity, e.g. Content
          --format FORMAT    the query's predicate, e.g. "bucket.name == %@"
          --arg JSON         a value for the next %@, %K, %d… specifier (repeatable, in order)
          --sort KEYPATH     a sort key path of the query (repeatable)
          --refresh KEYPATH  a key path the query's rows display, e.g. bucket.name (repeatable)
          --changes FILE     the change set (see Docs/change-set-format.md)
          --json             print {"reevaluate": [ids], "refresh": [ids]}
        Prints the roots to reevaluate (membership or order may have changed; inserted and deleted
        roots included) and the roots to refresh (only what the rows display may have changed).
        """

    var schemaPath: String
    var graphPath: String
    var entity: String
    var format: String
    var arguments: [PredicateValue]
    var sortKeyPaths: [String]
    var refreshKeyPaths: [String]
    var changesPath: String
    var json: Bool

    init(arguments scanner: inout ArgumentScanner) throws(UsageError) {
        json = scanner.flag("--json")
        schemaPath = try scanner.requiredValue(for: "--schema")
        graphPath = try scanner.requiredValue(for: "--graph")
        entity = try scanner.requiredValue(for: "--entity")
        format = try scanner.requiredValue(for: "--format")
        changesPath = try scanner.requiredValue(for: "--changes")
        arguments = try CommandSupport.jsonArguments(try scanner.values(for: "--arg"))
        sortKeyPaths = try scanner.values(for: "--sort")
        refreshKeyPaths = try scanner.values(for: "--refresh")
    }

    /// A failure with its exit status and message.
    private struct Failure: Error {
        var status: Int32
        var message: String
    }

    func run(io: ToolIO) -> Int32 {
        do {
            let affected = try compute(io: io)
            let hierarchyIDs = { (objects: Set<ObjectID>) in
                objects.map(\.id).sorted().map(String.init).joined(separator: ", ")
            }
            let reevaluate = hierarchyIDs(affected.reevaluate)
            let refresh = hierarchyIDs(affected.refresh)
            if json {
                io.write("{\"reevaluate\": [\(reevaluate)], \"refresh\": [\(refresh)]}\n")
            } else {
                io.write(
                    "reevaluate: \(reevaluate.isEmpty ? "none" : reevaluate)   (membership or order may have changed)\n"
                        + "refresh: \(refresh.isEmpty ? "none" : refresh)   (only what the rows display changed)\n")
            }
            return ExitStatus.success
        } catch {
            io.reportError(error.message + "\n")
            return error.status
        }
    }

    private func compute(io: ToolIO) throws(Failure) -> AffectedRoots {
        let schema: Schema
        switch StoreInputs.schema(schemaPath, io: io) {
        case .success(let loaded): schema = loaded
        case .failure(let failure): throw Failure(status: failure.status, message: failure.message)
        }
        let predicate: PredicateNode
        do {
            predicate = try PredicateParser().parsePredicate(format, arguments: arguments)
        } catch {
            throw Failure(status: ExitStatus.invalidInput, message: error.rendered)
        }
        if case .failure(let failure) = StoreInputs.orderingKeyPaths(
            sortKeys: sortKeyPaths, schema: schema, entity: entity)
        {
            throw Failure(status: failure.status, message: failure.message)
        }
        let dependencies: QueryDependencies
        do {
            dependencies = try QueryDependencies(
                schema: schema, rootEntity: entity, predicate: predicate, sortKeyPaths: sortKeyPaths,
                displayKeyPaths: refreshKeyPaths, source: format)
        } catch {
            throw Failure(status: ExitStatus.invalidInput, message: error.rendered(in: format))
        }
        var graph: ObjectGraph
        switch StoreInputs.graph(graphPath, schema: schema) {
        case .success(let loaded): graph = loaded
        case .failure(let failure): throw Failure(status: failure.status, message: failure.message)
        }
        let changes: ChangeSet
        switch StoreInputs.changeSet(changesPath) {
        case .success(let read): changes = read
        case .failure(let failure): throw Failure(status: failure.status, message: failure.message)
        }
        let applied: ChangeSet
        do {
            applied = try graph.apply(changes)
        } catch {
            throw Self.failure(error, file: changesPath)
        }
        return ChangeMatcher(dependencies: dependencies).affectedRoots(by: applied, in: graph)
    }

    private static func failure(_ errors: GraphErrors, file: String) -> Failure {
        let unreadable = errors.errors.contains { $0.kind == .unreadableFile }
        let lines = errors.errors.map { "\(file): \($0)" }.joined(separator: "\n")
        return Failure(status: unreadable ? ExitStatus.failure : ExitStatus.invalidInput, message: lines)
    }
}
