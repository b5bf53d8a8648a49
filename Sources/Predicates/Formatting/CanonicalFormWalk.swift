/// What the parser will make of a tree's canonical text, found without printing it: how deeply
/// the text nests, counted exactly as the parser counts (``ParserLimits``: every `(`, `{`, `[`,
/// argument list, `NOT`, prefix `-` / `~`, `:=`, infix operator and postfix `.key` / `[index]`
/// wrapping is one level), and — on request — the first part without a literal form.
///
/// The parser measures every tree it builds and refuses one whose canonical text would nest
/// deeper than ``ParserLimits/maximumDepth`` (`nesting-too-deep`), so every tree the parser
/// returns prints as text the parser accepts. The canonical text can nest deeper than the input
/// did: `NOT NOT a == 1` prints `NOT (NOT a == 1)` (two levels per `NOT`, Apple's form), `--a`
/// prints `-(-a)`, `a + b * c` prints `a + (b * c)`, `max(1, 2)` prints `max:({1, 2})`, and a
/// collection bound to `%@` prints as braces, one level per nested collection.
/// ``PredicateNode/parseableFormat(limits:)`` uses the same walk for trees built in code.
///
/// The walk uses a work list, not recursion, so it measures trees of any depth without
/// exhausting the stack. The decisions about parentheses are the formatter's own
/// (``PredicateFormatter/isCompound(_:)``, ``PredicateFormatter/infixOperandNeedsParentheses(_:)``,
/// …), and whether a `.key` wraps is the parser's (``Parser/makesMember(_:)``);
/// `RoundTripDepthTests` checks that the count equals the depth the parser reaches on the
/// printed text, node kind by node kind.
struct CanonicalFormWalk {
    /// A part of the tree whose printed text the parser starts reading at `depth` levels.
    private enum Item {
        case predicate(PredicateNode, depth: Int)
        case expression(ExpressionNode, depth: Int)
        /// A constant's value (nested in collections); `range` is the constant node's.
        case value(PredicateValue, depth: Int, range: SourceRange?)
    }

    /// Stop as soon as a level exceeds this (`nil`: measure the whole tree).
    let limit: Int?
    /// Whether to look for parts without a literal form (``unprintable``).
    let checksLiterals: Bool
    /// The deepest level reached so far.
    private(set) var deepest = 0
    /// Whether a level beyond ``limit`` was reached.
    private(set) var exceeded = false
    /// The range of the node where the first level beyond ``limit`` was reached; `nil` when
    /// that node was built in code.
    private(set) var offendingRange: SourceRange?
    /// The first part found whose printed text does not read back, and the range of its node
    /// (set by the checks in `CanonicalFormWalk+Literals.swift`).
    var unprintable: (what: String, range: SourceRange?)?
    private var work: [Item] = []

    private init(limit: Int?, checksLiterals: Bool = false) {
        self.limit = limit
        self.checksLiterals = checksLiterals
    }

    // MARK: - Entry points

    /// The deepest level of `predicate`'s canonical text (0 for `a == 1`, 1 for `NOT a == 1`).
    static func depth(of predicate: PredicateNode) -> Int {
        var walk = CanonicalFormWalk(limit: nil)
        walk.run(.predicate(predicate, depth: 0))
        return walk.deepest
    }

    /// The deepest level of `expression`'s canonical text (0 for `a`, 1 for `-a`).
    static func depth(of expression: ExpressionNode) -> Int {
        var walk = CanonicalFormWalk(limit: nil)
        walk.run(.expression(expression, depth: 0))
        return walk.deepest
    }

    /// `nil` when `predicate`'s canonical text nests at most `limit` levels; otherwise the
    /// range of the node where it goes deeper (`.some(nil)` for a node built in code).
    static func excess(of predicate: PredicateNode, limit: Int) -> SourceRange?? {
        var walk = CanonicalFormWalk(limit: limit)
        walk.run(.predicate(predicate, depth: 0))
        return walk.exceeded ? .some(walk.offendingRange) : nil
    }

