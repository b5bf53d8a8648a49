import Foundation
import KeyPaths
import Predicates

/// Reads a JSON array one element at a time, so that a caller can handle each element and let
/// it go: memory stays at the text plus one element, whatever the number of elements
/// (`predicate eval --data` filters a file this way).
///
/// The elements, the errors and their byte positions are exactly those of
/// ``PredicateValue/init(jsonData:maximumDepth:)`` reading the whole array, except that tags
/// are left for the caller to resolve per element (``JSONTaggedValues/untag(_:)``); a
/// document that is not an array is refused by ``open(_:maximumDepth:)`` so that the caller
/// reads it whole.
///
/// ```swift
/// var stream = try JSONArrayStream.open(bytes)   // nil: not an array
/// while let element = try stream?.next() { … }  // a syntax error anywhere throws
/// ```
package struct JSONArrayStream {
    private var parser: JSONValueParser
    private var started = false
    private var finished = false

    private init(parser: JSONValueParser) {
        self.parser = parser
    }

    /// A stream over `bytes` when the document starts with `[` (after whitespace); `nil`
    /// otherwise. Bytes that are not UTF-8 text throw the `json-encoding` error of
    /// ``PredicateValue/init(jsonData:maximumDepth:)``.
    package static func open(_ bytes: [UInt8], maximumDepth: Int = 512) throws(JSONValueError) -> JSONArrayStream? {
        if let problem = TextEncoding.problem(in: bytes) {
            throw JSONValueError(id: "json-encoding", message: problem)
        }
        var parser = JSONValueParser(bytes: bytes, maximumDepth: maximumDepth)
        parser.skipWhitespace()
        guard parser.current == UInt8(ascii: "[") else { return nil }
        parser.advance()
        return JSONArrayStream(parser: parser)
    }

    /// The next element as written (tags not resolved), or `nil` after the last one once the
    /// rest of the text is checked to be only whitespace.
    package mutating func next() throws(JSONValueError) -> PredicateValue? {
        guard !finished else { return nil }
        if !started {
            started = true
            parser.skipWhitespace()
            if parser.current == UInt8(ascii: "]") {
                parser.advance()
                return try end()
            }
        } else {
            parser.skipWhitespace()
            switch parser.current {
            case UInt8(ascii: ","): parser.advance()
            case UInt8(ascii: "]"):
                parser.advance()
                return try end()
            default: throw parser.error("expected ',' or ']'")
            }
        }
        return try parser.parseValue(depth: 1)
    }

    private mutating func end() throws(JSONValueError) -> PredicateValue? {
        finished = true
        parser.skipWhitespace()
        guard parser.current == nil else { throw parser.error("unexpected text after the JSON value") }
        return nil
    }
}
