import Evaluation
import Foundation
import Predicates
import Testing

@Suite("Evaluation values")
struct ValueTests {
    @Test("Numbers are equal across int, double and bool, and hash alike")
    func numericEquality() {
        let one: [EvaluationValue] = [.int(1), .double(1), .bool(true)]
        for a in one {
            for b in one {
                #expect(a == b)
                #expect(a.hashValue == b.hashValue)
            }
        }
        #expect(EvaluationValue.int(Int.max) != .double(9_223_372_036_854_775_807.0))
        #expect(EvaluationValue.double(.nan) == .double(.nan))
        #expect(EvaluationValue.int(5) != .string("5"))
        #expect(EvaluationSet([.int(1), .double(1), .bool(true), .int(2)]).count == 2)
    }

    @Test("Strings are equal only when their code units are")
    func literalStrings() {
        #expect(EvaluationValue.string("\u{e9}") != .string("e\u{301}"))
        #expect(EvaluationValue.string("abc") == .string("abc"))
        #expect(EvaluationValue.array([.string("a")]) != .set(EvaluationSet([.string("a")])))
    }

    @Test("Foundation values convert")
    func anyConversion() {
        let table: [(Any, EvaluationValue)] = [
            (NSNumber(value: true) as Any, EvaluationValue.bool(true)), (NSNumber(value: 3) as Any, .int(3)),
            (NSNumber(value: 2.5) as Any, .double(2.5)), (Int64(7) as Any, .int(7)),
            (UInt64.max as Any, .double(1.8446744073709552e19)),
            (Float(0.5) as Any, .double(0.5)), (NSNull() as Any, .null), (Optional<Int>.none as Any, .null),
            (Optional(4) as Any, .int(4)),
            ("x" as Any, .string("x")), ([1, "a"] as [Any] as Any, .array([.int(1), .string("a")])),
            (["k": [1.5]] as [String: Any] as Any, .dictionary(["k": .array([.double(1.5)])])),
            (Set([2, 1]) as Any, .set(EvaluationSet([.int(1), .int(2)]))),
            (Date(timeIntervalSinceReferenceDate: 5) as Any, .date(Date(timeIntervalSinceReferenceDate: 5))),
        ]
        for (input, expected) in table {
            #expect(EvaluationValue(any: input) == expected, "\(input)")
        }
    }

    @Test("An unsupported type does not convert")
    func unsupported() {
        struct Opaque {}
        #expect(EvaluationValue(any: Opaque()) == nil)
        #expect(EvaluationValue(any: [Opaque()] as [Any]) == nil)
    }

    @Test("Constants convert both ways")
    func predicateValueRoundTrip() {
        let value: PredicateValue = .dictionary([
            "a": .array([.int(1), .set([.string("x")])]), "d": .date(Date(timeIntervalSinceReferenceDate: 1)),
        ])
        #expect(EvaluationValue(value).predicateValue == value)
        #expect(EvaluationValue.object(EvaluationObject(Address(city: "x", zip: 1))).predicateValue == nil)
    }

    @Test("Objects compare with their own equality")
    func objects() {
        let a = EvaluationValue.object(EvaluationObject(Address(city: "x", zip: 1)))
        #expect(a == .object(EvaluationObject(Address(city: "x", zip: 1))))
        #expect(a != .object(EvaluationObject(Address(city: "y", zip: 1))))
        #expect(a != .dictionary(["city": .string("x"), "zip": .int(1)]))
    }
}
