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
