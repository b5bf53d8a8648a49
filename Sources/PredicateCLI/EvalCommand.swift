import Evaluation
import ObjectStore
import Predicates

/// `predicate eval FORMAT --data FILE.json [--arg JSON]... [--var NAME=JSON]...`: filters the
/// JSON array in FILE with the predicate and prints the matching objects as a JSON array, one
/// object per line. With `--schema FILE --graph FILE --entity NAME` instead of `--data`, the
/// predicate is checked against the schema and evaluated on the objects of the entity (and its
/// sub-entities) in the object graph; the matching objects are printed the same way, each with
/// its entity and id.
struct EvalCommand: ToolCommand {
    static let name = "eval"
    static let summary = "print the objects of a JSON file that match a predicate"
    static let usage = """
        predicate eval FORMAT --data FILE.json [--arg JSON]... [--var NAME=JSON]...
        predicate eval FORMAT --schema FILE --graph FILE --entity NAME [--arg JSON]... [--var NAME=JSON]...
          FORMAT          an NSPredicate format string, e.g. "age > 30 AND ANY tags == 'swift'"
          --data FILE     a JSON array of objects; dates as {"$date": "2020-01-01T00:00:00Z"},
                          sets as {"$set": [1, 2]}
          --schema FILE   a .json schema, else an Xcode Core Data model (.xcdatamodeld)
          --graph FILE    an object graph: {"Entity": [{"id": 1, "key": value, …}], …}
          --entity NAME   the entity whose objects are filtered (sub-entities included)
          --arg JSON      a value for the next %@, %K, %d… specifier (repeatable, in order);
                          an object as {"$ref": {"entity": "Bucket", "id": 2}}
          --var NAME=JSON a value for $NAME (repeatable)
        Prints the matching objects as a JSON array. Exit status 2 when the predicate or the
        data is invalid, 1 when an object cannot be evaluated (e.g. ordering a string against
        a number) or the file cannot be read.
        """

    /// Where the objects come from.
    enum Source {
        case data(String)
        case graph(schema: String, graph: String, entity: String)
    }

    var format: String
    var source: Source
    var arguments: [PredicateValue]
    var variables: [String: PredicateValue]

    init(arguments scanner: inout ArgumentScanner) throws(UsageError) {
        let data = try scanner.value(for: "--data")
        let schema = try scanner.value(for: "--schema")
        let graph = try scanner.value(for: "--graph")
        let entity = try scanner.value(for: "--entity")
        switch (data, schema, graph, entity) {
        case (let data?, nil, nil, nil):
            source = .data(data)
        case (nil, let schema?, let graph?, let entity?):
            source = .graph(schema: schema, graph: graph, entity: entity)
        default:
            throw UsageError("give either --data FILE, or --schema FILE --graph FILE --entity NAME")
        }
        arguments = try CommandSupport.jsonArguments(try scanner.values(for: "--arg"))
        variables = try CommandSupport.variables(try scanner.values(for: "--var"))
        format = try scanner.positional("FORMAT")
    }

    func run(io: ToolIO) -> Int32 {
        guard case .data(let dataPath) = source else { return runOnGraph(io: io) }
        let outcome = CommandSupport.compile(format, arguments: arguments, variables: variables).flatMap {
            compiled in
            filterFile(dataPath, with: compiled)
        }
        switch outcome {
        case .success(let matches):
            io.write(matches)
            return ExitStatus.success
        case .failure(let failure):
            io.reportError(failure.message + "\n")
            return failure.status
        }
    }

