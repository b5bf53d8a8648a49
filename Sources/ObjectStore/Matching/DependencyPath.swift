import KeyPaths

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

/// A key path a query reads, resolved from the root entity, with the keys it reads level by
/// level.
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
public struct DependencyPath: Sendable, Hashable, CustomStringConvertible {
    /// The root entity.
    public var root: String
    /// The key path read, resolved from the root (its hops carry the inverses that change
    /// matching walks back).
    public var resolved: ResolvedKeyPath
    /// Why the query reads the path.
    public var roles: DependencyRoles

    /// Creates a path.
    public init(root: String, resolved: ResolvedKeyPath, roles: DependencyRoles) {
        self.root = root
        self.resolved = resolved
        self.roles = roles
    }

    /// The key path as read from the root: `bucket.owner.name`, `contents.@count`.
    public var keyPath: String { resolved.keyPath }

    /// The keys read, from the root outwards: each relationship hop, then the property the path
    /// ends on (none after `@count`: the count changes exactly when the relationship before
    /// it does). Derived from ``resolved``.
    public var steps: [Step] {
        var steps = resolved.allHops.map { hop in
            Step(
                entity: hop.sourceEntity, key: hop.sourceProperty, destination: hop.destinationEntity,
                inverse: hop.inverse, isToMany: hop.isToMany)
        }
        switch resolved.destinationProperty {
        case .attribute(let attribute):
            steps.append(Step(entity: resolved.destinationEntity, key: attribute.name))
        case .relationship(let relationship):
            steps.append(
                Step(
                    entity: resolved.destinationEntity, key: relationship.name, destination: relationship.destination,
                    inverse: relationship.inverse, isToMany: relationship.isToMany))
        case nil:
            break
        }
        return steps
    }

    /// One key read along the path: on objects of ``entity`` (or of its sub-entities), the key
    /// ``key``; for a relationship, where it leads and its inverse.
    public struct Step: Sendable, Hashable, CustomStringConvertible {
        /// The entity of the objects the key is read on.
        public var entity: String
        /// The key read.
        public var key: String
        /// For a relationship, its destination entity.
        public var destination: String?
        /// For a relationship, the name of its inverse on the destination.
        public var inverse: String?
        /// Whether the relationship is to-many.
        public var isToMany = false

        /// `Content.bucket -> Bucket (inverse contents)`, `Content.tags ->> Tag`, `User.name`.
        public var description: String {
            guard let destination else { return "\(entity).\(key)" }
            let arrow = isToMany ? "->>" : "->"
            return "\(entity).\(key) \(arrow) \(destination)" + (inverse.map { " (inverse \($0))" } ?? "")
        }
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
