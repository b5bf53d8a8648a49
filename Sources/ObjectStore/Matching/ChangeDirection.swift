import Evaluation
import KeyPaths
import Predicates

/// Which of the roots an attribute update reaches can change: what a live query re-evaluates
/// of them. The class of one update is given by ``ChangeDirectionAnalysis``.
public enum ChangeDirection: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The update can only turn members into non-members, or move members (a sort value
    /// changed): only reached roots that are members need evaluating again.
    case leaving
    /// The update can only turn non-members into members (and moves no member): only reached
    /// roots that are not members need evaluating again.
    case joining
    /// Either way (a relationship changed that is not only counted, an insertion or deletion, a
    /// read that is not a monotone comparison, a value the analysis could not evaluate): every
    /// reached root.
    case unknown

    /// `leaving`, `joining`, `unknown`.
    public var description: String {
        switch self {
        case .leaving: "leaving"
        case .joining: "joining"
        case .unknown: "unknown"
        }
    }
}

/// Classifies the attribute updates of a change set for one query, from the new values alone
/// (no old value is needed), before any root is re-evaluated.
///
/// ```swift
/// // Content, predicate bucket.owner.name == 'User 7' AND size < 100, sorted by name
/// analysis.direction(of: renameUser3, entity: "User")      // .leaving: 'User 3 r1' != 'User 7'
/// analysis.direction(of: setSize(5), entity: "Content")    // .joining: 5 < 100
/// analysis.direction(of: setSize(500), entity: "Content")  // .leaving
/// analysis.direction(of: rename(content), entity: "Content") // .leaving: the sort key moved
/// ```
///
/// **The argument.** NSPredicate logic is two-valued (a comparison with `nil` is false, not
/// unknown), so a predicate is a Boolean function of its comparison atoms. An atom here is a
/// comparison of a key path from the root that ends on an attribute — through to-one hops
/// (`bucket.owner.name == 'x'`), or under `ANY`/`ALL` through to-many hops (`ANY tags.name ==
/// 'x'`, one atom per element) — with a constant (a literal, an aggregate or cast of
/// constants) on the other side. The analysis walks the predicate with a polarity: `AND`,
/// `OR`, a quantifier keep it (`ANY` is an `OR` over the elements, `ALL` an `AND`), `NOT`
/// flips it (`NONE` is `NOT ANY`). Such a predicate is monotone in every atom: increasing
/// where the atom's polarity is positive, decreasing where negative.
///
/// An update of attributes `p…` of object X changes exactly the atoms that read `p…` on X,
/// and the new truth value of each is the comparison evaluated on X's new value — by the
/// engine's own semantics (``ReferenceInterpreter``: options `[cd]`, numbers, `nil`, dates).
/// Each changed atom whose effective value (its truth value, negated under negative polarity)
/// is false can only lower the predicate; true, only raise it. So when every changed atom
/// lowers it, a root that was no member is still none: only members can change (`leaving`);
/// when every one raises it, a member stays a member: only non-members can change (`joining`)
/// — unless the attribute is also a sort or section key, because a member must then be read
/// again for its new position (`unknown`). An attribute the predicate does not read but a sort
/// key does moves members only (`leaving`). Several updates reaching one root combine
/// soundly: a root reached by a `leaving` and a `joining` update is re-evaluated either way,
/// since it is a member or it is not.
///
/// **Counts.** `r.@count` compared with a constant by `<`, `<=`, `>` or `>=` (through to-one
/// hops to the counted to-many relationship `r`) is monotone in the count, and an update of
/// `r` changes the count by exactly the links it adds less those it removes (an applied change
/// set lists both sides of each link, so a Content move is also a Bucket losing one Content and
/// one gaining it). When `r` is read by such atoms only — by no other atom's path, no opaque
/// read — the update raises or lowers each count atom as that difference says, and combines
/// with the attribute updates above (no sort key goes through a to-many relationship).
///
/// `unknown`: any other relationship change, and any attribute read otherwise — by an aggregate
/// (`@sum`, `@max`…), a `SUBQUERY`, a `FUNCTION`, arithmetic, a comparison of two key paths, a
/// to-many key path under no quantifier, a variable — or a value that does not evaluate.
/// Such reads are found by name, over the whole predicate, so that nothing is missed.
public struct ChangeDirectionAnalysis: Sendable {
    /// A comparison atom reading an attribute of `entity`.
    struct Atom: Sendable {
        /// The entity the attribute is read on (its sub-entities too).
        var entity: String
        /// The comparison, with the key path's side to replace by the new value.
        var comparison: Comparison
        /// Whether the key path is the left operand.
        var keyPathOnLeft: Bool
        /// Whether the atom stands under an odd number of negations.
        var negated: Bool
    }

