import Foundation
import TestSupport
import Testing

@testable import KeyPaths

/// Seeded properties of the JSON checker: it finds every planted fault where it was planted,
/// and its answer does not depend on how the text is cut into pieces (a pipe delivers any
/// cut).
@Suite("JSON checker properties (seeded)")
struct JSONCheckerPropertyTests {
    /// The checker's answer for `bytes` fed in pieces of the sizes `cuts` gives (cycled), and
    /// the ranges of the elements of the top-level array when it stops after each.
    static func answer(_ bytes: [UInt8], cuts: [Int], limits: JSONLimits) -> (String?, [Range<Int>]) {
        var checker = JSONChecker(limits: limits)
        var elements: [Range<Int>] = []
        var start = 0
        var cut = 0
        while start < bytes.count {
            let end = Swift.min(bytes.count, start + cuts[cut % cuts.count])
            cut += 1
            let piece = Array(bytes[start..<end])
            var index: Int? = 0
            while let from = index {
                switch feed(&checker, piece, from: from) {
                case .success(let stop):
                    if let range = checker.elementEnded { elements.append(range) }
                    index = stop
                case .failure(let error): return (error.description, elements)
                }
            }
            start = end
        }
        do throws(JSONTextError) {
            try checker.finish()
            return (nil, elements)
        } catch {
            return (error.description, elements)
        }
    }

    /// One ``JSONChecker/feed(_:from:stopAfterElement:)`` that stops after elements.
    static func feed(_ checker: inout JSONChecker, _ piece: [UInt8], from index: Int) -> Result<Int?, JSONTextError> {
        piece.withUnsafeBytes { buffer in
            Result { () throws(JSONTextError) in try checker.feed(buffer, from: index, stopAfterElement: true) }
        }
    }

    @Test("a planted fault is reported at its place with its message, and nothing else is")
    func plantedFaults() {
        let run = PropertyRun("JSONCheckerPropertyTests.plantedFaults", defaultCases: 3_000)
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            let fault = random.chance(1, in: 5) ? nil : random.pick(RandomJSONText.Fault.allCases)
            let document = RandomJSONText.document(&random, fault: fault)
            let actual: String?
            do {
                try JSONChecker.check(document.bytes)
                actual = nil
            } catch {
                actual = error.description
            }
            guard actual == document.expectedProblem else {
                Issue.record(
                    """
                    \(String(decoding: document.bytes, as: UTF8.self).debugDescription)
                    expected: \((document.expectedProblem ?? "accepted").debugDescription)
                    actual:   \((actual ?? "accepted").debugDescription)
                    \(run.replay(index))
                    """)
                return
            }
        }
    }

    @Test("the answer and the elements found do not depend on how the text is cut into pieces")
    func pieces() {
        let run = PropertyRun("JSONCheckerPropertyTests.pieces", defaultCases: 2_000)
        let limits = JSONLimits(maximumDepth: 6, maximumTokenBytes: 12, maximumElementBytes: 40)
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            var bytes = RandomJSONText.document(&random, fault: random.pick(RandomJSONText.Fault.allCases)).bytes
            // Damage one time in three: a byte inserted, or the text cut short.
            switch random.below(6) {
            case 0 where !bytes.isEmpty:
                bytes.insert(random.pick(Array(",]}\"[{:x0\\ ".utf8) + [0xE9]), at: random.below(bytes.count))
            case 1 where !bytes.isEmpty: bytes.removeLast(random.int(in: 1...bytes.count))
            default: break
            }
            let whole = Self.answer(bytes, cuts: [Swift.max(1, bytes.count)], limits: limits)
            let cuts = (0..<4).map { _ in random.int(in: 1...9) }
            let cut = Self.answer(bytes, cuts: cuts, limits: limits)
            guard whole == cut else {
                Issue.record(
                    """
                    \(String(decoding: bytes, as: UTF8.self).debugDescription) cut as \(cuts)
                    whole: \(whole)
                    cut:   \(cut)
                    \(run.replay(index))
                    """)
                return
            }
        }
    }

    @Test(
        "a byte-order mark or UTF-16 text is named alike however the first bytes arrive",
        arguments: [
            [0xEF, 0xBB, 0xBF, 0x5B, 0x31, 0x5D], [0xFF, 0xFE, 0x5B, 0x00], [0xFE, 0xFF, 0x00, 0x5B],
            [0x5B, 0x00, 0x31, 0x00], [0x00, 0x5B, 0x00, 0x5D], [0x00, 0x00, 0x00], [0xEF, 0xBB, 0x5B], [0xEF],
        ] as [[UInt8]])
    func firstBytes(_ bytes: [UInt8]) {
        let whole = Self.answer(bytes, cuts: [bytes.count], limits: .stream)
        for cut in 1...3 {
            #expect(Self.answer(bytes, cuts: [cut], limits: .stream) == whole, "\(bytes) in pieces of \(cut)")
        }
        #expect(whole.0 != nil)
    }
}
