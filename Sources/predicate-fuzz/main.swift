import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// `predicate-fuzz [--seed N] [--seconds S] [--cases N] [--kinds K,...] [--replay SEED:INDEX]`
//
// Generates inputs for every command of the CLI (formats, check lines, JSON and XML schemas,
// graphs, change sets, arguments; random schemas and graphs with hostile names for `db create`,
// `db export` and `query` on SQLite) from the grammar and by byte mutation, and runs each in a
// child process (`--worker`, the same executable) with a time and a memory limit. Fails — with
// the seed, the case index and the input, replayable with `--replay SEED:INDEX` — on a trap, a
// hang, the memory limit, the compiled evaluator and the reference interpreter disagreeing, or
// a database case going wrong: an unexpected exit status, an export that is not the graph
// created, `query` and `eval --graph` disagreeing.

let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "--worker" {
    let input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    guard let fuzzCase = FuzzCase(encoded: input) else {
        FileHandle.standardError.write(Data("predicate-fuzz: the worker got no case\n".utf8))
        exit(64)
    }
    exit(FuzzWorker.run(fuzzCase))
}

do {
    let options = try FuzzOptions(arguments)
    exit(FuzzDriver(options: options).run())
} catch {
    FileHandle.standardError.write(Data("predicate-fuzz: \(error)\n\(FuzzOptions.usage)\n".utf8))
    exit(64)
}
