import Foundation
import Predicates

/// A JSON array of values held in one compact tape, for evaluating predicates over many
/// decoded JSON objects quickly; compile for it with `PredicateCompiler().compile(node, for:
/// document)`.
///
/// ```swift
/// let document = try JSONDocument(jsonArray: Array(text.utf8))
/// let adults = try PredicateCompiler().compile(PredicateNode(format: "bucket.owner.age > 30"), for: document)
/// let n = try document.count(matching: adults)
/// ```
///
/// A tree of ``PredicateValue``s keeps every dictionary, array and long string in its own heap
/// block, so a million objects are millions of blocks scattered in memory and reading a key
/// path waits for a cache miss at every step. Here every value is one 16-byte entry of one
/// array (the tape): numbers, Booleans and `null` in place, strings as an index into one array
/// of strings (short strings need no heap block of their own), and an object as a header
/// followed by its members, each naming its key by a small integer interned once per
/// document. Looking a key up is a scan of those few adjacent entries for one integer; a
/// nested object sits just before the object that holds it.
///
/// The text is read exactly as ``PredicateValue/init(jsonData:maximumDepth:)`` reads it (the
/// same refusals, limits and messages) and tagged values (`{"$date": …}`) are resolved while
/// loading, so an element evaluates as the ``PredicateValue`` `predicate eval --data` would
/// make of it.
public struct JSONDocument: Sendable {
    let storage: JSONDocumentStorage

    /// Reads a JSON array (UTF-8 bytes).
    ///
    /// Throws ``JSONDocumentError/invalid(_:)`` with the error reading the whole array as a
    /// ``PredicateValue`` gives (a problem with the text anywhere wins over a malformed tag),
    /// and ``JSONDocumentError/notAnArray`` for valid JSON that is not an array.
    public init(jsonArray bytes: [UInt8], maximumDepth: Int = 512) throws(JSONDocumentError) {
        var stream = JSONArrayStream(bytes: bytes, maximumDepth: maximumDepth)
        var builder = JSONTapeBuilder()
        var tagError: JSONValueError?
        var isArray = true
        do throws(JSONValueError) {
            isArray = try stream.opensArray()
            if !isArray { try stream.skipToEnd() }
            while isArray, let element = try stream.next() {
                // After a bad tag the rest is only read for problems with the text.
                guard tagError == nil else { continue }
                do throws(JSONValueError) {
                    builder.appendElement(try JSONTaggedValues.untag(element))
                } catch {
                    tagError = error
                }
            }
        } catch {
            throw .invalid(error)
        }
        guard isArray else { throw .notAnArray }
        if let tagError { throw .invalid(tagError) }
        guard !builder.tooManyKeys else {
            throw .invalid(JSONValueError(id: .jsonTooLong, message: "more than \(UInt32.max) distinct object keys"))
        }
        storage = builder.finish()
    }

    /// Reads a JSON array from `data`; see the initialiser from bytes.
    public init(jsonArray data: Data, maximumDepth: Int = 512) throws(JSONDocumentError) {
        try self.init(jsonArray: [UInt8](data), maximumDepth: maximumDepth)
    }

    /// The number of elements of the array.
    public var count: Int { storage.elements.count }

    /// The element at `index` (from 0), as a compiled predicate reads it.
    public subscript(index: Int) -> JSONDocumentElement {
        JSONDocumentElement(storage: storage, entry: storage.elements[index])
    }

    /// The element at `index` as a decoded JSON value (tags resolved).
    public func value(at index: Int) -> PredicateValue {
        storage.value(of: storage.elements[index])
    }

    /// The number of distinct object keys (every key is stored once, whatever the number of
    /// objects that name it).
    public var keyCount: Int { storage.keyNames.count }
}

/// Why a ``JSONDocument`` could not be read.
public enum JSONDocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not JSON the package accepts, or holds a malformed tag.
    case invalid(JSONValueError)
    /// The text is valid JSON but not an array.
    case notAnArray

    /// `id: message`, e.g. `json-not-array: the JSON document is not an array`.
    public var description: String {
        switch self {
        case .invalid(let error): error.description
        case .notAnArray: "json-not-array: the JSON document is not an array"
        }
    }
}

/// One value of a ``JSONDocument``'s tape (16 bytes).
///
/// | kind | payload |
/// |---|---|
/// | `null` | 0 |
/// | `bool` | 0 or 1 |
/// | `int`, `double` | the bit pattern |
/// | `string` | the index in the document's strings |
/// | `array`, `object` | in a member entry: the tape index of the header; in a header: the count of members, which follow it |
/// | `other` | the index in the document's other values (dates, data, UUIDs, sets, references) |
struct JSONTapeEntry: Sendable {
    enum Kind: UInt8, Sendable {
        case null, bool, int, double, string, array, object, other
    }

    var kind: Kind
    /// The key id of an object member (from 0); in the header of an array of strings only, 1 +
    /// its index in the document's string arrays; 0 otherwise.
    var key: UInt32
    var payload: UInt64
}

