import Foundation
import PostgresDatabase
import PredicateCLI
import Testing

/// A password never needs to be on the command line: the built `predicate`, given a URL
/// without one, logs in with the password from `PGPASSWORD` or from `~/.pgpass`, as libpq
/// does for every client (the README's PostgreSQL examples). Run as a child process, so that
/// its environment is its own.
@Suite(
    "PostgreSQL: the password from PGPASSWORD or ~/.pgpass",
    .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
struct PostgresPasswordSourceTests {
    static let root = SampleQueryTests.root

    /// The built `predicate`: next to the test bundle, else in `.build/debug`.
    static var executable: URL? {
        [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, root.appendingPathComponent(".build/debug"),
        ].map { $0.appendingPathComponent("predicate") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// A database holding the sample, readable by the role that needs a password; the URL
    /// that role uses, without its password.
    static func sampleDatabase(_ server: PostgresTestServer) throws -> String {
        let adminURL = try server.makeDatabaseURL()
        let model = ["--schema", root.path + "/Samples/ContentModel.xcdatamodeld"]
        let buffer = ToolIOBuffer()
        let created = PredicateTool.run(
            ["db", "create", "--db", adminURL, "--graph", root.path + "/Samples/graph.json"] + model, io: buffer.io)
        #expect(created == 0, "\(buffer.errorOutput)")
        try PostgresConnection(url: adminURL).execute(
            "GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(PostgresTestServer.passwordUser)")
        let name = adminURL.dropFirst("postgresql:///".count).prefix { $0 != "?" }
        return
            "postgresql://\(PostgresTestServer.passwordUser)@/\(name)?host=\(server.socketDirectory)&port=\(server.port)"
    }

    /// Runs `predicate query` on the `.png` contents with `environment` only.
    static func query(_ url: String, environment: [String: String]) throws -> (
        status: Int32, output: String, error: String
    ) {
        let process = Process()
        let built: URL = try #require(Self.executable, "the predicate executable is built by swift build")
        process.executableURL = built
        process.arguments = [
            "query", "name ENDSWITH[c] '.PNG'", "--entity", "Content", "--schema",
            root.path + "/Samples/ContentModel.xcdatamodeld", "--db", url,
        ]
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: text, as: UTF8.self), String(decoding: errorText, as: UTF8.self)
        )
    }

    @Test("PGPASSWORD, then ~/.pgpass, log in; without either the login is refused")
    func passwordSources() throws {
        let server = try PostgresTestServer.shared.get()
        let url = try Self.sampleDatabase(server)
        let home = NSTemporaryDirectory() + "predicate-pgpass-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let base = ["HOME": home, "PATH": "/usr/bin:/bin"]
        let password = PostgresTestServer.passwordUserPassword

        // Contents 2 and 4 are the .png files of Samples/graph.json.
        let fromEnvironment = try Self.query(url, environment: base.merging(["PGPASSWORD": password]) { $1 })
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.error)")
        #expect(fromEnvironment.output == "[2, 4]\n")

        let refused = try Self.query(url, environment: base)
        #expect(refused.status == 1)
        #expect(refused.error.contains("cannot connect to host="), "\(refused.error)")

        // libpq reads ~/.pgpass only when nobody else may read it.
        let pgpass = home + "/.pgpass"
        try "*:*:*:\(PostgresTestServer.passwordUser):\(password)\n".write(
            toFile: pgpass, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: pgpass)
        let fromFile = try Self.query(url, environment: base)
        #expect(fromFile.status == 0, "\(fromFile.error)")
        #expect(fromFile.output == "[2, 4]\n")
        #expect(!(fromEnvironment.error + refused.error + fromFile.error).contains(password))
    }
}
