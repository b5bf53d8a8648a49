import KeyPaths
import Predicates

/// The tables the change matcher reads from an applied change set, built once per change set
/// rather than once per query: a ``ChangeLogFollower`` hands the same one to every query an
/// entry touches (``ChangeMatcher/affectedKeys(by:through:schema:members:prepared:classify:)``).
///
/// It holds what depends on the change set alone: the links whose both sides the change set
/// lists (an applied change set lists both, so that side is walked as an update of its own),
/// the ids of the updated objects by concrete entity (the existence question asked for each),
/// and the region the change set writes. A reference, so that handing it on copies nothing.
final class PreparedChangeSet: Sendable {
    /// The applied change set.
    let changes: ChangeSet
    /// The links `(id, key, other)` an update of the change set lists.
    let listedLinks: Set<ListedLink>
    /// The ids of the updated objects, by concrete entity (entities with updates only).
    let updatedIDs: [String: Set<ObjectKey>]
    /// The (entity, property) pairs the change set writes.
    let written: QueryRegion

    /// The tables of `changes` (an applied change set).
    init(_ changes: ChangeSet) {
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
        listedLinks = listed
        updatedIDs = updated
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
