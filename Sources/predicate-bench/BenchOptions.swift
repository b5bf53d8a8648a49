/// The command line of `predicate-bench`.
///
/// ```
/// predicate-bench                      # 1,000,000 objects, 5 runs after a warm-up
/// predicate-bench --quick              # 100,000 objects, 3 runs: a smoke test
/// predicate-bench --rows age contains  # only these rows (ids below)
/// predicate-bench --runs 9 --seed 7
/// ```
struct BenchOptions {
    /// Objects per evaluation row.
    var objects = 1_000_000
    /// Measured runs per candidate (after one warm-up run).
    var runs = 5
    /// Rounds over the parse samples per run.
    var parseRounds = 10_000
    /// Contents and Buckets of the change-matching row.
    var contents = 1_000_000
    var buckets = 10_000
    /// The seed of the generated people.
    var seed: UInt64 = 2024
    /// The selected rows; every row when empty.
    var rows: Set<String> = []
    /// The selected evaluation columns (``Column`` raw values); every column when empty.
    var columns: Set<String> = []
    /// `--help` was given.
    var wantsHelp = false
    /// A PostgreSQL URL for the `sql` row's PostgreSQL half (skipped without one).
    var postgresURL: String?

    /// Every row id, in output order.
    static let rowIDs = [
        "age", "contains", "tags", "in", "like", "between", "dict", "dict-age", "dict-name", "dict-nested",
        "dict-nested-age", "parse", "graph", "scan", "changes", "live", "dblive", "sql", "load", "create",
    ]

    static let usage = """
        usage: predicate-bench [--quick] [--runs N] [--seed N] [--rows ID...] [--columns ID...]
          --quick      100,000 objects, 100,000 Contents in 1,000 Buckets, 3 runs (smoke test)
          --runs N     measured runs per candidate after one warm-up (default 5)
          --seed N     seed of the generated objects (default 2024)
          --rows ID…   only these rows: \(rowIDs.joined(separator: " "))
          --postgres URL  a PostgreSQL database for the sql, create and dblive rows (sql and create
                       replace their tables; dblive drops and recreates its schema public)
          --columns ID… only these evaluation columns (for profiling): \(Column.allCases.map(\.rawValue).joined(separator: " "))
        (dict selects the dictionary rows dict-age dict-name dict-nested dict-nested-age)
        the halves of Scripts/gnustep-compare/run.sh:
          predicate-bench --write-nested-json FILE COUNT SEED
          predicate-bench --time-json FILE PREDICATES RUNS
        """

    /// A command-line mistake.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads the arguments (without the program name).
    init(arguments: [String]) throws {
        var index = 0
        var quick = false
        var explicitRuns: Int?
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--quick": quick = true
            case "--help", "-h": wantsHelp = true
            case "--runs":
                guard index < arguments.count, let value = Int(arguments[index]), value > 0 else {
                    throw UsageError(description: "--runs needs a positive number")
                }
                explicitRuns = value
                index += 1
            case "--postgres":
                guard index < arguments.count else { throw UsageError(description: "--postgres needs a URL") }
                postgresURL = arguments[index]
                index += 1
            case "--seed":
                guard index < arguments.count, let value = UInt64(arguments[index]) else {
                    throw UsageError(description: "--seed needs a non-negative number")
                }
                seed = value
                index += 1
            case "--rows":
                while index < arguments.count, !arguments[index].hasPrefix("--") {
                    let id = arguments[index]
                    guard Self.rowIDs.contains(id) else {
                        throw UsageError(
                            description: "unknown row '\(id)'; rows are \(Self.rowIDs.joined(separator: ", "))")
                    }
                    rows.insert(id)
                    index += 1
                }
                if rows.isEmpty { throw UsageError(description: "--rows needs at least one row id") }
            case "--columns":
                while index < arguments.count, !arguments[index].hasPrefix("--") {
                    let id = arguments[index]
                    guard Column(rawValue: id) != nil else {
                        throw UsageError(description: "unknown column '\(id)'")
                    }
                    columns.insert(id)
                    index += 1
                }
                if columns.isEmpty { throw UsageError(description: "--columns needs at least one column id") }
            default:
                throw UsageError(description: "unknown argument '\(argument)'")
            }
        }
        if quick {
            objects = 100_000
            runs = 3
            parseRounds = 2_000
            contents = 100_000
            buckets = 1_000
        }
        if let explicitRuns { runs = explicitRuns }
    }

    /// Whether evaluation column `column` runs.
    func includes(_ column: Column) -> Bool { columns.isEmpty || columns.contains(column.rawValue) }

    /// Whether row `id` runs.
    func includes(_ id: String) -> Bool { rows.isEmpty || rows.contains(id) }

    /// Whether dictionary row `id` runs (`dict` selects them all).
    func includesDictionaryRow(_ id: String) -> Bool { includes(id) || rows.contains("dict") }
}
