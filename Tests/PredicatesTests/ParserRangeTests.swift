import Testing

@testable import Predicates

/// Every node records the UTF-8 byte range it came from (parentheses around an expression
/// are not part of the expression's range). Offsets are counted by hand.
@Suite("Parser: source ranges of nodes")
struct ParserRangeTests {
    @Test func predicateAndExpressionRanges() throws {
        //           0         1
        //           01234567890123456
        let text = "NOT a.b + 1 >= $x"
        let node = try PredicateParser().parsePredicate(text)
        #expect(node.range == SourceRange(0, 17))
        guard case .not(let inner) = node.kind, case .comparison(let comparison) = inner.kind else {
            Issue.record("unexpected shape \(node.sExpression)")
            return
        }
        #expect(inner.range == SourceRange(4, 17))
        #expect(comparison.left.range == SourceRange(4, 11))
        #expect(comparison.right.range == SourceRange(15, 17))
        guard case .binary(_, let key, let one) = comparison.left.kind else {
            Issue.record("unexpected left \(comparison.left.sExpression)")
            return
        }
        #expect(key.range == SourceRange(4, 7))
        #expect(one.range == SourceRange(10, 11))
    }

    @Test func parenthesesIndexAndNegativeLiteral() throws {
        //           0         1         2
        //           012345678901234567890123
        let text = "ANY (a) == {1, -2}[LAST]"
        let node = try PredicateParser().parsePredicate(text)
        #expect(node.range == SourceRange(0, 24))
        guard case .comparison(let comparison) = node.kind, case .index(let base, _) = comparison.right.kind,
            case .aggregate(let elements) = base.kind
        else {
            Issue.record("unexpected shape \(node.sExpression)")
            return
        }
        #expect(comparison.left.range == SourceRange(5, 6))
        #expect(comparison.right.range == SourceRange(11, 24))
        #expect(base.range == SourceRange(11, 18))
        #expect(elements.map(\.range) == [SourceRange(12, 13), SourceRange(15, 17)])
    }

    @Test func functionsAndMembers() throws {
        //           0         1         2         3         4
        //           0123456789012345678901234567890123456789
        let text = "sum(a) > SUBQUERY(b, $x, $x == 1).@count"
        let node = try PredicateParser().parsePredicate(text)
        guard case .comparison(let comparison) = node.kind, case .member(let subquery, _) = comparison.right.kind,
            case .subquery(_, _, let predicate) = subquery.kind
        else {
            Issue.record("unexpected shape \(node.sExpression)")
            return
        }
        #expect(comparison.left.range == SourceRange(0, 6))
        #expect(comparison.right.range == SourceRange(9, 40))
        #expect(subquery.range == SourceRange(9, 33))
        #expect(predicate.range == SourceRange(25, 32))
    }

    @Test func chainsAndNone() throws {
        //           0         1         2
        //           0123456789012345678901234
        let text = "NONE a == 1 OR b == 2 OR c"
        let node = try PredicateParser().parsePredicate(text + " == 3")
        #expect(node.range == SourceRange(0, 31))
        guard case .or(let items) = node.kind else {
            Issue.record("unexpected shape \(node.sExpression)")
            return
        }
        #expect(items.map(\.range) == [SourceRange(0, 11), SourceRange(15, 21), SourceRange(25, 31)])
    }

    /// The left operand of the comparison `text`, parsed with `arguments`.
    private func leftOperand(_ text: String, _ arguments: [PredicateValue] = []) throws -> ExpressionNode {
        let node = try PredicateParser().parsePredicate(text, arguments: arguments)
        guard case .comparison(let comparison) = node.kind else {
            throw ParserRangeFailure()
        }
        return comparison.left
    }

    struct ParserRangeFailure: Error {}

    @Test("each key-path component keeps the range it was written at")
    func componentRanges() throws {
        //                                0         1
        //                                0123456789012345678
        let path = try leftOperand("SELF.a.#size.@count == 1")
        #expect(path.componentRanges == [SourceRange(5, 6), SourceRange(7, 12), SourceRange(13, 19)])
        //                                  0123456789
        let member = try leftOperand("$x.name.b == 1")
        #expect(member.componentRanges == [SourceRange(3, 7), SourceRange(8, 9)])
        //                                     0123456789
        let argument = try leftOperand("%K.c == 1", [.string("a.b")])
        #expect(argument.componentRanges == [SourceRange(0, 2), SourceRange(0, 2), SourceRange(3, 4)])
        //                                   0123456789
        let parenthesised = try leftOperand("(a.b).c == 1")
        #expect(parenthesised.componentRanges == [SourceRange(1, 2), SourceRange(3, 4), SourceRange(6, 7)])
        // Kept beside the tree: equality ignores them.
        #expect(path == ExpressionNode(.keyPath([.key("a"), .key("size"), .collectionOperator(.count)])))
    }
}
