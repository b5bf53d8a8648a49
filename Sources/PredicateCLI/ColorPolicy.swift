import Foundation

/// Whether the tool may colour its output (the REPL's errors, notes, table headers), by the
/// conventions terminals and users share:
///
/// | condition | colour |
/// |---|---|
/// | standard output is not a terminal (a pipe, a file) | no |
/// | `NO_COLOR` is set to anything but the empty string (no-color.org) | no |
/// | `TERM` is `dumb` (a terminal without escape sequences, such as Emacs' shell) | no |
/// | otherwise | yes |
///
/// An empty `NO_COLOR` counts as unset, as no-color.org asks.
enum ColorPolicy {
    /// Whether colour is allowed for output going to a terminal (`outputIsTerminal`) in
    /// `environment` (this process's unless given).
    static func allowsColor(
        outputIsTerminal: Bool, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Bool {
        guard outputIsTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }
}