/// The storage of a ``JSONDocument``, shared by its elements.
final class JSONDocumentStorage: Sendable {
    /// Containers: a header entry followed by its members.
    let tape: [JSONTapeEntry]
    /// The top-level array's elements (member entries).
    let elements: [JSONTapeEntry]
    let strings: [String]
    let others: [PredicateValue]
    /// Every array whose elements are all strings (`tags`), made once so that `ANY tags == 'x'`
    /// reads a `[String]` without making one per object.
    let stringArrays: [[String]]
    /// Key names by id, and ids by name.
    let keyNames: [String]
    let keyIDs: [String: UInt32]

    init(
        tape: [JSONTapeEntry], elements: [JSONTapeEntry], strings: [String], others: [PredicateValue],
        stringArrays: [[String]], keyNames: [String], keyIDs: [String: UInt32]
    ) {
        self.tape = tape
        self.elements = elements
        self.strings = strings
        self.others = others
        self.stringArrays = stringArrays
        self.keyNames = keyNames
        self.keyIDs = keyIDs
    }

    /// The value an entry stands for, rebuilt as a tree (recursion bounded by the depth the
    /// text was allowed).
    func value(of entry: JSONTapeEntry) -> PredicateValue {
        switch entry.kind {
        case .null: return .null
        case .bool: return .bool(entry.payload != 0)
        case .int: return .int(Int(bitPattern: UInt(entry.payload)))
        case .double: return .double(Double(bitPattern: entry.payload))
        case .string: return .string(strings[Int(entry.payload)])
        case .other: return others[Int(entry.payload)]
        case .array:
            return .array(members(of: entry).map { value(of: $0) })
        case .object:
            var dictionary: [String: PredicateValue] = [:]
            let members = members(of: entry)
            dictionary.reserveCapacity(members.count)
            for member in members { dictionary[keyNames[Int(member.key)]] = value(of: member) }
            return .dictionary(dictionary)
        }
    }

    /// The member entries of an array or object entry.
    func members(of entry: JSONTapeEntry) -> ArraySlice<JSONTapeEntry> {
        let header = Int(entry.payload)
        return tape[(header + 1)..<(header + 1 + Int(tape[header].payload))]
    }
}

/// Builds a ``JSONDocumentStorage`` from decoded values (tags resolved), element by element.
struct JSONTapeBuilder {
    private var tape: [JSONTapeEntry] = []
    private var elements: [JSONTapeEntry] = []
    private var strings: [String] = []
    private var others: [PredicateValue] = []
    private var stringArrays: [[String]] = []
    private var keyNames: [String] = []
    private var keyIDs: [String: UInt32] = [:]
    /// Whether more distinct keys were named than key ids can tell apart (the document is then
    /// refused).
    private(set) var tooManyKeys = false

    mutating func appendElement(_ value: PredicateValue) {
        elements.append(entry(value))
    }

    func finish() -> JSONDocumentStorage {
        JSONDocumentStorage(
            tape: tape, elements: elements, strings: strings, others: others, stringArrays: stringArrays,
            keyNames: keyNames, keyIDs: keyIDs)
    }

    /// The member entry of `value`, its containers written to the tape (members before the
    /// header of the container that holds them).
    private mutating func entry(_ value: PredicateValue) -> JSONTapeEntry {
        switch value {
        case .null: return JSONTapeEntry(kind: .null, key: 0, payload: 0)
        case .bool(let bool): return JSONTapeEntry(kind: .bool, key: 0, payload: bool ? 1 : 0)
        case .int(let int): return JSONTapeEntry(kind: .int, key: 0, payload: UInt64(UInt(bitPattern: int)))
        case .double(let double): return JSONTapeEntry(kind: .double, key: 0, payload: double.bitPattern)
        case .string(let string):
            strings.append(string)
            return JSONTapeEntry(kind: .string, key: 0, payload: UInt64(strings.count - 1))
        case .date, .data, .uuid, .set, .reference:
            others.append(value)
            return JSONTapeEntry(kind: .other, key: 0, payload: UInt64(others.count - 1))
        case .array(let values):
            var members: [JSONTapeEntry] = []
            members.reserveCapacity(values.count)
            var texts: [String]? = []
            for element in values {
                members.append(entry(element))
                if case .string(let text) = element { texts?.append(text) } else { texts = nil }
            }
            guard let texts, !texts.isEmpty, stringArrays.count < UInt32.max - 1 else {
                return container(.array, members)
            }
            stringArrays.append(texts)
            return container(.array, members, key: UInt32(truncatingIfNeeded: stringArrays.count))
        case .dictionary(let dictionary):
            var members: [JSONTapeEntry] = []
            members.reserveCapacity(dictionary.count)
            for (key, element) in dictionary {
                var member = entry(element)
                member.key = keyID(key)
                members.append(member)
            }
            return container(.object, members)
        }
    }

    private mutating func container(_ kind: JSONTapeEntry.Kind, _ members: [JSONTapeEntry], key: UInt32 = 0)
        -> JSONTapeEntry
    {
        let header = tape.count
        tape.append(JSONTapeEntry(kind: kind, key: key, payload: UInt64(members.count)))
        tape.append(contentsOf: members)
        return JSONTapeEntry(kind: kind, key: 0, payload: UInt64(header))
    }

    private mutating func keyID(_ key: String) -> UInt32 {
        if let id = keyIDs[key] { return id }
        guard keyNames.count < UInt32.max else {
            tooManyKeys = true
            return 0
        }
        let id = UInt32(keyNames.count)
        keyNames.append(key)
        keyIDs[key] = id
        return id
    }
}
