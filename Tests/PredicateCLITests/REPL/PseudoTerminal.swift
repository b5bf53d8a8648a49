import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `predicate` executable on a pseudo-terminal: its standard input and output are
/// the terminal, the test is the other side. Writing and reading never block each other (the
/// REPL stops when nobody reads what it writes), and the output is kept as bytes and searched
/// only where it is new, so a megabyte of redraws costs little.
final class PseudoTerminal {
    let master: Int32
    let pid: pid_t
    /// Everything the REPL wrote.
    private(set) var output: [UInt8] = []
    /// The process has ended and been waited for.
    private var ended = false

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(executable: URL, home: String, rows: UInt16 = 40, columns: UInt16 = 160) throws {
        var master: Int32 = 0
        var slave: Int32 = 0
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw Failure(description: "openpty: \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target in [Int32(0), 1, 2] { posix_spawn_file_actions_adddup2(&actions, slave, target) }
        posix_spawn_file_actions_addclose(&actions, master)
        // Nothing else: tests run in parallel, and the REPL must not keep another test's pipe
        // open.
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
        guard spawned == 0 else {
            close(master)
            throw Failure(description: "posix_spawn: \(spawned)")
        }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        self.master = master
        self.pid = pid
    }

    deinit {
        if !ended {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// The output as text.
    var transcript: String { String(decoding: output, as: UTF8.self) }

    /// Writes all of `bytes`, reading the output meanwhile; returns when the terminal has
    /// taken the last byte (false if that took over `seconds`).
    @discardableResult
    func send(_ bytes: [UInt8], seconds: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var sent = 0
        while sent < bytes.count, Date() < deadline {
            var poller = pollfd(fd: master, events: Int16(POLLIN | POLLOUT), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            if poller.revents & Int16(POLLIN) != 0 { readAvailable() }
            if poller.revents & Int16(POLLOUT) != 0 {
                let count = bytes[sent...].withUnsafeBytes { write(master, $0.baseAddress, min($0.count, 4096)) }
                if count > 0 { sent += count }
            }
        }
        return sent == bytes.count
    }

    /// Types `text`.
    func type(_ text: String) {
        send(Array(text.utf8))
    }

    /// The most output kept: past it the test stops reading, and the REPL, unable to write,
    /// stops too (the REPL before issue 17 wrote gigabytes for a 100 KB paste).
    static let maximumOutput = 64 << 20

    /// Reads what has arrived, at most a megabyte; false at the end of the output.
    @discardableResult
    private func readAvailable() -> Bool {
        guard output.count < Self.maximumOutput else {
            usleep(50_000)
            return true
        }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        for _ in 0..<16 {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            if count > 0 {
                output += buffer[0..<count]
                continue
            }
            return count < 0 && errno == EAGAIN
        }
        return true
    }

    /// Reads until `done()` holds or `seconds` pass; whether it held.
    @discardableResult
    func read(seconds: Double = 20, until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !done(), Date() < deadline {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            guard readAvailable() else { break }
        }
        return done()
    }

    /// Reads until the output from byte `start` on contains `text` (searching only the new
    /// part each time); the offset just after it, or nil after `seconds`.
    @discardableResult
    func wait(for text: String, from start: Int = 0, seconds: Double = 20) -> Int? {
        let pattern = Array(text.utf8)
        var searched = start
        var found: Int?
        read(seconds: seconds) {
            if let end = Self.find(pattern, in: output, from: searched) { found = end }
            searched = max(start, output.count - pattern.count + 1)
            return found != nil
        }
        return found
    }

    /// The offset after the first `pattern` in `bytes` at or after `start`.
    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        return bytes.withUnsafeBufferPointer { haystack in
            pattern.withUnsafeBufferPointer { needle in
                guard let base = haystack.baseAddress, let wanted = needle.baseAddress else { return nil }
                var index = max(start, 0)
                while index + needle.count <= haystack.count {
                    if haystack[index] == first, memcmp(base + index, wanted, needle.count) == 0 {
                        return index + needle.count
                    }
                    index += 1
                }
                return nil
            }
        }
    }

    /// The window becomes `rows` × `columns`, and the REPL is told (`SIGWINCH`: the child is
    /// not in the terminal's session, so the kernel does not send it).
    func resize(rows: UInt16, columns: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = withUnsafeMutablePointer(to: &size) { ioctl(master, UInt(TIOCSWINSZ), $0) }
        kill(pid, SIGWINCH)
    }

    /// Waits for the process to end; its exit status, or nil after the timeout.
    func exitStatus(seconds: Double = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            read(seconds: 0.1) { false }
            if waitpid(pid, &status, WNOHANG) == pid {
                ended = true
                return (status >> 8) & 0xff
            }
        }
        return nil
    }
}
