import Foundation
import Predicates

/// A predicate on a struct whose keys are stored numbers, evaluated over a whole buffer of
/// structs by reading the fields in place: `age > 30` over `[Person]` becomes a loop that loads
/// the `Int` at `age`'s offset in each element and compares it, with no call per element and
/// no copy of the struct (a copy retains and releases every reference the struct holds).
///
/// Built by ``plan(_:keys:)`` only when every comparison of the predicate is a stored `Int` or
/// `Double` key (declared `.int(\.age)`, `.double(\.score)`) against a number constant, combined
/// by AND, OR and NOT: such comparisons never throw, so evaluating all operands (instead of
/// stopping early) gives the same result.
struct StructBatch: Sendable {
    indirect enum Node: Sendable {
        case constant(Bool)
        /// `field op bounds`; integers compare as integers with integer bounds, doubles as doubles.
        case int(offset: Int, NumberOperator, low: Int, high: Int)
        case double(offset: Int, NumberOperator, low: Double, high: Double)
        case all([Node])
        case any([Node])
        case not(Node)
    }

    let root: Node
    /// The distance between elements (`MemoryLayout<Root>.stride`).
    let stride: Int

    /// The plan of `predicate` over keys of `keys`, or `nil` when some part is not a stored
    /// number compared with a number constant.
    static func plan<Root>(_ predicate: PredicateNode, keys: PredicateKeys<Root>) -> StructBatch? {
        node(predicate, keys).map { StructBatch(root: $0, stride: MemoryLayout<Root>.stride) }
    }

    private static func node<Root>(_ predicate: PredicateNode, _ keys: PredicateKeys<Root>) -> Node? {
        switch predicate.kind {
        case .constant(let value): return .constant(value)
        case .and(let children), .or(let children):
            var nodes: [Node] = []
            for child in children {
                guard let node = node(child, keys) else { return nil }
                nodes.append(node)
            }
            if case .and = predicate.kind { return .all(nodes) }
            return .any(nodes)
        case .not(let child): return node(child, keys).map(Node.not)
        case .comparison(let comparison):
            guard comparison.modifier == .direct, case .keyPath(let components) = comparison.left.kind,
                components.count == 1, case .key(let key) = components[0], let field = keys.storedField(key),
                let op = NumberOperator(comparison.operator),
                let (low, high) = bounds(comparison.operator, comparison.right)
            else { return nil }
            switch (field.kind, low, high) {
            case (.int, .int(let a), .int(let b)):
                return .int(offset: field.offset, op, low: Swift.min(a, b), high: Swift.max(a, b))
            case (.double, _, _):
                // The typed comparisons' rule: a constant that is exactly a double (not NaN).
                guard let a = exactDouble(low), let b = exactDouble(high) else { return nil }
                return .double(offset: field.offset, op, low: Swift.min(a, b), high: Swift.max(a, b))
            default:
                return nil
            }
        }
    }

    /// The constant (twice) or the two bounds of BETWEEN.
    private static func bounds(_ op: ComparisonOperator, _ right: ExpressionNode) -> (PredicateValue, PredicateValue)? {
        if op == .between {
            if case .aggregate(let elements) = right.kind, elements.count == 2,
                case .constant(let a) = elements[0].kind, case .constant(let b) = elements[1].kind
            {
                return (a, b)
            }
            if case .constant(.array(let elements)) = right.kind, elements.count == 2 {
                return (elements[0], elements[1])
            }
            return nil
        }
        guard case .constant(let value) = right.kind else { return nil }
        return (value, value)
    }

    private static func exactDouble(_ value: PredicateValue) -> Double? {
        switch value {
        case .double(let double): double.isNaN ? nil : double
        case .int(let int): Double(exactly: int)
        case .bool(let bool): bool ? 1 : 0
        default: nil
        }
    }

    /// Elements per chunk: the verdicts of a chunk stay in the first-level cache.
    static let chunk = 1024

