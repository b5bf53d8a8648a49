import Predicates

/// Shrinking steps for a failing predicate.
package enum PredicateParts {
    /// Smaller predicates: the parts of a compound, a NOT removed.
    package static func smaller(_ node: PredicateNode) -> [PredicateNode] {
        switch node.kind {
        case .and(let parts), .or(let parts): parts
        case .not(let inner): [inner]
        default: []
        }
    }
}
