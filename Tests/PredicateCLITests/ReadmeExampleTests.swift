import Foundation
import Testing

/// Every Swift example of README.md compiles and prints what the README says, so none can rot.
///
/// Each ```` ```swift ```` block of the README follows a marker naming its example,
/// `<!-- example: NAME -->`, and is followed by a ```` ```text ```` block: what it prints. The
/// block is `Examples/NAME/main.swift` character for character, an executable target
/// (`example-NAME`) that the build compiles; this suite checks the two texts are identical and
/// runs the built executable from the package root to compare its output with the README's.
@Suite("README examples")
struct ReadmeExampleTests {
    /// One example as the README shows it.
    struct Example: CustomTestStringConvertible, Sendable {
        var name: String
        /// The Swift code block, a newline after each line.
        var code: String
        /// The text block that follows it: what the example prints.
        var output: String
        /// The README's line of the code block's fence.
        var line: Int

        var testDescription: String { "\(name) (README.md:\(line))" }
    }

    static let readmePath = ToolRunner.packageRoot.appendingPathComponent("README.md").path
    static let examplesFolder = ToolRunner.packageRoot.appendingPathComponent("Examples")

    /// The README's examples, and what is malformed about its Swift blocks.
    static let parsed: (examples: [Example], problems: [String]) = {
        guard let text = try? String(contentsOfFile: readmePath, encoding: .utf8) else {
            return ([], ["README.md cannot be read"])
        }
        return parse(text)
    }()

    /// Reads the examples of a README text: a marker line, a Swift block, then (after any
    /// prose) a text block.
    static func parse(_ text: String) -> (examples: [Example], problems: [String]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [Example] = []
        var problems: [String] = []
        /// The lines of the fenced block opening at `start`, and the index after its closing fence.
        func block(at start: Int) -> (body: String, next: Int)? {
            guard let end = lines[(start + 1)...].firstIndex(of: "```") else { return nil }
            return (lines[(start + 1)..<end].map { $0 + "\n" }.joined(), end + 1)
        }
        var index = 0
        while index < lines.count {
            guard lines[index] == "```swift" else {
                if lines[index].hasPrefix("```swift"), lines[index] != "```swift manifest-fragment" {
                    problems.append(
                        "README.md:\(index + 1): a Swift block is an example (```swift) or a manifest-fragment")
                }
                index += 1
                continue
            }
            let fence = index
            let place = "README.md:\(fence + 1)"
            guard let (code, next) = block(at: fence) else {
                problems.append("\(place): the Swift block is not closed")
                break
            }
            index = next
            let marker = lines[..<fence].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            guard marker.hasPrefix("<!-- example: "), marker.hasSuffix(" -->") else {
                problems.append("\(place): a Swift block needs a line '<!-- example: NAME -->' before it")
                continue
            }
            let name = String(marker.dropFirst("<!-- example: ".count).dropLast(" -->".count))
            guard let opening = lines[next...].firstIndex(where: { $0.hasPrefix("```") }),
                lines[opening] == "```text", let (output, after) = block(at: opening)
            else {
                problems.append("\(place): the example '\(name)' needs a ```text block of its output after it")
                continue
            }
            examples.append(Example(name: name, code: code, output: output, line: fence + 1))
            index = after
        }
        return (examples, problems)
    }

    @Test("the README's Swift blocks are all marked examples, each with its output, one folder each")
    func wellFormed() throws {
        #expect(Self.parsed.problems == [])
        let names = Self.parsed.examples.map(\.name)
        #expect(!names.isEmpty)
        #expect(Set(names).count == names.count, "an example name is used twice: \(names)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.examplesFolder.path)
            .filter { !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(names), "Examples/ holds exactly the README's examples")
    }

    @Test("the manifest fragment names this package and every library product")
    func manifestFragment() throws {
        let readme = try String(contentsOfFile: Self.readmePath, encoding: .utf8)
        let manifest = try String(
            contentsOf: ToolRunner.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let fence = "```swift manifest-fragment\n"
        let start = try #require(readme.range(of: fence), "README.md has no manifest fragment")
        let end = try #require(readme[start.upperBound...].range(of: "\n```\n"))
        let fragment = String(readme[start.upperBound..<end.lowerBound])
        let package = try #require(Self.quoted(after: "name: ", in: manifest).first)
        let products = Self.quoted(after: ".library(name: ", in: manifest)
        let named = Self.quoted(after: ".product(name: ", in: fragment)
        #expect(package == "PredicateEngine")
        #expect(fragment.contains(".package(url: "))
        #expect(Set(Self.quoted(after: "package: ", in: fragment)) == [package])
        #expect(named.sorted() == products.sorted(), "the fragment lists every library product, and only those")
    }

    /// The string literals that follow `prefix` in `text`: `name: "X"` → `X`.
    static func quoted(after prefix: String, in text: String) -> [String] {
        text.components(separatedBy: prefix + "\"").dropFirst().compactMap {
            $0.split(separator: "\"").first.map(String.init)
        }
    }

    @Test("the parser finds a marked block and its output, and names an unmarked one")
    func parser() {
        let text = """
            Intro.

            <!-- example: one -->
            ```swift
            print(1)
            ```
            It prints:
            ```text
            1
            ```

            ```swift
            print(2)
            ```
            """
        let (examples, problems) = Self.parse(text)
        #expect(examples.map(\.name) == ["one"])
        #expect(examples.first?.code == "print(1)\n")
        #expect(examples.first?.output == "1\n")
        #expect(problems == ["README.md:12: a Swift block needs a line '<!-- example: NAME -->' before it"])
    }

    @Test("the example's source is the README's block", arguments: parsed.examples)
    func source(_ example: Example) throws {
        let path = Self.examplesFolder.appendingPathComponent(example.name).appendingPathComponent("main.swift").path
        let source = try String(contentsOfFile: path, encoding: .utf8)
        #expect(source == example.code, "Examples/\(example.name)/main.swift differs from README.md:\(example.line)")
    }

    @Test("the built example prints what the README shows", arguments: parsed.examples)
    func output(_ example: Example) throws {
        guard let tool = ToolRunner.executable else { throw ToolRunner.RunnerError.executableNotBuilt }
        let executable = tool.deletingLastPathComponent().appendingPathComponent("example-\(example.name)")
        #expect(FileManager.default.isExecutableFile(atPath: executable.path), "example-\(example.name) is not built")
        let arguments = try Self.arguments(for: example.name)
        defer { for path in arguments { try? FileManager.default.removeItem(atPath: path) } }
        let result = try #require(try ToolRunner.process(executable, arguments, timeLimit: 60))
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.errorOutput == "")
        #expect(result.output == example.output)
    }

    /// What an example is run with: the Core Data example opens a store that `predicate db
    /// create --mapping coredata` writes from the sample (as an app's Core Data would).
    static func arguments(for name: String) throws -> [String] {
        guard name == "core-data-store" else { return [] }
        let store = NSTemporaryDirectory() + "predicate-readme-\(getpid())-\(UUID().uuidString).sqlite"
        let root = ToolRunner.packageRoot.path
        let created = ToolRunner.inProcess([
            "db", "create", "--schema", root + "/Samples/ContentModel.xcdatamodeld", "--graph",
            root + "/Samples/graph.json", "--db", store, "--mapping", "coredata",
        ])
        #expect(created.status == 0, "\(created.errorOutput)")
        return [store]
    }
}
