import Foundation

/// The two cheap reads the dictionary key paths are made of (``AnyDictionaryPath``,
/// ``JSONValuePath``); both were measured with `valgrind --tool=callgrind` on objects read by
/// `JSONSerialization` (Docs/benchmarks.md, "Dictionaries").
enum DictionaryReading {
    /// Up to this many entries, a key is found by comparing it with each key in turn.
    static let scanLimit = 8

    /// `dictionary[key]`, by a scan of the keys when the dictionary is small.
    ///
    /// A hashed lookup of a short key costs about 500 instructions (seeding, SipHash over the
    /// key, finalising, comparing the key found); comparing a short key with a handful of
    /// others by `==` (equal small strings compare as two words) costs about half as much.
    /// The answer is the same: the dictionary's own keys are unique under the same `==`.
    @inline(__always)
    static func value<Value>(_ dictionary: [String: Value], forKey key: String) -> Value? {
        guard dictionary.count <= scanLimit else { return dictionary[key] }
        var index = dictionary.startIndex
        while index != dictionary.endIndex {
            if dictionary.keys[index] == key { return dictionary.values[index] }
            dictionary.formIndex(after: &index)
        }
        return nil
    }

    /// `value` as a `T` when its dynamic type is exactly `T`, else `nil`.
    ///
    /// Equivalent to `type(of: value) == T.self ? value as? T : nil` at about half the cost:
    /// `as?` goes through the runtime's general dynamic cast (about 250 instructions, which
    /// also considers bridging, optionals and subclasses); opening the existential and
    /// comparing metatypes does not. The bit cast is sound because it only happens when the
    /// two types are the same type.
    @inline(__always)
    static func exactly<T>(_ value: Any, _ type: T.Type) -> T? {
        func open<Opened>(_ opened: Opened) -> T? {
            Opened.self == T.self ? unsafeBitCast(opened, to: T.self) : nil
        }
        return _openExistential(value, do: open)
    }
}
