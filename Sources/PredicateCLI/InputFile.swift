import Foundation
import KeyPaths

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a file named on the command line, where `-` means standard input (for every
/// option that takes a file: schemas, graphs, data arrays, change sets).
///
/// Anything that can be read is read alike: a regular file, a pipe or FIFO, a process
/// substitution (`--graph <(gunzip -c g.json.gz)`), a character device (`/dev/stdin`,
/// `/dev/null`, which is empty). Only what cannot be read fails, with the reason (exit status
/// 1): `no such file`, `it is a folder`, `permission denied`, or the system's words.
struct InputFile {
    /// The size of one read.
    static let pieceSize = 65_536

    /// The path as given (`-` for standard input).
    let path: String
    private let descriptor: Int32
    /// Whether it is a regular file (its size known beforehand); pipes, devices and standard
    /// input are streams, read until they end.
    let isRegularFile: Bool
    /// The size of a regular file.
    let size: Int?
    /// The first read error, once reading stopped on it.
    private(set) var readError: CommandFailure?

    /// Opens `path` for reading; a failure (exit status 1) says why it cannot be read.
    static func open(_ path: String) -> Result<InputFile, CommandFailure> {
        let descriptor = path == "-" ? 0 : Self.openDescriptor(path)
        guard descriptor >= 0 else { return .failure(failure(path, errno: errno)) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            if path != "-" { closeDescriptor(descriptor) }
            return .failure(failure(path, errno: code))
        }
        let kind = status.st_mode & S_IFMT
        guard kind != S_IFDIR else {
            if path != "-" { closeDescriptor(descriptor) }
            return .failure(
                CommandFailure(status: ExitStatus.failure, message: "cannot read '\(path)': it is a folder"))
        }
        let isRegular = kind == S_IFREG
        return .success(
            InputFile(
                path: path, descriptor: descriptor, isRegularFile: isRegular,
                size: isRegular ? Int(status.st_size) : nil))
    }

    private static func openDescriptor(_ path: String) -> Int32 {
        while true {
            let descriptor = openForReading(path)
            if descriptor < 0, errno == EINTR { continue }
            return descriptor
        }
    }

    /// `cannot read 'x': no such file`, in the words of `errno`.
    private static func failure(_ path: String, errno code: Int32) -> CommandFailure {
        let reason: String
        switch code {
        case ENOENT, ENOTDIR: reason = "no such file"
        case EACCES, EPERM: reason = "permission denied"
        case EISDIR: reason = "it is a folder"
        default: reason = String(cString: strerror(code))
        }
        return CommandFailure(status: ExitStatus.failure, message: "cannot read '\(path)': \(reason)")
    }

    /// Closes the file (standard input stays open).
    func close() {
        if path != "-" { closeDescriptor(descriptor) }
    }

    /// Reads the next bytes into `buffer`: how many, 0 at the end; a read error ends the input
    /// and is kept in ``readError``.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard readError == nil, let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = readDescriptor(descriptor, base, buffer.count)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            readError = Self.failure(path, errno: errno)
            return 0
        }
    }

    /// The bytes of `path`, or of standard input for `-`. `inspect` sees each piece as it is
    /// read from a stream (not from a regular file, whose size is known) and may stop the
    /// reading with a failure: a stream that is not the expected text is refused at its first
    /// wrong byte instead of read to its end (`/dev/zero` never ends). A failure to open or
    /// read has exit status 1.
    static func read(_ path: String, inspect: ((UnsafeRawBufferPointer) -> CommandFailure?)? = nil) -> Result<
        Data, CommandFailure
    > {
        var file: InputFile
        switch open(path) {
        case .success(let opened): file = opened
        case .failure(let failure): return .failure(failure)
        }
        defer { file.close() }
        var data = Data()
        if let size = file.size { data.reserveCapacity(size) }
        var piece = [UInt8](repeating: 0, count: pieceSize)
        while true {
            let count = piece.withUnsafeMutableBytes { file.read(into: $0) }
            guard count > 0 else { break }
            if !file.isRegularFile, let inspect,
                let failure = piece.withUnsafeBytes({ inspect(UnsafeRawBufferPointer(rebasing: $0[0..<count])) })
            {
                return .failure(failure)
            }
            data.append(contentsOf: piece[0..<count])
        }
        if let readError = file.readError { return .failure(readError) }
        return .success(data)
    }

    /// An inspection for ``read(_:inspect:)`` that checks a stream as JSON while it is read
    /// (``JSONChecker``): the first problem stops the reading (exit status 2), with the message
    /// the file's loader would give, prefixed as `prefix` says.
    static func checkingJSON(prefix: String) -> (UnsafeRawBufferPointer) -> CommandFailure? {
        var checker = JSONChecker()
        return { piece in
            do throws(JSONTextError) {
                _ = try checker.feed(piece)
                return nil
            } catch {
                return CommandFailure(status: ExitStatus.invalidInput, message: prefix + error.description)
            }
        }
    }

    /// `text` as an error message quotes it: at most 60 characters, `…` for the rest.
    static func brief(_ text: String) -> String {
        text.count <= 60 ? text : String(text.prefix(60)) + "…"
    }
}

// The system calls, by names that the methods above do not hide.
private func openForReading(_ path: String) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }
private func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
