/// Why a query depends on a key path: its predicate (membership), its sort keys (order), or
/// what its rows display.
public struct DependencyRoles: OptionSet, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: UInt8
    /// Creates roles from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Read by the predicate: a change may add or remove the root from the results.
    public static let membership = DependencyRoles(rawValue: 1 << 0)
    /// Read by a sort key: a change may move the root.
    public static let order = DependencyRoles(rawValue: 1 << 1)
    /// Shown by the row: a change only needs the row redrawn.
    public static let display = DependencyRoles(rawValue: 1 << 2)

    /// Whether a change along the path calls for re-evaluating the root (membership or order).
    public var needsReevaluation: Bool { !intersection([.membership, .order]).isEmpty }

    /// `membership+order`, `display`, … (empty: `none`).
    public var description: String {
        let names = [(DependencyRoles.membership, "membership"), (.order, "order"), (.display, "display")]
            .filter { contains($0.0) }.map(\.1)
        return names.isEmpty ? "none" : names.joined(separator: "+")
    }
}

/// One key read along a dependency path: on objects of ``entity`` (or of its sub-entities),
/// the key ``key``.
///
/// `bucket.owner.name` from `Content` reads `Content.bucket`, then `Bucket.owner`, then
/// `User.name`: three steps, the first two relationships with inverses `contents` and
/// `buckets`.
public struct DependencyStep: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What the key holds.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// An attribute value.
        case attribute
        /// A to-one relationship.
        case toOne
        /// A to-many relationship.
        case toMany
    }

    /// The entity of the objects the key is read on (objects of its sub-entities count too).
    public var entity: String
    /// The key read.
    public var key: String
    /// Attribute, to-one or to-many.
    public var kind: Kind
    /// For a relationship, its destination entity.
    public var destination: String?
    /// For a relationship, the name of its inverse on the destination (every step before the
    /// last has one: change matching walks it back to the roots).
    public var inverse: String?

    /// Creates a step.
    public init(entity: String, key: String, kind: Kind, destination: String? = nil, inverse: String? = nil) {
        self.entity = entity
        self.key = key
        self.kind = kind
        self.destination = destination
        self.inverse = inverse
    }

    /// `Content.bucket -> Bucket (inverse contents)`, `User.name`.
    public var description: String {
        guard let destination else { return "\(entity).\(key)" }
        let arrow = kind == .toMany ? "->>" : "->"
        return "\(entity).\(key) \(arrow) \(destination)" + (inverse.map { " (inverse \($0))" } ?? "")
    }
}

/// A key path a query reads, resolved from the root entity into the keys read level by level.
///
/// | root | key path | steps |
/// |---|---|---|
/// | `Content` | `name` | `Content.name` |
/// | `Content` | `bucket.owner.name` | `Content.bucket`, `Bucket.owner`, `User.name` |
/// | `Content` | `tags.name` (from `ANY tags.name == 'x'`) | `Content.tags` (to-many), `Tag.name` |
/// | `Bucket` | `contents.@count` | `Bucket.contents` |
/// | `Bucket` | `contents.@sum.size` | `Bucket.contents`, `Content.size` |
///
/// A root depends on the path when a key read at some level, on an object it reaches at
/// that level, changes.
public struct DependencyPath: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The root entity.
    public var root: String
    /// The key path as written (relative to the root): `bucket.owner.name`.
    public var keyPath: String
    /// The keys read, from the root outwards. Every step but the last is a relationship.
    public var steps: [DependencyStep]
    /// Why the query reads the path.
    public var roles: DependencyRoles

    /// Creates a path.
    public init(root: String, keyPath: String, steps: [DependencyStep], roles: DependencyRoles) {
        self.root = root
        self.keyPath = keyPath
        self.steps = steps
        self.roles = roles
    }

    /// `Content: bucket.owner.name [membership]`.
    public var description: String { "\(root): \(keyPath) [\(roles)]" }
}

/// An (entity, property) pair: `Content.bucket`.
public struct EntityProperty: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The entity.
    public var entity: String
    /// The property's key.
    public var property: String

    /// Creates a pair.
    public init(_ entity: String, _ property: String) {
        self.entity = entity
        self.property = property
    }

    /// By entity, then property.
    public static func < (lhs: EntityProperty, rhs: EntityProperty) -> Bool {
        (lhs.entity, lhs.property) < (rhs.entity, rhs.property)
    }

    /// `Content.bucket`.
    public var description: String { "\(entity).\(property)" }
}
