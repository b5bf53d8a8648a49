/// An ICU regular expression (the syntax of `MATCHES`) as a tree of the constructs whose
/// meaning a SQL translation can reproduce: what ``ICURegexParser`` builds from a pattern and a
/// printer such as ``PostgresRegexPrinter`` writes in another syntax. A construct outside the
/// tree is refused by the parser (``ICURegexRefusal``).
///
/// | pattern | node |
/// |---|---|
/// | `a`, `\.`, `\t`, `\x{E9}`, `\Qa.b\E` | ``literal(_:)`` (one per code point) |
/// | `[a-z]`, `[^\d_]`, `\w`, `\S`, `\p{L}` | ``set(_:)``: one code point of the set |
/// | `.` | ``anyCharacter`` (any code point; CR LF as one) |
/// | `^`, `$`, `\A`, `\z`, `\Z` | ``anchor(_:)`` |
/// | `(a)`, `(?:a)`, `(?<name>a)` | ``group(_:)`` |
/// | `ab` | ``sequence(_:)`` (empty for an empty branch: `a|`) |
/// | `a|b` | ``alternation(_:)`` |
/// | `a*`, `a+?`, `a{2,5}` | ``repetition(_:_:)`` |
indirect enum ICURegex: Sendable, Hashable {
    case literal(Unicode.Scalar)
    case set(CodePointSet)
    /// `.` under DOTALL (as `MATCHES` compiles patterns): any code point, but CR LF is consumed
    /// as one.
    case anyCharacter
    case anchor(ICURegexAnchor)
    case group(ICURegex)
    case sequence([ICURegex])
    case alternation([ICURegex])
    case repetition(ICURegex, ICURegexQuantifier)

    /// Whether the node can match the empty string.
    var canMatchEmpty: Bool {
        switch self {
        case .anchor: true
        case .group(let inner): inner.canMatchEmpty
        case .sequence(let items): items.allSatisfy(\.canMatchEmpty)
        case .alternation(let branches): branches.contains(where: \.canMatchEmpty)
        case .repetition(let inner, let quantifier): quantifier.minimum == 0 || inner.canMatchEmpty
        case .literal, .set, .anyCharacter: false
        }
    }

    /// Whether the node matches only the empty string (anchors and groups of them).
    var isZeroWidth: Bool {
        switch self {
        case .anchor: true
        case .group(let inner): inner.isZeroWidth
        case .sequence(let items): items.allSatisfy(\.isZeroWidth)
        case .alternation(let branches): branches.allSatisfy(\.isZeroWidth)
        case .repetition(let inner, _): inner.isZeroWidth
        case .literal, .set, .anyCharacter: false
        }
    }
}

/// The anchors, with the meaning they have under MULTILINE (as `MATCHES` compiles patterns).
enum ICURegexAnchor: Sendable, Hashable {
    /// `^`: the start of the string, or after a line terminator that is not the last character.
    case lineStart
    /// `$`: the end of the string, or before a line terminator (but not between CR and LF).
    case lineEnd
    /// `\A`: the start of the string.
    case inputStart
    /// `\z`: the end of the string.
    case inputEnd
    /// `\Z`: the end of the string, or before a line terminator (CR LF counting as one) that
    /// ends it.
    case inputEndBeforeTerminator
}

/// `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, greedy or lazy (`*?`).
struct ICURegexQuantifier: Sendable, Hashable {
    var minimum: Int
    /// `nil`: unbounded.
    var maximum: Int?
    var lazy: Bool
    /// The quantifier as written and where (code points into the pattern), for messages.
    var spelling: String
    var offset: Int
}

/// A construct of the pattern that ``ICURegex`` has no node for (or that a printer cannot
/// write), named for a message.
struct ICURegexRefusal: Error, Sendable, Hashable {
    /// What it is, with its spelling: "the lookahead '(?='".
    var construct: String
    /// Where it starts, in code points of the pattern.
    var offset: Int
    /// Why it is refused, when it is not that the other syntax has no equivalent: "repeats more
    /// than PostgreSQL's limit of 255 times".
    var reason: String? = nil
}
