import Evaluation
import KeyPaths
import Predicates

/// `predicate lint FORMAT --schema FILE --entity NAME [--arg JSON]...`: parses a predicate and
/// checks it against a schema (``CheckedPredicate``'s diagnostics). Prints nothing and exits 0 when it is
/// valid; otherwise prints every problem with its caret on standard error and exits 2:
///
/// ```
/// $ predicate lint "bucket.nmae == 'Inbox' AND tags.name == 'swift'" \
///       --schema Samples/ContentModel.xcdatamodeld --entity Content
/// 1:8: error: 'Bucket' has no property 'nmae'
/// bucket.nmae == 'Inbox' AND tags.name == 'swift'
///        ^^^^
/// note: did you mean 'name'?
/// 1:28: error: 'tags.name' is a to-many key path; use ANY, ALL, NONE, @count or SUBQUERY
/// bucket.nmae == 'Inbox' AND tags.name == 'swift'
///                            ^^^^^^^^^
/// note: for example: ANY tags.name == …
/// ```
/// With `--json`, nothing goes to standard error: standard output gets one JSON object listing
/// every problem (warnings included), with the same exit status:
/// `{"problems":[{"column":8,"end":11,"id":"unknown-key","line":1,"message":"'Bucket' has no
/// property 'nmae'","notes":["did you mean 'name'?"],"severity":"error","start":7}]}`.
///
/// A parse error is printed the same way (exit 2); an unknown entity prints its message
/// with a did-you-mean (exit 2); a schema that cannot be loaded exits with status 1. More
/// `--arg` values than the format's specifiers use is a warning (Apple ignores the surplus;
/// the exit status is unchanged):
///
/// ```
/// $ predicate lint "name == '%@'" --arg '"x"' --schema … --entity Bucket
/// 1:1: warning: 1 argument given but the format uses 0; argument 1 is ignored
/// name == '%@'
/// ^^^^^^^^^^^^
/// note: Apple ignores surplus arguments; quoted text such as '%@' is not a specifier
/// ```
struct LintCommand: ToolCommand {
    static let name = "lint"
    static let summary = "check a predicate against a schema and print every problem"
    static let usage = """
        predicate lint FORMAT --schema FILE --entity NAME [--arg JSON]... [--json]
          FORMAT         an NSPredicate format string, e.g. "bucket.name == %@"
          --schema FILE  a JSON schema (.json), an Xcode model (.xcdatamodeld or .xcdatamodel
                         folder) or a model's 'contents' file
          --entity NAME  the entity of the objects the predicate is evaluated on
          --arg JSON     a value for the next %@, %K, %d… specifier (repeatable, in order);
                         dates as {"$date": "2020-01-01T00:00:00Z"}, sets as {"$set": [1, 2]}
          --json         print {"problems": [{"severity", "id", "message", "line", "column",
                         "start", "end", "notes"}]} on standard output instead of carets
        Prints nothing and exits 0 when the predicate is valid; exit status 2 when it is not.
        """

    var format: String
    var arguments: [PredicateValue]
    var schema: SchemaOption
    var json: Bool

    init(arguments scanner: inout ArgumentScanner) throws(UsageError) {
        json = scanner.flag("--json")
        schema = try SchemaOption(arguments: &scanner)
        arguments = try CommandSupport.jsonArguments(try scanner.values(for: "--arg"))
        format = try scanner.positional("FORMAT")
    }

    func run(io: ToolIO) -> Int32 {
        let loaded: Schema
        switch schema.load(command: Self.name, io: io) {
        case .success(let value): loaded = value
        case .failure(let failure): return failure.status
        }
        // An entity the schema lacks is reported before the predicate is read, on one line.
        if loaded.entity(named: schema.entity) == nil {
            let unknown = SchemaCheckCatalog.unknownEntity(schema.entity, in: loaded, range: SourceRange(0, 0))
            io.reportError("predicate lint: \(([unknown.message] + unknown.notes).joined(separator: "; "))\n")
            return ExitStatus.invalidInput
        }
        var problems: [(Diagnostic, severity: String)] = []
        do {
            let predicate = try PredicateParser().parsePredicate(format, arguments: arguments)
            if let warning = PredicateParser().surplusArgumentsWarning(format: format, arguments: arguments) {
                problems.append((warning, "warning"))
            }
            problems += predicate.check(against: loaded, entity: schema.entity, source: format).map { ($0, "error") }
        } catch {
            problems.append((error.diagnostic, "error"))
        }
        if json {
            io.write(Self.json(problems, in: format) + "\n")
        } else {
            io.reportError(problems.map { $0.0.render(in: format, severity: $0.severity) + "\n" }.joined())
        }
        return problems.contains { $0.severity == "error" } ? ExitStatus.invalidInput : ExitStatus.success
    }

    /// `{"problems":[…]}`, one object per problem with its position (1-based line and column,
    /// byte offsets `start` and `end`).
    static func json(_ problems: [(Diagnostic, severity: String)], in format: String) -> String {
        let items = problems.map { diagnostic, severity -> PredicateValue in
            let location = SourceLocation(offset: diagnostic.range.lowerBound, in: format)
            return .dictionary([
                "severity": .string(severity), "id": .string(diagnostic.id), "message": .string(diagnostic.message),
                "line": .int(location.line), "column": .int(location.column),
                "start": .int(diagnostic.range.lowerBound), "end": .int(diagnostic.range.upperBound),
                "notes": .array(diagnostic.notes.map(PredicateValue.string)),
            ])
        }
        return PredicateValue.dictionary(["problems": .array(items)]).jsonText()
    }
}
