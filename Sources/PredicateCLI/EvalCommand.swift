import Evaluation
import Predicates

/// `predicate eval FORMAT --data FILE.json [--arg JSON]... [--var NAME=JSON]...`: filters the
/// JSON array in FILE with the predicate and prints the matching objects as a JSON array, one
/// object per line.
struct EvalCommand: ToolCommand {
    static let name = "eval"
    static let summary = "print the objects of a JSON file that match a predicate"
    static let usage = """
        predicate eval FORMAT --data FILE.json [--arg JSON]... [--var NAME=JSON]...
          FORMAT          an NSPredicate format string, e.g. "age > 30 AND ANY tags == 'swift'"
          --data FILE     a JSON array of objects; dates as {"$date": "2020-01-01T00:00:00Z"},
                          sets as {"$set": [1, 2]}
          --arg JSON      a value for the next %@, %K, %d… specifier (repeatable, in order)
          --var NAME=JSON a value for $NAME (repeatable)
        Prints the matching objects as a JSON array. Exit status 2 when the predicate or the
        data is invalid, 1 when an object cannot be evaluated (e.g. ordering a string against
        a number) or the file cannot be read.
        """

    var format: String
    var dataPath: String
    var arguments: [PredicateValue]
    var variables: [String: PredicateValue]

    init(arguments scanner: inout ArgumentScanner) throws(UsageError) {
        dataPath = try scanner.requiredValue(for: "--data")
        arguments = try CommandSupport.jsonArguments(try scanner.values(for: "--arg"))
        variables = try CommandSupport.variables(try scanner.values(for: "--var"))
        format = try scanner.positional("FORMAT")
    }

    func run(io: ToolIO) -> Int32 {
        let outcome = CommandSupport.compile(format, arguments: arguments, variables: variables).flatMap {
            compiled in
            CommandSupport.readJSONFile(dataPath).flatMap { data in filter(data, with: compiled) }
        }
        switch outcome {
        case .success(let matches):
            io.write(Self.jsonArray(matches))
            return ExitStatus.success
        case .failure(let failure):
            io.writeError(failure.message + "\n")
            return failure.status
        }
    }

    private func filter(
        _ data: PredicateValue, with compiled: CompiledPredicate<PredicateValue>
    ) -> Result<[PredicateValue], CommandFailure> {
        guard case .array(let objects) = data else {
            return .failure(
                CommandFailure(
                    status: ExitStatus.invalidInput, message: "'\(dataPath)' must hold a JSON array of objects"))
        }
        var matches: [PredicateValue] = []
        for (index, object) in objects.enumerated() {
            do {
                if try compiled.evaluate(object) { matches.append(object) }
            } catch {
                return .failure(
                    CommandFailure(
                        status: ExitStatus.failure,
                        message: "error: object \(index) of '\(dataPath)': \(error.message)"))
            }
        }
        return .success(matches)
    }

    /// `[` newline, one compact object per line separated by commas, `]` newline.
    static func jsonArray(_ values: [PredicateValue]) -> String {
        guard !values.isEmpty else { return "[]\n" }
        return "[\n" + values.map { "  " + $0.jsonText() }.joined(separator: ",\n") + "\n]\n"
    }
}