    /// Calls `body` with the verdict of each element of `count` elements at `base`, a chunk at a
    /// time (`body(start, verdicts)`: element `start + i` matches when `verdicts[i]`).
    func forEachChunk(
        _ base: UnsafeRawPointer, count: Int, _ body: (Int, UnsafeMutableBufferPointer<Bool>) -> Void
    ) {
        var scratch = [Bool](repeating: false, count: Self.chunk * (depth(root) + 1))
        scratch.withUnsafeMutableBufferPointer { all in
            var start = 0
            while start < count {
                let length = Swift.min(Self.chunk, count - start)
                let verdicts = UnsafeMutableBufferPointer(rebasing: all[0..<length])
                evaluate(root, base, start, verdicts, spare: all, level: 1)
                body(start, verdicts)
                start += length
            }
        }
    }

    private func depth(_ node: Node) -> Int {
        switch node {
        case .constant, .int, .double: 0
        case .all(let nodes), .any(let nodes): 1 + (nodes.map(depth).max() ?? 0)
        case .not(let inner): depth(inner)
        }
    }

    /// Writes the verdicts of `node` for elements `start ..< start + out.count` into `out`;
    /// `spare` holds one chunk of scratch per nesting level from `level` on.
    private func evaluate(
        _ node: Node, _ base: UnsafeRawPointer, _ start: Int, _ out: UnsafeMutableBufferPointer<Bool>,
        spare: UnsafeMutableBufferPointer<Bool>, level: Int
    ) {
        switch node {
        case .constant(let value):
            for index in out.indices { out[index] = value }
        case .int(let offset, let op, let low, let high):
            Self.compare(base + start * stride + offset, stride, out, op, low, high, as: Int.self)
        case .double(let offset, let op, let low, let high):
            Self.compare(base + start * stride + offset, stride, out, op, low, high, as: Double.self)
        case .not(let inner):
            evaluate(inner, base, start, out, spare: spare, level: level)
            for index in out.indices { out[index] = !out[index] }
        case .all(let nodes), .any(let nodes):
            let isAll: Bool
            if case .all = node { isAll = true } else { isAll = false }
            for index in out.indices { out[index] = isAll }
            let from = level * Self.chunk
            let temporary = UnsafeMutableBufferPointer(rebasing: spare[from..<(from + out.count)])
            for inner in nodes {
                evaluate(inner, base, start, temporary, spare: spare, level: level + 1)
                if isAll {
                    for index in out.indices { out[index] = out[index] && temporary[index] }
                } else {
                    for index in out.indices { out[index] = out[index] || temporary[index] }
                }
            }
        }
    }

    private static func compare<Number: Comparable>(
        _ first: UnsafeRawPointer, _ stride: Int, _ out: UnsafeMutableBufferPointer<Bool>, _ op: NumberOperator,
        _ low: Number, _ high: Number, as type: Number.Type
    ) {
        switch op {
        case .less: loop(first, stride, out, low, high, Less.self)
        case .lessOrEqual: loop(first, stride, out, low, high, LessOrEqual.self)
        case .greater: loop(first, stride, out, low, high, Greater.self)
        case .greaterOrEqual: loop(first, stride, out, low, high, GreaterOrEqual.self)
        case .equal: loop(first, stride, out, low, high, Equal.self)
        case .notEqual: loop(first, stride, out, low, high, NotEqual.self)
        case .between: loop(first, stride, out, low, high, Between.self)
        }
    }

    @inline(__always)
    private static func loop<Number: Comparable, Operator: NumberComparator>(
        _ first: UnsafeRawPointer, _ stride: Int, _ out: UnsafeMutableBufferPointer<Bool>, _ low: Number,
        _ high: Number, _: Operator.Type
    ) {
        for index in out.indices {
            out[index] = Operator.test(first.load(fromByteOffset: index * stride, as: Number.self), low, high)
        }
    }
}
