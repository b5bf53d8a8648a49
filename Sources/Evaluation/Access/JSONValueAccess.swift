import Foundation
import Predicates

/// The leading plain keys of a key path over decoded JSON (``PredicateValue``), read one
/// object at a time: `bucket.owner.name` looks each key up in the dictionary the previous one
/// found and converts only the value it ends on (`predicate eval --data`).
///
/// Where the walk meets something other than a dictionary (an array, `null`, a string), that
/// value is converted and the remaining keys are applied by ``KeyPathSemantics``, exactly as
/// if the whole object had been converted first.
struct JSONValuePath: Sendable {
    /// The keys, at least one; none starts with `@`.
    let keys: [String]

    /// Where a walk ended.
    enum Found {
        /// The value of the last key.
        case value(PredicateValue)
        /// A key had no entry: the path reads `nil`.
        case missing
        /// The keys from `index` on apply to `value`, which is not a dictionary.
        case other(PredicateValue, index: Int)
    }

    /// A path of `keys`; `nil` when there are none.
    init?(_ keys: [String]) {
        guard !keys.isEmpty else { return nil }
        self.keys = keys
    }

    /// Walks the keys from `root`.
    @inline(__always)
    func find(in root: PredicateValue) -> Found {
        var current = root
        for index in keys.indices {
            guard case .dictionary(let dictionary) = current else { return .other(current, index: index) }
            guard let value = DictionaryReading.value(dictionary, forKey: keys[index]) else { return .missing }
            current = value
        }
        return .value(current)
    }

    /// The value the path reads, converted.
    func read(_ root: PredicateValue) throws(EvaluationError) -> EvaluationValue {
        switch find(in: root) {
        case .value(let value):
            return EvaluationValue(value)
        case .missing:
            return .null
        case .other(let value, let index):
            var result = EvaluationValue(value)
            for key in keys[index...] { result = try KeyPathSemantics.step(result, key) }
            return result
        }
    }

    /// Reads the path's value when it is of the kind a comparison expects (numbers other
    /// than Booleans, strings, arrays of strings); `nil` sends the comparison to the general
    /// path.
    func probe(_ kind: TypedKind) -> ProbeRead<PredicateValue> {
        switch kind {
        case .int, .double, .number:
            return .number { root in
                guard case .value(let value) = find(in: root) else { return nil }
                switch value {
                case .int(let int): return .int(int)
                case .double(let double): return .double(double)
                default: return nil
                }
            }
        case .string:
            return .string { root in
                guard case .value(.string(let string)) = find(in: root) else { return nil }
                return string
            }
        case .strings:
            return .strings { root in
                guard case .value(.array(let elements)) = find(in: root) else { return nil }
                var strings: [String] = []
                strings.reserveCapacity(elements.count)
                for element in elements {
                    guard case .string(let string) = element else { return nil }
                    strings.append(string)
                }
                return strings
            }
        }
    }
}

extension PredicateRootAccess where Root == PredicateValue {
    /// Decoded JSON: the leading plain keys of a path read one object at a time
    /// (``JSONValuePath``), converting only the value reached; comparisons against constants
    /// probe that value for the kind they expect.
    static var json: Self {
        Self(
            resolve: { keys in
                let plain = Array(keys.prefix { !$0.hasPrefix("@") })
                guard let path = JSONValuePath(plain) else {
                    let key = keys[keys.startIndex]
                    return (
                        KeyAccessor { root throws(EvaluationError) in
                            try KeyPathSemantics.step(EvaluationValue(root), key)
                        }, 1
                    )
                }
                return (
                    KeyAccessor(
                        read: { root throws(EvaluationError) in try path.read(root) },
                        probe: { kind in path.probe(kind) }),
                    plain.count
                )
            },
            selfValue: { EvaluationValue($0) })
    }
}
