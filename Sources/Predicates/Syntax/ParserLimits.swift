/// Bounds the parser enforces on untrusted input.
///
/// Every nested level of the input counts towards ``maximumDepth``: a parenthesis, a brace,
/// a bracket, an argument list, a prefix `NOT` / `-` / `~`, an assignment, and each operator
/// or index wrapping its left operand (so `1 + 1 + … + 1` with 300 terms is too deep as well:
/// its tree is 300 levels high). The canonical text of the tree the parser builds
/// (``PredicateNode/predicateFormat``) is counted the same way and must fit too: `NOT NOT a == 1`
/// prints `NOT (NOT a == 1)`, so 129 nested `NOT`s (or `-`, or `~`) are refused although the
/// input nests 129 levels, and a `%@` bound to an array nested 257 levels is refused. So every
/// tree the parser returns prints as text it accepts with the same limits. The tree is never
/// deep enough to exhaust the stack in the recursive code that walks it (formatter, evaluator,
/// `==`, and the deinitialisers of the indirect enums).
///
/// ```swift
/// let strict = PredicateParser(limits: ParserLimits(maximumDepth: 32, maximumInputBytes: 4096))
/// try strict.parsePredicate(String(repeating: "(", count: 40) + "a == 1" + String(repeating: ")", count: 40))
/// // throws: error id "nesting-too-deep"
/// ```
///
/// Raising ``maximumDepth`` far above the default trades this safety for expressiveness:
/// the parser and the code that walks the tree recurse once or more per level.
public struct ParserLimits: Sendable, Hashable {
    /// The deepest nesting of predicates and expressions accepted; default 256.
    public var maximumDepth: Int = 256
    /// The largest format string accepted, in UTF-8 bytes; default 1 MiB.
    public var maximumInputBytes: Int = 1 << 20

    /// Creates limits; the defaults are 256 levels and 1 MiB.
    public init(maximumDepth: Int = 256, maximumInputBytes: Int = 1 << 20) {
        self.maximumDepth = maximumDepth
        self.maximumInputBytes = maximumInputBytes
    }
}
