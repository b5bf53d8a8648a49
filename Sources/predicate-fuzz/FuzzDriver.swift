import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command line of `predicate-fuzz`.
struct FuzzOptions {
    var seed = UInt64.random(in: 0...UInt64(UInt32.max))
    var seconds: Double = 45
    var cases = Int.max
    var replay: (seed: UInt64, index: Int)?
    /// How long one case may run.
    var timeout: Double = 10

    static let usage = """
        usage: predicate-fuzz [--seed N] [--seconds S] [--cases N] [--timeout S] [--replay SEED:INDEX]
          --seconds S   stop after S seconds (default 45: the CI run)
          --cases N     stop after N cases
          --replay SEED:INDEX  run the one case a failure reported
        """

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    init(_ arguments: [String]) throws {
        var index = 0
        func value() throws -> String {
            guard index < arguments.count else {
                throw UsageError(description: "\(arguments[index - 1]) needs a value")
            }
            index += 1
            return arguments[index - 1]
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--seed":
                guard let parsed = UInt64(try value()) else { throw UsageError(description: "--seed needs a number") }
                seed = parsed
            case "--seconds":
                guard let parsed = Double(try value()), parsed > 0 else {
                    throw UsageError(description: "--seconds needs a positive number")
                }
                seconds = parsed
            case "--cases":
                guard let parsed = Int(try value()), parsed > 0 else {
                    throw UsageError(description: "--cases needs a positive number")
                }
                cases = parsed
            case "--timeout":
                guard let parsed = Double(try value()), parsed > 0 else {
                    throw UsageError(description: "--timeout needs a positive number")
                }
                timeout = parsed
            case "--replay":
                let parts = try value().split(separator: ":")
                guard parts.count == 2, let seed = UInt64(parts[0]), let index = Int(parts[1]) else {
                    throw UsageError(description: "--replay needs SEED:INDEX")
                }
                replay = (seed, index)
            default:
                throw UsageError(description: "unknown argument '\(argument)'")
            }
        }
    }
}

/// The parent side: generates cases, runs each in a worker, judges how it ended.
struct FuzzDriver {
    let options: FuzzOptions

    /// Case `index` of a run with `seed` (the same case on every machine).
    static func makeCase(seed: UInt64, index: Int) -> FuzzCase {
        var generator = FuzzGenerator(seed: seed &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03)
        return generator.makeCase()
    }

    func run() -> Int32 {
        if let replay = options.replay {
            let fuzzCase = Self.makeCase(seed: replay.seed, index: replay.index)
            print("replaying \(replay.seed):\(replay.index) (\(fuzzCase.kind.rawValue)): \(fuzzCase.shown)")
            if let failure = judge(fuzzCase) {
                print("FAILED: \(failure)")
                return 1
            }
            print("passed")
            return 0
        }
        print("predicate-fuzz: seed \(options.seed), \(options.seconds) s")
        let deadline = Date().addingTimeInterval(options.seconds)
        var index = 0
        var counts: [String: Int] = [:]
        while index < options.cases, Date() < deadline {
            let fuzzCase = Self.makeCase(seed: options.seed, index: index)
            counts[fuzzCase.kind.rawValue, default: 0] += 1
            if let failure = judge(fuzzCase) {
                print(
                    """
                    FAILED: \(failure)
                    case \(index) of seed \(options.seed) (\(fuzzCase.kind.rawValue)): \(fuzzCase.shown)
                    replay: predicate-fuzz --replay \(options.seed):\(index)
                    """)
                return 1
            }
            index += 1
        }
        let summary = counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("predicate-fuzz: \(index) cases passed (\(summary))")
        return 0
    }

    /// Runs a case in a worker; a description of the failure, or `nil`.
    func judge(_ fuzzCase: FuzzCase) -> String? {
        let directory = NSTemporaryDirectory()
        let inputPath = directory + "predicate-fuzz-case-\(getpid())"
        let errorPath = directory + "predicate-fuzz-stderr-\(getpid())"
        FileManager.default.createFile(atPath: inputPath, contents: Data(fuzzCase.encoded.utf8))
        defer {
            try? FileManager.default.removeItem(atPath: inputPath)
            try? FileManager.default.removeItem(atPath: errorPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let executable = Self.executablePath
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), strdup("--worker"), nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { _, new in new
        }
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for entry in envp { free(entry) } }
        guard posix_spawn(&pid, executable, &actions, nil, &argv, &envp) == 0 else {
            return "cannot start the worker \(executable)"
        }
        let deadline = Date().addingTimeInterval(options.timeout)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return "hang: the case ran longer than \(options.timeout) s"
            }
            usleep(2_000)
        }
        let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        let signal = status & 0x7F
        if signal != 0 {
            let cause = signal == SIGABRT ? " (an abort: a trap, or memory beyond the limit)" : ""
            return "trap: the worker died by signal \(signal)\(cause)\n\(errors.suffix(1_500))"
        }
        switch (status >> 8) & 0xFF {
        case 0: return nil
        case 3: return "the engines disagree: \(errors)"
        case let code: return "the worker exited with \(code) (memory limit or a failure)\n\(errors.suffix(1_500))"
        }
    }

    /// This executable.
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