    /// ``excess(of:limit:)-(PredicateNode,_)`` for an expression.
    static func excess(of expression: ExpressionNode, limit: Int) -> SourceRange?? {
        var walk = CanonicalFormWalk(limit: limit)
        walk.run(.expression(expression, depth: 0))
        return walk.exceeded ? .some(walk.offendingRange) : nil
    }

    /// The first reason `predicate`'s canonical text would not read back: too deep for
    /// `limit`, or a part without a literal form; `nil` when there is none.
    static func problem(of predicate: PredicateNode, limit: Int) -> Diagnostic? {
        var walk = CanonicalFormWalk(limit: limit, checksLiterals: true)
        walk.run(.predicate(predicate, depth: 0))
        return walk.diagnostic
    }

    /// ``problem(of:limit:)-(PredicateNode,_)`` for an expression.
    static func problem(of expression: ExpressionNode, limit: Int) -> Diagnostic? {
        var walk = CanonicalFormWalk(limit: limit, checksLiterals: true)
        walk.run(.expression(expression, depth: 0))
        return walk.diagnostic
    }

    /// The walk's finding as a diagnostic (at the node's range, `0..<0` for nodes built in code).
    private var diagnostic: Diagnostic? {
        if exceeded, let limit {
            return DiagnosticCatalog.canonicalNestingTooDeep(
                limit: limit, range: offendingRange ?? SourceRange(0, 0))
        }
        if let unprintable {
            return DiagnosticCatalog.noLiteralForm(unprintable.what, range: unprintable.range ?? SourceRange(0, 0))
        }
        return nil
    }

    // MARK: - The walk

    private mutating func run(_ first: Item) {
        work.append(first)
        while let item = work.popLast(), !exceeded, unprintable == nil {
            switch item {
            case .predicate(let predicate, let depth): visit(predicate, at: depth)
            case .expression(let expression, let depth): visit(expression, at: depth)
            case .value(let value, let depth, let range): visit(value, at: depth, range: range)
            }
        }
    }

    /// Records that the parser reaches `level` inside the node at `range`.
    private mutating func reach(_ level: Int, _ range: SourceRange?) {
        if level > deepest { deepest = level }
        if let limit, level > limit, !exceeded {
            exceeded = true
            offendingRange = range
        }
    }

    /// A child printed in parentheses when `parenthesised` (one more level), bare otherwise.
    private mutating func child(_ node: ExpressionNode, at depth: Int, parenthesised: Bool) {
        if parenthesised {
            reach(depth + 1, node.range)
            work.append(.expression(node, depth: depth + 1))
        } else {
            work.append(.expression(node, depth: depth))
        }
    }

    private mutating func visit(_ predicate: PredicateNode, at depth: Int) {
        var node = predicate
        while let only = PredicateFormatter.soleChild(of: node) { node = only }
        switch node.kind {
        case .constant:
            break
        case .and(let children), .or(let children):
            for child in children {
                if PredicateFormatter.isCompound(child) {
                    reach(depth + 1, child.range)
                    work.append(.predicate(child, depth: depth + 1))
                } else {
                    work.append(.predicate(child, depth: depth))
                }
            }
        case .not(let child):
            reach(depth + 1, node.range)
            if PredicateFormatter.isCompound(child) {
                reach(depth + 2, child.range)
                work.append(.predicate(child, depth: depth + 2))
            } else {
                work.append(.predicate(child, depth: depth + 1))
            }
        case .comparison(let comparison):
            work.append(.expression(comparison.left, depth: depth))
            work.append(.expression(comparison.right, depth: depth))
        }
    }

