import PostgresDatabase

/// A small command-line argument reader: positional arguments, `--flag`s and repeatable
/// `--option value` pairs (also `--option=value`). Unknown options are usage errors.
struct ArgumentScanner {
    private var remaining: [String]

    init(_ arguments: [String]) {
        remaining = arguments
    }

    /// Removes and returns every value given for `name` (`--arg 1 --arg 2` → `["1", "2"]`).
    mutating func values(for name: String) throws(UsageError) -> [String] {
        var values: [String] = []
        var kept: [String] = []
        var index = 0
        while index < remaining.count {
            let argument = remaining[index]
            if argument == "--" {
                kept += remaining[index...]
                break
            }
            if argument == name {
                guard index + 1 < remaining.count else {
                    throw UsageError("option '\(name)' needs a value")
                }
                values.append(remaining[index + 1])
                index += 2
                continue
            }
            if argument.hasPrefix(name + "=") {
                values.append(String(argument.dropFirst(name.count + 1)))
            } else {
                kept.append(argument)
            }
            index += 1
        }
        remaining = kept
        return values
    }

    /// Removes `name` and returns its single value, or `nil` when absent.
    mutating func value(for name: String) throws(UsageError) -> String? {
        let all = try values(for: name)
        guard all.count <= 1 else { throw UsageError("option '\(name)' is given more than once") }
        return all.first
    }

    /// Removes `name` and returns its value, or throws when it is absent.
    mutating func requiredValue(for name: String) throws(UsageError) -> String {
        guard let value = try value(for: name) else { throw UsageError("missing required option '\(name)'") }
        return value
    }

    /// Removes `name` and tells whether it was present.
    mutating func flag(_ name: String) -> Bool {
        let before = remaining.count
        remaining.removeAll { $0 == name }
        return remaining.count != before
    }

    /// Removes and returns the next positional argument, or throws naming what was expected.
    mutating func positional(_ what: String) throws(UsageError) -> String {
        guard let index = remaining.firstIndex(where: { !$0.hasPrefix("--") || $0 == "--" }) else {
            throw UsageError("missing \(what)")
        }
        if remaining[index] == "--" {
            remaining.remove(at: index)
            guard index < remaining.count else { throw UsageError("missing \(what)") }
        }
        return remaining.remove(at: index)
    }

    /// Throws when anything was not consumed. The argument is echoed with the password of a
    /// PostgreSQL URL or connection string masked (a URL given without `--db`).
    func finish() throws(UsageError) {
        if let argument = remaining.first {
            let shown = PostgresConnection.Configuration.masked(argument)
            throw UsageError(argument.hasPrefix("--") ? "unknown option '\(shown)'" : "unexpected argument '\(shown)'")
        }
    }
}

/// A mistake in how the tool was called; printed with the command's usage, exit status 64.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
