import Foundation
import Testing
@testable import Evaluation
import Predicates

@Suite("scratch2") struct Scratch2Tests {
    @Test func translate() {
        for p in ["abc", "a.c", "^a$", "a|b", "(a|b)*c", "\\d+", "[a-z]+", "[^\\s]", "\\w", "a{2,3}?", "x\\Z", "^a\\nb$", "a^b", "(?=a)", "\\p{Lu}", "[[:alpha:]&&[^a]]", "a{300}", "\\Qa.b\\E", "é", "[\\x{0}-\\x{10}]", "\\bx"] {
            let m = SQLRegexMatch(subject: .column(alias: "t0", name: "s"), pattern: .constant(p), options: [], range: nil)
            do {
                let r = try PostgreSQLDialect().render(.regexMatch(m))
                print("TR \(p) => \(r.sql) \(r.bindings)")
            } catch { print("TR \(p) => \(error)") }
        }
    }
}
