import Foundation
import Testing
@testable import Evaluation
import Predicates

@Suite("scratch") struct ScratchTests {
    func m(_ s: String, _ p: String, _ o: String = "") -> String {
        do { return try SQLHelperFunctions.matches(s, p, o) ? "T" : "F" } catch { return "E(\(error))" }
    }
    @Test func icu() {
        let cases: [(String, String)] = [
            ("\r\n", "."), ("\r\n", ".."), ("\r\n", "\r."), ("\r\n", ".\n"), ("\r\n", "[^a]"), ("\r\n", "[^a][^a]"),
            ("a\nb", "a\n^b"), ("a\n", "a\n^"), ("a\r\nb", "a\r^\nb"), ("a\nb", "a$\nb"), ("a\r\nb", "a\r$\nb"),
            ("a\u{2028}b", "a$\u{2028}^b"), ("a\u{0B}b", "a$\u{0B}^b"), ("a\u{0C}b", "a$\u{0C}^b"), ("a\u{85}b", "a$\u{85}^b"),
            ("a\n", "a\\Z\n"), ("a\r\n", "a\\Z\r\n"), ("a\r\n", "a\r\\Z\n"), ("a\n\n", "a\\Z\n\n"), ("a\u{2028}", "a\\Z\u{2028}"),
            ("x", "^*x"), ("x", "x{"), ("x{", "x{"), ("}", "}"), ("]", "]"), ("a{1", "a{1"), ("x", "(?:^)*x"),
            ("\u{01}", "\\ca"), ("\u{01}", "\\cA"), ("\u{1B}", "\\e"), ("\u{0}", "\\0"), ("\u{8}", "\\010"), ("A", "\\x41"), ("A", "\\x{41}"),
            ("A", "\\u0041"), ("A", "\\U00000041"), ("a", "a|"), ("", "a|"), ("a", "(a|)"), ("ab", "a{1,2}?b"),
            ("-", "[a\\-z]"), ("-", "[a-]"), ("b", "[a-c&&b]"), ("[", "[[]"), ("a", "[^]a]"), ("]", "[]a]"), ("ab", "(?<n>a)b"),
            ("a b", "(?x)a b"), ("a", "a(?#c)"), ("5", "\\d"), ("\u{663}", "\\d"), ("\u{663}", "[\\d]"), ("x", "[\\D]"),
            ("a", "\\Qa"), ("a", "a\\E"), ("a.", "\\Qa.\\E"), ("ǰ", "ǰ"),
        ]
        for (s, p) in cases {
            print("ICU \(s.debugDescription) MATCHES \(p.debugDescription): \(m(s, p))")
        }
        for (s, p, o) in [("ǰ", "ǰ", "c"), ("J̌", "ǰ", "c"), ("ǰ", "j.", "c"), ("ǰ", "j.", "")] {
            print("ICU[\(o)] \(s.debugDescription) MATCHES \(p.debugDescription): \(m(s, p, o))")
        }
    }
    @Test func scanTime() throws {
        var units: [UInt16] = []
        var v: UInt32 = 0
        while v <= 0x10FFFF { if let s = Unicode.Scalar(v) { units.append(contentsOf: String(s).utf16) }; v += 1 }
        let clock = ContinuousClock()
        let start = clock.now
        let ns = NSString(characters: units, length: units.count)
        for p in ["\\d+", "\\w+", "\\s+", "\\p{L}+"] {
            let r = try NSRegularExpression(pattern: p, options: [.dotMatchesLineSeparators])
            var n = 0
            r.enumerateMatches(in: ns as String, options: [], range: NSRange(location: 0, length: ns.length)) { _, _, _ in n += 1 }
            print("SCAN \(p): \(n) runs, \(clock.now - start)")
        }
    }
    @Test func foldNFC() {
        for mode in ["c", "d", "cd"] {
            var bad: [String] = []
            var v: UInt32 = 0x80
            while v <= 0x2FFFF {
                if let s = Unicode.Scalar(v), s.properties.generalCategory != .unassigned {
                    let t = String(s).precomposedStringWithCompatibilityMapping
                    let f = StringFolding.fold(t, StringMatchMode(SQLHelperFunctions.options(mode)))
                    let n = f.precomposedStringWithCanonicalMapping
                    if !f.unicodeScalars.elementsEqual(n.unicodeScalars) { bad.append(String(format: "%04X", v)) }
                }
                v += 1
            }
            print("NONNFC[\(mode)] \(bad.count): \(bad.prefix(80).joined(separator: " "))")
        }
    }
}
extension ScratchTests {
    static func raw(_ s: String, _ mode: String) -> String {
        StringFolding.fold(s.precomposedStringWithCompatibilityMapping, StringMatchMode(SQLHelperFunctions.options(mode)))
    }
    static func nfc(_ s: String) -> String { SQLHelperFunctions.canonicalComposition(s) }
    @Test func clusterBrute() {
        for mode in ["c", "d", "cd"] {
            var d: [Unicode.Scalar: String] = [:]
            var v: UInt32 = 0x80
            while v <= 0x2FFFF {
                if let s = Unicode.Scalar(v), s.properties.generalCategory != .unassigned {
                    let f = Self.raw(String(s), mode)
                    let n = Self.nfc(f)
                    if !f.unicodeScalars.elementsEqual(n.unicodeScalars), n.unicodeScalars.count == 1 { d[n.unicodeScalars.first!] = f }
                }
                v += 1
            }
            func undo(_ s: String) -> String { var r = ""; for u in s.unicodeScalars { if let x = d[u] { r += x } else { r.unicodeScalars.append(u) } }; return r }
            var fails: [String] = []
            var checked = 0
            // precomposed pairs
            let marks: [Unicode.Scalar] = ["\u{300}", "\u{301}", "\u{323}", "\u{327}", "\u{308}", "\u{30C}", "\u{313}", "\u{342}", "\u{345}", "\u{3099}", "\u{654}", "\u{93C}", "\u{5B0}", "\u{316}", "\u{334}"]
            var pre: [(Unicode.Scalar, Unicode.Scalar)] = []
            v = 0xC0
            while v <= 0x2FFFF {
                if let s = Unicode.Scalar(v) {
                    let dec = Array(String(s).decomposedStringWithCanonicalMapping.unicodeScalars)
                    if dec.count >= 2 { pre.append((dec[0], dec[dec.count - 1])) }
                }
                v += 1
            }
            var bases: Set<Unicode.Scalar> = []
            for (b, _) in pre { bases.insert(b) }
            var preimage: [Unicode.Scalar: [Unicode.Scalar]] = [:]
            v = 0x20
            while v <= 0x2FFFF {
                if let s = Unicode.Scalar(v), s.properties.generalCategory != .unassigned {
                    let f = Self.raw(String(s), mode).unicodeScalars
                    if let first = f.first, bases.contains(first) { preimage[first, default: []].append(s) }
                }
                v += 1
            }
            var strings: [String] = []
            for (b, m) in pre {
                for c in [b] + (preimage[b] ?? []) {
                    strings.append(String(c) + String(m))
                    for x in marks { strings.append(String(c) + String(x) + String(m)); strings.append(String(c) + String(m) + String(x)) }
                }
            }
            for t in strings {
                checked += 1
                let m = Self.raw(t, mode)
                let p = undo(Self.nfc(m))
                if !p.unicodeScalars.elementsEqual(m.unicodeScalars) {
                    fails.append(t.unicodeScalars.map { String(format: "%04X", $0.value) }.joined(separator: "+"))
                }
            }
            print("CLUSTER[\(mode)] D=\(d.count) checked \(checked) fails \(fails.count): \(fails.prefix(40).joined(separator: " "))")
        }
    }
}
