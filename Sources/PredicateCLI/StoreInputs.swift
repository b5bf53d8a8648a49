import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

/// Loading the inputs of the schema-aware commands — a schema, an object graph, a checked
/// predicate — with one wording of failures and exit statuses.
enum StoreInputs {
    /// The schema in a JSON schema file or an Xcode model. `-`, a pipe or a process
    /// substitution (`--schema <(…)`) is read like a file and holds either (JSON when it
    /// starts with `{`); a regular file or a model folder is read by its name
    /// (``Schema/load(contentsOf:validate:)``). Exit status 1 when the file cannot be read, 2
    /// when it is not a valid schema; the schema's warnings (inverses that do not point back)
    /// are written to standard error by the commands.
    static func schema(_ path: String) -> Result<Schema, CommandFailure> {
        do {
            if path == "-" || isStream(path) {
                let data: Data
                switch InputFile.read(path, inspect: schemaInspection(path)) {
                case .success(let read): data = read
                case .failure(let failure): return .failure(failure)
                }
                return .success(
                    firstByte(of: data) == UInt8(ascii: "{")
                        ? try JSONSchemaLoader.load(data: data) : try CoreDataModelLoader.load(data: data))
            }
            return .success(try Schema.load(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            let unreadable = error.errors.contains { $0.kind == .unreadableFile }
            return .failure(
                CommandFailure(
                    status: unreadable ? ExitStatus.failure : ExitStatus.invalidInput, message: "\(path): \(error)"))
        }
    }

    /// Whether `path` names something that exists but is neither a regular file nor a folder:
    /// a pipe, a FIFO, a device, a process substitution.
    private static func isStream(_ path: String) -> Bool {
        guard let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType else {
            return false
        }
        return type != .typeRegular && type != .typeDirectory
    }

    /// The first byte that is not whitespace (or a byte-order mark's).
    private static func firstByte(of data: some Collection<UInt8>) -> UInt8? {
        data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
    }

    /// Reading a schema from a stream: once its first byte shows JSON, the text is checked as
    /// it comes (``InputFile/checkingJSON(prefix:)``); a first byte that starts neither JSON
    /// nor XML stops the reading at once (`/dev/zero`), for the XML reader's message.
    private static func schemaInspection(_ path: String) -> (UnsafeRawBufferPointer) -> CommandFailure? {
        // Fed from the first piece, so that its places count the lines before the first byte.
        let json = InputFile.checkingJSON(prefix: "\(path): ")
        var first: UInt8?
        return { piece in
            if first == nil {
                first = firstByte(of: piece)
                if let first, first != UInt8(ascii: "{"), first != UInt8(ascii: "<") {
                    return CommandFailure(
                        status: ExitStatus.invalidInput, message: "\(path): " + xmlProblem(Data(piece)))
                }
            }
            return first == UInt8(ascii: "<") ? nil : json(piece)
        }
    }

    /// The XML reader's message for text that is not an Xcode model.
    private static func xmlProblem(_ data: Data) -> String {
        do {
            _ = try CoreDataModelLoader.load(data: data)
            return "not a schema"
        } catch {
            return error.description
        }
    }

    /// The bytes of a graph or change-set file (`-`: standard input); a stream is checked as
    /// JSON while it is read, so that endless input stops at its first wrong byte.
    private static func text(_ path: String) -> Result<Data, CommandFailure> {
        InputFile.read(path, inspect: InputFile.checkingJSON(prefix: "\(path): "))
    }

    /// The object graph in a graph file (`-`: standard input).
    static func graph(_ path: String, schema: Schema) -> Result<ObjectGraph, CommandFailure> {
        let data: Data
        switch text(path) {
        case .success(let read): data = read
        case .failure(let failure): return .failure(failure)
        }
        do {
            return .success(try ObjectGraph.load(json: data, schema: schema))
        } catch {
            return .failure(
                CommandFailure(
                    status: ExitStatus.invalidInput,
                    message: error.errors.map { "\(path): \($0)" }.joined(separator: "\n")))
        }
    }

    /// The change set in a change-set file (`-`: standard input).
    static func changeSet(_ path: String) -> Result<ChangeSet, CommandFailure> {
        let data: Data
        switch text(path) {
        case .success(let read): data = read
        case .failure(let failure): return .failure(failure)
        }
        do {
            return .success(try ChangeSet.decode(json: data))
        } catch {
            return .failure(
                CommandFailure(
                    status: ExitStatus.invalidInput,
                    message: error.errors.map { "\(path): \($0)" }.joined(separator: "\n")))
        }
    }

    /// The schema in `path` (``schema(_:)``), its warnings written to standard error once:
    /// what every command that loads a schema does.
    static func schema(_ path: String, io: ToolIO) -> Result<Schema, CommandFailure> {
        schema(path).map { schema in
            reportWarnings(schema, io: io)
            return schema
        }
    }

    /// Writes the schema's warnings to standard error, one per line (``warningText(_:)``).
    static func reportWarnings(_ schema: Schema, io: ToolIO) {
        io.reportError(warningText(schema))
    }

    /// The schema's warnings, one line each, with what they mean for queries: an inverse
    /// that does not point back (Xcode and Core Data accept it) leaves key paths through the
    /// relationship answerable but not trackable:
    /// `warning: 'Image.artist': inverse 'Artist.thumbnail' has inverse 'thumbnail', expected
    /// 'artist'; queries through 'Image.artist' are answered, changes through it cannot be tracked`.
    static func warningText(_ schema: Schema) -> String {
        schema.validationWarnings().map { warning in
            var line = "warning: \(warning)"
            if warning.kind == .inverseDoesNotPointBack, let entity = warning.entity, let property = warning.property {
                line += "; queries through '\(entity).\(property)' are answered, changes through it cannot be tracked"
            }
            return line + "\n"
        }.joined()
    }

    /// `format` parsed with `arguments` and checked for `entity`; diagnostics rendered with
    /// carets.
    static func checked(_ format: String, arguments: [PredicateValue], schema: Schema, entity: String)
        -> Result<CheckedPredicate, CommandFailure>
    {
        let predicate: PredicateNode
        do {
            predicate = try PredicateParser().parsePredicate(format, arguments: arguments)
        } catch {
            return .failure(CommandFailure(status: ExitStatus.invalidInput, message: error.rendered))
        }
        return check(predicate, format: format, schema: schema, entity: entity)
    }

    /// A parsed predicate checked for `entity`; diagnostics rendered with carets in `format`.
    static func check(_ predicate: PredicateNode, format: String, schema: Schema, entity: String)
        -> Result<CheckedPredicate, CommandFailure>
    {
        do {
            return .success(try CheckedPredicate(predicate, schema: schema, entity: entity, source: format))
        } catch {
            return .failure(CommandFailure(status: ExitStatus.invalidInput, message: error.rendered))
        }
    }

    /// Checks a section key path and sort key paths by the rule every back end applies
    /// (``OrderingKeyPath``: they end in an attribute reached through to-one relationships).
    /// A refusal is invalid input (2), rendered with a caret under the key path.
    static func orderingKeyPaths(section: String? = nil, sortKeys: [String], schema: Schema, entity: String)
        -> Result<Void, CommandFailure>
    {
        let paths =
            (section.map { [($0, OrderingKeyPath.Role.sectionKeyPath)] } ?? []) + sortKeys.map { ($0, .sortKey) }
        for (keyPath, role) in paths {
            do {
                try OrderingKeyPath.resolve(keyPath, role: role, schema: schema, entity: entity)
            } catch {
                return .failure(CommandFailure(status: ExitStatus.invalidInput, message: error.rendered))
            }
        }
        return .success(())
    }

    /// The keys an object line gives the object itself, which no property may use.
    static let objectLineKeys: Set<String> = ["entity", "id"]

    /// An object of a graph as one JSON line of the graph file format, with its entity:
    /// `{"entity":"Content","id":1,"name":"notes.txt","bucket":1,"tags":[1]}`. A property named
    /// `entity` or `id` that holds a value cannot be written beside the object's own entity and
    /// id (one JSON object cannot hold a key twice): it is refused with exit status 2, naming
    /// the object and the property, as `db export` refuses a property named `id`.
    static func objectLine(_ id: ObjectID, in graph: ObjectGraph) -> Result<String, CommandFailure> {
        guard let entity = graph.entity(of: id) else { return .success("null") }
        var fields = [
            "\"entity\":" + PredicateValue.string(entity).jsonText(), "\"id\":" + id.id.predicateValue.jsonText(),
        ]
        for property in graph.schema.allProperties(of: entity).sorted(by: { $0.name < $1.name }) {
            guard let value = try? graph.value(forKey: property.name, of: id) else { continue }
            let json: String
            switch value {
            case .attribute(let value):
                guard value != .null else { continue }
                json = value.jsonText()
            case .toOne(let target):
                guard let target else { continue }
                json = target.id.predicateValue.jsonText()
            case .toMany(let targets):
                guard !targets.isEmpty else { continue }
                json = PredicateValue.array(targets.map(\.id.predicateValue)).jsonText()
            }
            guard !objectLineKeys.contains(property.name) else {
                return .failure(
                    CommandFailure(
                        status: ExitStatus.invalidInput,
                        message: "\(entity) \(id.id.predicateValue.jsonText()), '\(property.name)': "
                            + "an object is printed as {\"entity\", \"id\", …}, which cannot also hold a value of a "
                            + "property named '\(property.name)'; query the object's other properties, or rename this one"
                    ))
            }
            fields.append(PredicateValue.string(property.name).jsonText() + ":" + json)
        }
        return .success("{" + fields.joined(separator: ",") + "}")
    }
}
