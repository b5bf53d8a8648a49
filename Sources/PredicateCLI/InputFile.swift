import Foundation

/// Reading a file named on the command line, where `-` means standard input (for every
/// option that takes a file: schemas, graphs, data arrays, change sets).
enum InputFile {
    /// The bytes of `path`, or of standard input for `-`; a failure (exit status 1) says why
    /// the file cannot be read.
    static func read(_ path: String) -> Result<Data, CommandFailure> {
        if path == "-" { return .success(FileHandle.standardInput.readDataToEndOfFile()) }
        if case .failure(let failure) = check(path) { return .failure(failure) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(
                CommandFailure(status: ExitStatus.failure, message: "cannot read '\(path)': permission denied"))
        }
        return .success(data)
    }

    /// Whether `path` names an existing file (not a folder).
    private static func check(_ path: String) -> Result<Void, CommandFailure> {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return .failure(CommandFailure(status: ExitStatus.failure, message: "cannot read '\(path)': no such file"))
        }
        guard !isFolder.boolValue else {
            return .failure(
                CommandFailure(status: ExitStatus.failure, message: "cannot read '\(path)': it is a folder"))
        }
        return .success(())
    }

    /// ``read(_:)`` into an array of bytes, read in pieces straight into it (a large data file
    /// is not held twice, as `Data` and as an array).
    static func readBytes(_ path: String) -> Result<[UInt8], CommandFailure> {
        if path == "-" { return read(path).map { Array($0) } }
        if case .failure(let failure) = check(path) { return .failure(failure) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(
                CommandFailure(status: ExitStatus.failure, message: "cannot read '\(path)': permission denied"))
        }
        defer { try? handle.close() }
        var bytes: [UInt8] = []
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        bytes.reserveCapacity(size ?? 0)
        do {
            while let piece = try handle.read(upToCount: 1 << 20), !piece.isEmpty { bytes.append(contentsOf: piece) }
        } catch {
            return .failure(
                CommandFailure(
                    status: ExitStatus.failure, message: "cannot read '\(path)': \(error.localizedDescription)"))
        }
        return .success(bytes)
    }

    /// `text` as an error message quotes it: at most 60 characters, `…` for the rest.
    static func brief(_ text: String) -> String {
        text.count <= 60 ? text : String(text.prefix(60)) + "…"
    }
}
