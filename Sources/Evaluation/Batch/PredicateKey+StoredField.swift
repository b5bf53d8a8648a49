import Foundation

/// A number stored inline in a struct: its byte offset and type. Batch evaluation reads it
/// straight from the struct's memory (no call, no copy of the struct).
struct StoredField: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case int, double
    }

    let offset: Int
    let kind: Kind
}

extension PredicateKey {
    /// An integer key declared by a key path: `.int(\.age)`. When the path names a stored
    /// property of a struct, ``CompiledPredicate/count(in:variables:)`` and the other batch
    /// entry points read it in place; otherwise it is read like `.int { $0.age }`.
    public static func int(_ keyPath: KeyPath<Root, Int> & Sendable) -> Self {
        guard let offset = MemoryLayout<Root>.offset(of: keyPath) else { return .int { $0[keyPath: keyPath] } }
        var key = Self.int { root in
            withUnsafePointer(to: root) { UnsafeRawPointer($0).load(fromByteOffset: offset, as: Int.self) }
        }
        key.stored = StoredField(offset: offset, kind: .int)
        return key
    }

    /// A floating-point key declared by a key path: `.double(\.score)` (see ``int(_:)-(KeyPath<Root,Int>&Sendable)``).
    public static func double(_ keyPath: KeyPath<Root, Double> & Sendable) -> Self {
        guard let offset = MemoryLayout<Root>.offset(of: keyPath) else { return .double { $0[keyPath: keyPath] } }
        var key = Self.double { root in
            withUnsafePointer(to: root) { UnsafeRawPointer($0).load(fromByteOffset: offset, as: Double.self) }
        }
        key.stored = StoredField(offset: offset, kind: .double)
        return key
    }
}

extension PredicateKeys {
    /// The stored field of the plain key `key`, if it was declared by a key path to one.
    func storedField(_ key: String) -> StoredField? {
        entries[key]?.stored
    }
}
