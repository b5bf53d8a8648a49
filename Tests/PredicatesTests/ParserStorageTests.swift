import Foundation
import TestSupport
import Testing

@testable import Predicates

/// The parser's fast paths, each against the plain way it replaces: keywords packed eight
/// bytes at a time, tokens lexed on demand, key-path ranges kept without an array.
@Suite("Parser: fast paths agree with the plain ways")
struct ParserStorageTests {
    /// The word's bytes packed one at a time, as the table's entries are.
    static func packedByteByByte(_ word: [UInt8]) -> Keyword.Packed {
        var packed = Keyword.Packed()
        for (index, b) in word.enumerated() { packed.add(b, at: index) }
        return packed
    }

    /// A random word of 1…16 word bytes (letters of both cases, digits, `_`), half the time
    /// a keyword in random letter case.
    static func word(_ random: inout SplitMix64) -> [UInt8] {
        if random.below(2) == 0 {
            let keyword = random.pick(Keyword.allCases.filter { !$0.spelling.contains("-") })
            return keyword.spelling.utf8.map { random.below(2) == 0 ? $0 | 0x20 : $0 }
        }
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_".utf8)
        return (0..<random.int(in: 1...16)).map { _ in random.pick(alphabet) }
    }

    @Test("a word packed eight bytes at a time equals the word packed byte by byte")
    func packedWords() {
        let run = PropertyRun("ParserStorageTests.packedWords", defaultCases: 20_000)
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            let word = Self.word(&random)
            // Some words sit at the end of their buffer (the byte-by-byte branch), some have
            // 16 bytes or more after their start (the eight-bytes-at-a-time branch).
            let before = (0..<random.below(4)).map { _ in UInt8(ascii: " ") }
            let after = (0..<random.below(20)).map { _ in UInt8(ascii: random.pick(["x", " ", "(", "Z"])) }
            let buffer = before + word + after
            let packed = buffer.withUnsafeBufferPointer { bytes in
                Keyword.Packed(bytes, from: before.count, length: word.count)
            }
            let expected = Self.packedByteByByte(word)
            let spelling = String(decoding: word, as: UTF8.self)
            #expect(
                packed == expected,
                "'\(spelling)' in '\(String(decoding: buffer, as: UTF8.self))'; \(run.replay(index))")
            let found = Keyword.Table.shared.keyword(packed, length: word.count)
            #expect(found == Keyword(rawValue: spelling.uppercased()), "'\(spelling)'; \(run.replay(index))")
            if packed != expected { return }
        }
    }

    @Test("the lexer classifies words with the table: keywords in any case, nothing else")
    func lexedWords() {
        //          0    5    10   15   20   25   30
        let text = "and Or nOT subquery ANDx _and and1 between"
        let kinds = Lexer.tokenize(Array(text.utf8)).tokens.map(\.kind)
        #expect(
            kinds == [
                .keyword(.AND), .keyword(.OR), .keyword(.NOT), .keyword(.SUBQUERY), .identifier, .identifier,
                .identifier, .keyword(.BETWEEN), .end,
            ])
    }

    /// Inputs of every token kind, valid and invalid.
    static let inputs: [(String, [PredicateValue])] = [
        ("age > 30", []),
        ("name CONTAINS[cd] %@ AND age > %d", ["an", 30]),
        ("SUBQUERY(items, $item, $item.price > 10 AND $item.quantity >= 2).@count > 0", []),
        (#"email MATCHES '[A-Za-z]+\\.[a-z]{2,}' OR x == "a\tb""#, []),
        ("tags[SIZE] > 2 AND tags[FIRST] == 'swift' AND -0x1F <= 2.5e3", []),
        ("bucket.owner.name ==[cd] %@ AND content.@count > 0", ["Renée"]),
        ("größe == 1 && a UTI-CONFORMS-TO 'x' || #size != nil", []),
    ]

    @Test("the parser lexes on demand exactly the tokens the whole input lexes to")
    func tokenCount() throws {
        for (text, arguments) in Self.inputs {
            let counted = try Parser.withParser(source: text, arguments: arguments, limits: ParserLimits()) { parser in
                _ = try parser.parseWholePredicate()
                return parser.tokenCount
            }
            #expect(counted == Lexer.tokenize(Array(text.utf8)).tokens.count, "\(text)")
        }
    }

    @Test("errors still come in source order: a syntax error before a lexical one wins")
    func errorOrder() {
        //                                       0123456789
        #expect(throws: PredicateSyntaxError.self) { try PredicateParser().parsePredicate("a == == 'open") }
        do {
            _ = try PredicateParser().parsePredicate("a == == 'open")
        } catch {
            #expect(error.diagnostic.range == SourceRange(5, 7))
        }
        do {
            _ = try PredicateParser().parsePredicate("a == 'open")
        } catch {
            #expect(error.diagnostic.id == "unterminated-string")
            #expect(error.diagnostic.range == SourceRange(5, 10))
        }
    }

    @Test("a one-component key path and a %K keep their ranges without an array, read back alike")
    func uniformRanges() throws {
        //                                                  0123456789
        let single = try PredicateParser().parseExpression("age")
        #expect(single.componentRanges == [SourceRange(0, 3)])
        let argument = try PredicateParser().parseExpression("%K", arguments: ["a.b.@count"])
        #expect(argument.componentRanges == [SourceRange(0, 2), SourceRange(0, 2), SourceRange(0, 2)])
        #expect(ExpressionNode(.keyPath([.key("a")])).componentRanges == nil)
        var changed = single
        changed.componentRanges = [SourceRange(1, 2)]
        #expect(changed.componentRanges == [SourceRange(1, 2)])
        changed.componentRanges = nil
        #expect(changed.componentRanges == nil)
    }

    @Test("a node with compact ranges encodes exactly as one built with the list")
    func codableRanges() throws {
        let parsed = try PredicateParser().parseExpression("%K", arguments: ["a.b"])
        let built = ExpressionNode(
            .keyPath([.key("a"), .key("b")]), range: SourceRange(0, 2),
            componentRanges: [SourceRange(0, 2), SourceRange(0, 2)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(parsed) == encoder.encode(built))
        let restored = try JSONDecoder().decode(ExpressionNode.self, from: encoder.encode(parsed))
        #expect(restored.componentRanges == [SourceRange(0, 2), SourceRange(0, 2)])
        #expect(restored.range == SourceRange(0, 2))
        let plain = try encoder.encode(ExpressionNode(.keyPath([.key("a")])))
        #expect(String(decoding: plain, as: UTF8.self).contains("componentRanges") == false)
    }

    /// What `%K` with `path` binds to, by the rule written out: split on `.` (empty parts
    /// kept); a part starting with `@` names a collection operator, any other must be an
    /// identifier; the first bad part is reported.
    /// A bound key path, or (part of) the message of its error.
    enum Binding: Equatable {
        case components([KeyPathComponent])
        case error(String)
    }

    static func expectedKeyPath(_ path: String) -> Binding {
        var components: [KeyPathComponent] = []
        for part in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            if part.hasPrefix("@") {
                guard let op = CollectionOperator(rawValue: String(part.dropFirst())) else {
                    return .error("unknown collection operator")
                }
                components.append(.collectionOperator(op))
            } else if part.isEmpty {
                return .error("has an empty component")
            } else if part.first.map({ $0.isLetter || $0 == "_" }) == true
                && part.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            {
                components.append(.key(part))
            } else {
                return .error("key path component '\(part)' is not a valid key")
            }
        }
        return .components(components)
    }

    @Test("a %K argument split on its bytes binds as the rule says")
    func keyPathArguments() {
        let run = PropertyRun("ParserStorageTests.keyPathArguments", defaultCases: 3_000)
        let pieces = ["a", "b9", "_x", "name", "@count", "@sum", "@nope", "", "1a", "a-b", "é", "a b"]
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            let path = (0..<random.int(in: 1...4)).map { _ in random.pick(pieces) }.joined(separator: ".")
            guard !path.isEmpty else { continue }
            let result: Binding
            do {
                let node = try PredicateParser().parseExpression("%K", arguments: [.string(path)])
                guard case .keyPath(let components) = node.kind else {
                    Issue.record("'\(path)' bound to \(node.sExpression)")
                    return
                }
                result = .components(components)
            } catch {
                result = .error(error.diagnostic.message)
            }
            switch (result, Self.expectedKeyPath(path)) {
            case (.components(let found), .components(let expected)):
                #expect(found == expected, "'\(path)'; \(run.replay(index))")
            case (.error(let message), .error(let expected)):
                #expect(message.contains(expected), "'\(path)': \(message); \(run.replay(index))")
            default:
                Issue.record("'\(path)': \(result) but expected \(Self.expectedKeyPath(path)); \(run.replay(index))")
                return
            }
        }
    }
}
