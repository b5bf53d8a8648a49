import Evaluation
import Foundation
import Predicates

/// Helpers shared by the commands: reading JSON arguments and files, and turning failures into
/// printed diagnostics with exit statuses.
enum CommandSupport {
    /// `1 object`, `3 objects`, `0 objects`; `2 entities` with the plural given.
    static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) " + (number == 1 ? noun : plural ?? noun + "s")
    }

    /// Decodes every `--arg JSON` value, naming the bad one in a usage error.
    static func jsonArguments(_ texts: [String], option: String = "--arg") throws(UsageError) -> [PredicateValue] {
        var values: [PredicateValue] = []
        for text in texts {
            do {
                values.append(try PredicateValue(json: text))
            } catch {
                throw UsageError("\(option) \(InputFile.brief(text)): \(error.message)")
            }
        }
        return values
    }

    /// Decodes `--var NAME=JSON` values.
    static func variables(_ texts: [String]) throws(UsageError) -> [String: PredicateValue] {
        var variables: [String: PredicateValue] = [:]
        for text in texts {
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw UsageError("--var \(text): expected NAME=JSON, e.g. --var MIN=18")
            }
            let name = String(text[..<equals])
            let json = String(text[text.index(after: equals)...])
            do {
                variables[name] = try PredicateValue(json: json)
            } catch {
                throw UsageError("--var \(text): \(error.message)")
            }
        }
        return variables
    }

    /// Reads a JSON file into a value; the message names the file.
    static func readJSONFile(_ path: String) -> Result<PredicateValue, CommandFailure> {
        let data: Data
        switch InputFile.read(path, inspect: InputFile.checkingJSON(prefix: "'\(path)': ")) {
        case .success(let read): data = read
        case .failure(let failure): return .failure(failure)
        }
        do {
            return .success(try PredicateValue(jsonData: data))
        } catch {
            return .failure(CommandFailure(status: ExitStatus.invalidInput, message: "'\(path)': \(error.message)"))
        }
    }

    /// Parses and compiles `format` for JSON values, rendering any diagnostic against the source.
    static func compile(
        _ format: String, arguments: [PredicateValue], variables: [String: PredicateValue]
    ) -> Result<CompiledPredicate<PredicateValue>, CommandFailure> {
        let predicate: PredicateNode
        do {
            predicate = try PredicateParser().parsePredicate(format, arguments: arguments)
        } catch {
            return .failure(CommandFailure(status: ExitStatus.invalidInput, message: error.rendered))
        }
        do {
            let compiler = PredicateCompiler(variables: variables.mapValues(EvaluationValue.init))
            return .success(try compiler.compile(predicate, for: PredicateValue.self))
        } catch {
            return .failure(CommandFailure(status: ExitStatus.invalidInput, message: render(error, in: format)))
        }
    }

    /// A compile error with a caret when it knows where it came from.
    static func render(_ error: PredicateCompileError, in source: String) -> String {
        guard let range = error.range else { return "error: \(error.message)" }
        return Diagnostic(id: error.id, message: error.message, range: range).render(in: source)
    }
}

/// A failure a command reports: the text to print on standard error and the exit status.
struct CommandFailure: Error {
    var status: Int32
    var message: String
}
