import Foundation

// `swift run -c release predicate-bench [--quick] [--runs N] [--seed N] [--rows ID...]`
//
// Prints Markdown on standard output; progress goes to standard error.

/// Progress for the person watching (standard error, so the Markdown stays clean).
func progress(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// The first line of `/proc/<file>` matching `prefix`, or the whole first line.
func procLine(_ file: String, prefix: String? = nil) -> String? {
    guard let text = try? String(contentsOfFile: "/proc/" + file, encoding: .utf8) else { return nil }
    let lines = text.split(separator: "\n")
    guard let prefix else { return lines.first.map(String.init) }
    return lines.first { $0.hasPrefix(prefix) }.map { line in
        String(line.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces)
    }
}

func header(_ options: BenchOptions) -> String {
    var build = "release build"
    #if DEBUG
        build = "**DEBUG build: the numbers mean nothing, use `swift run -c release predicate-bench`**"
    #endif
    var compiler = "Swift < 6.3"
    #if compiler(>=6.3)
        compiler = "Swift ≥ 6.3"
    #endif
    let timestamp = ISO8601DateFormatter().string(from: Date())
    let load = procLine("loadavg").map { $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? "?"
    let cpu = procLine("cpuinfo", prefix: "model name") ?? "?"
    return """
        # predicate-bench

        \(timestamp) · \(cpu) · nproc \(ProcessInfo.processInfo.activeProcessorCount) · \
        load average at start \(load) · \(compiler), \(build) · seed \(options.seed) · \
        \(options.runs) measured runs after 1 warm-up, candidates interleaved run by run

        """
}

func runBenchmark(_ options: BenchOptions) throws {
    print(header(options))
    var targets: [Target] = []

    let rows = EvaluationRows.all().filter { options.includes($0.id) }
    if !rows.isEmpty {
        progress("generating \(Report.grouped(options.objects)) people (seed \(options.seed))…")
        let workload = Workload(count: options.objects, seed: options.seed)
        var results: [RowResult] = []
        for row in rows {
            progress("row \(row.id): \(row.format)")
            results.append(
                try EvaluationBenchmark.run(row, on: workload, runs: options.runs, including: options.includes))
        }
        print(Report.evaluation(results, objects: options.objects, runs: options.runs))
        print()
        print(Report.ratios(results))
        print()
        print(Report.filters(results))
        print()
        targets += Target.evaluation(results)
    }

    let dictionaryRows = DictionaryRows.all().filter { options.includesDictionaryRow($0.id) }
    if !dictionaryRows.isEmpty {
        progress("generating \(Report.grouped(options.objects)) nested items (seed \(options.seed))…")
        let workload = try NestedWorkload(count: options.objects, seed: options.seed)
        var results: [DictionaryResult] = []
        for row in dictionaryRows {
            progress("row \(row.id): \(row.format)")
            results.append(try DictionaryBenchmark.run(row, on: workload, runs: options.runs))
        }
        print(DictionaryBenchmark.report(results, objects: options.objects, runs: options.runs))
        print()
        targets += DictionaryBenchmark.targets(results)
    }

    if options.includes("parse") {
        progress("parsing…")
        try ParseBenchmark.validate()
        let rounds = options.parseRounds
        let measured = try Stopwatch.measure(
            [Candidate(key: "parse") { try ParseBenchmark.run(rounds: rounds) }], runs: options.runs)
        if let parse = measured["parse"] {
            print(Report.parsing(parse, formats: ParseBenchmark.samples.count))
            print()
            targets.append(Target.parsing(parse))
        }
    }

    if options.includes("graph") {
        progress("graph evaluation: loading \(Report.grouped(options.contents)) Contents…")
        let setup = try GraphBenchmark.setUp(contents: options.contents, buckets: options.buckets, seed: options.seed)
        let results = try GraphBenchmark.evaluation(setup, runs: options.runs)
        print(Report.graphEvaluation(results, contents: options.contents, loadSeconds: setup.loadSeconds))
        print()
        targets += results.map(Target.graphEvaluation)
    }

    if options.includes("scan") {
        progress("column scans: loading \(Report.grouped(options.contents)) Contents…")
        let setup = try GraphBenchmark.setUp(contents: options.contents, buckets: options.buckets, seed: options.seed)
        let results = try ScanBenchmark.run(setup, runs: options.runs)
        print(ScanBenchmark.report(results, contents: options.contents))
        print()
        targets += ScanBenchmark.targets(results)
    }

    if options.includes("changes") {
        progress("change matching: loading \(Report.grouped(options.contents)) Contents…")
        let result = try GraphBenchmark.changes(
            contents: options.contents, buckets: options.buckets, seed: options.seed, runs: options.runs)
        print(Report.changes(result))
        print()
        targets.append(Target.changes(result))
    }

    if options.includes("live") {
        progress("live results: loading \(Report.grouped(options.contents)) Contents…")
        let result = try LiveResultsBenchmark.run(
            contents: options.contents, buckets: options.buckets, seed: options.seed, runs: options.runs)
        print(Report.liveResults(result))
        print()
        targets.append(Target.liveResults(result))
    }

    if options.includes("dblive") {
        var databases = [try DatabaseLiveBenchmark.sqlite()]
        if let url = options.postgresURL { databases.append(try DatabaseLiveBenchmark.postgres(url)) }
        for database in databases {
            let result = try DatabaseLiveBenchmark.run(
                database, contents: options.contents, seed: options.seed, runs: options.runs)
            print(result.markdown)
            print()
        }
    }

    if options.includes("sql") {
        let result = try SQLBenchmark.run(
            rows: options.contents, buckets: options.buckets, runs: options.runs, postgresURL: options.postgresURL)
        print(Report.sql(result))
        print()
        targets += Target.sql(result)
    }

    if options.includes("load") {
        progress("loading: data arrays, graphs and schemas at two sizes…")
        let rows = try LoadingBenchmark.run(sizes: [options.contents / 4, options.contents])
        print(Report.loading(rows))
        print()
    }

    if options.includes("create") {
        let rows = try CreateBenchmark.run(
            contents: options.contents / 4, buckets: max(1, options.buckets / 4), seed: options.seed,
            runs: options.runs,
            postgresURL: options.postgresURL)
        print(Report.create(rows))
        print()
        targets += Target.create(rows)
    }

    if !targets.isEmpty { print(Target.table(targets)) }
}

do {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "--load-probe", arguments.count >= 3, let count = Int(arguments[2]) {
        try LoadingBenchmark.probe(kind: arguments[1], count: count, file: arguments.count > 3 ? arguments[3] : nil)
        exit(0)
    }
    if try GNUstepComparison.handle(arguments) { exit(0) }
    let options = try BenchOptions(arguments: arguments)
    if options.wantsHelp {
        print(BenchOptions.usage)
    } else {
        try runBenchmark(options)
    }
} catch let error as BenchOptions.UsageError {
    progress("predicate-bench: \(error.description)\n\(BenchOptions.usage)")
    exit(64)
} catch {
    progress("predicate-bench: \(error)")
    exit(1)
}
