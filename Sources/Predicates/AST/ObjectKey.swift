/// The key of an object within its inheritance hierarchy: an integer or a string (many stores
/// key their objects by UUID strings).
///
/// It lives in `Predicates` (not in `ObjectStore`, which builds `ObjectID` on it) because an
/// object reference is a constant of the language: ``ObjectReference`` holds one.
///
/// In graph and change-set files an id is a JSON integer or string: `"id": 3`,
/// `"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"`; relationships name their destinations the
/// same way. Integers order before strings; integers by value, strings by Unicode order.
/// Integer and string literals convert: `ObjectID(hierarchy: "Content", id: 3)`.
public enum ObjectKey: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral
{
    /// An integer key.
    case int(Int)
    /// A string key.
    case string(String)

    public init(integerLiteral value: Int) { self = .int(value) }
    public init(stringLiteral value: String) { self = .string(value) }

    /// The key a JSON value names: an integer or a string; `nil` for anything else.
    public init?(_ value: PredicateValue) {
        switch value {
        case .int(let int): self = .int(int)
        case .string(let string): self = .string(string)
        default: return nil
        }
    }

    /// The key as a JSON value.
    public var predicateValue: PredicateValue {
        switch self {
        case .int(let int): .int(int)
        case .string(let string): .string(string)
        }
    }

    /// Integers first, by value; then strings.
    public static func < (lhs: ObjectKey, rhs: ObjectKey) -> Bool {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): a < b
        case (.string(let a), .string(let b)): a < b
        case (.int, .string): true
        case (.string, .int): false
        }
    }

    /// `3`, or a string key in quotes: `"a1"`.
    public var description: String {
        switch self {
        case .int(let int): String(int)
        case .string(let string): "\"" + string + "\""
        }
    }
}

extension ObjectKey: Codable {
    /// Decodes a JSON integer or string; anything else is an error naming what it found.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else {
            let found: String
            if container.decodeNil() {
                found = "null"
            } else if let bool = try? container.decode(Bool.self) {
                found = String(bool)
            } else {
                do {
                    let double = try container.decode(Double.self)
                    found = double.isFinite ? "the number \(double)" : "a number out of range"
                } catch is DecodingError {
                    found = "a list or an object"
                } catch {
                    // Foundation refuses a number no Double can hold (`1e400`) with an error of
                    // its own, not a DecodingError.
                    found = "a number too large for any number type (out of range)"
                }
            }
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected an integer or a string id, got \(found)"))
        }
    }

    /// Encodes the integer or the string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .int(let int): try container.encode(int)
        case .string(let string): try container.encode(string)
        }
    }
}
