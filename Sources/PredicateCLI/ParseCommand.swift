import Predicates

/// `predicate parse FORMAT [--arg JSON]... [--tree]`: prints the canonical format of a
/// predicate, or with `--tree` its syntax tree; a parse error prints the caret rendering and
/// exits with status 2.
struct ParseCommand: ToolCommand {
    static let name = "parse"
    static let summary = "print a predicate's canonical format (or its tree)"
    static let usage = """
        predicate parse FORMAT [--arg JSON]... [--tree]
          FORMAT      an NSPredicate format string, e.g. "name CONTAINS[cd] %@"
          --arg JSON  a value for the next %@, %K, %d… specifier (repeatable, in order);
                      dates as {"$date": "2020-01-01T00:00:00Z"}, sets as {"$set": [1, 2]}
          --tree      print the syntax tree instead of the canonical format
        """

    var format: String
    var arguments: [PredicateValue]
    var printsTree: Bool

    init(arguments scanner: inout ArgumentScanner) throws(UsageError) {
        printsTree = scanner.flag("--tree")
        arguments = try CommandSupport.jsonArguments(try scanner.values(for: "--arg"))
        format = try scanner.positional("FORMAT")
    }

    func run(io: ToolIO) -> Int32 {
        do {
            let predicate = try PredicateParser().parsePredicate(format, arguments: arguments)
            io.write((printsTree ? predicate.treeDescription : predicate.predicateFormat) + "\n")
            return ExitStatus.success
        } catch {
            io.reportDiagnostics(error.diagnostics, in: error.diagnosticSource)
            return ExitStatus.invalidInput
        }
    }
}
