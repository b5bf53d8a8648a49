import Evaluation
import KeyPaths
import ObjectStore

/// The delete rules worked out the obvious way, through the graph's public reading API only:
/// grow the set of deleted objects until no Cascade rule adds one; a Deny relationship of a
/// deleted object refuses when it holds an object outside the set; the survivors keep every
/// value, minus the deleted objects in their relationships.
extension ChangeBruteForce {
    /// A refused deletion: `relationship` of `object` holds `survivors` (in key order).
    struct Refusal: Hashable {
        var object: ObjectID
        var entity: String
        var relationship: String
        var survivors: [ObjectID]
    }

    /// What deleting some objects must do.
    struct Deletions {
        /// Every object deleted, listed or reached by a Cascade rule.
        var deleted: Set<ObjectID>
        /// The deletions a Deny rule refuses (then nothing changes).
        var refusals: [Refusal]
        /// Each Cascade step taken: (from, to), the same target possibly from several objects.
        var cascades: [(from: ObjectID, to: ObjectID, relationship: RelationshipDescription)]
        /// The applied change set: the deleted objects, and every survivor whose relationships
        /// lost a deleted object.
        var applied: ChangeSet
    }

    static func deleting(_ listed: [ObjectID], in graph: ObjectGraph) -> Deletions {
        let schema = graph.schema
        func related(_ object: ObjectID, _ relationship: RelationshipDescription) -> [ObjectID] {
            (try? graph.value(forKey: relationship.name, of: object))?.objects ?? []
        }
        func relationships(of object: ObjectID) -> [RelationshipDescription] {
            graph.entity(of: object).map { schema.allRelationships(of: $0) } ?? []
        }
        var deleted = Set(listed.filter(graph.contains))
        var cascades: [(ObjectID, ObjectID, RelationshipDescription)] = []
        var grown = true
        while grown {
            grown = false
            cascades = []
            for object in deleted {
                for relationship in relationships(of: object) where relationship.deleteRule == .cascade {
                    for target in related(object, relationship) {
                        cascades.append((object, target, relationship))
                        if deleted.insert(target).inserted { grown = true }
                    }
                }
            }
        }
        var refusals: [Refusal] = []
        for object in deleted {
            for relationship in relationships(of: object) where relationship.deleteRule == .deny {
                let survivors = related(object, relationship).filter { !deleted.contains($0) }.sorted()
                if !survivors.isEmpty {
                    refusals.append(
                        Refusal(
                            object: object, entity: graph.entity(of: object) ?? "?", relationship: relationship.name,
                            survivors: survivors))
                }
            }
        }
        var applied = ChangeSet()
        for object in deleted.sorted() {
            applied[graph.entity(of: object) ?? "?"].deleted.append(object.id)
        }
        let tops = schema.entities.filter { $0.parent == nil }.map(\.name)
        for object in tops.flatMap({ graph.objects(of: $0) }).sorted() where !deleted.contains(object) {
            var update = UpdatedObject(id: object.id)
            for relationship in relationships(of: object) {
                let targets = related(object, relationship)
                let gone = targets.filter(deleted.contains).map(\.id).sorted()
                guard !gone.isEmpty else { continue }
                update.relationships[relationship.name] =
                    relationship.isToMany ? .toMany(added: [], removed: gone) : .toOne(old: gone.first, new: nil)
            }
            if !update.relationships.isEmpty { applied[graph.entity(of: object) ?? "?"].updated.append(update) }
        }
        return Deletions(deleted: deleted, refusals: refusals, cascades: cascades, applied: applied)
    }

    /// The value `key` of a surviving `object` must have after the deletions: its value before,
    /// without the deleted objects.
    static func valueAfter(_ key: String, of object: ObjectID, in graph: ObjectGraph, deleted: Set<ObjectID>)
        -> GraphValue?
    {
        switch try? graph.value(forKey: key, of: object) {
        case .toOne(let target?) where deleted.contains(target): .toOne(nil)
        case .toMany(let targets): .toMany(targets.filter { !deleted.contains($0) })
        case let value: value
        }
    }
}