    private mutating func visit(_ expression: ExpressionNode, at depth: Int) {
        let range = expression.range
        if checksLiterals { inspect(expression) }
        switch expression.kind {
        case .constant(let value):
            work.append(.value(value, depth: depth, range: range))
        case .evaluatedObject, .keyPath, .variable, .anyKey:
            break
        case .member, .index:
            visitPostfixChain(expression, at: depth)
        case .aggregate(let elements), .function(_, let elements):
            reach(depth + 1, range)
            for element in elements { work.append(.expression(element, depth: depth + 1)) }
        case .binary(_, let left, let right):
            reach(depth + 1, range)
            child(left, at: depth, parenthesised: PredicateFormatter.infixOperandNeedsParentheses(left))
            child(right, at: depth + 1, parenthesised: PredicateFormatter.infixOperandNeedsParentheses(right))
        case .unary(_, let operand):
            reach(depth + 1, range)
            child(operand, at: depth + 1, parenthesised: PredicateFormatter.prefixOperandNeedsParentheses(operand))
        case .customFunction(let receiver, _, let arguments):
            reach(depth + 1, range)
            for argument in [receiver] + arguments { work.append(.expression(argument, depth: depth + 1)) }
        case .subquery(let collection, _, let predicate):
            reach(depth + 1, range)
            work.append(.expression(collection, depth: depth + 1))
            work.append(.predicate(predicate, depth: depth + 1))
        case .cast(let value, _), .assignment(_, let value):
            reach(depth + 1, range)
            work.append(.expression(value, depth: depth + 1))
        case .ternary(let condition, let whenTrue, let whenFalse):
            reach(depth + 1, range)
            work.append(.predicate(condition, depth: depth + 1))
            work.append(.expression(whenTrue, depth: depth + 1))
            work.append(.expression(whenFalse, depth: depth + 1))
        }
    }

    /// A chain of `.key` and `[index]` steps printed without parentheses between them:
    /// `$x.a[0].b`. The parser reads the innermost base first, at `depth`, then each step;
    /// every `[index]`, and every `.key` that makes a new member, wraps the node read so far
    /// and holds one more level until the chain ends, so the brackets of a later step are
    /// deeper than those of an earlier one.
    private mutating func visitPostfixChain(_ outermost: ExpressionNode, at depth: Int) {
        var steps: [ExpressionNode] = []
        var node = outermost
        var base: ExpressionNode
        var bare: Bool
        chain: while true {
            steps.append(node)
            if checksLiterals, steps.count > 1 { inspect(node) }  // the outermost one was inspected
            switch node.kind {
            case .member(let inner, _):
                base = inner
                bare = PredicateFormatter.isBareBase(inner)
            case .index(let inner, _):
                base = inner
                bare = PredicateFormatter.isBareIndexBase(inner)
            default:
                return  // unreachable: only members and indexes are steps
            }
            switch base.kind {
            case .member, .index:
                // Always printed bare: the chain goes on.
                node = base
            default:
                break chain
            }
        }
        child(base, at: depth, parenthesised: !bare)
        var wraps = 0
        for step in steps.reversed() {
            switch step.kind {
            case .member(let inner, _):
                if Parser.makesMember(inner) {
                    wraps += 1
                    reach(depth + wraps, step.range)
                }
            case .index(_, let selector):
                wraps += 1
                reach(depth + wraps, step.range)
                if case .expression(let index) = selector {
                    work.append(.expression(index, depth: depth + wraps))
                }
            default:
                break
            }
        }
    }

    private mutating func visit(_ value: PredicateValue, at depth: Int, range: SourceRange?) {
        if checksLiterals { inspect(value, range: range) }
        switch value {
        case .array(let elements):
            reach(depth + 1, range)
            for element in elements { work.append(.value(element, depth: depth + 1, range: range)) }
        case .set(let elements):
            reach(depth + 1, range)
            for element in elements { work.append(.value(element, depth: depth + 1, range: range)) }
        case .dictionary(let entries):
            reach(depth + 1, range)
            for entry in entries.values { work.append(.value(entry, depth: depth + 1, range: range)) }
        case .date:
            reach(depth + 1, range)  // CAST(seconds, "NSDate")
        case .double(let number):
            // `-inf` and `-nan` print as a minus before a name (finite negative numbers fold).
            if !number.isFinite, number.sign == .minus { reach(depth + 1, range) }
        case .null, .bool, .int, .string, .data, .uuid:
            break
        }
    }
}