    /// The graph form: check, compile for the graph, fetch, print each match on its line.
    private func runOnGraph(io: ToolIO) -> Int32 {
        guard case .graph(let schemaPath, let graphPath, let entity) = source else { return ExitStatus.failure }
        let outcome = StoreInputs.schema(schemaPath, io: io).flatMap { schema -> Result<[String], CommandFailure> in
            StoreInputs.graph(graphPath, schema: schema).flatMap { graph -> Result<[String], CommandFailure> in
                StoreInputs.checked(format, arguments: arguments, schema: schema, entity: entity).flatMap { checked in
                    fetch(checked, in: graph)
                }
            }
        }
        switch outcome {
        case .success(let lines):
            io.write(lines.isEmpty ? "[]\n" : "[\n" + lines.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n")
            return ExitStatus.success
        case .failure(let failure):
            io.reportError(failure.message + "\n")
            return failure.status
        }
    }

    private func fetch(_ checked: CheckedPredicate, in graph: ObjectGraph) -> Result<[String], CommandFailure> {
        let compiler = PredicateCompiler(variables: variables.mapValues(EvaluationValue.init))
        let compiled: CompiledPredicate<GraphObject>
        do throws(PredicateCompileError) {
            compiled = try compiler.compile(checked, for: graph)
        } catch {
            return .failure(
                CommandFailure(status: ExitStatus.invalidInput, message: CommandSupport.render(error, in: format)))
        }
        do throws(EvaluationError) {
            let matches = try graph.fetch(compiled, entity: checked.entity)
            var lines: [String] = []
            for match in matches {
                switch StoreInputs.objectLine(match, in: graph) {
                case .success(let line): lines.append(line)
                case .failure(let failure): return .failure(failure)
                }
            }
            return .success(lines)
        } catch {
            return .failure(CommandFailure(status: ExitStatus.failure, message: "error: \(error.message)"))
        }
    }

    /// The output for the data file: its matching objects as a JSON array (``jsonArray(texts:)``).
    /// The file is read in pieces and the array filtered as it is read
    /// (``CompiledPredicate/filter(jsonArrayFrom:matched:)``), each match written out at once,
    /// so memory stays at one object and one piece besides the output, whatever the file is: a
    /// regular file, a pipe, a device. Endless input is refused once it passes a limit of the
    /// strict JSON reading (`/dev/zero` at its first byte); empty input is invalid.
    private func filterFile(_ dataPath: String, with compiled: CompiledPredicate<PredicateValue>) -> Result<
        String, CommandFailure
    > {
        var file: InputFile
        switch InputFile.open(dataPath) {
        case .success(let opened): file = opened
        case .failure(let failure): return .failure(failure)
        }
        defer { file.close() }
        var output = ""
        // Room for every object of a regular file to match: pages never written are never
        // made resident.
        output.reserveCapacity((file.size ?? 0) + 16)
        var count = 0
        let result = compiled.filter(jsonArrayFrom: { file.read(into: $0) }) { match in
            output += count == 0 ? "[\n  " : ",\n  "
            output += match.jsonText()
            count += 1
        }
        if let readError = file.readError { return .failure(readError) }
        switch result {
        case .matches:
            output += count == 0 ? "[]\n" : "\n]\n"
            return .success(output)
        case .invalid(let error):
            return .failure(CommandFailure(status: ExitStatus.invalidInput, message: "'\(dataPath)': \(error.message)"))
        case .evaluationFailed(let index, let error):
            return .failure(
                CommandFailure(
                    status: ExitStatus.failure, message: "error: object \(index) of '\(dataPath)': \(error.message)"))
        case .notAnArray:
            return .failure(
                CommandFailure(
                    status: ExitStatus.invalidInput, message: "'\(dataPath)' must hold a JSON array of objects"))
        }
    }

    /// `[` newline, one compact object per line separated by commas, `]` newline; the objects
    /// already written as JSON text. Written into one string sized beforehand (the matches of
    /// a large file are as large as it).
    static func jsonArray(texts: [String]) -> String {
        guard !texts.isEmpty else { return "[]\n" }
        var output = "[\n"
        output.reserveCapacity(texts.reduce(4) { $0 + $1.utf8.count + 4 })
        for (index, text) in texts.enumerated() {
            output += index == 0 ? "  " : ",\n  "
            output += text
        }
        output += "\n]\n"
        return output
    }
}
