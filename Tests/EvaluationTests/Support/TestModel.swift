import Evaluation
import Foundation
import Predicates

/// A small object graph declared through key tables, with the same data available as JSON
/// and as `[String: Any]`, to check that all three roots give the same answers.
struct Address: PredicateKeyed, Equatable {
    var city: String
    var zip: Int

    static let predicateKeys = PredicateKeys<Address>([
        "city": .string(\.city),
        "zip": .int(\.zip),
    ])

    var json: PredicateValue { .dictionary(["city": .string(city), "zip": .int(zip)]) }
}

struct Friend: PredicateKeyed, Equatable {
    var name: String
    var age: Int

    static let predicateKeys = PredicateKeys<Friend>([
        "name": .string(\.name),
        "age": .int(\.age),
    ])

    var json: PredicateValue { .dictionary(["name": .string(name), "age": .int(age)]) }
}

struct Person: PredicateKeyed, Equatable {
    var name: String
    var age: Int
    var score: Double
    var tags: [String]
    var nickname: String?
    var active: Bool
    var born: Date
    var address: Address?
    var home: Address
    var friends: [Friend]

    static let predicateKeys = PredicateKeys<Person>([
        "name": .string(\.name),
        "age": .int(\.age),
        "score": .double(\.score),
        "tags": .strings(\.tags),
        "nickname": .value(\.nickname),
        "active": .bool(\.active),
        "born": .date(\.born),
        "address": .optionalObject(\.address),
        "home": .object(\.home),
        "friends": .objects(\.friends),
    ])

    /// The same person as decoded JSON.
    var json: PredicateValue {
        var fields: [String: PredicateValue] = [
            "name": .string(name), "age": .int(age), "score": .double(score), "tags": .array(tags.map { .string($0) }),
            "active": .bool(active), "born": .date(born), "home": home.json, "friends": .array(friends.map(\.json)),
        ]
        fields["nickname"] = nickname.map { .string($0) } ?? .null
        if let address { fields["address"] = address.json }
        return .dictionary(fields)
    }

    /// The same person as a Foundation-style dictionary.
    var anyDictionary: [String: Any] {
        FoundationObjects.dictionary(json) ?? [:]
    }
}

/// A type read by reflection (the documented slow convenience).
struct Point: MirrorReadable {
    var x: Int
    var y: Double
    var label: String?
}

extension RandomPredicates {
    static let personStrings = [
        "Ann", "ann", "Dàn", "Dan", "Zoë", "zoe", "Ångström", "", "O'Neil", "Straße", "ΣΊΣΥΦΟΣ", "an",
    ]

    mutating func person() -> Person {
        func address(_ g: inout RandomPredicates) -> Address {
            Address(city: g.random.pick(["Oslo", "oslo", "Zürich", "", "Łódź"]), zip: g.random.int(in: 0...3))
        }
        return Person(
            name: random.pick(Self.personStrings),
            age: random.pick([0, 18, 30, 31, 45, -1, Int.max]),
            score: random.pick([0, 1, 1.5, 2, 2.5, -0.0, .nan, .infinity, 30.0]),
            tags: (0..<random.int(in: 0...3)).map { _ in random.pick(["x", "X", "y", "é", "e\u{301}", ""]) },
            nickname: random.chance(1, in: 2) ? nil : random.pick(Self.personStrings),
            active: random.chance(1, in: 2),
            born: random.pick(Self.dates),
            address: random.chance(1, in: 3) ? nil : address(&self),
            home: address(&self),
            friends: (0..<random.int(in: 0...3)).map { _ in
                Friend(name: random.pick(Self.personStrings), age: random.int(in: 0...50))
            })
    }

