import Foundation
import Testing

@testable import PredicateCLI

/// The tool follows the shell's conventions: `predicate help COMMAND`, completion scripts for
/// bash, zsh and fish made from the command table, and colour only where it is welcome.
@Suite("CLI: shell conventions")
struct ShellConventionTests {
    // MARK: - help

    @Test(
        "'predicate help COMMAND' prints what 'predicate COMMAND --help' prints",
        arguments: PredicateTool.commands.map { $0.name })
    func helpCommand(_ name: String) {
        let help = ToolRunner.inProcess(["help", name])
        let flag = ToolRunner.inProcess([name, "--help"])
        #expect(help.status == 0)
        #expect(help.output == flag.output)
        #expect(help.output.hasPrefix(name == "repl" ? "predicate [repl]" : "predicate \(name)"))
    }

    @Test("'predicate help' and 'predicate help help' print the overview; an unknown command is a usage error")
    func helpOverview() {
        let overview = ToolRunner.inProcess(["help"])
        #expect(overview.status == 0)
        #expect(overview.output.contains("Run 'predicate help COMMAND' (or 'predicate COMMAND --help')"))
        #expect(ToolRunner.inProcess(["help", "help"]).output == overview.output)
        let unknown = ToolRunner.inProcess(["help", "evaluate"])
        #expect(unknown.status == 64)
        #expect(unknown.errorOutput.hasPrefix("predicate help: expected one command name, not 'evaluate'\n"))
        #expect(ToolRunner.inProcess(["help", "eval", "sql"]).status == 64)
    }

    // MARK: - what completes, read from the usage texts

