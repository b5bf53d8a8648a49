import Foundation
import PostgresDatabase
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A throwaway PostgreSQL server for the tests of one test process: `initdb` into a temporary
/// directory, `pg_ctl start` listening only on a Unix socket inside it, a fresh database per
/// test (``makeDatabase()``), and the server stopped and the directory removed when the process
/// ends — even when it ends by a crash, through a watchdog shell that waits for the test process
/// to disappear.
///
/// - The binaries are looked up in `PREDICATE_PG_BIN`, then `PATH`, then
///   `/usr/lib/postgresql/*/bin`. Where none exist the tests skip with a message
///   (``skipMessage``), unless `CI=true`, where they run and fail.
/// - `initdb` refuses to run as root: as root the server runs as the `postgres` user
///   (`runuser`), and the temporary directory is given to that user.
/// - The server is started once per process, on first use, and shared by every test; each
///   test gets its own database.
final class PostgresTestServer: Sendable {
    /// The server of this process, started on first use; a failure to start is the error every
    /// PostgreSQL test reports.
    static let shared = Result<PostgresTestServer, PostgresTestServerError> { () throws(PostgresTestServerError) in
        try PostgresTestServer()
    }

    /// Whether the PostgreSQL tests run: the binaries exist, or `CI=true` (where their absence
    /// must fail the run instead of skipping it).
    static var isAvailable: Bool { Binaries.find() != nil || ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Why the PostgreSQL tests are skipped.
    static let skipMessage: Comment = """
        PostgreSQL binaries (initdb, pg_ctl) not found in PREDICATE_PG_BIN, PATH or /usr/lib/postgresql/*/bin; \
        PostgreSQL tests skipped (they fail instead when CI=true)
        """

    /// The server's directory (data, socket, log).
    let directory: String
    /// The directory of the server's Unix socket.
    let socketDirectory: String
    /// The port number naming the socket.
    let port: Int
    private let counter = Counter()

    private init() throws(PostgresTestServerError) {
        guard let binaries = Binaries.find() else {
            throw PostgresTestServerError(
                "PostgreSQL binaries (initdb, pg_ctl) not found in PREDICATE_PG_BIN, PATH or /usr/lib/postgresql/*/bin")
        }
        let runAs = geteuid() == 0 ? "postgres" : nil
        var template = Array((NSTemporaryDirectory() + "predicate-pg-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw PostgresTestServerError("mkdtemp failed: \(errno)") }
        directory = String(cString: made)
        socketDirectory = directory + "/socket"
        port = 5432
        let data = directory + "/data"
        let log = directory + "/server.log"
        do {
            try FileManager.default.createDirectory(atPath: socketDirectory, withIntermediateDirectories: true)
            if let runAs { try Self.giveDirectory(directory, to: runAs) }
            try Self.run(
                binaries.initdb,
                [
                    "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--lc-collate=C", "--lc-ctype=C.UTF-8",
                    "--no-sync",
                ],
                as: runAs)
            // Every login is trusted except ``passwordUser``'s, which needs its password: the
            // tests of a wrong password need a server that asks for one.
            let hba = data + "/pg_hba.conf"
            let trusted = try String(contentsOfFile: hba, encoding: .utf8)
            try ("local all \(Self.passwordUser) scram-sha-256\n" + trusted).write(
                toFile: hba, atomically: false, encoding: .utf8)
            let options =
                "-k \(socketDirectory) -p \(port) -c listen_addresses='' -c fsync=off "
                + "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
            try Self.run(binaries.pgCtl, ["start", "-w", "-t", "60", "-D", data, "-l", log, "-o", options], as: runAs)
        } catch {
            let logText = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: directory)
            throw PostgresTestServerError("\(error)\n\(logText.suffix(2000))")
        }
        Self.startWatchdog(pgCtl: binaries.pgCtl, data: data, directory: directory, runAs: runAs)
        Self.stopAtExit(pgCtl: binaries.pgCtl, data: data, directory: directory, runAs: runAs)
        do {
            let admin = try PostgresConnection(url: url(database: "postgres"))
            try admin.execute("CREATE ROLE \(Self.passwordUser) LOGIN PASSWORD '\(Self.passwordUserPassword)'")
        } catch {
            throw PostgresTestServerError("cannot create the role \(Self.passwordUser): \(error)")
        }
    }

    /// The role whose login needs a password (``passwordUserURL(password:)``); every other
    /// login is trusted.
    static let passwordUser = "pe_password_user"

    /// The password of ``passwordUser``, set when the server starts.
    static let passwordUserPassword = "right-Pa55word"

    /// The libpq URL of the `postgres` database as ``passwordUser`` with `password` (right or
    /// wrong), in the user information.
    func passwordUserURL(password: String) -> String {
        "postgresql://\(Self.passwordUser):\(password)@/postgres?host=\(socketDirectory)&port=\(port)"
    }

    /// The libpq URL of database `name` on this server.
    func url(database name: String) -> String {
        "postgresql:///\(name)?host=\(socketDirectory)&port=\(port)&user=postgres"
    }

    /// A new, empty database for one test, with the helper functions installed; returns a
    /// connection to it.
    func makeDatabase() throws -> PostgresConnection {
        let connection = try PostgresConnection(url: try makeDatabaseURL())
        try connection.installHelperFunctions()
        return connection
    }

    /// A new, empty database (nothing installed); returns its URL.
    func makeDatabaseURL() throws -> String {
        let name = "test_\(getpid())_\(counter.next())"
        let admin = try PostgresConnection(url: url(database: "postgres"))
        try admin.execute(
            "CREATE DATABASE \"\(name)\" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'")
        return url(database: name)
    }

    // MARK: Process plumbing

    private struct Binaries {
        var initdb: String
        var pgCtl: String

        static func find() -> Binaries? {
            let environment = ProcessInfo.processInfo.environment
            var directories: [String] = []
            if let configured = environment["PREDICATE_PG_BIN"] { directories.append(configured) }
            directories += (environment["PATH"] ?? "").split(separator: ":").map(String.init)
            let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
            directories += versions.sorted(by: >).map { "/usr/lib/postgresql/\($0)/bin" }
            for directory in directories {
                let initdb = directory + "/initdb"
                let pgCtl = directory + "/pg_ctl"
                if FileManager.default.isExecutableFile(atPath: initdb),
                    FileManager.default.isExecutableFile(atPath: pgCtl)
                {
                    return Binaries(initdb: initdb, pgCtl: pgCtl)
                }
            }
            return nil
        }
    }

    /// Runs `tool` (as `user` through `runuser` when given) and waits; throws with its output
    /// when it fails.
    private static func run(_ tool: String, _ arguments: [String], as user: String?) throws {
        let command = user.map { ["/usr/sbin/runuser", "-u", $0, "--", tool] } ?? [tool]
        // Output goes to a file, not a pipe: the server that `pg_ctl start` leaves running
        // inherits the descriptors, so a pipe would never reach its end. posix_spawn and
        // waitpid rather than Process, whose reaping of the child could stall here.
        let outputPath = NSTemporaryDirectory() + "predicate-pg-\(getpid())-\(UUID().uuidString).out"
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let status = try spawnAndWait(command + arguments, output: outputPath)
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard status == 0 else {
            throw PostgresTestServerError(
                "\(([tool] + arguments).joined(separator: " ")) exited with \(status):\n\(text)")
        }
    }

    /// Runs `command` with standard output and error written to the file `output`; returns
    /// its exit status.
    private static func spawnAndWait(_ command: [String], output: String) throws -> Int32 {
        let pid = try spawn(command, output: output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw PostgresTestServerError("waitpid failed: \(errno)") }
        }
        // WIFEXITED/WEXITSTATUS: the low seven bits are the signal, the next eight the status.
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Starts `command` with standard input from /dev/null and standard output and error to
    /// `output`, and every other descriptor closed. That last part matters: tests run in
    /// parallel, and a server that inherited the write end of another test's pipe would keep
    /// that test's child from ever seeing the end of its input.
    private static func spawn(_ command: [String], output: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // Closing a descriptor that is not open is not an error for posix_spawn.
        for descriptor in 3..<Int32(min(max(sysconf(Int32(_SC_OPEN_MAX)), 256), 4_096)) {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        var arguments: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, &arguments, environ)
        guard spawned == 0 else { throw PostgresTestServerError("cannot start \(command[0]): error \(spawned)") }
        return pid
    }

    /// Makes `directory` (and what is in it) owned by `user`.
    private static func giveDirectory(_ directory: String, to user: String) throws {
        guard let entry = getpwnam(user) else {
            throw PostgresTestServerError("no user '\(user)' to run PostgreSQL as")
        }
        let (uid, gid) = (entry.pointee.pw_uid, entry.pointee.pw_gid)
        for path in [directory, directory + "/socket"] {
            guard chown(path, uid, gid) == 0 else { throw PostgresTestServerError("chown \(path) failed: \(errno)") }
        }
    }

    /// A shell that waits for this process to end, then stops the server (immediately) and
    /// removes its directory: the cleanup that survives a crash of the test process.
    private static func startWatchdog(pgCtl: String, data: String, directory: String, runAs: String?) {
        let stop = (runAs.map { "/usr/sbin/runuser -u \($0) -- " } ?? "") + "'\(pgCtl)' stop -m immediate -D '\(data)'"
        let script =
            "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; \(stop) >/dev/null 2>&1; rm -rf '\(directory)'"
        _ = try? spawn(["/bin/sh", "-c", script], output: "/dev/null")
    }

    /// Stops the server when the test process exits normally (the watchdog covers the rest).
    private static func stopAtExit(pgCtl: String, data: String, directory: String, runAs: String?) {
        let stop = (runAs.map { "/usr/sbin/runuser -u \($0) -- " } ?? "") + "'\(pgCtl)' stop -m immediate -D '\(data)'"
        ExitCleanup.command.withLock { $0 = "\(stop) >/dev/null 2>&1; rm -rf '\(directory)'" }
        atexit {
            guard let command = ExitCleanup.command.withLock({ $0 }) else { return }
            _ = system(command)
        }
    }
}

/// The shell command that stops the server at exit (set once, when the server starts).
private enum ExitCleanup {
    static let command = Mutex<String?>(nil)
}

/// Why the PostgreSQL test server could not start.
struct PostgresTestServerError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

/// A thread-safe counter for database names.
private final class Counter: Sendable {
    private let value = Mutex(0)

    func next() -> Int {
        value.withLock {
            $0 += 1
            return $0
        }
    }
}
