import Foundation

/// Reading a file named on the command line, where `-` means standard input (for every
/// option that takes a file: schemas, graphs, data arrays, change sets).
enum InputFile {
    /// The bytes of `path`, or of standard input for `-`; a failure (exit status 1) says why
    /// the file cannot be read.
    static func read(_ path: String) -> Result<Data, CommandFailure> {
        if path == "-" { return .success(FileHandle.standardInput.readDataToEndOfFile()) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return .failure(CommandFailure(status: ExitStatus.failure, message: "cannot read '\(path)': no such file"))
        }
        guard !isFolder.boolValue else {
            return .failure(
                CommandFailure(status: ExitStatus.failure, message: "cannot read '\(path)': it is a folder"))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(
                CommandFailure(status: ExitStatus.failure, message: "cannot read '\(path)': permission denied"))
        }
        return .success(data)
    }

    /// `text` as an error message quotes it: at most 60 characters, `…` for the rest.
    static func brief(_ text: String) -> String {
        text.count <= 60 ? text : String(text.prefix(60)) + "…"
    }
}
