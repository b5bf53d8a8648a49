import Foundation
import Predicates

/// A compiled `LIKE` pattern (spec §3.7): `*` is any run of characters (also none), `?` is
/// exactly one, and the pattern must cover the whole string.
///
/// | predicate | result |
/// |---|---|
/// | `'abc' LIKE 'a?c'` | true |
/// | `'abbc' LIKE 'a?c'` | false |
/// | `'xabc' LIKE 'a*'` | false |
/// | `'abc' LIKE 'a.c'` | false (no other metacharacters) |
/// | `'a*c' LIKE 'a\\*c'` | true (`\*`, `\?`, `\\` are literal; `\x` is `x`) |
/// | `'NeXT' LIKE[c] 'next'` | true |
/// | `'' LIKE ''`, `'abc' LIKE ''` | false (an empty pattern never matches) |
///
/// Without `[n]`, pattern and subject are NFKC-normalised (`ﬁ` matches `fi`); `[c]`/`[d]`
/// fold both. A `?` stands for one Unicode scalar of the normalised string. A trailing
/// unescaped backslash is an error (at compile time for a constant pattern).
final class LikePattern: Sendable {
    private enum Token: Sendable, Equatable {
        case literal(Unicode.Scalar)
        case any
        case anyRun
    }

    private let tokens: [Token]
    /// The literal byte of each token when every literal is ASCII (wildcards hold 0).
    private let asciiTokens: [UInt8]?
    private let mode: StringMatchMode
    private let isEmpty: Bool

    /// Compiles `pattern` for `options`; throws on a trailing backslash.
    init(_ pattern: String, options: ComparisonOptions) throws(EvaluationError) {
        mode = StringMatchMode(options)
        isEmpty = pattern.isEmpty
        let prepared = StringFolding.fold(mode.literal ? pattern : StringFolding.compatibilityNormalized(pattern), mode)
        var tokens: [Token] = []
        var escaped = false
        for scalar in prepared.unicodeScalars {
            if escaped {
                tokens.append(.literal(scalar))
                escaped = false
                continue
            }
            switch scalar {
            case "\\": escaped = true
            case "*": if tokens.last != .anyRun { tokens.append(.anyRun) }
            case "?": tokens.append(.any)
            default: tokens.append(.literal(scalar))
            }
        }
        if escaped {
            throw EvaluationError.invalidPattern(
                "the backslash is a wildcard character and cannot appear unescaped at the end of a LIKE pattern")
        }
        self.tokens = tokens
        var ascii: [UInt8] = []
        for token in tokens {
            switch token {
            case .literal(let scalar):
                guard scalar.isASCII else {
                    asciiTokens = nil
                    return
                }
                ascii.append(UInt8(scalar.value))
            case .any: ascii.append(0)  // placeholders, the token list decides
            case .anyRun: ascii.append(0)
            }
        }
        asciiTokens = ascii
    }

    /// Whether `subject` matches the whole pattern.
    func matches(_ subject: String) -> Bool {
        if isEmpty { return false }
        if asciiTokens != nil {
            let result: Bool? = subject.withUTF8Bytes { bytes in
                guard StringFolding.isASCII(bytes) else { return nil }
                return matchASCII(bytes)
            }
            if let result { return result }
        }
        let prepared = StringFolding.fold(mode.literal ? subject : StringFolding.compatibilityNormalized(subject), mode)
        return matchScalars(prepared.unicodeScalars)
    }

    /// Glob matching with single-star backtracking: linear unless stars force retries.
    private func matchASCII(_ subject: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let literals = asciiTokens else { return false }
        let foldCase = mode.caseInsensitive
        var s = 0
        var t = 0
        var starToken = -1
        var starSubject = 0
        while s < subject.count {
            if t < tokens.count {
                switch tokens[t] {
                case .anyRun:
                    starToken = t
                    starSubject = s
                    t += 1
                    continue
                case .any:
                    s += 1
                    t += 1
                    continue
                case .literal:
                    let byte = foldCase ? StringFolding.asciiLower(subject[s]) : subject[s]
                    if byte == literals[t] {
                        s += 1
                        t += 1
                        continue
                    }
                }
            }
            guard starToken >= 0 else { return false }
            starSubject += 1
            s = starSubject
            t = starToken + 1
        }
        while t < tokens.count, tokens[t] == .anyRun { t += 1 }
        return t == tokens.count
    }

    private func matchScalars<Scalars: Collection>(_ subject: Scalars) -> Bool where Scalars.Element == Unicode.Scalar {
        var s = subject.startIndex
        var t = 0
        var starToken = -1
        var starSubject = subject.startIndex
        while s < subject.endIndex {
            if t < tokens.count {
                switch tokens[t] {
                case .anyRun:
                    starToken = t
                    starSubject = s
                    t += 1
                    continue
                case .any:
                    s = subject.index(after: s)
                    t += 1
                    continue
                case .literal(let scalar):
                    if scalar == subject[s] {
                        s = subject.index(after: s)
                        t += 1
                        continue
                    }
                }
            }
            guard starToken >= 0 else { return false }
            starSubject = subject.index(after: starSubject)
            s = starSubject
            t = starToken + 1
        }
        while t < tokens.count, tokens[t] == .anyRun { t += 1 }
        return t == tokens.count
    }
}
