import Foundation
import Predicates
import TestSupport

/// A random Foundation-style value, kept as a tree so that a failing case can be shrunk and
/// printed: `[String: Any]` dictionaries nested in each other and in arrays, `NSNull` and
/// hidden `nil`s, numbers of every Swift and Foundation kind, strings, and the typed
/// collections Swift code holds (`[String]`, `[String: Int]`).
indirect enum FoundationTree: CustomStringConvertible {
    case dictionary([(String, FoundationTree)])
    case array([FoundationTree])
    case strings([String])
    case intDictionary([String: Int])
    case string(String)
    case number(Number)
    case null(Null)

    /// The kinds of number a dictionary may hold.
    enum Number {
        case int(Int)
        case int8(Int8)
        case int32(Int32)
        case int64(Int64)
        case uint8(UInt8)
        case uint64(UInt64)
        case uint(UInt)
        case double(Double)
        case float(Float)
        case decimal(Decimal)
        case bool(Bool)
        case nsInteger(Int)
        case nsDouble(Double)
        case nsBool(Bool)
        case nsUnsigned(UInt64)

        var value: Any {
            switch self {
            case .int(let v): v
            case .int8(let v): v
            case .int32(let v): v
            case .int64(let v): v
            case .uint8(let v): v
            case .uint64(let v): v
            case .uint(let v): v
            case .double(let v): v
            case .float(let v): v
            case .decimal(let v): v
            case .bool(let v): v
            case .nsInteger(let v): NSNumber(value: v)
            case .nsDouble(let v): NSNumber(value: v)
            case .nsBool(let v): NSNumber(value: v)
            case .nsUnsigned(let v): NSNumber(value: v)
            }
        }
    }

    /// How a `nil` is held.
    enum Null {
        case nsNull, optional
    }

    /// The value as a `[String: Any]` caller holds it.
    var value: Any {
        switch self {
        case .dictionary(let entries):
            var dictionary: [String: Any] = [:]
            for (key, tree) in entries { dictionary[key] = tree.value }
            return dictionary
        case .array(let elements): return elements.map(\.value)
        case .strings(let strings): return strings
        case .intDictionary(let dictionary): return dictionary
        case .string(let string): return string
        case .number(let number): return number.value
        case .null(.nsNull): return NSNull()
        case .null(.optional): return Int?.none as Any
        }
    }

    var description: String {
        switch self {
        case .dictionary(let entries):
            "[" + (entries.isEmpty ? ":" : entries.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ")) + "]"
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "] as [Any]"
        case .strings(let strings): "\(strings) as [String]"
        case .intDictionary(let dictionary): "\(dictionary.sorted { $0.key < $1.key }) as [String: Int]"
        case .string(let string): "\"\(string)\""
        case .number(let number): "\(number)"
        case .null(let null): null == .nsNull ? "NSNull()" : "Int?.none"
        }
    }

    /// Smaller trees, for shrinking: each entry or element dropped, each child in its parent's
    /// place, each child shrunk in place.
    var smaller: [FoundationTree] {
        switch self {
        case .dictionary(let entries):
            var result: [FoundationTree] = entries.map(\.1)
            for index in entries.indices {
                var fewer = entries
                fewer.remove(at: index)
                result.append(.dictionary(fewer))
            }
            for index in entries.indices {
                for child in entries[index].1.smaller {
                    var changed = entries
                    changed[index].1 = child
                    result.append(.dictionary(changed))
                }
            }
            return result
        case .array(let elements):
            var result: [FoundationTree] = elements
            for index in elements.indices {
                var fewer = elements
                fewer.remove(at: index)
                result.append(.array(fewer))
            }
            return result
        case .strings(let strings) where !strings.isEmpty: return [.strings(Array(strings.dropLast()))]
        default: return []
        }
    }
}

