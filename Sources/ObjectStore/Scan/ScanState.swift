import Evaluation

/// What one scan of a graph's table reads and remembers: the graph's storage and layout, the
/// root hierarchy, and per leaf with to-one hops a memo of the verdict of each destination row
/// (0 not yet tested, 1 passes, 2 fails), so that a destination shared by many roots is tested
/// once. Made per scan call and never shared, so it needs no lock.
final class ScanState {
    let storage: GraphStorage
    let layout: GraphLayout
    let hierarchy: Int
    private var memos: [[UInt8]]

    init(storage: GraphStorage, layout: GraphLayout, hierarchy: Int, memoCount: Int) {
        self.storage = storage
        self.layout = layout
        self.hierarchy = hierarchy
        self.memos = Array(repeating: [], count: memoCount)
    }

    /// The root row `row` as a graph object (for the row evaluator).
    func object(_ row: Int32) -> GraphObject {
        GraphObject(storage: storage, layout: layout, hierarchy: hierarchy, row: Int(row))
    }

    /// Takes memo `slot` out (sized for `rows` destination rows), to be handed back with
    /// ``keep(_:in:)``; taking it out keeps it uniquely referenced, so writes do not copy it.
    func memo(_ slot: Int, rows: Int) -> [UInt8] {
        var memo: [UInt8] = []
        swap(&memo, &memos[slot])
        if memo.count != rows { memo = Array(repeating: 0, count: rows) }
        return memo
    }

    /// Hands memo `slot` back.
    func keep(_ memo: [UInt8], in slot: Int) {
        memos[slot] = memo
    }
}
