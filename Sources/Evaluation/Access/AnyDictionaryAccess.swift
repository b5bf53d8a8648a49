import Foundation
import Predicates

/// The leading plain keys of a key path over `[String: Any]` dictionaries, read one dictionary
/// at a time.
///
/// `bucket.owner.name` looks `bucket` up in the object, `owner` in the dictionary found there
/// and `name` in that one, and converts only the value it ends on. Nothing else in the object
/// is converted, so a read costs a few lookups whatever the size of the nested values.
///
/// The walk continues through a value only when it is exactly a `[String: Any]` (checked by
/// its dynamic type, which is cheap: ``DictionaryReading``); anything else (an array, an
/// `NSDictionary`, a `[String: Int]`, `NSNull`, an object) is converted with
/// ``EvaluationValue/init(any:)`` and the remaining keys are applied to it by
/// ``KeyPathSemantics``, exactly as if the whole object had been converted first. The one
/// difference: a value of a type the evaluator cannot read fails only when the path reaches
/// it (key-value coding never looks at the other entries either).
struct AnyDictionaryPath: Sendable {
    /// The keys, at least one; none starts with `@`.
    let keys: [String]

    /// Where a walk ended.
    enum Found {
        /// The value of the last key.
        case value(Any)
        /// A key had no entry: the path reads `nil`.
        case missing
        /// The value of `keys[index]` (not the last key) is not a `[String: Any]`.
        case other(Any, index: Int)
    }

    /// A path of `keys`; `nil` when there are none.
    init?(_ keys: [String]) {
        guard !keys.isEmpty else { return nil }
        self.keys = keys
    }

    /// Walks the keys from `root`, looking each up in the dictionary the previous one found.
    @inline(__always)
    func find(in root: [String: Any]) -> Found {
        let last = keys.count - 1
        guard last > 0 else { return DictionaryReading.value(root, forKey: keys[0]).map(Found.value) ?? .missing }
        var dictionary = root
        var index = 0
        while true {
            guard let value = DictionaryReading.value(dictionary, forKey: keys[index]) else { return .missing }
            if index == last { return .value(value) }
            guard let nested = DictionaryReading.exactly(value, [String: Any].self) else {
                return .other(value, index: index)
            }
            dictionary = nested
            index += 1
        }
    }

    /// The value the path reads, converted.
    func read(_ root: [String: Any]) throws(EvaluationError) -> EvaluationValue {
        switch find(in: root) {
        case .value(let value):
            return try convert(value, reachedBy: keys.count - 1)
        case .missing:
            return .null
        case .other(let value, let index):
            var result = try convert(value, reachedBy: index)
            for key in keys[(index + 1)...] { result = try KeyPathSemantics.step(result, key) }
            return result
        }
    }

    /// `value`, the value of `keys[index]`, as an evaluation value.
    private func convert(_ value: Any, reachedBy index: Int) throws(EvaluationError) -> EvaluationValue {
        guard let converted = EvaluationValue(any: value) else {
            let path = keys[...index].joined(separator: ".")
            throw EvaluationError(
                id: "unsupported-value", message: "the value of '\(path)' has the unsupported type \(type(of: value))")
        }
        return converted
    }

    /// Reads the path's value when it has exactly the Swift type of `kind`: an `Int`, a
    /// `Double` or a plain `NSNumber` for numbers (a `Bool`, an `Int64`, a Boolean `NSNumber`
    /// is left to the general path, which classifies it), a `String`, a `[String]` or an
    /// `[Any]` holding only `String`s.
    func probe(_ kind: TypedKind) -> ProbeRead<[String: Any]> {
        switch kind {
        case .int, .double, .number:
            return .number { root in
                guard case .value(let value) = find(in: root) else { return nil }
                if let int = DictionaryReading.exactly(value, Int.self) { return .int(int) }
                if let double = DictionaryReading.exactly(value, Double.self) { return .double(double) }
                // `JSONSerialization` makes numbers plain `NSNumber`s (Booleans are a subclass,
                // which the general path classifies).
                if let number = DictionaryReading.exactly(value, NSNumber.self) { return Self.probed(number) }
                return nil
            }
        case .string:
            return .string { root in
                guard case .value(let value) = find(in: root) else { return nil }
                return DictionaryReading.exactly(value, String.self)
            }
        case .strings:
            return .strings { root in
                guard case .value(let value) = find(in: root) else { return nil }
                if let strings = DictionaryReading.exactly(value, [String].self) { return strings }
                // `JSONSerialization` makes arrays `[Any]`: all strings read as `[String]`.
                guard let elements = DictionaryReading.exactly(value, [Any].self) else { return nil }
                var strings: [String] = []
                strings.reserveCapacity(elements.count)
                for element in elements {
                    guard let string = DictionaryReading.exactly(element, String.self) else { return nil }
                    strings.append(string)
                }
                return strings
            }
        }
    }
}

extension AnyDictionaryPath {
    /// An `NSNumber` (what `JSONSerialization` gives for numbers) as an `Int` or a `Double`
    /// when ``EvaluationValue/init(number:)`` would make it one: a signed integer type reads
    /// as an `Int`, `f`/`d` as a `Double`; Booleans (`c`, `B`) and unsigned types take the
    /// general path.
    static func probed(_ number: NSNumber) -> ProbedNumber? {
        let type = number.objCType
        guard type[0] != 0, type[1] == 0 else { return nil }
        switch UInt8(bitPattern: type[0]) {
        case UInt8(ascii: "q"), UInt8(ascii: "l"), UInt8(ascii: "i"), UInt8(ascii: "s"): return .int(number.intValue)
        case UInt8(ascii: "d"), UInt8(ascii: "f"): return .double(number.doubleValue)
        default: return nil
        }
    }
}

extension PredicateRootAccess where Root == [String: Any] {
    /// `[String: Any]`: the leading plain keys of a path read one dictionary at a time
    /// (``AnyDictionaryPath``), converting only the value reached; comparisons against
    /// constants probe that value for the Swift type they expect.
    static var anyDictionary: Self {
        Self(
            resolve: { keys in
                let plain = Array(keys.prefix { !$0.hasPrefix("@") })
                guard let path = AnyDictionaryPath(plain) else {
                    let key = keys[keys.startIndex]
                    return (
                        KeyAccessor { root throws(EvaluationError) in
                            try KeyPathSemantics.step(try convert(root), key)
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
            selfValue: { root throws(EvaluationError) in try convert(root) })
    }

    private static func convert(_ root: [String: Any]) throws(EvaluationError) -> EvaluationValue {
        guard let converted = EvaluationValue(any: root) else {
            throw EvaluationError(id: "unsupported-value", message: "the object holds a value of an unsupported type")
        }
        return converted
    }
}
