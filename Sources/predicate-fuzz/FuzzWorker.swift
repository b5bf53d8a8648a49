import Evaluation
import Foundation
import PredicateCLI
import Predicates

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The child side: runs one case in-process and reports a disagreement between the engines by
/// exiting with status 3, a failure of the database commands (``FuzzStoreWorker``) with 4;
/// a trap, a hang or the memory limit is seen by the parent.
enum FuzzWorker {
    /// The address-space limit of a worker.
    static let memoryLimit: rlim_t = 4 << 30

    /// The exit status of a disagreement between the engines.
    static let disagreement: Int32 = 3
    /// The exit status of a failed database case.
    static let databaseFailure: Int32 = 4

    static func run(_ fuzzCase: FuzzCase) -> Int32 {
        // The harness's own check: each way a case can fail, on request, so that a test can see
        // the parent report it (`PREDICATE_FUZZ_SELF_TEST=trap|hang|disagree|memory|roundtrip`;
        // `roundtrip` runs a database case that must be created, and reads its export back
        // with an object added).
        switch ProcessInfo.processInfo.environment["PREDICATE_FUZZ_SELF_TEST"] {
        case "trap"?: raise(SIGTRAP)
        case "hang"?: sleep(1_000)
        case "disagree"?: return disagreement
        case "roundtrip"?:
            return database(FuzzStoreInput.make(seed: 7, refusals: false), breakRoundTrip: true)
        case "memory"?:
            var limit = rlimit(rlim_cur: 64 << 20, rlim_max: 64 << 20)
            _ = setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
            let big = [UInt8](repeating: 1, count: 256 << 20)
            return Int32(big[big.count - 1]) - 1
        default: break
        }
        var limit = rlimit(rlim_cur: memoryLimit, rlim_max: memoryLimit)
        _ = setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
        let directory = NSTemporaryDirectory() + "predicate-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = directory + "/input"
        _ = FileManager.default.createFile(atPath: input, contents: Data(fuzzCase.text.utf8))
        let model = directory + "/Model.xcdatamodel"
        try? FileManager.default.createDirectory(atPath: model, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: model + "/contents", contents: Data(BundledSample.model.utf8))
        let graph = directory + "/graph.json"
        _ = FileManager.default.createFile(atPath: graph, contents: Data(BundledSample.graph.utf8))
        let people = directory + "/people.json"
        _ = FileManager.default.createFile(
            atPath: people,
            contents: Data(
                #"[{"name": "Zoë", "age": 31, "tags": ["a"]}, {"name": "Ann", "age": null}, 1, "x", null]"#.utf8))

        func tool(_ arguments: [String], input lines: [String] = []) {
            let buffer = ToolIOBuffer(inputLines: lines)
            _ = PredicateTool.run(arguments, io: buffer.io)
        }
        switch fuzzCase.kind {
        case .format:
            if let problem = engineDisagreement(fuzzCase.text) {
                FileHandle.standardError.write(Data((problem + "\n").utf8))
                return disagreement
            }
            tool(["eval", fuzzCase.text, "--data", people, "--arg", "1", "--arg", "\"name\"", "--var", "v=2"])
            tool(["eval", fuzzCase.text, "--schema", model, "--graph", graph, "--entity", "Content"])
            tool(["lint", fuzzCase.text, "--schema", model, "--entity", "Content"])
            tool(["sql", fuzzCase.text, "--schema", model, "--entity", "Content", "--dialect", "postgres"])
        case .checkLine:
            tool(["check"], input: [fuzzCase.text])
        case .jsonSchema:
            let path = input + ".json"
            try? FileManager.default.moveItem(atPath: input, toPath: path)
            tool(["resolve", "bucket.name", "--schema", path, "--entity", "Content"])
            tool(["lint", "name == 'x'", "--schema", path, "--entity", "Image"])
        case .xmlModel:
            try? FileManager.default.removeItem(atPath: model + "/contents")
            try? FileManager.default.moveItem(atPath: input, toPath: model + "/contents")
            tool(["resolve", "bucket.owner.name", "--schema", model, "--entity", "Content"])
        case .graph:
            tool(["eval", "bucket.name == 'Inbox'", "--schema", model, "--graph", input, "--entity", "Content"])
        case .changeSet:
            tool([
                "affected", "--schema", model, "--graph", graph, "--entity", "Content", "--format",
                "bucket.name == 'Inbox'", "--changes", input,
            ])
            tool([
                "watch", "--schema", model, "--graph", graph, "--entity", "Content", "--format", "ANY tags.name == 'x'",
                "--sort", "name", "--changes", input,
            ])
        case .argument:
            tool(["eval", "name == %@", "--data", people, "--arg", fuzzCase.text])
        case .database:
            guard let store = FuzzStoreInput.decode(fuzzCase.text) else {
                FileHandle.standardError.write(Data("the database case does not decode\n".utf8))
                return databaseFailure
            }
            return database(store)
        }
        return 0
    }

    /// Runs a database case in a directory of its own; prints its outcome (created or refused,
    /// predicates compared, refused by the lowering, failing on both sides) for the parent.
    static func database(_ input: FuzzStoreInput, breakRoundTrip: Bool = false) -> Int32 {
        let directory = NSTemporaryDirectory() + "predicate-fuzz-db-\(getpid())"
        try? FileManager.default.removeItem(atPath: directory)
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var worker = FuzzStoreWorker(input: input, directory: directory, breakRoundTrip: breakRoundTrip)
        let failure = worker.run()
        print(
            "database: \(worker.outcome) compared=\(worker.compared) lowering-refused=\(worker.loweringRefused) "
                + "print-refused=\(worker.printRefused) both-failed=\(worker.bothFailed)")
        guard let failure else { return 0 }
        FileHandle.standardError.write(Data((failure + "\n").utf8))
        return databaseFailure
    }

    /// The compiled evaluator and the reference interpreter on a few objects: the same answer
    /// or both an error; otherwise what differed.
    static func engineDisagreement(_ format: String) -> String? {
        guard let predicate = try? PredicateParser().parsePredicate(format, arguments: [.int(1), .string("name")])
        else { return nil }
        let objects: [PredicateValue] = [
            .dictionary(["name": .string("Zoë"), "age": .int(31), "tags": .array([.string("a"), .string("b")])]),
            .dictionary(["name": .null, "age": .int(Int.max), "tags": .array([])]), .int(1), .string("text"), .null,
        ]
        let variables: [String: EvaluationValue] = ["v": .int(2), "x": .int(0)]
        guard let compiled = try? PredicateCompiler(variables: variables).compile(predicate, for: EvaluationValue.self)
        else { return nil }
        for object in objects {
            let fast = Result { try compiled.evaluate(EvaluationValue(object)) }
            let slow = Result {
                try ReferenceInterpreter().evaluate(predicate, on: EvaluationValue(object), variables: variables)
            }
            switch (fast, slow) {
            case (.success(let a), .success(let b)) where a != b:
                return "compiled \(a), interpreter \(b) on \(object)"
            case (.success(let a), .failure(let error)):
                return "compiled \(a), interpreter error \(error) on \(object)"
            case (.failure(let error), .success(let b)):
                return "compiled error \(error), interpreter \(b) on \(object)"
            default: continue
            }
        }
        return nil
    }
}
