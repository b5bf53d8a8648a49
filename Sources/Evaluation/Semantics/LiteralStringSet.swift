import Foundation

/// The strings of an `IN {…}` constant, for literal membership tests without hashing:
/// members are grouped by UTF-8 length and compared with `memcmp`, so `name IN {'Ann', …}`
/// costs a length lookup and a few short compares. Equality is literal (the same bytes), as
/// string equality is everywhere in the evaluator.
///
/// Built only for sets whose members are short (under 64 bytes) and spread over lengths
/// (at most 16 of one length); larger sets use a hash set instead. The bytes live in one
/// buffer owned by the instance, written once in `init` and only read afterwards.
final class LiteralStringSet: @unchecked Sendable {
    private static let maximumLength = 64
    private static let maximumPerLength = 16

    /// All member bytes, concatenated in length order.
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// `bucketStart[n] ..< bucketStart[n + 1]` index the members of length `n` in `offsets`.
    private let bucketStart: UnsafeMutableBufferPointer<Int>
    /// Where each member starts in `storage`.
    private let offsets: UnsafeMutableBufferPointer<Int>

    /// `nil` when the members are too long or too many share a length.
    init?(_ members: [String]) {
        let distinct = Array(Set(members.map { Array($0.utf8) }))
        var byLength = Array(repeating: [[UInt8]](), count: Self.maximumLength)
        for bytes in distinct {
            guard bytes.count < Self.maximumLength else { return nil }
            byLength[bytes.count].append(bytes)
            if byLength[bytes.count].count > Self.maximumPerLength { return nil }
        }
        storage = .allocate(capacity: Swift.max(1, distinct.reduce(0) { $0 + $1.count }))
        bucketStart = .allocate(capacity: Self.maximumLength + 1)
        offsets = .allocate(capacity: Swift.max(1, distinct.count))
        var written = 0
        var member = 0
        for length in 0..<Self.maximumLength {
            bucketStart[length] = member
            for bytes in byLength[length] {
                offsets[member] = written
                for byte in bytes {
                    storage[written] = byte
                    written += 1
                }
                member += 1
            }
        }
        bucketStart[Self.maximumLength] = member
    }

    deinit {
        storage.deallocate()
        bucketStart.deallocate()
        offsets.deallocate()
    }

    /// Whether `string` has exactly the bytes of a member.
    @inline(__always)
    func contains(_ string: String) -> Bool {
        string.withUTF8Bytes { bytes in
            let length = bytes.count
            guard length < Self.maximumLength else { return false }
            let first = bucketStart[length]
            let end = bucketStart[length + 1]
            guard first < end else { return false }
            if length == 0 { return true }
            guard let probe = bytes.baseAddress, let base = storage.baseAddress else { return false }
            for index in first..<end where memcmp(base + offsets[index], probe, length) == 0 {
                return true
            }
            return false
        }
    }
}
