import Predicates

/// How the keys of one inheritance hierarchy are stored, chosen from the ids the hierarchy's
/// objects have, so that every id comes back with its JSON type:
///
/// | ids of the hierarchy | key type | key column | stored | read back |
/// |---|---|---|---|---|
/// | integers only (or none) | ``integer`` | `INTEGER` / `bigint` | `7` | `7` |
/// | strings only | ``text`` | `TEXT` / `text` | `'a1'`, `'7'` | `"a1"`, `"7"` |
/// | integers and strings | ``mixed`` | `TEXT` / `text` | `'7'`, `'a1'` | `7`, `"a1"` |
///
/// A mixed hierarchy keeps an integer id as its decimal text and reads a text that is a
/// canonical integer (``canonicalInteger(_:)``: `7`, `-3`, not `07`, `+7` or `-0`) back as
/// an integer; a string id that is itself such a text (`"7"`) would come back as `7`, so
/// ``storedKey(_:)`` refuses it. Foreign-key and join columns take the key type of the
/// hierarchy they point at.
public enum SQLKeyType: String, Sendable, Hashable, CaseIterable {
    /// 64-bit integer keys (SQLite `INTEGER PRIMARY KEY`, PostgreSQL `bigint`): integer ids.
    case integer
    /// Text keys: string ids (an integer id given here is stored as its decimal text and reads
    /// back as a string).
    case text
    /// Text keys holding integer ids as their decimal text and string ids as themselves.
    case mixed

    /// The column type of key, foreign-key and join columns of this key type.
    public var columnType: SQLColumnType { self == .integer ? .integer64 : .text }

    /// The key type that ids of these kinds need: ``integer`` when there is no string id,
    /// ``text`` when every id is a string, ``mixed`` for both.
    public init(hasIntegerIDs: Bool, hasStringIDs: Bool) {
        switch (hasIntegerIDs, hasStringIDs) {
        case (_, false): self = .integer
        case (false, true): self = .text
        case (true, true): self = .mixed
        }
    }

    /// The stored form of the id `id` (an integer or a string), or `nil` when this key type
    /// cannot keep it: a string under ``integer``, or a canonical integer text under ``mixed``.
    public func storedKey(_ id: PredicateValue) -> SQLValue? {
        switch (self, id) {
        case (.integer, .int(let int)): return .integer(Int64(int))
        case (.text, .int(let int)), (.mixed, .int(let int)): return .text(String(int))
        case (.text, .string(let string)): return .text(string)
        case (.mixed, .string(let string)): return Self.canonicalInteger(string) == nil ? .text(string) : nil
        default: return nil
        }
    }

    /// The id a stored key reads back as (an integer or a string), or `nil` for `NULL` and
    /// values that are no key.
    public func id(fromStored value: SQLValue) -> PredicateValue? {
        switch (self, value) {
        case (_, .null), (_, .blob): return nil
        case (.integer, .integer(let int)), (.mixed, .integer(let int)): return Int(exactly: int).map { .int($0) }
        case (.text, .integer(let int)): return .string(String(int))
        case (_, .double(let double)): return Int(exactly: double).map { .int($0) }
        case (.integer, .text(let text)), (.text, .text(let text)): return .string(text)
        case (.mixed, .text(let text)): return Self.canonicalInteger(text).map { .int($0) } ?? .string(text)
        }
    }

    /// The integer whose decimal text `text` is, written as Swift prints it (digits, a `-`
    /// before a negative number, no leading zeros); `nil` for any other text.
    ///
    /// `canonicalInteger("7") == 7`, `canonicalInteger("-3") == -3`,
    /// `canonicalInteger("07") == nil`, `canonicalInteger("+7") == nil`, `canonicalInteger("-0") == nil`.
    public static func canonicalInteger(_ text: String) -> Int? {
        guard let value = Int(text), String(value) == text else { return nil }
        return value
    }
}
