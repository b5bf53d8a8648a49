import Foundation
import PostgresDatabase
import PredicateCLI
import Testing

/// Every way connecting to PostgreSQL can fail — in the library, in each command that takes
/// `--db`, and in the REPL — says why, names the server, and never prints a password: the
/// URLs below carry one in the user information and one in `?password=`, and every byte of
/// output is searched for both.
@Suite(
    "PostgreSQL connection failures: the reason, never the password",
    .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
struct PostgresConnectionFailureTests {
    /// The passwords in the URLs; none may appear in any output.
    static let secrets = ["Userinfo-Secret-1", "Query-Secret-2", "Wrong-Secret-3"]

    enum Failure: String, CaseIterable, CustomTestStringConvertible {
        case badHost, refusedPort, wrongPassword, missingDatabase, missingUser, unknownOption, badOptionValue,
            malformedURL, timeout

        var testDescription: String { rawValue }

        /// Whether the URL itself is refused before connecting (a usage error on the command line).
        var isMalformed: Bool { self == .unknownOption || self == .malformedURL }
    }

    /// The URL that fails in the way of `failure`, and text its message must contain.
    static func scenario(_ failure: Failure, listener: SilentListener) throws -> (url: String, expected: [String]) {
        let server = try PostgresTestServer.shared.get()
        let socket = "host=\(server.socketDirectory)&port=\(server.port)"
        let passwords = "Userinfo-Secret-1@"
        switch failure {
        case .badHost:
            return (
                "postgresql://bob:\(passwords)nonexistent.invalid/x?password=Query-Secret-2",
                ["host=nonexistent.invalid dbname=x user=bob", "could not translate host name \"nonexistent.invalid\""]
            )
        case .refusedPort:
            return (
                "postgresql://bob:\(passwords)127.0.0.1:1/x?password=Query-Secret-2",
                ["host=127.0.0.1 port=1 dbname=x user=bob", "Connection refused"]
            )
        case .wrongPassword:
            return (
                server.passwordUserURL(password: "Wrong-Secret-3"),
                ["password authentication failed for user \"\(PostgresTestServer.passwordUser)\""]
            )
        case .missingDatabase:
            return (
                "postgresql://postgres:\(passwords)/pe_no_such_database?\(socket)&password=Query-Secret-2",
                ["dbname=pe_no_such_database user=postgres", "database \"pe_no_such_database\" does not exist"]
            )
        case .missingUser:
            return (
                "postgresql://pe_no_such_user:\(passwords)/postgres?\(socket)&password=Query-Secret-2",
                ["role \"pe_no_such_user\" does not exist"]
            )
        case .unknownOption:
            return (
                "postgresql://bob:\(passwords)h/x?password=Query-Secret-2&pe_bogus_option=1",
                ["unknown PostgreSQL connection option 'pe_bogus_option' in the URL"]
            )
        case .badOptionValue:
            return (
                "postgresql://bob:\(passwords)127.0.0.1:1/x?password=Query-Secret-2&sslmode=bogus",
                ["host=127.0.0.1 port=1 dbname=x user=bob", "invalid sslmode value: \"bogus\""]
            )
        case .malformedURL:
            return (
                "postgresql://bob:Userinfo-Secret-1%zz@h/x?password=Query-Secret-2",
                ["malformed PostgreSQL URL: the password has an invalid percent-encoding"]
            )
        case .timeout:
            // libpq counts a timeout of 1 as 2 seconds.
            return (
                "postgresql://bob:\(passwords)127.0.0.1:\(listener.port)/x?connect_timeout=1&password=Query-Secret-2",
                [
                    "host=127.0.0.1 port=\(listener.port) dbname=x user=bob",
                    "connection to server at \"127.0.0.1\", port \(listener.port) failed: timeout expired",
                    "(no answer within connect_timeout=1 s; set connect_timeout in the URL to wait longer)",
                ]
            )
        }
    }

    static func expectNoSecret(_ text: String, _ context: String) {
        for secret in secrets {
            #expect(!text.contains(secret), "\(context) printed the password '\(secret)': \(text)")
        }
    }

    @Test("the library: PostgresConnection throws the reason without the password", arguments: Failure.allCases)
    func library(failure: Failure) throws {
        let listener = try SilentListener()
        let (url, expected) = try Self.scenario(failure, listener: listener)
        let error = #expect(throws: PostgresError.self) { try PostgresConnection(url: url) }
        let text = error?.description ?? ""
        for fragment in expected { #expect(text.contains(fragment), "\(text)") }
        if !failure.isMalformed { #expect(text.hasPrefix("PostgreSQL error: cannot connect to ")) }
        Self.expectNoSecret(text, "PostgresConnection")
    }

    enum Command: String, CaseIterable, CustomTestStringConvertible {
        case query, dbCreate, dbExport, replOption, replCommand

        var testDescription: String { rawValue }
    }

    @Test(
        "the commands and the REPL: exit 1 (64 for a malformed URL) and the reason, without the password",
        arguments: Failure.allCases, Command.allCases)
    func commands(failure: Failure, command: Command) throws {
        let listener = try SilentListener()
        let (url, expected) = try Self.scenario(failure, listener: listener)
        let model = ["--schema", SampleQueryTests.root.path + "/Samples/ContentModel.xcdatamodeld"]
        let arguments: [String]
        var input: [String] = []
        var status: Int32 = failure.isMalformed ? 64 : 1
        switch command {
        case .query: arguments = ["query", "TRUEPREDICATE", "--entity", "Content", "--db", url] + model
        case .dbCreate: arguments = ["db", "create", "--db", url] + model
        case .dbExport: arguments = ["db", "export", "--db", url] + model
        case .replOption: arguments = ["repl", "--db", url] + model
        case .replCommand:
            arguments = ["repl"] + model
            input = [":db \(url)"]
            status = 2  // a piped session where a line failed
        }
        let buffer = ToolIOBuffer(inputLines: input)
        #expect(PredicateTool.run(arguments, io: buffer.io) == status)
        let printed = buffer.output + buffer.errorOutput
        for fragment in expected { #expect(printed.contains(fragment), "\(printed)") }
        Self.expectNoSecret(printed, "\(command)")
    }

    @Test("a URL where no option takes it is echoed with its passwords masked")
    func echoedArgument() {
        let url = "postgresql://bob:Userinfo-Secret-1@h/x?password=Query-Secret-2"
        let model = ["--schema", SampleQueryTests.root.path + "/Samples/ContentModel.xcdatamodeld"]
        let cases: [([String], String)] = [
            (["query", "TRUEPREDICATE", url, "--entity", "Content", "--db", "x"] + model, "unexpected argument"),
            (["sql", "TRUEPREDICATE", "--entity", "Content", "--db=\(url)"] + model, "unknown option '--db="),
            ([url], "unknown command"),
        ]
        for (arguments, fragment) in cases {
            let buffer = ToolIOBuffer()
            #expect(PredicateTool.run(arguments, io: buffer.io) == 64)
            #expect(buffer.errorOutput.contains(fragment), "\(buffer.errorOutput)")
            #expect(buffer.errorOutput.contains("postgresql://bob:***@h/x?password=***"), "\(buffer.errorOutput)")
            Self.expectNoSecret(buffer.output + buffer.errorOutput, arguments[0])
        }
    }

    @Test("the REPL names an attached PostgreSQL database without its password")
    func replAttached() throws {
        let server = try PostgresTestServer.shared.get()
        let url = try server.makeDatabaseURL() + "&password=Query-Secret-2"
        let model = ["--schema", SampleQueryTests.root.path + "/Samples/ContentModel.xcdatamodeld"]
        #expect(PredicateTool.run(["db", "create", "--db", url] + model, io: ToolIOBuffer().io) == 0)
        let buffer = ToolIOBuffer(inputLines: [":db \(url)", "TRUEPREDICATE"])
        #expect(PredicateTool.run(["repl"] + model, io: buffer.io) == 0, "\(buffer.errorOutput)")
        #expect(buffer.output.contains("attached PostgreSQL host=\(server.socketDirectory) port=\(server.port)"))
        Self.expectNoSecret(buffer.output + buffer.errorOutput, "the REPL")
    }
}
