import Evaluation
import Predicates

/// The key paths a predicate reads, relative to the evaluated object (the query's root).
///
/// | predicate | key paths |
/// |---|---|
/// | `bucket.name == "Inbox" AND size > 10` | `bucket.name`, `size` |
/// | `ANY tags.name ==[c] "x"` | `tags.name` |
/// | `contents.@count > 2` | `contents.@count` |
/// | `SUBQUERY(contents, $c, $c.owner.name == "Ann").@count > 0` | `contents`, `contents.owner.name` |
/// | `tags[FIRST].name == "x"` | `tags`, `tags.name` |
///
/// Inside a SUBQUERY, a key path without a variable is read from the element (as GNUstep and
/// Apple's documentation describe) — or, in some implementations, from the outer object; both
/// readings are offered as ``CollectedKeyPath/alternatives`` and every one that resolves is a
/// dependency. The walk uses an explicit stack: its depth does not grow with the predicate's.
enum PredicateKeyPaths {
    /// One key path read by the predicate.
    struct CollectedKeyPath: Hashable {
        /// The components of each possible reading (`["bucket", "name"]`), the usual one first.
        var alternatives: [[String]]
        /// The source of the expression that reads it.
        var range: SourceRange?
    }

    /// A SUBQUERY variable's meaning: the key path of the collection it ranges over, or `nil`
    /// when the collection is not a key path of the root (a constant list).
    private typealias Scope = [String: [String]?]

    private enum Work {
        case predicate(PredicateNode, Scope, elements: [[String]])
        case expression(ExpressionNode, Scope, elements: [[String]])
    }

    /// The key paths `predicate` reads, in the order met, without repeats.
    static func collect(from predicate: PredicateNode) throws(DependencyError) -> [CollectedKeyPath] {
        var result: [CollectedKeyPath] = []
        var seen: Set<[[String]]> = []
        func record(_ alternatives: [[String]], _ range: SourceRange?) {
            let nonEmpty = alternatives.filter { !$0.isEmpty }
            guard !nonEmpty.isEmpty, seen.insert(nonEmpty).inserted else { return }
            result.append(CollectedKeyPath(alternatives: nonEmpty, range: range))
        }
        var stack: [Work] = [.predicate(predicate, [:], elements: [])]
        while let work = stack.popLast() {
            switch work {
            case .predicate(let node, let scope, let elements):
                switch node.kind {
                case .constant: break
                case .and(let items), .or(let items):
                    for item in items.reversed() { stack.append(.predicate(item, scope, elements: elements)) }
                case .not(let inner):
                    stack.append(.predicate(inner, scope, elements: elements))
                case .comparison(let comparison):
                    stack.append(.expression(comparison.right, scope, elements: elements))
                    stack.append(.expression(comparison.left, scope, elements: elements))
                }
            case .expression(let node, let scope, let elements):
                try visit(node, scope, elements, stack: &stack, record: record)
            }
        }
        return result
    }

    private static func visit(
        _ node: ExpressionNode, _ scope: Scope, _ elements: [[String]], stack: inout [Work],
        record: ([[String]], SourceRange?) -> Void
    ) throws(DependencyError) {
        func push(_ child: ExpressionNode) { stack.append(.expression(child, scope, elements: elements)) }
        switch node.kind {
        case .constant, .evaluatedObject, .variable:
            break
        case .keyPath(let components):
            let keys = components.map(spelling)
            record([keys] + elements.map { $0 + keys }, node.range)
        case .member(let base, let components):
            push(base)
            if case .variable(let name) = base.kind, scope[name] == nil {
                throw DependencyError(
                    .untrackable, keyPath: "$\(name)." + components.map(spelling).joined(separator: "."),
                    range: node.range,
                    message: "'$\(name)' is not bound by a SUBQUERY, so the keys read through it are unknown")
            }
            if let prefix = objectPath(of: base, in: scope) {
                record([prefix + components.map(spelling)], node.range)
            }
        case .aggregate(let items):
            items.reversed().forEach(push)
        case .binary(_, let left, let right):
            push(right)
            push(left)
        case .unary(_, let operand), .cast(let operand, _), .assignment(_, let operand):
            push(operand)
        case .index(let base, let selector):
            if case .expression(let index) = selector { push(index) }
            push(base)
        case .function(_, let arguments):
            arguments.reversed().forEach(push)
        case .customFunction(let receiver, _, let arguments):
            if case .evaluatedObject = receiver.kind {
                throw DependencyError(
                    .untrackable, range: node.range,
                    message: "FUNCTION on SELF may read any key, so its dependencies are unknown")
            }
            arguments.reversed().forEach(push)
            push(receiver)
        case .subquery(let collection, let variable, let predicate):
            let path = objectPath(of: collection, in: scope)
            var inner = scope
            inner[variable] = .some(path)
            stack.append(.predicate(predicate, inner, elements: elements + (path.map { [$0] } ?? [])))
            push(collection)
        case .ternary(let condition, let whenTrue, let whenFalse):
            push(whenFalse)
            push(whenTrue)
            stack.append(.predicate(condition, scope, elements: elements))
        case .anyKey:
            throw DependencyError(
                .untrackable, range: node.range, message: "ANYKEY may read any key, so its dependencies are unknown")
        }
    }

    /// The key path (from the root) of the objects an expression denotes, when it denotes
    /// objects reached by a key path: `bucket` → `["bucket"]`, `$c.owner` with `$c` over
    /// `contents` → `["contents", "owner"]`, `tags[FIRST]` → `["tags"]`, `SELF` → `[]`.
    /// Paths through collection operators denote values, not objects: `nil`.
    private static func objectPath(of expression: ExpressionNode, in scope: Scope) -> [String]? {
        var suffix: [String] = []
        var current = expression
        while true {
            switch current.kind {
            case .evaluatedObject:
                return suffix
            case .keyPath(let components):
                guard let keys = plainKeys(components) else { return nil }
                return keys + suffix
            case .member(let base, let components):
                guard let keys = plainKeys(components) else { return nil }
                suffix = keys + suffix
                current = base
            case .variable(let name):
                guard let bound = scope[name], let path = bound else { return nil }
                return path + suffix
            case .index(let base, _), .subquery(let base, _, _):
                current = base
            default:
                return nil
            }
        }
    }

    private static func plainKeys(_ components: [KeyPathComponent]) -> [String]? {
        var keys: [String] = []
        for component in components {
            guard case .key(let key) = component else { return nil }
            keys.append(key)
        }
        return keys
    }

    static func spelling(_ component: KeyPathComponent) -> String {
        switch component {
        case .key(let key): key
        case .collectionOperator(let operation): operation.spelling
        }
    }
}
