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
    /// The kinds of case generated (every kind by default).
    var kinds = FuzzCase.Kind.allCases
    /// Whether a failure is reported and the run goes on (a long run's survey of findings).
    var keepGoing = false

    static let usage = """
        usage: predicate-fuzz [--seed N] [--seconds S] [--cases N] [--timeout S] [--kinds K,...] [--replay SEED:INDEX]
          --seconds S   stop after S seconds (default 45: the CI run)
          --cases N     stop after N cases
          --kinds K,... generate only these kinds of case (\(FuzzCase.Kind.allCases.map(\.rawValue).joined(separator: ", ")));
                        a replay needs the same --kinds
          --keep-going  report each failure and go on; the exit status is 1 if any case failed
          --replay SEED:INDEX  run the one case a failure reported
        """

    /// `--kinds K,...` as given again in a replay command; empty for every kind.
    var kindsOption: String {
        kinds == FuzzCase.Kind.allCases ? "" : " --kinds " + kinds.map(\.rawValue).joined(separator: ",")
    }

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
            case "--keep-going":
                keepGoing = true
            case "--kinds":
                let names = try value().split(separator: ",").map(String.init)
                let parsed = names.compactMap(FuzzCase.Kind.init(rawValue:))
                guard !parsed.isEmpty, parsed.count == names.count else {
                    throw UsageError(description: "--kinds needs kinds among \(FuzzCase.Kind.allCases.map(\.rawValue))")
                }
                kinds = parsed
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
    static func makeCase(seed: UInt64, index: Int, kinds: [FuzzCase.Kind] = FuzzCase.Kind.allCases) -> FuzzCase {
        var generator = FuzzGenerator(seed: seed &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03)
        return generator.makeCase(kinds: kinds)
    }

    /// What the database cases did (`created`, `refused`, predicates `compared`, …), summed
    /// from the workers' reports.
    final class Tally {
        var counts: [String: Int] = [:]

        /// Adds a worker's `database: created compared=3 …` line.
        func add(_ report: String) {
            for line in report.split(separator: "\n") where line.hasPrefix("database: ") {
                for field in line.dropFirst("database: ".count).split(separator: " ") {
                    let parts = field.split(separator: "=")
                    if parts.count == 2, let count = Int(parts[1]) {
                        counts[String(parts[0]), default: 0] += count
                    } else {
                        counts[String(field), default: 0] += 1
                    }
                }
            }
        }

        var summary: String {
            counts.isEmpty
                ? ""
                : "; database: "
                    + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
    }

    let tally = Tally()

    func run() -> Int32 {
        if let replay = options.replay {
            let fuzzCase = Self.makeCase(seed: replay.seed, index: replay.index, kinds: options.kinds)
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
        var failed = 0
        while index < options.cases, Date() < deadline {
            let fuzzCase = Self.makeCase(seed: options.seed, index: index, kinds: options.kinds)
            counts[fuzzCase.kind.rawValue, default: 0] += 1
            index += 1
            guard let failure = judge(fuzzCase) else { continue }
            print(
                """
                FAILED: \(failure)
                case \(index - 1) of seed \(options.seed) (\(fuzzCase.kind.rawValue)): \(fuzzCase.shown)
                replay: predicate-fuzz --replay \(options.seed):\(index - 1)\(options.kindsOption)
                """)
            failed += 1
            if !options.keepGoing { return 1 }
        }
        let summary = counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("predicate-fuzz: \(index - failed) of \(index) cases passed (\(summary)\(tally.summary))")
        return failed == 0 ? 0 : 1
    }

    /// Runs a case in a worker; a description of the failure, or `nil`.
    func judge(_ fuzzCase: FuzzCase) -> String? {
        let directory = NSTemporaryDirectory()
        let inputPath = directory + "predicate-fuzz-case-\(getpid())"
        let errorPath = directory + "predicate-fuzz-stderr-\(getpid())"
        let outputPath = directory + "predicate-fuzz-stdout-\(getpid())"
        _ = FileManager.default.createFile(atPath: inputPath, contents: Data(fuzzCase.encoded.utf8))
        defer {
            try? FileManager.default.removeItem(atPath: inputPath)
            try? FileManager.default.removeItem(atPath: errorPath)
            try? FileManager.default.removeItem(atPath: outputPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
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
        tally.add((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
        let signal = status & 0x7F
        if signal != 0 {
            let cause = signal == SIGABRT ? " (an abort: a trap, or memory beyond the limit)" : ""
            return "trap: the worker died by signal \(signal)\(cause)\n\(errors.suffix(1_500))"
        }
        switch (status >> 8) & 0xFF {
        case 0: return nil
        case FuzzWorker.disagreement: return "the engines disagree: \(errors)"
        case FuzzWorker.databaseFailure: return "the database commands failed: \(errors.prefix(4_000))"
        case let code: return "the worker exited with \(code) (memory limit or a failure)\n\(errors.suffix(1_500))"
        }
    }

    /// This executable.
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
