import Evaluation
import Foundation
import Predicates

/// `swift run -c release predicate-bench [--count N] [--runs N] [--interpreter-runs N] [--only TEXT] [--engine-only]`
///
/// Filters N people (default 1,000,000) with each row's predicate in every column and prints
/// a Markdown table of median (min–max) milliseconds over the runs, with ratios from the
/// same run, then the parse rate.
struct Options {
    var count = 1_000_000
    var runs = 7
    var interpreterRuns = 3
    /// Only rows whose title contains this text (and no parse row).
    var only: String?
    /// Time only the engine on structs (for profiling).
    var engineOnly = false

    init(arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            if argument == "--engine-only" {
                engineOnly = true
                continue
            }
            if argument == "--only" {
                only = iterator.next()
                continue
            }
            let value = iterator.next().flatMap(Int.init)
            switch (argument, value) {
            case ("--count", let n?): count = n
            case ("--runs", let n?): runs = n
            case ("--interpreter-runs", let n?): interpreterRuns = n
            default:
                print("usage: predicate-bench [--count N] [--runs N] [--interpreter-runs N] [--only TEXT] [--engine-only]")
                exit(2)
            }
        }
    }
}

func run() throws {
    let options = Options(arguments: CommandLine.arguments)
    print("Preparing \(options.count) people…")
    let people = BenchData.people(count: options.count)
    let dictionaries = people.map(\.dictionary)
    let values = people.map(\.evaluationValue)
    let compiler = PredicateCompiler()
    let interpreter = ReferenceInterpreter()

    var lines = [
        "| predicate | matches | closure (struct) | engine (struct) | ×closure | closure ([String: Any]) | engine ([String: Any]) | ×closure | reference interpreter | #Predicate | #Predicate ÷ engine |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    var notes: [String] = []
    for row in BenchRows.all() where options.only.map(row.title.contains) ?? true {
        print("Row: \(row.title)")
        let node = try PredicateNode(format: row.format)
        let onStructs = try compiler.compile(node, for: BenchPerson.self)
        let onDictionaries = try compiler.compile(node, for: [String: Any].self)

        if options.engineOnly {
            let (engine, matches) = try Timing.measure(runs: options.runs) { try onStructs.filter(people).count }
            print("engine (struct): \(engine.cell) ms, \(matches) matches")
            continue
        }
        let (closure, matches) = Timing.measure(runs: options.runs) { people.filter(row.closure).count }
        let (engine, _) = try Timing.measure(runs: options.runs, expected: matches) { try onStructs.filter(people).count }
        let (dictionaryClosure, _) = Timing.measure(runs: options.runs, expected: matches) { dictionaries.filter(row.dictionaryClosure).count }
        let (dictionaryEngine, _) = try Timing.measure(runs: options.runs, expected: matches) { try onDictionaries.filter(dictionaries).count }
        let (reference, _) = try Timing.measure(runs: options.interpreterRuns, expected: matches) {
            try values.filter { try interpreter.evaluate(node, on: $0) }.count
        }
        var foundationCell = "n/a", foundationRatio = "n/a"
        if let predicate = row.foundationPredicate {
            let (foundation, _) = try Timing.measure(runs: options.runs, expected: matches) { try people.filter(predicate).count }
            foundationCell = foundation.cell
            foundationRatio = String(format: "%.1f", foundation.median / engine.median)
        }
        lines.append(
            "| `\(row.title)` | \(matches) | \(closure.cell) | \(engine.cell) | \(String(format: "%.2f", engine.median / closure.median)) "
                + "| \(dictionaryClosure.cell) | \(dictionaryEngine.cell) | \(String(format: "%.2f", dictionaryEngine.median / dictionaryClosure.median)) "
                + "| \(reference.cell) | \(foundationCell) | \(foundationRatio) |")
        if !row.note.isEmpty { notes.append("- `\(row.title)`: \(row.note)") }
    }

    if options.only != nil {
        lines.forEach { print($0) }
        return
    }
    // Parse rate: every realistic format, repeatedly, with its arguments.
    let parser = PredicateParser()
    let arguments: [String: [PredicateValue]] = ["name CONTAINS[cd] %@ AND age > %d": ["an", 30]]
    var parsed = 0
    let clock = ContinuousClock()
    var parseSamples: [Double] = []
    for _ in 0..<options.runs {
        let rounds = 20_000
        let elapsed = try clock.measure {
            for _ in 0..<rounds {
                for format in BenchRows.parseFormats {
                    _ = try parser.parsePredicate(format, arguments: arguments[format] ?? [])
                    parsed += 1
                }
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        parseSamples.append(Double(rounds * BenchRows.parseFormats.count) / seconds)
    }
    let rates = parseSamples.sorted()

    print("")
    print("\(options.count) objects; median (min–max) ms over \(options.runs) runs (\(options.interpreterRuns) for the interpreter); ratios of medians from this run.")
    print("")
    lines.forEach { print($0) }
    print("")
    notes.forEach { print($0) }
    print("")
    print("Parse rate (\(BenchRows.parseFormats.count) realistic formats): median \(Int(rates[rates.count / 2])) predicates/s (min \(Int(rates.first ?? 0)), max \(Int(rates.last ?? 0))); \(parsed) parsed.")
}

do {
    try run()
} catch {
    print("predicate-bench: \(error)")
    exit(1)
}
