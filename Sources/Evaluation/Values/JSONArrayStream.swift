import Foundation
import KeyPaths
import Predicates

/// Where a ``JSONArrayStream`` reads its bytes: fills the buffer it is given and answers how
/// many bytes it wrote, 0 at the end of the input (a read error is the end too; the caller
/// that made the source knows and reports it).
package typealias JSONByteSource = (UnsafeMutableRawBufferPointer) -> Int

/// Reads a JSON array one element at a time, from bytes in memory or from a source read in
/// pieces (a file, a pipe, `/dev/zero`): memory stays at one element plus one piece, whatever
/// the number of elements or the length of the input (`predicate eval --data` filters this
/// way).
///
/// The text is read by ``JSONChecker`` with the ``JSONLimits/stream`` limits, so the elements,
/// the errors and their places are exactly those of ``PredicateValue/init(jsonData:maximumDepth:)``
/// reading the whole array, except that an element longer than 16 MiB is refused and tags
/// are left for the caller to resolve per element (``JSONTaggedValues/untag(_:)``). Endless
/// input is refused as soon as a limit is passed: `/dev/zero` at its first byte, an endless
/// string after 16 MiB.
///
/// ```swift
/// var stream = JSONArrayStream(bytes: bytes)
/// if try stream.opensArray() {
///     while let element = try stream.next() { … }   // a syntax error anywhere throws
/// } else {
///     try stream.skipToEnd()                        // not an array: valid JSON or its error
/// }
/// ```
package struct JSONArrayStream {
    /// The size of one read from a source.
    package static let pieceSize = 65_536

    private var checker: JSONChecker
    private let source: JSONByteSource?
    /// Bytes from absolute offset `bufferStart`.
    private var buffer: [UInt8]
    private var bufferStart = 0
    /// The index in `buffer` up to which the checker has read.
    private var checked = 0
    private var sourceEnded: Bool
    /// Where a piece is read before it joins `buffer`.
    private var piece: [UInt8] = []
    private var finished = false

    /// A stream over bytes in memory.
    package init(bytes: [UInt8], maximumDepth: Int = 512) {
        checker = Self.checker(maximumDepth: maximumDepth)
        source = nil
        buffer = bytes
        sourceEnded = true
    }

    /// A stream over the bytes `source` gives, read ``pieceSize`` at a time.
    package init(source: @escaping JSONByteSource, maximumDepth: Int = 512) {
        checker = Self.checker(maximumDepth: maximumDepth)
        self.source = source
        buffer = []
        sourceEnded = false
    }

    /// The stream's checker: the limits of ``JSONLimits/stream``; keys are compared by the
    /// dictionaries each element is built into (``element(_:)``).
    private static func checker(maximumDepth: Int) -> JSONChecker {
        var limits = JSONLimits.stream
        limits.maximumDepth = maximumDepth
        return JSONChecker(limits: limits, comparingKeys: false)
    }

    /// Reads up to the first byte of the document: `true` when it is `[` (then read the
    /// elements with ``next()``), `false` otherwise (then ``skipToEnd()`` tells whether it is
    /// valid JSON). Empty input throws (`json-empty`).
    package mutating func opensArray() throws(JSONValueError) -> Bool {
        while true {
            var index = checked
            scan: while index < buffer.count {
                switch buffer[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: break scan
                }
            }
            // The whitespace goes through the checker (it counts the lines); the first byte not.
            try feed(upTo: index)
            if index < buffer.count {
                guard buffer[index] == UInt8(ascii: "[") else {
                    // No element is built from a document that is not an array: the checker
                    // compares its keys itself.
                    checker.comparesKeys = true
                    return false
                }
                return true
            }
            guard try refill() else {
                try end()
                return false
            }
        }
    }

    /// The next element as written (tags not resolved), or `nil` after the last one once the
    /// rest of the text is checked to be only whitespace.
    package mutating func next() throws(JSONValueError) -> PredicateValue? {
        guard !finished else { return nil }
        while true {
            if checked < buffer.count {
                let stop = try feedElement()
                if let stop {
                    checked = stop
                    if let range = checker.elementEnded { return try element(range) }
                    continue
                }
                checked = buffer.count
            }
            guard try refill() else {
                try end()
                return nil
            }
        }
    }

    /// Reads the rest of a document that is not an array, keeping none of it: throws its
    /// first problem, else returns (the document is valid JSON).
    package mutating func skipToEnd() throws(JSONValueError) {
        repeat {
            try feed(upTo: buffer.count)
            checked = buffer.count
        } while try refill()
        try end()
    }

    // MARK: Reading

    /// The element at absolute offsets `range`, built from the buffer. An object naming a key
    /// twice is read again by a checker comparing keys, from the element's place, for the
    /// message every reader gives.
    private func element(_ range: Range<Int>) throws(JSONValueError) -> PredicateValue {
        let bounds = (range.lowerBound - bufferStart)..<(range.upperBound - bufferStart)
        let start = checker.elementEndedAt
        let built = buffer.withUnsafeBytes { bytes in
            Result { () throws(JSONValueError) in
                let text = UnsafeRawBufferPointer(rebasing: bytes[bounds])
                var parser = JSONValueParser(text)
                let value = try parser.document()
                if parser.sawRepeatedKey, let start {
                    var comparing = JSONChecker(resumingAt: start)
                    do throws(JSONTextError) {
                        _ = try comparing.feed(text)
                    } catch {
                        throw JSONValueError(error)
                    }
                }
                return value
            }
        }
        return try built.get()
    }

    /// Feeds the checker the bytes from `checked` up to index `end` (never stopping after an
    /// element: used before the first element and for documents that are not arrays).
    private mutating func feed(upTo end: Int) throws(JSONValueError) {
        guard checked < end else { return }
        let from = checked
        checked = end
        let result = buffer.withUnsafeBytes { bytes in
            Result { () throws(JSONTextError) in
                _ = try checker.feed(UnsafeRawBufferPointer(rebasing: bytes[from..<end]))
            }
        }
        if case .failure(let error) = result { throw JSONValueError(error) }
    }

    /// Feeds the checker from `checked`, stopping after an element: the index after it, or
    /// `nil` when the buffer was read to its end.
    private mutating func feedElement() throws(JSONValueError) -> Int? {
        let from = checked
        let result = buffer.withUnsafeBytes { bytes in
            Result { () throws(JSONTextError) in try checker.feed(bytes, from: from, stopAfterElement: true) }
        }
        switch result {
        case .success(let stop): return stop
        case .failure(let error): throw JSONValueError(error)
        }
    }

    /// Drops the bytes no longer needed and appends the next piece of the source; `false` at
    /// the end of the input.
    private mutating func refill() throws(JSONValueError) -> Bool {
        guard !sourceEnded, let source else { return false }
        // Keep the element being read; drop the rest once it is half the buffer or more.
        let keep = (checker.openElementStart ?? (bufferStart + checked)) - bufferStart
        if keep > 0, keep >= buffer.count / 2 {
            buffer.removeSubrange(0..<keep)
            bufferStart += keep
            checked -= keep
        }
        if piece.isEmpty { piece = [UInt8](repeating: 0, count: Self.pieceSize) }
        let count = Swift.min(piece.count, piece.withUnsafeMutableBytes { source($0) })
        guard count > 0 else {
            sourceEnded = true
            return false
        }
        buffer += piece[0..<count]
        return true
    }

    /// The end of the input: the text must be complete.
    private mutating func end() throws(JSONValueError) {
        finished = true
        do throws(JSONTextError) {
            try checker.finish()
        } catch {
            throw JSONValueError(error)
        }
    }
}
