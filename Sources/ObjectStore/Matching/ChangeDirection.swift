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
/// A relationship that no dependency path, opaque read or count atom names changes nothing the
/// query reads: it is ignored. `unknown`: any other relationship change, and any attribute read
/// otherwise — by an aggregate
/// (`@sum`, `@max`…), a `SUBQUERY`, a `FUNCTION`, arithmetic, a comparison of two key paths, a
/// to-many key path under no quantifier, a variable — or a value that does not evaluate.
/// Such reads are found by name, over the whole predicate, so that nothing is missed.
///
/// The tables are resolved per concrete entity when the analysis is made (the atoms, count
/// atoms and reads that apply to objects of that entity, by key), so that classifying an update
/// is a look-up per key; a class, so that the many queries of a follower read it in place.
public final class ChangeDirectionAnalysis: Sendable {
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

    /// What an update of one attribute of an object of one concrete entity does.
    enum AttributeRule: Sendable {
        /// Read otherwise than by an atom (opaque, or by no atom the analysis found): unknown.
        case unknown
        /// Read by these atoms (possibly none) and, when `moves`, by a sort or section key.
        case atoms([Atom], attribute: AttributeDescription?, moves: Bool)
    }

    /// For each concrete entity, the rule of each attribute key the query reads on it (a key
    /// without a rule is read by nothing).
    let attributeRules: [String: [String: AttributeRule]]
    /// For each concrete entity, the count atoms of each to-many relationship read by count
    /// atoms alone (a relationship changed without an entry here is unknown).
    let countRules: [String: [String: [CountAtom]]]
    /// The rules of an entity the schema does not have: its opaque keys are unknown.
    let opaqueRules: [String: AttributeRule]
    /// The relationships a change of which can matter: the keys of every step of the query's
    /// dependency paths, opaque keys and counted relationships. A relationship outside them is
    /// read by no path, so its changes reach no root (the matcher walks no path through it).
    let readRelationships: Set<String>

    /// The analysis of a query: its checked predicate (`nil`: every object matches) and its
    /// dependencies (for the attributes its sort keys read).
    public init(predicate: CheckedPredicate?, dependencies: QueryDependencies, schema: Schema) {
        var walk = DirectionWalk()
        if let predicate { walk.visit(predicate.condition, negated: false) }
        var membership: [String: [String]] = [:]
        var order: [String: [String]] = [:]
        for path in dependencies.paths {
            guard let last = path.steps.last, last.destination == nil else { continue }
            if path.roles.contains(.membership) { membership[last.key, default: []].append(last.entity) }
            if path.roles.contains(.order) { order[last.key, default: []].append(last.entity) }
        }
        let keys = Set(walk.atoms.keys).union(membership.keys).union(order.keys).union(walk.opaqueKeys)
        var attributeRules: [String: [String: AttributeRule]] = [:]
        var countRules: [String: [String: [CountAtom]]] = [:]
        for entity in schema.entityNames {
            let related = { (other: String) in schema.isKind(entity, of: other) }
            var rules: [String: AttributeRule] = [:]
            for key in keys {
                // Opaque reads are found by name: unknown on every entity.
                if walk.opaqueKeys.contains(key) {
                    rules[key] = .unknown
                    continue
                }
                let moves = order[key]?.contains(where: related) == true
                let reads = walk.atoms[key]?.filter { related($0.entity) } ?? []
                if reads.isEmpty {
                    // Read by the predicate but by no atom: not expected (opaque reads are
                    // found by name), and unknown if it happens.
                    if membership[key]?.contains(where: related) == true {
                        rules[key] = .unknown
                    } else if moves {
                        rules[key] = .atoms([], attribute: nil, moves: true)
                    }
                    continue
                }
                rules[key] = .atoms(reads, attribute: schema.property(named: key, in: entity)?.attribute, moves: moves)
            }
            if !rules.isEmpty { attributeRules[entity] = rules }
            // Only a to-many relationship read by count atoms alone: the count changes by the
            // links added less those removed.
            var counts: [String: [CountAtom]] = [:]
            for (key, atoms) in walk.countAtoms
            where !walk.opaqueKeys.contains(key) && !walk.traversedKeys.contains(key) {
                let applying = atoms.filter { related($0.entity) }
                if !applying.isEmpty { counts[key] = applying }
            }
            if !counts.isEmpty { countRules[entity] = counts }
        }
        self.attributeRules = attributeRules
        self.countRules = countRules
        opaqueRules = Dictionary(uniqueKeysWithValues: walk.opaqueKeys.map { ($0, AttributeRule.unknown) })
        readRelationships = Set(dependencies.paths.flatMap { $0.steps.map(\.key) }).union(walk.opaqueKeys)
            .union(walk.countAtoms.keys)
    }

    /// The class of an update of an object of the concrete entity `entity` (see the type).
    public func direction(of update: UpdatedObject, entity: String) -> ChangeDirection {
        var lowers = false
        var raises = false
        var moves = false
        if !update.relationships.isEmpty {
            // (No sort or section key goes through a to-many relationship: a count change
            // moves no member.)
            let counts = countRules[entity]
            // A relationship no path reads (a Bucket's `contents` for `bucket.name == 'x'`, whose
            // other side the Content's own update lists) changes no atom: it leaves the direction
            // of the update's attributes as it is.
            for (key, change) in update.relationships where readRelationships.contains(key) {
                guard case .toMany(let added, let removed) = change, let atoms = counts?[key] else { return .unknown }
                let delta = added.count - removed.count
                guard delta != 0 else { continue }
                for atom in atoms {
                    if atom.risesWithCount == (delta > 0) { raises = true } else { lowers = true }
                }
            }
        }
        if !update.attributes.isEmpty {
            let rules = attributeRules[entity] ?? opaqueRules
            for (key, value) in update.attributes {
                guard let rule = rules[key] else { continue }
                guard case .atoms(let atoms, let attribute, let movesMembers) = rule else { return .unknown }
                if movesMembers { moves = true }
                guard !atoms.isEmpty else { continue }
                guard let attribute,
                    case .success(let normalized) = AttributeValueCheck.normalize(value, for: attribute)
                else { return .unknown }
                for atom in atoms {
                    guard let truth = Self.evaluate(atom, with: normalized) else { return .unknown }
                    if truth != atom.negated { raises = true } else { lowers = true }
                }
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
