import KeyPaths
import Predicates

/// The part of a store a live query can see change, as a set of ``RegionKey``s: the
/// (entity, property) pairs it reads, the entities whose inserted objects its matcher walks
/// from, and for its root entity (and sub-entities) deletions and any attribute change (a row
/// redraws when one of its own attributes changes). A change set has a region too: what it
/// writes (``QueryRegion/init(writtenBy:)``). A query needs a change set only when the two
/// regions meet — a test on a few set lookups, run on every log entry before any SQL.
///
/// ```swift
/// let region = QueryRegion(dependencies, schema: schema)   // Content, bucket.name == 'Inbox'
/// region.isTouched(by: renameUser)                          // false: no query runs
/// region.isTouched(by: renameBucket)                        // true: Bucket.name is read
/// ```
///
/// Regions form a union (``union(_:)``): many queries sharing one log follower are indexed by
/// their keys, so that each change set is matched once against exactly the queries it touches.
/// The model is GRDB's database region (tables × columns), at the level of the object model.
public struct QueryRegion: Sendable, Hashable {
    /// The keys of the region.
    public var keys: Set<RegionKey>

    /// A region of the given keys.
    public init(keys: Set<RegionKey> = []) {
        self.keys = keys
    }

    /// The region a query with these dependencies reads, over `schema`.
    public init(_ dependencies: QueryDependencies, schema: Schema) {
        var keys: Set<RegionKey> = []
        for pair in dependencies.properties.keys {
            keys.insert(RegionKey(pair.entity, .property(pair.property)))
            // An inserted object sets its relationships, and through them their inverses.
            keys.insert(RegionKey(pair.entity, .inserted))
        }
        for path in dependencies.paths {
            for step in path.steps {
                for entity in [step.entity] + schema.subentities(of: step.entity) {
                    keys.insert(RegionKey(entity, .inserted))
                }
            }
        }
        let root = dependencies.rootEntity
        for entity in [root] + schema.subentities(of: root) {
            keys.insert(RegionKey(entity, .inserted))
            keys.insert(RegionKey(entity, .deleted))
            keys.insert(RegionKey(entity, .anyAttribute))
        }
        self.keys = keys
    }

    /// The region an applied change set writes: each updated (entity, key), each entity
    /// with an updated attribute, inserted or deleted objects (under the entities the change
    /// set lists them under: their concrete entities in an applied change set).
    public init(writtenBy changes: ChangeSet) {
        var keys: Set<RegionKey> = []
        for (entity, entityChanges) in changes.entities {
            if !entityChanges.inserted.isEmpty { keys.insert(RegionKey(entity, .inserted)) }
            if !entityChanges.deleted.isEmpty { keys.insert(RegionKey(entity, .deleted)) }
            for update in entityChanges.updated {
                if !update.attributes.isEmpty { keys.insert(RegionKey(entity, .anyAttribute)) }
                for key in update.attributes.keys { keys.insert(RegionKey(entity, .property(key))) }
                for key in update.relationships.keys { keys.insert(RegionKey(entity, .property(key))) }
            }
        }
        self.keys = keys
    }

    /// Both regions.
    public func union(_ other: QueryRegion) -> QueryRegion {
        QueryRegion(keys: keys.union(other.keys))
    }

    /// Whether the regions share a key.
    public func intersects(_ other: QueryRegion) -> Bool {
        !keys.isDisjoint(with: other.keys)
    }

    /// Whether `changes` (an applied change set) writes into the region: when not, the query's
    /// rows, order and display cannot have changed.
    public func isTouched(by changes: ChangeSet) -> Bool {
        intersects(QueryRegion(writtenBy: changes))
    }
}

/// One key of a ``QueryRegion``: an entity and what of it.
public struct RegionKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// What of an entity a region holds.
    public enum Part: Sendable, Hashable, Comparable {
        /// One property (attribute or relationship): `Content.name`.
        case property(String)
        /// Any attribute: `Content.*`.
        case anyAttribute
        /// Objects inserted: `Content+`.
        case inserted
        /// Objects deleted: `Content-`.
        case deleted
    }

    /// The entity (concrete: a region lists sub-entities one by one).
    public var entity: String
    /// What of it.
    public var part: Part

    /// Creates a key.
    public init(_ entity: String, _ part: Part) {
        self.entity = entity
        self.part = part
    }

    /// By entity, then part.
    public static func < (lhs: RegionKey, rhs: RegionKey) -> Bool {
        (lhs.entity, lhs.part) < (rhs.entity, rhs.part)
    }

    /// `Content.name`, `Content.*`, `Content+`, `Content-`.
    public var description: String {
        switch part {
        case .property(let name): "\(entity).\(name)"
        case .anyAttribute: "\(entity).*"
        case .inserted: "\(entity)+"
        case .deleted: "\(entity)-"
        }
    }
}
