import Foundation
import Predicates

/// What ``CompiledPredicate/filter(jsonArray:)`` found.
package enum JSONArrayFilterResult: Equatable {
    /// The matching elements, each as its compact JSON text (``PredicateValue/jsonText()``),
    /// in order.
    case matches([String])
    /// The document is valid JSON but not an array.
    case notAnArray
    /// The text is not JSON the package accepts (a syntax error, a duplicate key, a number out
    /// of range, bytes that are not UTF-8, a limit passed) or holds a bad tag: the error
    /// reading the whole array gives.
    case invalid(JSONValueError)
    /// Element `index` (from 0) could not be evaluated.
    case evaluationFailed(index: Int, EvaluationError)
}

extension CompiledPredicate where Root == PredicateValue {
    /// Filters the JSON array in `bytes` one element at a time (``JSONArrayStream``): each
    /// element is parsed, its tags resolved, evaluated, kept as text when it matches and let
    /// go, so memory stays near the size of the text plus the matches' text, not the tree of
    /// the whole array (`predicate eval --data`).
    ///
    /// The answer is the one reading the whole array first and then filtering gives: a problem
    /// with the text anywhere wins over a bad tag, a bad tag over an evaluation error, and an
    /// evaluation error over the matches (the first of each, in order).
    package func filter(jsonArray bytes: [UInt8]) -> JSONArrayFilterResult {
        var matches: [String] = []
        let result = filter(jsonArray: bytes) { matches.append($0.jsonText()) }
        return result == .matches([]) ? .matches(matches) : result
    }

    /// ``filter(jsonArray:)`` handing each match to `matched` as it is found (in order)
    /// instead of collecting its text; answers `.matches([])` when every element was read
    /// and evaluated. After an error, the matches handed over are to be dropped.
    package func filter(jsonArray bytes: [UInt8], matched: (PredicateValue) -> Void) -> JSONArrayFilterResult {
        var stream = JSONArrayStream(bytes: bytes)
        return filter(&stream, matched: matched)
    }

    /// ``filter(jsonArray:matched:)`` over the bytes `source` gives, read in pieces: memory
    /// stays at one element and one piece besides the matches, however long the input (a
    /// pipe, a device); endless input is refused when it passes a limit (``JSONArrayStream``).
    package func filter(jsonArrayFrom source: @escaping JSONByteSource, matched: (PredicateValue) -> Void)
        -> JSONArrayFilterResult
    {
        var stream = JSONArrayStream(source: source)
        return filter(&stream, matched: matched)
    }

    private func filter(_ stream: inout JSONArrayStream, matched: (PredicateValue) -> Void) -> JSONArrayFilterResult {
        do throws(JSONValueError) {
            guard try stream.opensArray() else {
                try stream.skipToEnd()
                return .notAnArray
            }
        } catch {
            return .invalid(error)
        }
        var tagError: JSONValueError?
        var evaluationError: (Int, EvaluationError)?
        var index = 0
        while true {
            let element: PredicateValue
            do throws(JSONValueError) {
                guard let next = try stream.next() else { break }
                element = next
            } catch {
                return .invalid(error)
            }
            defer { index += 1 }
            // After a bad tag the rest is only read for problems with the text; after a failed
            // evaluation, for those and bad tags (which the whole array would report).
            guard tagError == nil else { continue }
            let value: PredicateValue
            do throws(JSONValueError) {
                value = try JSONTaggedValues.untag(element)
            } catch {
                tagError = error
                continue
            }
            guard evaluationError == nil else { continue }
            do throws(EvaluationError) {
                if try evaluate(value) { matched(value) }
            } catch {
                evaluationError = (index, error)
            }
        }
        if let tagError { return .invalid(tagError) }
        if let (index, error) = evaluationError { return .evaluationFailed(index: index, error) }
        return .matches([])
    }
}
