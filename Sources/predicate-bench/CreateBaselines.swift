import Evaluation
import Foundation
import ObjectStore

/// The inputs of the `create` rows' baselines, written from the rows `db create` writes: the
/// same tables (the standard mapping's definition, indexes after the data), the same values.
struct BaselineScript {
    let mapping: SQLMapping

    /// One SQL script for the sqlite3 shell: a transaction with the tables, one `INSERT` of
    /// literal values per row, then the indexes.
    func sqlite(graph: ObjectGraph) throws -> Data {
        let dialect = SQLiteDialect()
        let script = ScriptRecorder(dialect: dialect)
        script.text += "BEGIN;\n"
        try definition(dialect, into: script)
        script.style = .insert
        try graph.write(into: script, mapping: mapping)
        for statement in SQLSchemaDefinition.indexStatements(for: mapping, dialect: dialect) {
            script.text += statement.sql + ";\n"
        }
        script.text += "COMMIT;\n"
        return Data(script.text.utf8)
    }

    /// A psql script: drop the tables, then in one transaction create them, `\copy` each from a
    /// CSV file written into `directory`, and create the indexes.
    func psql(graph: ObjectGraph, directory: String) throws -> Data {
        let dialect = PostgreSQLDialect()
        let script = ScriptRecorder(dialect: dialect)
        let tables = SQLSchemaDefinition.tableNames(for: mapping).map { dialect.quote($0) }
        script.text += "DROP TABLE IF EXISTS \(tables.joined(separator: ", "));\nBEGIN;\n"
        try definition(dialect, into: script)
        script.style = .csv(directory: directory)
        try graph.write(into: script, mapping: mapping)
        for statement in SQLSchemaDefinition.indexStatements(for: mapping, dialect: dialect) {
            script.text += statement.sql + ";\n"
        }
        script.text += "COMMIT;\n"
        return Data(script.text.utf8)
    }

    /// The tables' definitions (the metadata's rows, which bind values, left out).
    private func definition(_ dialect: some SQLDialect, into script: ScriptRecorder) throws {
        for statement in SQLSchemaDefinition.statements(for: mapping, dialect: dialect, indexes: false)
        where statement.bindings.isEmpty {
            script.text += statement.sql + ";\n"
        }
    }
}

/// A database that writes what it is given as a script: rows as `INSERT`s of literal values,
/// or as CSV files with a `\copy` line for each.
final class ScriptRecorder: SQLDatabase {
    enum Style {
        case insert
        case csv(directory: String)
    }

    let dialect: any SQLDialect
    var text = ""
    var style = Style.insert

    init(dialect: any SQLDialect) { self.dialect = dialect }

    func execute(_ statement: SQLStatement) throws -> Int { 0 }
    func rows(_ statement: SQLStatement) throws -> [[SQLValue]] { [] }
    func installHelperFunctions() throws {}

    func insertRows(into table: String, columns: [String], _ produce: (_ write: SQLRowWriter) throws -> Void) throws {
        let names = columns.map { dialect.quote($0) }.joined(separator: ", ")
        switch style {
        case .insert:
            let prefix = "INSERT INTO \(dialect.quote(table)) (\(names)) VALUES ("
            try produce { row in
                self.text += prefix + row.map(Self.literal).joined(separator: ", ") + ");\n"
            }
        case .csv(let directory):
            let file = directory + "/\(table).csv"
            var csv = ""
            try produce { row in csv += row.map(Self.csvField).joined(separator: ",") + "\n" }
            try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
            text += "\\copy \(dialect.quote(table)) (\(names)) FROM '\(file)' WITH (FORMAT csv)\n"
        }
    }

    /// A SQL literal (the baseline's script is the one place values are written as SQL).
    static func literal(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let integer): String(integer)
        case .double(let double): "\(double)"
        case .text(let text): "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let bytes): "X'" + bytes.map { String(format: "%02x", $0) }.joined() + "'"
        }
    }

    /// A CSV field: NULL empty, text quoted.
    static func csvField(_ value: SQLValue) -> String {
        switch value {
        case .null: ""
        case .integer(let integer): String(integer)
        case .double(let double): "\(double)"
        case .text(let text): "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        case .blob(let bytes): "\"\\x" + bytes.map { String(format: "%02x", $0) }.joined() + "\""
        }
    }
}

/// A child process started with `posix_spawn` and reaped with `wait4`, for its wall time, and
/// its peak resident memory as GNU time reports it (`/usr/bin/time -f %M`): a child spawned by
/// this process itself would inherit this process's own high-water mark when it starts (Linux
/// keeps the larger of the two across `exec`), so the measurement needs a small parent. The
/// peak is `nil` without `/usr/bin/time`. Its output is discarded, its errors kept for a
/// failure's message.
struct Spawn {
    let arguments: [String]
    let input: String?
    static let time = "/usr/bin/time"

    init(_ arguments: [String], input: String? = nil) {
        self.arguments = arguments
        self.input = input
    }

    func run() throws -> (seconds: Double, peakBytes: Int?) {
        let base = NSTemporaryDirectory() + "predicate-bench-spawn-\(getpid())"
        let errors = base + ".err"
        let peak = base + ".peak"
        defer {
            try? FileManager.default.removeItem(atPath: errors)
            try? FileManager.default.removeItem(atPath: peak)
        }
        let measured = FileManager.default.isExecutableFile(atPath: Self.time)
        let command = measured ? [Self.time, "-f", "%M", "-o", peak] + arguments : arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        let code = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        guard code == 0 else { throw BenchFailure("cannot start \(command[0]): error \(code)") }
        var status: Int32 = 0
        guard waitpid(pid, &status, 0) == pid else { throw BenchFailure("waitpid failed: \(errno)") }
        let elapsed = (clock.now - start).seconds
        guard status == 0 else {
            let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            throw BenchFailure("\(arguments.joined(separator: " ")) failed (status \(status)): \(message)")
        }
        let kilobytes = (try? String(contentsOfFile: peak, encoding: .utf8)).flatMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return (elapsed, kilobytes.map { $0 * 1024 })
    }
}
