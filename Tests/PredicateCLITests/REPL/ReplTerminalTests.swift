import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The REPL in a real pseudo-terminal: the built executable with a pty as its standard input
/// and output, driven by keystrokes. Type a predicate and see the table and the prompt again,
/// recall it with the up arrow, complete a key path with tab, quit.
@Suite("REPL: an interactive session in a pseudo-terminal", .serialized)
struct ReplTerminalTests {
    /// A child process on a pseudo-terminal.
    final class Session {
        let master: Int32
        let pid: pid_t
        var transcript = ""

        init(executable: URL, home: String) throws {
            var master: Int32 = 0
            var slave: Int32 = 0
            var size = winsize(ws_row: 40, ws_col: 160, ws_xpixel: 0, ws_ypixel: 0)
            guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw PTYError("openpty failed: \(errno)") }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for target in [Int32(0), 1, 2] { posix_spawn_file_actions_adddup2(&actions, slave, target) }
            posix_spawn_file_actions_addclose(&actions, master)
            // Nothing else: tests run in parallel, and the REPL must not keep another test's
            // pipe open.
            for descriptor in Int32(3)..<256 where descriptor != master {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
            let environment = ["HOME=\(home)", "TERM=xterm", "NO_COLOR=1", "PATH=/usr/bin:/bin"]
            var arguments: [UnsafeMutablePointer<CChar>?] = [strdup(executable.path), nil]
            var environ: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
            defer {
                for pointer in arguments + environ { free(pointer) }
            }
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, executable.path, &actions, nil, &arguments, &environ)
            close(slave)
            guard spawned == 0 else { throw PTYError("posix_spawn failed: \(spawned)") }
            self.master = master
            self.pid = pid
        }

        func type(_ text: String) {
            _ = text.utf8CString.withUnsafeBufferPointer { buffer in
                write(master, buffer.baseAddress, buffer.count - 1)
            }
        }

        /// Reads until the transcript since `start` contains `text`, or `seconds` pass.
        @discardableResult
        func wait(for text: String, from start: String.Index? = nil, seconds: Double = 20) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while Date() < deadline {
                if transcript[(start ?? transcript.startIndex)...].contains(text) { return true }
                var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                let count = read(master, &buffer, buffer.count)
                if count <= 0 { break }
                transcript += String(decoding: buffer[0..<count], as: UTF8.self)
            }
            return transcript[(start ?? transcript.startIndex)...].contains(text)
        }

        /// Waits for the process to end; its exit status, or nil after the timeout.
        func exitStatus(seconds: Double = 20) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            var status: Int32 = 0
            while Date() < deadline {
                _ = wait(for: "\u{0}", seconds: 0.1)
                if waitpid(pid, &status, WNOHANG) == pid { return (status >> 8) & 0xff }
            }
            kill(pid, SIGKILL)
            return nil
        }

        deinit { close(master) }
    }

    struct PTYError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test("type, see the table and the prompt again; up arrow recalls; tab completes; :quit leaves")
    func interactive() throws {
        let executable = try #require(ToolRunner.executable, "the predicate executable is built by swift build")
        let home = NSTemporaryDirectory() + "predicate-pty-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let session = try Session(executable: executable, home: home)
        #expect(session.wait(for: "predicate> "), "the banner and the prompt: \(session.transcript)")
        #expect(session.transcript.contains("predicate REPL"))

        // Contents 2 (2048 bytes) and 5 (900 bytes) are over 800 (Samples/graph.json).
        var mark = session.transcript.endIndex
        session.type("#size > 800\r")
        #expect(session.wait(for: "2 objects", from: mark), "\(session.transcript)")
        #expect(session.transcript[mark...].contains("beach.png"))
        #expect(
            session.wait(
                for: "predicate> ", from: session.transcript.range(of: "2 objects", options: .backwards)?.upperBound))

        // The up arrow brings the line back; Enter runs it again.
        mark = session.transcript.endIndex
        session.type("\u{1B}[A")
        #expect(session.wait(for: "#size > 800", from: mark), "\(session.transcript)")
        session.type("\r")
        #expect(session.wait(for: "2 objects", from: mark))

        // Tab completes a key path from the schema: `buc` becomes `bucket`.
        mark = session.transcript.endIndex
        session.type("buc\t")
        #expect(session.wait(for: "bucket", from: mark), "\(session.transcript)")
        session.type(".name == 'Photos'\r")
        // Contents 2 and 4 are in Photos.
        #expect(session.wait(for: "2 objects", from: mark), "\(session.transcript)")

        session.type(":quit\r")
        #expect(session.exitStatus() == 0)
        // The history file kept the lines typed.
        let history = (try? String(contentsOfFile: home + "/.predicate_history", encoding: .utf8)) ?? ""
        #expect(history.contains("#size > 800"))
    }
}
