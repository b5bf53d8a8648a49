import KeyPaths
import ObjectStore
import Predicates

/// Predicates comparing objects with object references (issue 18), for the generators of
/// ``GraphCaseGenerator`` when ``GraphCaseGenerator/referencePredicates`` is on:
///
/// | shape | example |
/// |---|---|
/// | a to-one relationship | `r0 == %@`, `r0 != %@`, `r0 IN %@`, `q1.r0 == %@`, `r0 == nil` |
/// | the object itself | `SELF == %@`, `SELF IN %@` |
/// | a to-many relationship | `ANY r2 == %@`, `r2 CONTAINS %@`, `%@ IN r2`, `NONE r2 == %@`, `ALL r2 != %@`, `ANY r2 IN %@` |
/// | a SUBQUERY variable | `SUBQUERY(r2, $x, $x == %@).@count > 0` |
///
/// A reference names any entity of the destination's hierarchy (the destination itself, an
/// ancestor or a sub-entity) and a key drawn like the graph's keys (integers from 1, strings
/// `k1`, `k2`, …), so that it sometimes names an object, sometimes an object of another
/// sub-entity, and sometimes nothing.
extension GraphCaseGenerator {
    /// A reference predicate on objects of `entity`, or `nil` when the entity has no
    /// relationship to draw from and `SELF` was not picked.
    package mutating func referencePredicate(_ entity: String, _ schema: Schema, arguments: inout [PredicateValue])
        -> String?
    {
        let relationships = schema.allRelationships(of: entity)
        let toOne = relationships.filter { !$0.isToMany }
        let toMany = relationships.filter(\.isToMany)
        switch int(0...3) {
        case 0:
            labels.insert("reference SELF")
            if chance(50) {
                arguments.append(reference(to: entity, schema))
                return "SELF \(pick(["==", "!="]) ?? "==") %@"
            }
            arguments.append(references(to: entity, schema))
            return "SELF IN %@"
        case 1:
            guard let relationship = pick(toOne) else { return nil }
            var path = relationship.name
            var destination = relationship.destination
            if chance(25), let next = pick(schema.allRelationships(of: destination).filter({ !$0.isToMany })) {
                path += "." + next.name
                destination = next.destination
            }
            labels.insert("reference to-one")
            switch int(0...3) {
            case 0:
                arguments.append(references(to: destination, schema))
                return "\(path) IN %@"
            case 1:
                return "\(path) \(pick(["==", "!="]) ?? "==") nil"
            default:
                arguments.append(reference(to: destination, schema))
                return "\(path) \(pick(["==", "!="]) ?? "==") %@"
            }
        default:
            guard let relationship = pick(toMany) else { return nil }
            let name = relationship.name
            labels.insert("reference to-many")
            switch int(0...6) {
            case 0:
                arguments.append(references(to: relationship.destination, schema))
                return "ANY \(name) IN %@"
            case 1:
                arguments.append(reference(to: relationship.destination, schema))
                return "SUBQUERY(\(name), $x, $x \(pick(["==", "!="]) ?? "==") %@).@count > 0"
            default:
                arguments.append(reference(to: relationship.destination, schema))
                return pick(["ANY \(name) == %@", "\(name) CONTAINS %@", "%@ IN \(name)", "NONE \(name) == %@"])
                    ?? "ALL \(name) != %@"
            }
        }
    }

    /// A reference to an object of `entity`'s hierarchy.
    package mutating func reference(to entity: String, _ schema: Schema) -> PredicateValue {
        let top = schema.ancestors(of: entity).last ?? entity
        let hierarchy = [top] + schema.subentities(of: top)
        let named = chance(60) ? entity : (pick(hierarchy) ?? entity)
        let number = int(1...6)
        let key: ObjectKey = chance(20) ? .string("k\(number)") : .int(number)
        return .reference(ObjectReference(entity: named, id: key))
    }

    /// An array (sometimes a set) of zero to three references to `entity`'s hierarchy, with a
    /// nil now and then.
    package mutating func references(to entity: String, _ schema: Schema) -> PredicateValue {
        var elements: [PredicateValue] = []
        for _ in 0..<int(0...3) { elements.append(reference(to: entity, schema)) }
        if chance(10) { elements.append(.null) }
        if chance(20), !elements.contains(.null) { return .set(Set(elements)) }
        return .array(elements)
    }
}
