import Foundation
import Predicates
import Testing

/// Every example in Grammar.md is exercised here.
///
/// - Each line of a ```` ```predicate ```` block must parse, and print as a fixed point:
///   `format(parse(format(p))) == format(p)`; without arguments also `parse(format(p)) == p`
///   (with arguments, `%@` arrays come back as aggregates: the text is still a fixed point).
/// - Each line of a ```` ```predicate-error ```` block must fail to parse; a trailing
///   `// error: <id>` names the diagnostic id it must fail with.
/// - A trailing `// arguments: v1, v2` gives the arguments, written as predicate literals.
@Suite("Grammar.md examples")
struct GrammarExamplesTests {
    @Test("every ```predicate line parses and round-trips", arguments: GrammarExamples.load(block: "predicate"))
    func validExample(_ example: GrammarExample) throws {
        let arguments = try example.argumentValues()
        let parsed: PredicateNode
        do {
            parsed = try PredicateParser().parsePredicate(example.text, arguments: arguments)
        } catch {
            Issue.record("Grammar.md:\(example.line): \(example.text)\n\(error.rendered)")
            return
        }
        let canonical = parsed.predicateFormat
        let reparsed = try PredicateParser().parsePredicate(canonical)
        if arguments.isEmpty {
            #expect(
                reparsed == parsed,
                "Grammar.md:\(example.line): \(example.text) → \(canonical) → \(reparsed.sExpression)")
        }
        #expect(reparsed.predicateFormat == canonical, "Grammar.md:\(example.line): \(example.text)")
    }

    @Test("every ```predicate-error line fails", arguments: GrammarExamples.load(block: "predicate-error"))
    func errorExample(_ example: GrammarExample) throws {
        let arguments = try example.argumentValues()
        do {
            let parsed = try PredicateParser().parsePredicate(example.text, arguments: arguments)
            Issue.record("Grammar.md:\(example.line): \(example.text) parsed as \(parsed.predicateFormat)")
        } catch {
            if let id = example.errorID {
                #expect(error.diagnostic.id == id, "Grammar.md:\(example.line): \(example.text)\n\(error.rendered)")
            }
        }
    }

    @Test("Grammar.md has examples of every kind")
    func examplesExist() {
        #expect(GrammarExamples.load(block: "predicate").count > 250)
        #expect(GrammarExamples.load(block: "predicate-error").count > 50)
    }

    /// Every node kind, operator, function, collection operator, quantifier, option letter,
    /// index form and constant kind appears in some ```predicate example.
    @Test("the examples cover every construct of the language")
    func examplesCoverTheLanguage() throws {
        var labels: Set<String> = []
        for example in GrammarExamples.load(block: "predicate") {
            guard let parsed = try? PredicateParser().parsePredicate(example.text, arguments: example.argumentValues())
            else { continue }
            RandomAST.coverageLabels(of: parsed, into: &labels)
        }
        let missing = RandomAST.allCoverageLabels.subtracting(labels).sorted()
        #expect(missing.isEmpty, "constructs without an example in Grammar.md: \(missing.joined(separator: ", "))")
    }

    /// Every diagnostic id is documented, and has a failing example unless it cannot be
    /// written on one line of a code block.
    @Test("the error examples cover every diagnostic id")
    func errorExamplesCoverTheCatalogue() throws {
        let text = try String(contentsOf: GrammarExamples.grammarURL, encoding: .utf8)
        let exemplified = Set(GrammarExamples.load(block: "predicate-error").compactMap(\.errorID))
        let withoutExample: Set<String> = [
            "empty-input", "input-too-large", "nesting-too-deep", "missing-variable", "no-literal-form",
        ]
        for id in DiagnosticCatalog.identifiers {
            #expect(text.contains("`\(id)`"), "Grammar.md does not document \(id)")
            if !withoutExample.contains(id) {
                #expect(exemplified.contains(id), "no ```predicate-error example with // error: \(id)")
            }
        }
        for id in DiagnosticCatalog.warningIdentifiers {
            #expect(text.contains("`\(id)`"), "Grammar.md does not document the warning \(id)")
        }
    }
}

/// One example line of Grammar.md.
struct GrammarExample: Sendable, CustomTestStringConvertible {
    /// 1-based line number in Grammar.md.
    var line: Int
    /// The predicate text.
    var text: String
    /// The literals after `// arguments:`, as written.
    var argumentsText: String?
    /// The id after `// error:`.
    var errorID: String?

    var testDescription: String { "\(line): \(text)" }

    /// The arguments, parsed as one aggregate literal with the parser itself: `"a", 1, {2}`
    /// becomes `["a", 1, [2]]`; `CAST(n, "NSDate")` becomes a date.
    func argumentValues() throws -> [PredicateValue] {
        guard let argumentsText else { return [] }
        let expression = try PredicateParser().parseExpression("{" + argumentsText + "}")
        guard let values = GrammarExamples.value(of: expression), case .array(let list) = values else {
            throw GrammarExampleError(message: "Grammar.md:\(line): arguments must be literals: \(argumentsText)")
        }
        return list
    }
}

struct GrammarExampleError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

enum GrammarExamples {
    /// Grammar.md at the package root, found from this file's path.
    static var grammarURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Grammar.md")
    }

    /// The example lines of every block tagged exactly `tag`.
    static func load(block tag: String) -> [GrammarExample] {
        guard let contents = try? String(contentsOf: grammarURL, encoding: .utf8) else { return [] }
        var examples: [GrammarExample] = []
        var inside = false
        for (offset, rawLine) in contents.components(separatedBy: "\n").enumerated() {
            let trimmed = rawLine.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                inside = !inside && trimmed == "```" + tag
                continue
            }
            guard inside, !trimmed.isEmpty else { continue }
            examples.append(example(rawLine, line: offset + 1))
        }
        return examples
    }

    /// Splits `text  // arguments: …  // error: id` into its parts.
    static func example(_ rawLine: String, line: Int) -> GrammarExample {
        var parts = rawLine.components(separatedBy: " // ")
        let text = parts.removeFirst().trimmingCharacters(in: .whitespaces)
        var example = GrammarExample(line: line, text: text)
        for part in parts {
            let note = part.trimmingCharacters(in: .whitespaces)
            if note.hasPrefix("arguments:") {
                example.argumentsText = String(note.dropFirst("arguments:".count)).trimmingCharacters(in: .whitespaces)
            } else if note.hasPrefix("error:") {
                example.errorID = String(note.dropFirst("error:".count)).trimmingCharacters(in: .whitespaces)
            }
        }
        return example
    }

    /// The value of a literal expression: a constant, or an aggregate of literals.
    static func value(of expression: ExpressionNode) -> PredicateValue? {
        switch expression.kind {
        case .constant(let value): return value
        case .aggregate(let elements):
            var values: [PredicateValue] = []
            for element in elements {
                guard let value = value(of: element) else { return nil }
                values.append(value)
            }
            return .array(values)
        default: return nil
        }
    }
}
