import Testing

@testable import Diagnostics

/// The formatter's output, written by hand: the location, the severity, the echoed line, the
/// carets, the fix-its and the notes (with their own location when they have a range).
@Suite("DiagnosticFormatter: the one rendering of diagnostics")
struct DiagnosticFormatterTests {
    static let source = "bucket.nmae == 'x'"

    /// An unknown key with a fix-it and a note that points elsewhere.
    static let unknownKey = Diagnostic(
        id: .unknownKey, message: "'Bucket' has no property 'nmae'", range: SourceRange(7, 11),
        notes: [DiagnosticNote("the key path starts here", range: SourceRange(0, 6))],
        fixIts: [FixIt(replacing: SourceRange(7, 11), with: "name")])

    @Test func rendersLocationCaretFixItAndNoteWithItsOwnPlace() {
        let expected = """
            1:8: error: 'Bucket' has no property 'nmae'
            bucket.nmae == 'x'
                   ^^^^
            note: did you mean 'name'?
            1:1: note: the key path starts here
            """
        #expect(DiagnosticFormatter().format([Self.unknownKey], in: Self.source) == expected)
        #expect(Self.unknownKey.render(in: Self.source) == expected)
    }

    @Test func withoutASourceOrARangePrintsTheSeverityAndMessage() {
        let expected = """
            error: 'Bucket' has no property 'nmae'
            note: did you mean 'name'?
            note: the key path starts here
            """
        #expect(DiagnosticFormatter().format([Self.unknownKey], in: nil) == expected)
        var unplaced = Self.unknownKey
        unplaced.range = nil
        #expect(DiagnosticFormatter().format([unplaced], in: Self.source).hasPrefix("error: 'Bucket' has no property"))
    }

    @Test func colorsTheSeverityTheCaretsAndTheNotes() {
        let escape = "\u{1B}["
        let expected = [
            "1:8: \(escape)1;31merror:\(escape)0m 'Bucket' has no property 'nmae'",
            "bucket.nmae == 'x'",
            "       \(escape)32m^^^^\(escape)0m",
            "\(escape)36mnote:\(escape)0m did you mean 'name'?",
            "1:1: \(escape)36mnote:\(escape)0m the key path starts here",
        ].joined(separator: "\n")
        #expect(DiagnosticFormatter(colors: true).format([Self.unknownKey], in: Self.source) == expected)
    }

    @Test func printsEachSeverityByItsWord() {
        let warning = Diagnostic(
            id: .surplusArguments, severity: .warning, message: "2 arguments given", range: SourceRange(0, 1))
        let remark = Diagnostic(id: .liveResults, severity: .remark, message: "just so you know", range: nil)
        #expect(
            DiagnosticFormatter().format([warning, remark], in: "a")
                == "1:1: warning: 2 arguments given\na\n^\nremark: just so you know")
    }

    @Test func escapesControlCharactersOfTheInputAndPutsTheCaretUnderTheEscape() {
        let diagnostic = Diagnostic(
            id: .unexpectedCharacter, message: "unexpected character U+001B", range: SourceRange(2, 3))
        // `a \e b`: the escape shows as \x1B (four characters), all under carets.
        #expect(
            DiagnosticFormatter().format([diagnostic], in: "a \u{1B} b")
                == "1:3: error: unexpected character U+001B\na \\x1B b\n  ^^^^")
    }

    @Test func separatesDiagnosticsWithNewlinesAndFormatsAnyConvertibleError() {
        struct TwoProblems: DiagnosticConvertible {
            var diagnostics: [Diagnostic] {
                [
                    Diagnostic(id: .jsonEmpty, message: "empty input", range: nil),
                    Diagnostic(id: .jsonSyntax, message: "expected a value", range: SourceRange(1, 2)),
                ]
            }
            var diagnosticSource: String? { "[x]" }
        }
        #expect(
            DiagnosticFormatter().format(TwoProblems())
                == "error: empty input\n1:2: error: expected a value\n[x]\n ^")
    }
}
