/// Prints predicates in the canonical format: the text Apple's `predicateFormat` prints
/// (reference spec §4), with a few deliberate differences listed in Grammar.md.
///
/// The printer is a fixed point of parsing: for every tree the parser can produce,
/// `parse(format(tree)) == tree`, and printing the re-parsed tree gives the same text.
///
/// It writes into one growing buffer instead of concatenating the text of children, so
/// printing is linear in the size of the output. It recurses once per tree level, except
/// along one-child AND / OR chains and members of members (loops); the parser's nesting limit
/// (``ParserLimits/maximumDepth``), which it applies to the printed text too, bounds that
/// depth for parsed trees, and ``PredicateNode/parseableFormat(limits:)`` checks it for trees
/// built in code.
struct PredicateFormatter {
    /// The text written so far.
    var output = ""

    /// Writes a predicate.
    ///
    /// | node | printed |
    /// |---|---|
    /// | `.constant(true)` / `.constant(false)` | `TRUEPREDICATE` / `FALSEPREDICATE` |
    /// | `.and([])` / `.or([])` | `TRUEPREDICATE` / `FALSEPREDICATE` |
    /// | `.and([p])` / `.or([p])` | `p`, bare |
    /// | `.and([p, q, r])` | `p AND q AND r`, nested compounds in parentheses |
    /// | `.not(p)` | `NOT p`, a compound `p` in parentheses |
    mutating func write(_ predicate: PredicateNode) {
        // A one-child AND / OR prints as its child: unwrapped in a loop, so that a long chain
        // of them (built in code) costs no recursion.
        var predicate = predicate
        while let only = Self.soleChild(of: predicate) { predicate = only }
        switch predicate.kind {
        case .constant(let value):
            output += value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .and(let children):
            writeCompound(children, connective: " AND ", whenEmpty: "TRUEPREDICATE")
        case .or(let children):
            writeCompound(children, connective: " OR ", whenEmpty: "FALSEPREDICATE")
        case .not(let child):
            output += "NOT "
            writeCompoundChild(child)
        case .comparison(let comparison):
            write(comparison)
        }
    }

    /// Writes an AND or OR: empty → its identity constant, one child → the child bare,
    /// otherwise the children joined by the connective.
    private mutating func writeCompound(_ children: [PredicateNode], connective: String, whenEmpty: String) {
        switch children.count {
        case 0:
            output += whenEmpty
        case 1:
            write(children[0])  // unreachable from write(_:), which unwraps one-child chains
        default:
            for (position, child) in children.enumerated() {
                if position > 0 { output += connective }
                writeCompoundChild(child)
            }
        }
    }

    /// Writes a child of AND / OR / NOT: wrapped in parentheses when it is itself a compound
    /// (AND, OR or NOT), as Apple's printer does, so the text reads the same whatever the
    /// relative precedence of AND and OR.
    private mutating func writeCompoundChild(_ child: PredicateNode) {
        if Self.isCompound(child) {
            output += "("
            write(child)
            output += ")"
        } else {
            write(child)
        }
    }

    /// The only child of a one-child AND / OR, which prints as that child; `nil` otherwise.
    static func soleChild(of predicate: PredicateNode) -> PredicateNode? {
        switch predicate.kind {
        case .and(let children), .or(let children): children.count == 1 ? children[0] : nil
        case .constant, .not, .comparison: nil
        }
    }

    /// Whether `predicate` is AND, OR or NOT: as a child of one of those it prints in
    /// parentheses. ``CanonicalFormWalk`` counts the levels they add with the same rule.
    static func isCompound(_ predicate: PredicateNode) -> Bool {
        switch predicate.kind {
        case .and, .or, .not: true
        case .constant, .comparison: false
        }
    }

    /// Writes `[ANY |ALL ]left OP[options] right`: `ANY tags.name ==[c] "x"`.
    mutating func write(_ comparison: Comparison) {
        switch comparison.modifier {
        case .direct: break
        case .any: output += "ANY "
        case .all: output += "ALL "
        }
        write(comparison.left)
        output += " "
        output += Operators.spelling(of: comparison.operator)
        let letters = comparison.options.letterString
        if !letters.isEmpty {
            output += "[" + letters + "]"
        }
        output += " "
        write(comparison.right)
    }
}

extension PredicateNode: CustomStringConvertible {
    /// The canonical format string of the predicate, as Apple's `predicateFormat` prints it.
    ///
    /// Parsing this text gives back an equal predicate, and printing is a fixed point:
    /// ```
    /// name = 'x' && NOT (a <> 1 || b =< 2)
    /// ```
    /// prints as
    /// ```
    /// name == "x" AND (NOT (a != 1 OR b <= 2))
    /// ```
    /// Empty AND / OR print `TRUEPREDICATE` / `FALSEPREDICATE`; `SOME` prints `ANY`; `NONE p`
    /// prints `NOT ANY p`; options print in the order `c d l n w` (`CONTAINS[cd]`).
    public var predicateFormat: String {
        var formatter = PredicateFormatter()
        formatter.write(self)
        return formatter.output
    }

    /// The same as ``predicateFormat``.
    public var description: String { predicateFormat }
}
