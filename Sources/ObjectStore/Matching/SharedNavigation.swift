import KeyPaths
import Predicates

/// A ``MatchNavigation`` that answers each question once: the answers of the navigation it
/// wraps are kept, so that many live queries matching the same change set against the same
/// store ask the database once per distinct question. A ``ChangeLogFollower`` makes one per
/// log entry (the store does not change while the entry is matched against every query); its
/// answers must not outlive that.
public final class SharedNavigation<Base: MatchNavigation>: MatchNavigation {
    private let base: Base
    private var kinds: [KindQuestion: Set<ObjectKey>] = [:]
    private var sources: [SourceQuestion: Set<ObjectKey>] = [:]

    // A question hashes its keys' count only, not every key: the questions of one entry are
    // few and rarely of equal size, while hashing a set of keys costs a hash per key, and
    // equality (on a hit) reads the keys anyway — at once when both are the same set.

    private struct KindQuestion: Hashable {
        var keys: Set<ObjectKey>
        var entity: String

        func hash(into hasher: inout Hasher) {
            hasher.combine(entity)
            hasher.combine(keys.count)
        }
    }

    private struct SourceQuestion: Hashable {
        var step: DependencyPath.Step
        var keys: Set<ObjectKey>

        func hash(into hasher: inout Hasher) {
            hasher.combine(step)
            hasher.combine(keys.count)
        }
    }

    /// Answers of `base`, each asked once.
    public init(_ base: Base) {
        self.base = base
    }

    /// ``MatchNavigation/keys(_:ofKind:)`` of the base, asked once per distinct question.
    public func keys(_ keys: Set<ObjectKey>, ofKind entity: String) throws -> Set<ObjectKey> {
        let question = KindQuestion(keys: keys, entity: entity)
        if let known = kinds[question] { return known }
        let answer = try base.keys(keys, ofKind: entity)
        kinds[question] = answer
        return answer
    }

    /// ``MatchNavigation/sources(_:reaching:)`` of the base, asked once per distinct question.
    public func sources(_ step: DependencyPath.Step, reaching keys: Set<ObjectKey>) throws -> Set<ObjectKey> {
        let question = SourceQuestion(step: step, keys: keys)
        if let known = sources[question] { return known }
        let answer = try base.sources(step, reaching: keys)
        sources[question] = answer
        return answer
    }

    /// ``MatchNavigation/sources(_:reaching:among:)``: the kept answer to the whole question
    /// narrowed when there is one, otherwise the base's narrowed question (not kept: the
    /// candidates are one query's own).
    public func sources(_ step: DependencyPath.Step, reaching keys: Set<ObjectKey>, among candidates: Set<ObjectKey>)
        throws -> Set<ObjectKey>
    {
        guard !candidates.isEmpty, !keys.isEmpty else { return [] }
        if let known = sources[SourceQuestion(step: step, keys: keys)] { return known.intersection(candidates) }
        return try base.sources(step, reaching: keys, among: candidates)
    }
}
