import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built REPL in a pseudo-terminal of a chosen size and environment: tables fit the
/// terminal's width and follow a resize, the banner suggests a predicate from the model
/// loaded, and colours appear only when the conventions allow them (`NO_COLOR`, `TERM=dumb`).
@Suite("REPL: terminal width, banner and colours in a pseudo-terminal", .serialized)
struct ReplTerminalConventionTests {
    /// The executable on a pseudo-terminal, with its own arguments, environment and size.
    final class Terminal {
        let master: Int32
        let pid: pid_t
        private(set) var transcript = ""

        init(arguments: [String] = [], environment: [String], columns: UInt16) throws {
            let executable = try #require(ToolRunner.executable, "the predicate executable is built by swift build")
            var master: Int32 = 0
            var slave: Int32 = 0
            var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
            guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw Failure("openpty: \(errno)") }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for target in [Int32(0), 1, 2] { posix_spawn_file_actions_adddup2(&actions, slave, target) }
            // Nothing else stays open in the child: tests run in parallel.
            for descriptor in Int32(3)..<256 { posix_spawn_file_actions_addclose(&actions, descriptor) }
            var argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
            var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
            defer { for pointer in argv + envp { free(pointer) } }
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, executable.path, &actions, nil, &argv, &envp)
            close(slave)
            guard spawned == 0 else {
                close(master)
                throw Failure("posix_spawn: \(spawned)")
            }
            self.master = master
            self.pid = pid
        }

        deinit {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            close(master)
        }

        func type(_ text: String) {
            _ = Array(text.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }

        /// Sets the terminal's size, as a window resize does.
        func resize(columns: UInt16) {
            var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
            _ = withUnsafeMutablePointer(to: &size) { ioctl(master, UInt(TIOCSWINSZ), $0) }
        }

        /// Reads until the transcript after `start` contains `text`; false after `seconds`.
        @discardableResult
        func wait(for text: String, after start: String.Index? = nil, seconds: Double = 20) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !transcript[(start ?? transcript.startIndex)...].contains(text), Date() < deadline {
                var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                let count = read(master, &buffer, buffer.count)
                if count <= 0 { break }
                transcript += String(decoding: buffer[0..<count], as: UTF8.self)
            }
            return transcript[(start ?? transcript.startIndex)...].contains(text)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func environment(_ extra: [String]) -> [String] {
        ["HOME=\(NSTemporaryDirectory())", "PATH=/usr/bin:/bin"] + extra
    }

    @Test("a table fits a 60-column terminal, and a 30-column one after a resize")
    func width() throws {
        let terminal = try Terminal(environment: Self.environment(["TERM=xterm", "NO_COLOR=1"]), columns: 60)
        #expect(terminal.wait(for: "predicate> "), "\(terminal.transcript)")
        var mark = terminal.transcript.endIndex
        terminal.type("#size > 100\r")
        #expect(terminal.wait(for: "4 objects", after: mark), "\(terminal.transcript)")
        // The layout ReplTableWidthTests works out by hand for 60 columns.
        for line in [
            "id  entity   creati…  name     size  bucket   owner  tags",
            "2   ImageC…  2024-0…  beach.…  2048  Photos   Ben    holida…",
        ] {
            #expect(terminal.transcript[mark...].contains(line + "\r\n"), "\(line)")
        }
        terminal.resize(columns: 30)
        mark = terminal.transcript.endIndex
        terminal.type("#size > 100\r")
        #expect(terminal.wait(for: "4 objects", after: mark), "\(terminal.transcript)")
        #expect(terminal.transcript[mark...].contains("id  entity  crea…  name   size\r\n"))
        #expect(terminal.transcript[mark...].contains("(3 more columns: bucket, owner, tags;"))
        terminal.type(":quit\r")
    }

    @Test("the banner suggests a predicate of the model loaded, not the sample's")
    func banner() throws {
        let files = try ReplModelTests.files()
        defer { try? FileManager.default.removeItem(atPath: files.folder) }
        let terminal = try Terminal(
            arguments: ["--schema", files.schema, "--graph", files.graph, "--entity", "Book"],
            environment: Self.environment(["TERM=xterm", "NO_COLOR=1"]), columns: 160)
        #expect(terminal.wait(for: "predicate> "), "\(terminal.transcript)")
        #expect(
            terminal.transcript.contains(
                #"Type a predicate, e.g. author.name == "Ursula K. Le Guin" AND ANY shelves.label == "Favourites";"#))
        #expect(!terminal.transcript.contains("bucket.name"))
        terminal.type(":quit\r")
    }

    @Test(
        "errors are red on a terminal unless NO_COLOR is set (and not empty) or TERM is dumb",
        arguments: [
            (["TERM=xterm"], true), (["TERM=xterm", "NO_COLOR=1"], false), (["TERM=xterm", "NO_COLOR="], true),
            (["TERM=dumb"], false),
        ])
    func colours(_ environment: [String], _ coloured: Bool) throws {
        let terminal = try Terminal(environment: Self.environment(environment), columns: 120)
        #expect(terminal.wait(for: "predicate> "), "\(terminal.transcript)")
        let mark = terminal.transcript.endIndex
        terminal.type("bucket.nmae == 'x'\r")
        #expect(terminal.wait(for: "did you mean 'name'?", after: mark), "\(terminal.transcript)")
        #expect(terminal.transcript[mark...].contains("\u{1B}[31m1:8: error: ") == coloured, "\(environment)")
        #expect(terminal.transcript.contains("\u{1B}[36mnote: ") == coloured)
        terminal.type(":quit\r")
    }
}