/// Seeded random trees and the key-path predicates that read them.
struct RandomFoundationTrees {
    var random: SplitMix64
    static let keys = ["a", "b", "name", "n"]
    static let strings = ["", "Ivan", "ivan", "Iván", "an", "x"]

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// A root dictionary, nested up to `depth` levels.
    mutating func root(depth: Int = 3) -> FoundationTree {
        .dictionary(entries(depth: depth))
    }

    private mutating func entries(depth: Int) -> [(String, FoundationTree)] {
        Self.keys.filter { _ in random.chance(2, in: 3) }.map { ($0, tree(depth: depth - 1)) }
    }

    mutating func tree(depth: Int) -> FoundationTree {
        let choice = random.below(depth > 0 ? 18 : 9)
        switch choice {
        case 0...1: return .string(random.pick(Self.strings))
        case 2...5: return .number(number())
        case 6: return .null(random.chance(1, in: 2) ? .nsNull : .optional)
        case 7: return .strings((0..<random.below(3)).map { _ in random.pick(Self.strings) })
        case 8: return .intDictionary(["n": random.int(in: -2...2)])
        case 9: return .array((0..<random.below(3)).map { _ in tree(depth: depth - 1) })
        default: return .dictionary(entries(depth: depth))
        }
    }

    private mutating func number() -> FoundationTree.Number {
        let small = random.int(in: -3...40)
        switch random.below(15) {
        case 0: return .int(small)
        case 1: return .int8(Int8(small))
        case 2: return .int32(Int32(small))
        case 3: return .int64(Int64(small))
        case 4: return .uint8(UInt8(small.magnitude))
        case 5: return .uint64(random.chance(1, in: 4) ? UInt64.max : UInt64(small.magnitude))
        case 6: return .uint(UInt(small.magnitude))
        case 7: return .double(Double(small) + (random.chance(1, in: 2) ? 0.5 : 0))
        case 8: return .float(Float(small) / 2)
        case 9: return .decimal(Decimal(small))
        case 10: return .bool(random.chance(1, in: 2))
        case 11: return .nsInteger(small)
        case 12: return .nsDouble(Double(small) / 4)
        case 13: return .nsBool(random.chance(1, in: 2))
        default: return .nsUnsigned(random.chance(1, in: 4) ? UInt64.max : UInt64(small.magnitude))
        }
    }

    /// A comparison whose left side is a key path of one to four keys (now and then ending in
    /// a collection operator) and whose right side is a constant of a kind the probes expect.
    mutating func predicate() -> String {
        var path = (0..<random.int(in: 1...4)).map { _ in random.pick(Self.keys) }.joined(separator: ".")
        if random.chance(1, in: 8) { path += random.pick([".@count", ".@sum", ".@avg"]) }
        let constant = random.pick([
            "'Ivan'", "'an'", "'x'", "''", "1", "0", "-1", "2.5", "30", "TRUE", "NO", "nil", "{1, 'x', 2.5}",
            "{'Ivan', 'an'}", "9223372036854775807", "1.8446744073709552e19",
        ])
        switch random.below(12) {
        case 0: return "\(path) == \(constant)"
        case 1: return "\(path) != \(constant)"
        case 2: return "\(path) < \(constant)"
        case 3: return "\(path) >= \(constant)"
        case 4: return "\(path) > \(constant)"
        case 5: return "\(path) BEGINSWITH[c] \(random.pick(["'iv'", "'I'", "''"]))"
        case 6: return "\(path) CONTAINS \(random.pick(["'an'", "'x'", "1"]))"
        case 7: return "\(path) IN \(random.pick(["{1, 'x', 2.5}", "{'Ivan', 'an'}", "{0, 1}"]))"
        case 8: return "\(path) BETWEEN {0, \(random.pick(["2", "2.5", "30"]))}"
        case 9: return "ANY \(path) == \(random.pick(["'x'", "'Ivan'", "1"]))"
        case 10: return "ALL \(path) BEGINSWITH 'I'"
        default: return "\(path) == \(path)"
        }
    }
}