    /// Predicates over `Person`'s declared keys only, with constants of every type against
    /// every typed key (to reach each specialised comparison and its fallbacks).
    mutating func personPredicate(depth: Int = 0) -> PredicateNode {
        switch depth >= 2 ? 0 : random.next() % 8 {
        case 6: return PredicateNode(.and([personPredicate(depth: depth + 1), personPredicate(depth: depth + 1)]))
        case 7:
            return PredicateNode(
                random.chance(1, in: 2)
                    ? .or([personPredicate(depth: depth + 1), personPredicate(depth: depth + 1)])
                    : .not(personPredicate(depth: depth + 1)))
        default: break
        }
        let scalarPaths: [[KeyPathComponent]] = [
            [.key("name")], [.key("age")], [.key("score")], [.key("active")], [.key("nickname")], [.key("born")],
            [.key("address"), .key("city")], [.key("address"), .key("zip")], [.key("home"), .key("city")],
            [.key("home"), .key("zip")], [.key("friends"), .collectionOperator(.count)],
            [.key("friends"), .collectionOperator(.sum), .key("age")],
            [.key("friends"), .collectionOperator(.max), .key("name")],
            [.key("tags"), .collectionOperator(.count)], [.key("name"), .key("length")],
        ]
        let collectionPaths: [[KeyPathComponent]] = [
            [.key("tags")], [.key("friends"), .key("name")], [.key("friends"), .key("age")],
        ]
        let ops: [ComparisonOperator] = [
            .equalTo, .notEqualTo, .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo, .between, .in,
            .contains, .beginsWith, .endsWith, .like, .matches,
        ]
        let op = random.pick(ops)
        let modifier: ComparisonModifier = random.chance(1, in: 5) ? random.pick([.any, .all]) : .direct
        let left: ExpressionNode
        if modifier != .direct {
            left = ExpressionNode(.keyPath(random.pick(collectionPaths)))
        } else if random.chance(1, in: 12) {
            let inner = Comparison(
                left: ExpressionNode(.member(ExpressionNode(.variable("f")), [.key(random.pick(["age", "name"]))])),
                operator: random.pick([.greaterThan, .equalTo, .beginsWith]),
                right: ExpressionNode(.constant(personConstant(for: op))))
            left = ExpressionNode(
                .member(
                    ExpressionNode(
                        .subquery(
                            collection: ExpressionNode(.keyPath([.key("friends")])), variable: "f",
                            predicate: PredicateNode(.comparison(inner)))),
                    [.collectionOperator(.count)]))
        } else {
            left = ExpressionNode(.keyPath(random.pick(scalarPaths)))
        }
        var options: ComparisonOptions = []
        if random.chance(1, in: 3) {
            options = random.pick([
                .caseInsensitive, .diacriticInsensitive, [.caseInsensitive, .diacriticInsensitive], .normalized,
                .localeSensitive,
            ])
        }
        return PredicateNode(
            .comparison(
                Comparison(
                    modifier: modifier, left: left, operator: op, options: options,
                    right: ExpressionNode(.constant(personConstant(for: op))))))
    }

    mutating func personConstant(for op: ComparisonOperator) -> PredicateValue {
        let scalars: [PredicateValue] = [
            .int(30), .int(0), .int(2), .int(Int.max), .double(30.5), .double(2.0), .double(.nan), .double(.infinity),
            .double(-0.0),
            .bool(true), .bool(false), .null, .string("Ann"), .string("an"), .string("x"), .string("OSLO"),
            .date(Self.dates[0]),
        ]
        switch op {
        case .between:
            return .array([
                random.pick(scalars.filter { if case .string = $0 { return false } else { return true } }),
                random.pick([.int(1), .int(40), .double(2.5), .bool(true)]),
            ])
        case .in:
            return random.chance(1, in: 4)
                ? .string("Ann Dan") : .array((0..<random.int(in: 0...4)).map { _ in random.pick(scalars) })
        case .like: return .string(random.pick(["*an*", "A?n", "*", "", "D*", "\\"]))
        case .matches: return .string(random.pick(["A.*", ".*", "(", "[a-z]+", ""]))
        case .beginsWith, .endsWith, .contains:
            return random.chance(5, in: 6)
                ? .string(random.pick(["an", "A", "ö", "", "x", "zo", "ss"])) : random.pick(scalars)
        default: return random.pick(scalars)
        }
    }
}
