import Foundation
import Predicates

/// One element of a ``JSONDocument``: the root a predicate compiled for the document reads.
public struct JSONDocumentElement: Sendable {
    let storage: JSONDocumentStorage
    let entry: JSONTapeEntry

    /// The element as a decoded JSON value (tags resolved).
    public var value: PredicateValue { storage.value(of: entry) }

    /// The element converted for the evaluator, as `eval --data` converts it.
    var evaluationValue: EvaluationValue { storage.evaluationValue(of: entry) }
}

extension JSONDocumentStorage {
    /// An entry converted for the evaluator: scalars directly, the rest through its tree.
    func evaluationValue(of entry: JSONTapeEntry) -> EvaluationValue {
        switch entry.kind {
        case .null: .null
        case .bool: .bool(entry.payload != 0)
        case .int: .int(Int(bitPattern: UInt(entry.payload)))
        case .double: .double(Double(bitPattern: entry.payload))
        case .string: .string(strings[Int(entry.payload)])
        case .array, .object, .other: EvaluationValue(value(of: entry))
        }
    }

    /// The member of the object `entry` whose key has id `key`, if any.
    @inline(__always)
    func member(of entry: JSONTapeEntry, key: UInt32) -> JSONTapeEntry? {
        let header = Int(entry.payload)
        let end = header + 1 + Int(tape[header].payload)
        var index = header + 1
        while index < end {
            if tape[index].key == key { return tape[index] }
            index += 1
        }
        return nil
    }
}

/// The leading plain keys of a key path over a ``JSONDocument``, with their key ids resolved
/// once against the document the predicate was compiled for: `bucket.owner.name` scans the
/// members of each object for one integer per step and converts only the value it ends on.
///
/// The semantics are those of ``JSONValuePath`` over the element's ``PredicateValue``: a key
/// an object does not have reads `nil`; where the walk meets something other than an object,
/// that value is converted and the remaining keys apply through ``KeyPathSemantics``. An
/// element of another document (whose keys have other ids) is walked by name.
struct JSONDocumentPath: Sendable {
    let keys: [String]
    /// The id of each key in `storage`; `nil` for a key no object of it names.
    let ids: [UInt32?]
    let storage: JSONDocumentStorage

    enum Found {
        case value(JSONTapeEntry)
        case missing
        /// The keys from `index` on apply to the entry, which is not an object.
        case other(JSONTapeEntry, index: Int)
    }

    init?(_ keys: [String], storage: JSONDocumentStorage) {
        guard !keys.isEmpty else { return nil }
        self.keys = keys
        self.ids = keys.map { storage.keyIDs[$0] }
        self.storage = storage
    }

    @inline(__always)
    func find(in element: JSONDocumentElement) -> Found {
        guard element.storage === storage else {
            return Self.find(element.entry, ids: keys.map { element.storage.keyIDs[$0] }, in: element.storage)
        }
        return Self.find(element.entry, ids: ids, in: storage)
    }

    @inline(__always)
    private static func find(_ root: JSONTapeEntry, ids: [UInt32?], in storage: JSONDocumentStorage) -> Found {
        var current = root
        for index in ids.indices {
            guard current.kind == .object else { return .other(current, index: index) }
            guard let id = ids[index], let member = storage.member(of: current, key: id) else { return .missing }
            current = member
        }
        return .value(current)
    }

    /// The value the path reads, converted.
    func read(_ element: JSONDocumentElement) throws(EvaluationError) -> EvaluationValue {
        switch find(in: element) {
        case .value(let entry):
            return element.storage.evaluationValue(of: entry)
        case .missing:
            return .null
        case .other(let entry, let index):
            var result = element.storage.evaluationValue(of: entry)
            for key in keys[index...] { result = try KeyPathSemantics.step(result, key) }
            return result
        }
    }

    /// Reads the value in place when it is of the kind a comparison expects: numbers from the
    /// tape, strings from the document's strings (no copy of their bytes), arrays of strings.
    func probe(_ kind: TypedKind) -> ProbeRead<JSONDocumentElement> {
        switch kind {
        case .int, .double, .number:
            return .number { element in
                guard case .value(let entry) = find(in: element) else { return nil }
                switch entry.kind {
                case .int: return .int(Int(bitPattern: UInt(entry.payload)))
                case .double: return .double(Double(bitPattern: entry.payload))
                case .null, .bool, .string, .array, .object, .other: return nil
                }
            }
        case .string:
            return .string { element in
                guard case .value(let entry) = find(in: element), entry.kind == .string else { return nil }
                return element.storage.strings[Int(entry.payload)]
            }
        case .strings:
            return .strings { element in
                guard case .value(let entry) = find(in: element), entry.kind == .array else { return nil }
                let storage = element.storage
                let header = storage.tape[Int(entry.payload)]
                if header.key > 0 { return storage.stringArrays[Int(header.key) - 1] }
                // Only an empty array is left whose elements are all strings.
                return header.payload == 0 ? [] : nil
            }
        }
    }
}

extension PredicateRootAccess where Root == JSONDocumentElement {
    /// The elements of `document`: the leading plain keys of a path resolved to the document's
    /// key ids at compile time (``JSONDocumentPath``).
    static func document(_ storage: JSONDocumentStorage) -> Self {
        Self(
            resolve: { keys in
                let plain = Array(keys.prefix { !$0.hasPrefix("@") })
                guard let path = JSONDocumentPath(plain, storage: storage) else {
                    let key = keys[keys.startIndex]
                    return (
                        KeyAccessor { element throws(EvaluationError) in
                            try KeyPathSemantics.step(element.evaluationValue, key)
                        }, 1
                    )
                }
                return (
                    KeyAccessor(
                        read: { element throws(EvaluationError) in try path.read(element) },
                        probe: { kind in path.probe(kind) }),
                    plain.count
                )
            },
            selfValue: { $0.evaluationValue })
    }
}

extension PredicateCompiler {
    /// Compiles for the elements of `document`: key names are resolved to the document's key
    /// ids once, here. The result evaluates elements of any ``JSONDocument`` (those of another
    /// document are read by key name, more slowly).
    public func compile(
        _ predicate: PredicateNode, for document: JSONDocument
    ) throws(PredicateCompileError) -> CompiledPredicate<JSONDocumentElement> {
        try compile(predicate, access: .document(document.storage))
    }
}

extension JSONDocument {
    /// The number of elements that match, evaluated in order; throws the first evaluation
    /// error (as filtering the elements one by one would).
    public func count(
        matching predicate: CompiledPredicate<JSONDocumentElement>, variables: [String: EvaluationValue] = [:]
    ) throws(EvaluationError) -> Int {
        var count = 0
        for entry in storage.elements {
            let element = JSONDocumentElement(storage: storage, entry: entry)
            if try predicate.evaluate(element, variables: variables) { count += 1 }
        }
        return count
    }

    /// The indices (from 0) of the elements that match, in order; throws the first evaluation
    /// error.
    public func indices(
        matching predicate: CompiledPredicate<JSONDocumentElement>, variables: [String: EvaluationValue] = [:]
    ) throws(EvaluationError) -> [Int] {
        var result: [Int] = []
        for (index, entry) in storage.elements.enumerated() {
            let element = JSONDocumentElement(storage: storage, entry: entry)
            if try predicate.evaluate(element, variables: variables) { result.append(index) }
        }
        return result
    }
}
