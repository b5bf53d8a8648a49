import ObjectStore
import Predicates
import TestSupport

/// The kind of object ids one hierarchy of a generated store uses (Docs/sql-mapping.md,
/// "Keys": the key type follows from them).
package enum StoreIDKind: String, Sendable, CaseIterable {
    /// Integers only, now and then at the edges (`0`, negative, `Int.min`, `Int.max`, `9`
    /// beside `10`): integer keys.
    case integer
    /// Strings only, among them the texts of integers (`"7"`, `"-3"`), which must come back as
    /// strings: text keys.
    case string
    /// Integers and strings that are not canonical integer texts (`"07"`, `"-0"`, `"+7"`,
    /// `" 7"`, `"a1"`): text keys that tell the two apart.
    case mixed
}

/// Fresh ids of one hierarchy of a given ``StoreIDKind``, never one twice and never an integer
/// beside its own text.
package struct StoreIDSource {
    package let kind: StoreIDKind
    private var used: Set<ObjectKey> = []
    private var counter = 0

    package init(kind: StoreIDKind) { self.kind = kind }

    /// Integers at the edges of a key column, and small ones whose texts sort apart from
    /// their values (`"10"` before `"9"`).
    static let edgeIntegers = [0, -3, -1, 9, 10, 100, Int.max, Int.min]

    /// Strings that are texts of integers, for string-only hierarchies.
    static let integerTexts = ["7", "-3", "0", "10", "9", "9223372036854775807", "-9223372036854775808"]

    /// Strings no reader takes for an integer: not canonical integer texts
    /// (`SQLKeyType.canonicalInteger` is `nil` for each), some that look close.
    static let otherTexts = [
        "07", "-0", "+7", " 7", "7 ", "00", "1.0", "1e3", "0x1F", "a1", "A1", "", "-", "٣", "７", "Zoë", "e\u{301}",
        "it's", "\"q\"", "back\\slash", "日本", "line\nbreak", "%_", "NULL",
    ]

    /// An id of the source's kind not given before.
    package mutating func next(_ random: inout SplitMix64) -> ObjectKey {
        while true {
            counter += 1
            let candidate: ObjectKey
            switch kind {
            case .integer: candidate = integer(&random)
            case .string:
                candidate =
                    random.chance(50, in: 100)
                    ? .string(random.pick(random.chance(50, in: 100) ? Self.integerTexts : Self.otherTexts))
                    : .string("s\(counter)")
            case .mixed:
                candidate =
                    random.chance(50, in: 100)
                    ? integer(&random)
                    : .string(random.chance(60, in: 100) ? random.pick(Self.otherTexts) : "m\(counter)")
            }
            if used.insert(candidate).inserted { return candidate }
        }
    }

    private mutating func integer(_ random: inout SplitMix64) -> ObjectKey {
        random.chance(30, in: 100) ? .int(random.pick(Self.edgeIntegers)) : .int(counter)
    }
}

extension StoreCase {
    /// The ids of each hierarchy (by root entity), with the entity of each object.
    package var idsByHierarchy: [String: [(entity: String, id: ObjectKey)]] {
        var ids: [String: [(entity: String, id: ObjectKey)]] = [:]
        for (entity, list) in objects.sorted(by: { $0.key < $1.key }) {
            let root = schema.ancestors(of: entity).last ?? entity
            ids[root, default: []] += list.map { (entity, $0.id) }
        }
        return ids
    }

    /// The case with one more object, in a hierarchy holding integer and string ids: a string
    /// id that is the canonical text of an integer no object has (`"5"`), which text keys could
    /// not tell from `5`, so `db create` must refuse it; `nil` without such a hierarchy.
    package func withIntegerTextInMixedHierarchy() -> (storeCase: StoreCase, entity: String, id: ObjectKey)? {
        for (_, ids) in idsByHierarchy.sorted(by: { $0.key < $1.key }) {
            let integers = Set(ids.compactMap { if case .int(let int) = $0.id { int } else { nil } })
            guard !integers.isEmpty, ids.contains(where: { if case .string = $0.id { true } else { false } }),
                let number = (1...).first(where: { !integers.contains($0) }), let entity = ids.first?.entity
            else { continue }
            var copy = self
            let id = ObjectKey.string(String(number))
            copy.objects[entity, default: []].append(InsertedObject(id: id))
            return (copy, entity, id)
        }
        return nil
    }

    /// The case with one more object whose id is the twin of another's in its hierarchy (`"7"`
    /// beside `7`, or `7` beside `"7"`), which both loaders refuse naming the two; `nil` when no
    /// id has a twin.
    package func withTwinID() -> (storeCase: StoreCase, entity: String, id: ObjectKey, twin: ObjectKey)? {
        for (_, ids) in idsByHierarchy.sorted(by: { $0.key < $1.key }) {
            for (entity, id) in ids {
                let twin: ObjectKey
                switch id {
                case .int(let int): twin = .string(String(int))
                case .string(let string):
                    guard let int = Int(string), String(int) == string else { continue }
                    twin = .int(int)
                }
                var copy = self
                copy.objects[entity, default: []].append(InsertedObject(id: twin))
                return (copy, entity, twin, id)
            }
        }
        return nil
    }
}
