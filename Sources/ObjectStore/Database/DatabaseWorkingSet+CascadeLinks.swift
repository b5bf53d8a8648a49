import Evaluation
import KeyPaths
import Predicates

extension DatabaseWorkingSet {
    /// The links a change set makes through a relationship with the Cascade rule, as
    /// destinations by source: the delete rules read the objects as the change stands, so a
    /// Cascade rule also follows a link that the change set adds and the database does not hold
    /// yet (an update's `added` or `new`, an inserted object's value, and the inverse side of
    /// each).
    ///
    /// Links the change set removes are left in: the closure that follows these links and the
    /// database's may reach more objects than the rules will, and loading an object completely
    /// that the rules do not delete changes nothing.
    static func cascadeLinks(of changes: ChangeSet, mapping: SQLMapping) -> [ObjectID: Set<ObjectID>] {
        let schema = mapping.schema
        var links: [ObjectID: Set<ObjectID>] = [:]
        func link(_ source: ObjectID, _ entity: String, _ key: String, to targets: [ObjectKey]) {
            guard let relationship = schema.property(named: key, in: entity)?.relationship,
                let destination = mapping.table(of: relationship.destination)?.rootEntity
            else { return }
            let inverse = relationship.inverse.flatMap {
                schema.property(named: $0, in: relationship.destination)?.relationship
            }
            for key in targets {
                let target = ObjectID(hierarchy: destination, id: key)
                if relationship.deleteRule == .cascade { links[source, default: []].insert(target) }
                if inverse?.deleteRule == .cascade { links[target, default: []].insert(source) }
            }
        }
        for (entity, entityChanges) in changes.entities {
            guard let hierarchy = mapping.table(of: entity)?.rootEntity else { continue }
            for object in entityChanges.inserted {
                let source = ObjectID(hierarchy: hierarchy, id: object.id)
                for (key, value) in object.values {
                    let targets: [ObjectKey]
                    switch value {
                    case .array(let list): targets = list.compactMap(ObjectKey.init)
                    case .set(let set): targets = set.compactMap(ObjectKey.init)
                    default: targets = ObjectKey(value).map { [$0] } ?? []
                    }
                    link(source, entity, key, to: targets)
                }
            }
            for object in entityChanges.updated {
                let source = ObjectID(hierarchy: hierarchy, id: object.id)
                for (key, change) in object.relationships {
                    switch change {
                    case .toOne(_, let new): link(source, entity, key, to: new.map { [$0] } ?? [])
                    case .toMany(let added, _): link(source, entity, key, to: added)
                    }
                }
            }
        }
        return links
    }
}
