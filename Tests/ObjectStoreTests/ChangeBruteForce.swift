import Evaluation
import KeyPaths
import ObjectStore

/// The obviously-correct answer the change matcher must give, computed without any of its code:
/// for every root before and after the change, walk every key path forwards in both graphs and
/// collect the (object, key) pairs read; the changed pairs come from comparing the two graphs
/// key by key (an object in only one graph counts as all its keys changed). A root is affected
/// when the pairs it reads, before or after, meet a changed pair; an inserted or deleted root
/// always is.
enum ChangeBruteForce {
    struct Pair: Hashable {
        var object: ObjectID
        var key: String
    }

    static func affectedRoots(
        root: String, keyPaths: [(String, DependencyRoles)], before: ObjectGraph, after: ObjectGraph
    ) -> AffectedRoots {
        let (changed, whole) = differences(before, after)
        var reevaluate: Set<ObjectID> = []
        var refresh: Set<ObjectID> = []
        let roots = Set(before.objects(of: root)).union(after.objects(of: root))
        for object in roots {
            if before.contains(object) != after.contains(object) {
                reevaluate.insert(object)
                continue
            }
            for (keyPath, roles) in keyPaths {
                let reads = self.reads(keyPath, from: object, in: before).union(
                    self.reads(keyPath, from: object, in: after))
                guard reads.contains(where: { changed.contains($0) || whole.contains($0.object) }) else { continue }
                if roles.contains(.membership) || roles.contains(.order) { reevaluate.insert(object) }
                if roles.contains(.display) { refresh.insert(object) }
            }
        }
        return AffectedRoots(reevaluate: reevaluate, refresh: refresh)
    }

    /// The (object, key) pairs read by `keyPath` from `root`: each key (collection operators
    /// skipped) on every object reached so far.
    static func reads(_ keyPath: String, from root: ObjectID, in graph: ObjectGraph) -> Set<Pair> {
        guard graph.contains(root) else { return [] }
        let keys = keyPath.split(separator: ".").map(String.init).filter { !$0.hasPrefix("@") }
        var pairs: Set<Pair> = []
        var level: Set<ObjectID> = [root]
        for (index, key) in keys.enumerated() {
            var next: Set<ObjectID> = []
            for object in level {
                pairs.insert(Pair(object: object, key: key))
                if index < keys.count - 1, let value = try? graph.value(forKey: key, of: object) {
                    next.formUnion(value.objects)
                }
            }
            level = next
        }
        return pairs
    }

    /// The keys whose values differ between the graphs, and the objects in only one of them.
    static func differences(_ before: ObjectGraph, _ after: ObjectGraph) -> (Set<Pair>, Set<ObjectID>) {
        let schema = before.schema
        let tops = schema.entities.filter { $0.parent == nil }.map(\.name)
        let objects = Set(tops.flatMap { before.objects(of: $0) + after.objects(of: $0) })
        var changed: Set<Pair> = []
        var whole: Set<ObjectID> = []
        for object in objects {
            guard let entity = before.entity(of: object), after.entity(of: object) == entity else {
                whole.insert(object)
                continue
            }
            for property in schema.allProperties(of: entity) {
                let old = try? before.value(forKey: property.name, of: object)
                let new = try? after.value(forKey: property.name, of: object)
                if old != new { changed.insert(Pair(object: object, key: property.name)) }
            }
        }
        return (changed, whole)
    }
}