    /// `r.@count` compared with a constant, read on `entity`: monotone in the count.
    struct CountAtom: Sendable {
        /// The entity the relationship is counted on (its sub-entities too).
        var entity: String
        /// Whether the atom's effective value (negation included) can only rise as the count
        /// grows (`count > k`), rather than only fall (`count < k`, or `NOT count > k`).
        var risesWithCount: Bool
    }

    let schema: Schema
    /// The atoms by attribute name.
    let atoms: [String: [Atom]]
    /// The count atoms by relationship name.
    let countAtoms: [String: [CountAtom]]
    /// The relationships an atom goes through.
    let traversedKeys: Set<String>
    /// Keys read anywhere but in an atom (by name: the conservative side).
    let opaqueKeys: Set<String>
    /// The (entity, attribute) pairs the predicate reads (membership).
    let membershipReads: [String: [String]]
    /// The (entity, attribute) pairs a sort or section key reads (order).
    let orderReads: [String: [String]]
    /// The keys of every step of the query's dependency paths: a relationship outside them is
    /// read by no path, so its changes reach no root (the matcher walks no path through it).
    let pathKeys: Set<String>

    /// The analysis of a query: its checked predicate (`nil`: every object matches) and its
    /// dependencies (for the attributes its sort keys read).
    public init(predicate: CheckedPredicate?, dependencies: QueryDependencies, schema: Schema) {
        self.schema = schema
        var walk = DirectionWalk()
        if let predicate { walk.visit(predicate.condition, negated: false) }
        atoms = walk.atoms
        countAtoms = walk.countAtoms
        traversedKeys = walk.traversedKeys
        opaqueKeys = walk.opaqueKeys
        var membership: [String: [String]] = [:]
        var order: [String: [String]] = [:]
        for path in dependencies.paths {
            guard let last = path.steps.last, last.destination == nil else { continue }
            if path.roles.contains(.membership) { membership[last.key, default: []].append(last.entity) }
            if path.roles.contains(.order) { order[last.key, default: []].append(last.entity) }
        }
        membershipReads = membership
        orderReads = order
        pathKeys = Set(dependencies.paths.flatMap { $0.steps.map(\.key) })
    }

    /// The class of an update of an object of the concrete entity `entity` (see the type).
    public func direction(of update: UpdatedObject, entity: String) -> ChangeDirection {
        var lowers = false
        var raises = false
        var moves = false
        // A relationship no path reads (a Bucket's `contents` for `bucket.name == 'x'`, whose
        // other side the Content's own update lists) changes no atom: it leaves the direction of
        // the update's attributes as it is.
        for (key, change) in update.relationships
        where pathKeys.contains(key) || opaqueKeys.contains(key) || countAtoms[key] != nil {
            // Only a to-many relationship read by count atoms alone: the count changes by the
            // links added less those removed. (No sort or section key goes through a to-many
            // relationship: such a change moves no member.)
            let related = { (other: String) in schema.isKind(entity, of: other) }
            guard case .toMany(let added, let removed) = change, !opaqueKeys.contains(key),
                !traversedKeys.contains(key), let counts = countAtoms[key]?.filter({ related($0.entity) }),
                !counts.isEmpty
            else { return .unknown }
            let delta = added.count - removed.count
            guard delta != 0 else { continue }
            for atom in counts {
                if atom.risesWithCount == (delta > 0) { raises = true } else { lowers = true }
            }
        }
        for (key, value) in update.attributes {
            let related = { (other: String) in schema.isKind(entity, of: other) }
            if orderReads[key]?.contains(where: related) == true { moves = true }
            let reads = atoms[key]?.filter { related($0.entity) } ?? []
            guard !opaqueKeys.contains(key) else { return .unknown }
            if reads.isEmpty {
                // Read by the predicate but by no atom: not expected (opaque reads are found by
                // name), and unknown if it happens.
                if membershipReads[key]?.contains(where: related) == true { return .unknown }
                continue
            }
            guard let attribute = schema.property(named: key, in: entity)?.attribute,
                case .success(let normalized) = AttributeValueCheck.normalize(value, for: attribute)
            else { return .unknown }
            for atom in reads {
                guard let truth = Self.evaluate(atom, with: normalized) else { return .unknown }
                if truth != atom.negated { raises = true } else { lowers = true }
            }
        }
        switch (lowers, raises) {
        case (_, true) where lowers || moves: return .unknown
        case (_, true): return .joining
        case (true, false), (false, false): return .leaving
        }
    }

    /// The truth value of `atom` with its key path replaced by `value`; `nil` when it does not
    /// evaluate.
    static func evaluate(_ atom: Atom, with value: PredicateValue) -> Bool? {
        var comparison = atom.comparison
        comparison.modifier = .direct
        let constant = ExpressionNode(.constant(value))
        if atom.keyPathOnLeft { comparison.left = constant } else { comparison.right = constant }
        return try? ReferenceInterpreter().evaluate(PredicateNode(.comparison(comparison)), on: .null)
    }
}
