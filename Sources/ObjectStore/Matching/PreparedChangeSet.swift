import KeyPaths
import Predicates

/// The tables the change matcher reads from an applied change set, built once per change set
/// rather than once per query: a ``ChangeLogFollower`` hands the same one to every query an
/// entry touches (``ChangeMatcher/affectedKeys(by:through:schema:members:prepared:classify:)``).
///
/// It holds what depends on the change set and the schema alone: the updates grouped by the
/// (entity, property) they change, so that a query visits only the groups its paths read
/// (a `#size` query never looks at the moves of the same entry); for each changed
/// relationship its inverse and, per update, the destinations whose side of the link the change
/// set does not list (an applied change set lists both sides of a link between live objects,
/// and a listed side is walked as an update of its own); the same for the relationships of
/// inserted objects; the ids of the updated objects by concrete entity (the existence question
/// asked for each); and the region the change set writes. A reference, so that handing it on
/// copies nothing.
final class PreparedChangeSet: Sendable {
    /// The applied change set.
    let changes: ChangeSet
    /// The ids of the updated objects, by concrete entity (entities with updates only).
    let updatedIDs: [String: Set<ObjectKey>]
    /// The (entity, property) pairs the change set writes.
    let written: QueryRegion
    /// The updates of each concrete entity, grouped by the property they change (entities
    /// with updates only; groups in no particular order).
    let updateGroups: [String: [PropertyUpdates]]
    /// For each concrete entity with insertions, for each inserted object (in the change set's
    /// order), its relationships with an inverse and the destinations to walk from.
    let insertedLinks: [String: [[UnlistedLinks]]]

    /// The updates of one (entity, property) pair.
    struct PropertyUpdates: Sendable {
        /// The property (attribute or relationship).
        var property: String
        /// The updates changing it, as indices into the entity's ``EntityChanges/updated``, in
        /// order.
        var updates: [Int]
        /// For a relationship with an inverse: the inverse, and for each update (parallel to
        /// ``updates``) the destinations gained or lost whose side the change set does not list.
        var inverse: InverseUpdates?
    }

    /// The inverse side of a changed relationship.
    struct InverseUpdates: Sendable {
        /// The inverse relationship's name.
        var name: String
        /// The relationship's destination entity.
        var destination: String
        /// The unlisted destinations of each update of the group.
        var unlisted: [[ObjectKey]]
    }

    /// One relationship of an inserted object: its inverse and the destinations whose side the
    /// change set does not list (never empty).
    struct UnlistedLinks: Sendable {
        var inverse: String
        var destination: String
        var ids: [ObjectKey]
    }

    /// The tables of `changes` (an applied change set) over `schema`.
    init(_ changes: ChangeSet, schema: Schema) {
        self.changes = changes
        var listed: Set<ListedLink> = []
        var updated: [String: Set<ObjectKey>] = [:]
        for (name, entityChanges) in changes.entities where !entityChanges.updated.isEmpty {
            updated[name] = Set(entityChanges.updated.map(\.id))
            for update in entityChanges.updated {
                for (key, change) in update.relationships {
                    for other in change.mentionedIDs {
                        listed.insert(ListedLink(id: update.id, key: key, other: other))
                    }
                }
            }
        }
        // The destinations of `source`'s relationship `key` whose other side is not listed.
        func unlisted(_ ids: [ObjectKey], inverse: String, from source: ObjectKey) -> [ObjectKey] {
            ids.filter { !listed.contains(ListedLink(id: $0, key: inverse, other: source)) }
        }
        var groups: [String: [PropertyUpdates]] = [:]
        var insertedLinks: [String: [[UnlistedLinks]]] = [:]
        for (name, entityChanges) in changes.entities {
            var byProperty: [String: PropertyUpdates] = [:]
            for (index, update) in entityChanges.updated.enumerated() {
                for key in update.attributes.keys {
                    byProperty[key, default: PropertyUpdates(property: key, updates: [])].updates.append(index)
                }
                for (key, change) in update.relationships {
                    var group = byProperty[key] ?? PropertyUpdates(property: key, updates: [])
                    if let relationship = schema.property(named: key, in: name)?.relationship,
                        let inverse = relationship.inverse
                    {
                        if group.inverse == nil {
                            group.inverse = InverseUpdates(
                                name: inverse, destination: relationship.destination, unlisted: [])
                        }
                        group.inverse?.unlisted.append(unlisted(change.mentionedIDs, inverse: inverse, from: update.id))
                    }
                    group.updates.append(index)
                    byProperty[key] = group
                }
            }
            if !byProperty.isEmpty { groups[name] = Array(byProperty.values) }
            guard !entityChanges.inserted.isEmpty else { continue }
            insertedLinks[name] = entityChanges.inserted.map { inserted in
                inserted.values.compactMap { key, value -> UnlistedLinks? in
                    guard let relationship = schema.property(named: key, in: name)?.relationship,
                        let inverse = relationship.inverse
                    else { return nil }
                    let ids: [ObjectKey]
                    switch value {
                    case .int, .string: ids = ObjectKey(value).map { [$0] } ?? []
                    case .array(let elements): ids = elements.compactMap(ObjectKey.init)
                    default: return nil
                    }
                    let links = unlisted(ids, inverse: inverse, from: inserted.id)
                    guard !links.isEmpty else { return nil }
                    return UnlistedLinks(inverse: inverse, destination: relationship.destination, ids: links)
                }
            }
        }
        updatedIDs = updated
        updateGroups = groups
        self.insertedLinks = insertedLinks
        written = QueryRegion(writtenBy: changes)
    }
}

/// One side of a link as an update lists it: object `id`'s relationship `key` gained or lost
/// `other`.
struct ListedLink: Hashable, Sendable {
    var id: ObjectKey
    var key: String
    var other: ObjectKey
}
