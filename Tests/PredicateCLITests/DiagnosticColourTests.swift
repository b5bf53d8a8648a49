import Foundation
import PredicateCLI
import Testing

/// The commands print diagnostics through the one formatter: coloured when standard error is
/// a terminal that allows colour, plain otherwise (pipes, files, tests).
@Suite("CLI diagnostics: one formatter, colour by the terminal conventions")
struct DiagnosticColourTests {
    static func parse(_ format: String, errorUsesColor: Bool) -> String {
        var errors = ""
        var terminal = TerminalInfo.none
        terminal.errorUsesColor = errorUsesColor
        let io = ToolIO(readLine: { nil }, write: { _ in }, writeError: { errors += $0 }, terminal: terminal)
        _ = PredicateTool.run(["parse", format], io: io)
        return errors
    }

    @Test func aParseErrorIsColouredOnlyWhenStandardErrorAllowsIt() {
        let escape = "\u{1B}["
        #expect(
            Self.parse("a LIKES 'x'", errorUsesColor: false)
                == "1:3: error: unknown operator 'LIKES'\na LIKES 'x'\n  ^^^^^\nnote: did you mean 'LIKE'?\n")
        #expect(
            Self.parse("a LIKES 'x'", errorUsesColor: true)
                == "1:3: \(escape)1;31merror:\(escape)0m unknown operator 'LIKES'\na LIKES 'x'\n  "
                + "\(escape)32m^^^^^\(escape)0m\n\(escape)36mnote:\(escape)0m did you mean 'LIKE'?\n")
    }

    @Test func theInputsControlCharactersStayEscapedWhenColoured() {
        let output = Self.parse("a == \u{1B}[2J", errorUsesColor: true)
        #expect(output.contains("\\x1B[2J"))
        #expect(!output.contains("\u{1B}[2J"))
    }
}
