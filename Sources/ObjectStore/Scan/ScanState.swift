import Evaluation

/// What one scan of a graph's table reads and builds: the graph's storage and layout, the root
/// hierarchy, and per leaf with to-one hops how it follows them (``ToOneJoin``), decided and
/// built when the leaf first runs and reused by every later batch. Made per scan call and never
/// shared, so it needs no lock.
final class ScanState {
    let storage: GraphStorage
    let layout: GraphLayout
    let hierarchy: Int
    let choice: ToOneJoinChoice
    private var joins: [ToOneJoin?]

    init(storage: GraphStorage, layout: GraphLayout, hierarchy: Int, joinCount: Int, choice: ToOneJoinChoice) {
        self.storage = storage
        self.layout = layout
        self.hierarchy = hierarchy
        self.choice = choice
        self.joins = Array(repeating: nil, count: joinCount)
    }

    /// The root row `row` as a graph object (for the row evaluator).
    func object(_ row: Int32) -> GraphObject {
        GraphObject(storage: storage, layout: layout, hierarchy: hierarchy, row: Int(row))
    }

    /// How `leaf` (a leaf with hops) follows them in this scan, built on first use.
    func join(_ leaf: ColumnLeaf) -> ToOneJoin {
        if let join = joins[leaf.joinSlot] { return join }
        let join = ToOneJoin(leaf, storage: storage, roots: storage.tables[hierarchy].entities.count, choice: choice)
        joins[leaf.joinSlot] = join
        return join
    }
}

/// How a leaf with to-one hops runs in one scan.
enum ToOneJoin {
    /// The comparison answered once per destination row, the roots filtered by one verdict
    /// each: when the destination tables on the path have no more rows than the root table.
    case semiJoin(ToOneSemiJoin)
    /// Each selected root's hops followed and its value tested inline: when the destinations
    /// outnumber the roots (ten Buckets pointing into a million Contents), where testing every
    /// destination would cost more than the scan itself.
    case follow

    init(_ leaf: ColumnLeaf, storage: GraphStorage, roots: Int, choice: ToOneJoinChoice) {
        let semiJoin: Bool
        switch choice {
        case .bySize: semiJoin = ToOneSemiJoin.cost(leaf, storage) <= roots
        case .semiJoin: semiJoin = true
        case .follow: semiJoin = false
        }
        self = semiJoin ? .semiJoin(ToOneSemiJoin(leaf, storage)) : .follow
    }
}

/// Which way the leaves of a scan with to-one hops run (``ToOneJoin``): by the sizes of the
/// tables (the default), or forced one way, so that tests compare both with the row evaluator
/// on small graphs.
package enum ToOneJoinChoice: Sendable, CaseIterable {
    /// The semi-join when the destination tables on the path have no more rows than the root
    /// table, otherwise following each root's hops.
    case bySize
    /// Always the semi-join.
    case semiJoin
    /// Always following each root's hops.
    case follow
}