    @Test("the command specs read options, their values and first words from the usage texts")
    func specs() throws {
        let specs = Dictionary(uniqueKeysWithValues: CommandSpec.all.map { ($0.name, $0) })
        let eval = try #require(specs["eval"])
        #expect(eval.words == [])
        #expect(
            eval.options == [
                OptionSpec(name: "--data", value: .file), OptionSpec(name: "--arg", value: .text),
                OptionSpec(name: "--var", value: .text), OptionSpec(name: "--schema", value: .file),
                OptionSpec(name: "--graph", value: .file), OptionSpec(name: "--entity", value: .entity),
                OptionSpec(name: "--help", value: nil),
            ])
        #expect(specs["db"]?.words == ["create", "export"])
        #expect(specs["db"]?.options.first { $0.name == "--mapping" }?.value == .choices(["default", "coredata"]))
        #expect(specs["db"]?.options.first { $0.name == "--replace" }?.value == nil)
        #expect(specs["db"]?.options.first { $0.name == "--db" }?.value == .file)
        #expect(specs["sql"]?.options.first { $0.name == "--dialect" }?.value == .choices(["sqlite", "postgres"]))
        // `--engine` is described after two spaces ("--engine  evaluate with …"): the synopsis's
        // `[--engine compiled|interpreter]` gives its values.
        #expect(
            specs["check"]?.options == [
                OptionSpec(name: "--engine", value: .choices(["compiled", "interpreter"])),
                OptionSpec(name: "--help", value: nil),
            ])
        #expect(specs["resolve"]?.options.first { $0.name == "--json" }?.value == nil)
        #expect(specs["completion"]?.words == ["bash", "zsh", "fish", "entities"])
        #expect(specs["help"]?.words == PredicateTool.commands.map { $0.name })
        // Every command's options are the ones its usage names, and --help.
        for command in PredicateTool.commands {
            let spec = try #require(specs[command.name])
            let named = Set(
                command.usage.split(whereSeparator: { " [],\n".contains($0) }).filter { $0.hasPrefix("--") }.map {
                    "--" + $0.dropFirst(2).prefix { $0.isLowercase || $0 == "-" }
                }.filter { $0.count > 2 })
            #expect(Set(spec.options.map(\.name)) == named.union(["--help"]), "\(command.name)")
        }
    }

    @Test("a usage text read by hand: words, files, entities, choices, free text and flags")
    func specOfUsage() {
        let spec = CommandSpec(
            name: "x", summary: "",
            usage: """
                predicate x go --schema FILE --entity NAME [--mode fast|slow] [--arg JSON]... [--json]
                predicate x stop
                  --json  print JSON
                """)
        #expect(spec.words == ["go", "stop"])
        #expect(
            spec.options == [
                OptionSpec(name: "--schema", value: .file), OptionSpec(name: "--entity", value: .entity),
                OptionSpec(name: "--mode", value: .choices(["fast", "slow"])), OptionSpec(name: "--arg", value: .text),
                OptionSpec(name: "--json", value: nil), OptionSpec(name: "--help", value: nil),
            ])
    }

    @Test("'predicate completion SHELL' prints a script; 'completion entities' lists a schema's entities")
    func completionCommand() {
        for shell in ["bash", "zsh", "fish"] {
            let result = ToolRunner.inProcess(["completion", shell])
            #expect(result.status == 0)
            #expect(result.output.contains("completion for predicate (written by 'predicate completion \(shell)')"))
        }
        let unknown = ToolRunner.inProcess(["completion", "tcsh"])
        #expect(unknown.status == 64)
        #expect(
            unknown.errorOutput.hasPrefix("predicate completion: expected bash, zsh, fish or entities, not 'tcsh'\n"))
        let model = ToolRunner.packageRoot.appendingPathComponent("Samples/ContentModel.xcdatamodeld").path
        let entities = ToolRunner.inProcess(["completion", "entities", "--schema", model])
        #expect(entities.output == "Bucket\nContent\nImageContent\nTag\nThumbnailContent\nUser\n")
        let missing = ToolRunner.inProcess(["completion", "entities", "--schema", "/no/such.json"])
        #expect(missing.status == 1)
        #expect(missing.output == "")
    }

    // MARK: - the scripts in their shells

    static let hasBash = FileManager.default.isExecutableFile(atPath: "/bin/bash")
    static let hasZsh = FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")
    static let hasFish = FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")

    /// Runs `script` with `shell` (`bash -c`, …) in the package root; its standard output.
    static func runShell(_ shell: String, _ script: String) throws -> String {
        let result = try #require(try ToolRunner.process(URL(fileURLWithPath: shell), ["-c", script], timeLimit: 60))
        #expect(result.status == 0, "\(result.errorOutput)")
        return result.output
    }

    /// The script for `shell`, written to a temporary file; removed by the caller.
    static func scriptFile(_ shell: String) throws -> String {
        let path = NSTemporaryDirectory() + "predicate-completion-\(UUID().uuidString).\(shell)"
        try ToolRunner.inProcess(["completion", shell]).output.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(
        "bash completes commands, options, fixed values, first words and entities",
        .enabled(if: ShellConventionTests.hasBash, "/bin/bash is absent"))
    func bash() throws {
        let executable = try #require(ToolRunner.executable?.path)
        let script = try Self.scriptFile("bash")
        defer { try? FileManager.default.removeItem(atPath: script) }
        // `t WORDS…` completes the last word and prints the candidates in brackets.
        let output = try Self.runShell(
            "/bin/bash",
            """
            source \(script)
            t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _predicate; echo "[${COMPREPLY[*]}]"; }
            t predicate e
            t predicate sql --dialect ""
            t predicate db ""
            t predicate db create --re
            t predicate --sc
            t predicate help wa
            t predicate eval --arg ""
            t \(executable) eval --schema Samples/ContentModel.xcdatamodeld --entity ""
            t \(executable) eval --schema /no/such.json --entity ""
            """)
        #expect(
            output == """
                [eval]
                [sqlite postgres]
                [create export]
                [--replace]
                [--schema]
                [watch]
                []
                [Bucket Content ImageContent Tag ThumbnailContent User]
                []

                """)
    }

    @Test(
        "fish completes commands, options, fixed values, first words and entities",
        .enabled(if: ShellConventionTests.hasFish, "fish is absent"))
    func fish() throws {
        let executable = try #require(ToolRunner.executable?.path)
        let script = try Self.scriptFile("fish")
        defer { try? FileManager.default.removeItem(atPath: script) }
        let output = try Self.runShell(
            "/usr/bin/fish",
            """
            source \(script)
            complete -C 'predicate sql --dialect '; echo ==
            complete -C 'predicate db '; echo ==
            complete -C 'predicate db create --re'; echo ==
            complete -C '\(executable) eval --schema Samples/ContentModel.xcdatamodeld --entity '; echo ==
            complete -C 'predicate wat'
            """)
        #expect(
            output == """
                postgres
                sqlite
                ==
                create
                export
                ==
                --replace
                ==
                Bucket
                Content
                ImageContent
                Tag
                ThumbnailContent
                User
                ==
                watch\tapply change sets and print how a query's rows change

                """)
    }

    @Test(
        "zsh: the script parses, registers _predicate, and hands each command its option specs",
        .enabled(if: ShellConventionTests.hasZsh, "zsh is absent"))
    func zsh() throws {
        let script = try Self.scriptFile("zsh")
        defer { try? FileManager.default.removeItem(atPath: script) }
        // Outside a completion widget `words` and `CURRENT` are plain variables, and the
        // completion functions below print what they are given instead of completing.
        let output = try Self.runShell(
            "/usr/bin/zsh",
            """
            emulate -L zsh
            compdef() { echo "compdef $*"; }
            _arguments() { print -l -- "$@"; }
            _describe() { local -a listed; listed=("${(@P)4}"); echo "describe $#listed"; }
            source \(script)
            words=(predicate ""); CURRENT=2; _predicate
            words=(predicate sql --dialect ""); CURRENT=4; _predicate
            """)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first == "compdef _predicate predicate")
        #expect(lines.dropFirst().first == "describe \(CommandSpec.all.count)")
        #expect(lines.contains("*--dialect:dialect:(sqlite postgres)"))
        #expect(lines.contains("*--schema:schema:_files"))
        #expect(lines.contains("*--entity:entity:_predicate_entities"))
        #expect(lines.contains("--help"))
    }

    // MARK: - colour

    @Test(
        "colour only on a terminal, without a non-empty NO_COLOR, and not for TERM=dumb",
        arguments: [
            (true, [String: String](), true), (false, [:], false), (true, ["NO_COLOR": "1"], false),
            (true, ["NO_COLOR": ""], true), (true, ["NO_COLOR": "0"], false), (true, ["TERM": "dumb"], false),
            (true, ["TERM": "xterm-256color"], true),
        ])
    func colorPolicy(_ terminal: Bool, _ environment: [String: String], _ expected: Bool) {
        #expect(ColorPolicy.allowsColor(outputIsTerminal: terminal, environment: environment) == expected)
    }
}
