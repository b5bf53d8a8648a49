import Foundation
import Testing
@testable import Evaluation
import Predicates

@Suite("scratch3") struct Scratch3Tests {
    @Test func mismatch() throws {
        let subject = "\u{b}\u{1f600}c*****b\\\\999999"
        let pats = [#"\u{b}\u{1f600}[abc]\052{2,4}[\^$.*]\0142\\+?(?:\071*)+?"#, #"\u{b}\u{1f600}[abc]\*{2,4}[\^$.*]b\\+?(?:9*)+?"#, #"\u{b}\u{1f600}c\*{2,4}\*b\\+9*"#, #"\u{b}\u{1f600}c\*{2,4}\*b\\+?(?:9*)+?"#, #"\u{b}\u{1f600}c\*{2,4}\*b\\+(?:9*)+"#, #"\u{b}\u{1f600}c\*{2,4}\*b\\+(?:9*)+?"#, #"c\*{2,4}\*b\\+(?:9*)+?"#, #"b\\+(?:9*)+?"#, #"b\\+?(?:9*)+?"#, #"\\+?(?:9*)+?"#, #"\\+?9+?"#]
        for p0 in pats {
            let p = p0.replacingOccurrences(of: "\\u{b}", with: "\u{b}").replacingOccurrences(of: "\\u{1f600}", with: "\u{1f600}")
            for o in ["", "d"] {
                let subj = p0.hasPrefix("\\u{b}") ? subject : String(subject.drop(while: { $0 != (p0.hasPrefix("c") ? "c" : (p0.hasPrefix("b") ? "b" : "\\")) }))
                let m = try SQLHelperFunctions.matches(subj, p, o)
                let match = SQLRegexMatch(subject: .column(alias: "t0", name: "s"), pattern: .constant(p), options: SQLHelperFunctions.options(o), range: nil)
                let r = try PostgreSQLDialect().render(.regexMatch(match))
                print("MM [\(o)] \(p.debugDescription) on \(subj.debugDescription): memory \(m) pg-pattern \(r.bindings.last!)")
            }
        }
    }
}
