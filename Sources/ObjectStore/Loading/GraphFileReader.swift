import Evaluation
import KeyPaths
import Predicates

/// Reads a graph file (`{"Entity": [{"id": 1, "key": value, …}], …}`) straight from its bytes
/// into a ``GraphFileSink`` — the ``BulkGraphBuilder`` of a graph, or the
/// ``StreamedRowWriter`` of `db create` — without a tree of the document or a dictionary per
/// object.
///
/// It accepts only text that `JSONDecoder` reads to the same values (see
/// ``JSONByteScanner``: strict JSON, no repeated keys, numbers it is sure of) and answers
/// `false` for anything else, so that ``ObjectGraph/load(json:schema:)`` falls back to the
/// decoder and its messages.
struct GraphFileReader {
    private var scanner: JSONByteScanner
    private var entityNames: Set<String> = []
    /// The keys met so far per entity, as bytes, with what they name: most objects repeat the
    /// same few keys, matched here without making a `String` or hashing.
    private var knownKeys: [Int: [(bytes: [UInt8], key: BulkKey)]] = [:]
    /// Called after each object with the number of bytes read so far (a mapped file releases
    /// the pages before it).
    var consumed: ((Int) -> Void)?

    init(bytes: UnsafeRawBufferPointer) {
        scanner = JSONByteScanner(bytes)
    }

    /// Reads the whole text into `builder`; `false` at the first thing it or the builder
    /// refuses.
    mutating func read(into builder: inout some GraphFileSink) -> Bool {
        guard scanner.consume(UInt8(ascii: "{")) else { return false }
        if !scanner.closesAtOnce(UInt8(ascii: "}")) {
            while true {
                guard let name = scanner.string(), entityNames.insert(name).inserted,
                    scanner.consume(UInt8(ascii: ":")), readList(name, &builder)
                else { return false }
                guard let more = scanner.continues(UInt8(ascii: "}")) else { return false }
                if !more { break }
            }
        }
        return scanner.atEnd()
    }

    /// One entity's list of objects; an empty list of any name is accepted (the change-set
    /// path ignores it).
    private mutating func readList<Sink: GraphFileSink>(_ name: String, _ builder: inout Sink) -> Bool {
        guard scanner.consume(UInt8(ascii: "[")) else { return false }
        if scanner.closesAtOnce(UInt8(ascii: "]")) { return true }
        guard let entity = builder.insertableEntity(named: name) else { return false }
        return builder.readList(name, entity: entity) { builder, list in
            while true {
                guard readObject(entity, list: list, &builder), let more = scanner.continues(UInt8(ascii: "]")) else {
                    return false
                }
                consumed?(scanner.position)
                if !more { return true }
            }
        }
    }

    private mutating func readObject(_ entity: Int, list: Int, _ builder: inout some GraphFileSink) -> Bool {
        guard scanner.consume(UInt8(ascii: "{")), !scanner.closesAtOnce(UInt8(ascii: "}")) else { return false }
        var id: ObjectKey?
        while true {
            switch readKey(entity, &builder) {
            case .failed:
                return false
            case .id:
                guard scanner.consume(UInt8(ascii: ":")), id == nil, let read = readID() else { return false }
                id = read
            case .property(let resolved):
                guard scanner.consume(UInt8(ascii: ":")), readValue(resolved, &builder) else { return false }
            }
            guard let more = scanner.continues(UInt8(ascii: "}")) else { return false }
            if !more { break }
        }
        guard let id else { return false }
        return builder.finishObject(id, entity: entity, list: list)
    }

    private enum ObjectKeyName {
        case id
        case property(BulkKey)
        case failed
    }

    /// The next key of an object: `id` or what it names on `entity`.
    private mutating func readKey(_ entity: Int, _ builder: inout some GraphFileSink) -> ObjectKeyName {
        if let bytes = scanner.plainStringBytes() {
            if bytes.count == 2, bytes[0] == UInt8(ascii: "i"), bytes[1] == UInt8(ascii: "d") { return .id }
            if let known = knownKeys[entity]?.first(where: { $0.bytes.elementsEqual(bytes) }) {
                return .property(known.key)
            }
            guard let name = String(validating: bytes, as: UTF8.self),
                let resolved = builder.resolve(name, of: entity)
            else { return .failed }
            knownKeys[entity, default: []].append((Array(bytes), resolved))
            return .property(resolved)
        }
        guard let name = scanner.string() else { return .failed }
        if name == "id" { return .id }
        return builder.resolve(name, of: entity).map(ObjectKeyName.property) ?? .failed
    }

    private mutating func readID() -> ObjectKey? {
        switch scanner.peek() ?? 0 {
        case UInt8(ascii: "\""):
            return scanner.string().map(ObjectKey.string)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard case .int(let int) = scanner.number() else { return nil }
            return .int(int)
        default:
            return nil
        }
    }

    private mutating func readValue(_ key: BulkKey, _ builder: inout some GraphFileSink) -> Bool {
        switch key {
        case .attribute(let column, let attribute):
            guard let value = taggedValue() else { return false }
            return builder.addAttribute(value, column: column, attribute)
        case .relationship(let index):
            switch scanner.peek() ?? 0 {
            case UInt8(ascii: "["):
                guard builder.isToMany(index), let targets = readIDList() else {
                    return false
                }
                return builder.addTargets(targets, index)
            case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let target = readID() else { return false }
                return builder.addRelationship(target.predicateValue, index)
            default:
                guard let value = taggedValue() else { return false }
                return builder.addRelationship(value, index)
            }
        }
    }

    /// A list of ids (`[1, 2]`, `["a"]`), nothing else.
    private mutating func readIDList() -> [ObjectKey]? {
        guard scanner.consume(UInt8(ascii: "[")) else { return nil }
        var targets: [ObjectKey] = []
        if scanner.closesAtOnce(UInt8(ascii: "]")) { return targets }
        while true {
            guard let target = readID(), let more = scanner.continues(UInt8(ascii: "]")) else { return nil }
            targets.append(target)
            if !more { return targets }
        }
    }

    /// Any value with its tags resolved, as ``TaggedJSONValue`` decodes it.
    private mutating func taggedValue() -> PredicateValue? {
        if scanner.peek() == UInt8(ascii: "{"), let tagged = oneKeyObject() { return tagged }
        guard let plain = scanner.plainValue() else { return nil }
        switch plain {
        case .array, .dictionary: return try? JSONTaggedValues.untag(plain)
        default: return plain
        }
    }

    /// An object of one key whose value is not an object (`{"$date": "…"}`, the tags of
    /// attribute values) read without making a dictionary; `nil`, consuming nothing, for any
    /// other object.
    private mutating func oneKeyObject() -> PredicateValue? {
        let start = scanner.position
        guard scanner.consume(UInt8(ascii: "{")), let key = scanner.string(), scanner.consume(UInt8(ascii: ":")),
            scanner.peek() != UInt8(ascii: "{"), let payload = scanner.plainValue(depth: 1),
            scanner.consume(UInt8(ascii: "}")),
            let value = try? JSONTaggedValues.untag(key: key, payload: payload)
        else {
            scanner.rewind(to: start)
            return nil
        }
        return value
    }
}
