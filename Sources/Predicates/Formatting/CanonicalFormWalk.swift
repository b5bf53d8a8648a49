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
/// The walk recurses only a bounded number of levels (shallow trees, the usual case, then cost
/// no allocation); a deeper tree is walked again with a work list, so trees of any depth are
/// measured without exhausting the stack. The decisions about parentheses are the formatter's own
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
    /// Whether children are visited at once (by recursion) rather than put on ``work``.
    private var recursive = false
    /// The levels of recursion in use, and whether the recursive walk ran out of them.
    private var recursion = 0
    private var abandoned = false

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

    /// Walks from `first`: by recursion while the tree is shallow (the usual case, which then
    /// allocates nothing), else again from the start with a work list, which any depth fits.
    private mutating func run(_ first: Item) {
        recursive = true
        process(first)
        guard abandoned else { return }
        self = CanonicalFormWalk(limit: limit, checksLiterals: checksLiterals)
        schedule(first)
        while let item = work.popLast(), !exceeded, unprintable == nil {
            process(item)
        }
    }

    /// How many levels of the tree the recursive walk enters before it gives up for the work list.
    private static let recursionBudget = 96

    /// Visits `item` now (recursive walk) or later (work list).
    private mutating func schedule(_ item: Item) {
        guard recursive else {
            work.append(item)
            return
        }
        guard recursion < Self.recursionBudget else {
            abandoned = true
            return
        }
        recursion += 1
        process(item)
        recursion -= 1
    }

    private mutating func process(_ item: Item) {
        guard !exceeded, unprintable == nil, !abandoned else { return }
        switch item {
        case .predicate(let predicate, let depth): visit(predicate, at: depth)
        case .expression(let expression, let depth): visit(expression, at: depth)
        case .value(let value, let depth, let range): visit(value, at: depth, range: range)
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
            schedule(.expression(node, depth: depth + 1))
        } else {
            schedule(.expression(node, depth: depth))
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
                    schedule(.predicate(child, depth: depth + 1))
                } else {
                    schedule(.predicate(child, depth: depth))
                }
            }
        case .not(let child):
            reach(depth + 1, node.range)
            if PredicateFormatter.isCompound(child) {
                reach(depth + 2, child.range)
                schedule(.predicate(child, depth: depth + 2))
            } else {
                schedule(.predicate(child, depth: depth + 1))
            }
        case .comparison(let comparison):
            schedule(.expression(comparison.left, depth: depth))
            schedule(.expression(comparison.right, depth: depth))
        }
    }

    private mutating func visit(_ expression: ExpressionNode, at depth: Int) {
        let range = expression.range
        if checksLiterals { inspect(expression) }
        switch expression.kind {
        case .constant(let value):
            schedule(.value(value, depth: depth, range: range))
        case .evaluatedObject, .keyPath, .variable, .anyKey:
            break
        case .member, .index:
            visitPostfixChain(expression, at: depth)
        case .aggregate(let elements), .function(_, let elements):
            reach(depth + 1, range)
            for element in elements { schedule(.expression(element, depth: depth + 1)) }
        case .binary(_, let left, let right):
            reach(depth + 1, range)
            child(left, at: depth, parenthesised: PredicateFormatter.infixOperandNeedsParentheses(left))
            child(right, at: depth + 1, parenthesised: PredicateFormatter.infixOperandNeedsParentheses(right))
        case .unary(_, let operand):
            reach(depth + 1, range)
            child(operand, at: depth + 1, parenthesised: PredicateFormatter.prefixOperandNeedsParentheses(operand))
        case .customFunction(let receiver, _, let arguments):
            reach(depth + 1, range)
            schedule(.expression(receiver, depth: depth + 1))
            for argument in arguments { schedule(.expression(argument, depth: depth + 1)) }
        case .subquery(let collection, _, let predicate):
            reach(depth + 1, range)
            schedule(.expression(collection, depth: depth + 1))
            schedule(.predicate(predicate, depth: depth + 1))
        case .cast(let value, _), .assignment(_, let value):
            reach(depth + 1, range)
            schedule(.expression(value, depth: depth + 1))
        case .ternary(let condition, let whenTrue, let whenFalse):
            reach(depth + 1, range)
            schedule(.predicate(condition, depth: depth + 1))
            schedule(.expression(whenTrue, depth: depth + 1))
            schedule(.expression(whenFalse, depth: depth + 1))
        }
    }

    /// A chain of `.key` and `[index]` steps printed without parentheses between them:
    /// `$x.a[0].b`. The parser reads the innermost base first, at `depth`, then each step;
    /// every `[index]`, and every `.key` that makes a new member, wraps the node read so far
    /// and holds one more level until the chain ends, so the brackets of a later step are
    /// deeper than those of an earlier one. Two passes down the chain, without allocating:
    /// the first counts the wrapping steps and reaches the base, the second walks the steps
    /// from the outermost (which holds every level) inwards.
    private mutating func visitPostfixChain(_ outermost: ExpressionNode, at depth: Int) {
        var wraps = 0
        var node = outermost
        while true {
            let base: ExpressionNode
            let bare: Bool
            switch node.kind {
            case .member(let inner, _):
                base = inner
                bare = PredicateFormatter.isBareBase(inner)
                if Parser.makesMember(inner) { wraps += 1 }
            case .index(let inner, _):
                base = inner
                bare = PredicateFormatter.isBareIndexBase(inner)
                wraps += 1
            default:
                return  // unreachable: only members and indexes are steps
            }
            if Self.isPostfixStep(base) {
                node = base  // always printed bare: the chain goes on
            } else {
                child(base, at: depth, parenthesised: !bare)
                break
            }
        }
        node = outermost
        var level = depth + wraps
        var isOutermost = true
        while true {
            if checksLiterals, !isOutermost { inspect(node) }  // the outermost one was inspected
            isOutermost = false
            let base: ExpressionNode
            switch node.kind {
            case .member(let inner, _):
                base = inner
                if Parser.makesMember(inner) {
                    reach(level, node.range)
                    level -= 1
                }
            case .index(let inner, let selector):
                base = inner
                reach(level, node.range)
                if case .expression(let index) = selector { schedule(.expression(index, depth: level)) }
                level -= 1
            default:
                return
            }
            guard Self.isPostfixStep(base) else { return }
            node = base
        }
    }

    private static func isPostfixStep(_ node: ExpressionNode) -> Bool {
        switch node.kind {
        case .member, .index: true
        default: false
        }
    }

    private mutating func visit(_ value: PredicateValue, at depth: Int, range: SourceRange?) {
        if checksLiterals { inspect(value, range: range) }
        switch value {
        case .array(let elements):
            reach(depth + 1, range)
            for element in elements { schedule(.value(element, depth: depth + 1, range: range)) }
        case .set(let elements):
            reach(depth + 1, range)
            for element in elements { schedule(.value(element, depth: depth + 1, range: range)) }
        case .dictionary(let entries):
            reach(depth + 1, range)
            for entry in entries.values { schedule(.value(entry, depth: depth + 1, range: range)) }
        case .date:
            reach(depth + 1, range)  // CAST(seconds, "NSDate")
        case .double(let number):
            // `-inf` and `-nan` print as a minus before a name (finite negative numbers fold).
            if !number.isFinite, number.sign == .minus { reach(depth + 1, range) }
        case .null, .bool, .int, .string, .data, .uuid, .reference:
            break
        }
    }
}
