import Evaluation
import Predicates

extension ObjectKey {
    /// The members of a set of ids (`{"$set": [3, 1]}` given for a relationship) in key order,
    /// anything that is not an id after them in the order of its JSON text: a set read for a
    /// relationship is the same list in every run (an ordered relationship takes this order).
    static func inKeyOrder(_ set: Set<PredicateValue>) -> [PredicateValue] {
        let ids = set.compactMap { value in ObjectKey(value).map { (key: $0, value: value) } }
        let others = set.filter { ObjectKey($0) == nil }
        return ids.sorted { $0.key < $1.key }.map(\.value) + others.sorted { $0.jsonText() < $1.jsonText() }
    }
}
