import Predicates

/// A to-many relationship of one object while a change set is worked out: the list stored in
/// the graph before the change (rows of the destination hierarchy, left as they are) and what
/// the change removed from it and added to it.
///
/// Keeping the change beside the stored list, instead of a copy of the list as keys, makes a
/// change cost its own size: adding one Content to a Bucket that holds ten thousand looks up
/// one key, tests membership by binary search (an unordered list is stored sorted by key), and
/// writes the new list once, at commit, by merging. An ordered list keeps its order and tests
/// membership through a set of its rows, made once.
///
/// A member removed and added again counts where it was added last.
struct PendingToMany {
    /// The stored destinations before the change.
    let base: [Int32]
    /// The destination's hierarchy (its index in the graph's tables).
    let destination: Int
    /// Whether the relationship keeps its order (otherwise the list is sorted by key).
    let isOrdered: Bool
    /// The rows of `base`, for an ordered relationship (membership without a scan).
    private let baseRows: Set<Int32>?
    /// Rows of `base` that are no longer members.
    private(set) var removed: Set<Int32> = []
    /// Keys added by the change, in order of addition (an entry whose key was removed again is
    /// ignored; see ``addedKeys``).
    private var added: [ObjectKey] = []
    /// The keys in ``added`` that are members.
    private(set) var addedMembers: Set<ObjectKey> = []

    init(base: [Int32], destination: Int, isOrdered: Bool) {
        self.base = base
        self.destination = destination
        self.isOrdered = isOrdered
        self.baseRows = isOrdered ? Set(base) : nil
    }

    /// Whether `row` is in the stored list `base`; `keys` are the destination's keys (which
    /// order an unordered list).
    static func list(_ base: [Int32], isOrdered: Bool, contains row: Int32, keys: [ObjectKey]) -> Bool {
        if isOrdered { return base.contains(row) }
        let key = keys[Int(row)]
        var low = 0
        var high = base.count
        while low < high {
            let middle = (low + high) / 2
            if keys[Int(base[middle])] < key { low = middle + 1 } else { high = middle }
        }
        return low < base.count && base[low] == row
    }

    private func baseContains(_ row: Int32, _ table: HierarchyTable) -> Bool {
        if let baseRows { return baseRows.contains(row) }
        return Self.list(base, isOrdered: false, contains: row, keys: table.keys)
    }

    /// Whether `key` is a member as the change stands (`table`: the destination's table
    /// before the change).
    func contains(_ key: ObjectKey, in table: HierarchyTable) -> Bool {
        if addedMembers.contains(key) { return true }
        guard let row = table.rows[key] else { return false }
        return !removed.contains(row) && baseContains(row, table)
    }

    /// Adds `key` at the end, unless it is a member already.
    mutating func append(_ key: ObjectKey, in table: HierarchyTable) {
        guard !contains(key, in: table) else { return }
        addedMembers.insert(key)
        added.append(key)
    }

    /// Removes `key`, if it is a member.
    mutating func remove(_ key: ObjectKey, in table: HierarchyTable) {
        if addedMembers.remove(key) != nil { return }
        guard let row = table.rows[key], baseContains(row, table) else { return }
        removed.insert(row)
    }

    /// Puts the added members named in `keys` first, in that order, the others after them in
    /// their order: the list an inserted object states for an ordered relationship wins over
    /// the order in which the inverse sides happened to be connected.
    mutating func order(as keys: [ObjectKey]) {
        var seen: Set<ObjectKey> = []
        var result: [ObjectKey] = []
        for key in keys where addedMembers.contains(key) && seen.insert(key).inserted { result.append(key) }
        for key in addedKeys where !seen.contains(key) { result.append(key) }
        added = result
    }

    /// The added members in the order they were (last) added.
    var addedKeys: [ObjectKey] {
        if added.count == addedMembers.count { return added }
        var seen: Set<ObjectKey> = []
        var result: [ObjectKey] = []
        for key in added.reversed() where addedMembers.contains(key) && seen.insert(key).inserted {
            result.append(key)
        }
        return result.reversed()
    }

    /// The rows of `base` still members, in stored order.
    var keptRows: [Int32] {
        removed.isEmpty ? base : base.filter { !removed.contains($0) }
    }

    /// The members as keys, in order (stored order, then additions).
    func keys(in table: HierarchyTable) -> [ObjectKey] {
        keptRows.map { table.keys[Int($0)] } + addedKeys
    }

    /// What the change does to the membership: keys added that were not stored before, and
    /// stored keys no longer members, each sorted.
    func netChange(in table: HierarchyTable) -> (added: [ObjectKey], removed: [ObjectKey]) {
        let added = addedMembers.filter { key in
            guard let row = table.rows[key] else { return true }
            return !baseContains(row, table)
        }
        let removed = removed.map { table.keys[Int($0)] }.filter { !addedMembers.contains($0) }
        return (added.sorted(), removed.sorted())
    }

    /// The list to store once the change is committed: `table` is the destination's table
    /// with the inserted objects' rows appended. An unordered list comes out sorted by key (the
    /// stored rows, already sorted, merged with the added ones).
    func rows(in table: HierarchyTable) -> [Int32] {
        let kept = keptRows
        if isOrdered { return kept + addedKeys.compactMap { table.rows[$0] } }
        guard !addedMembers.isEmpty else { return kept }
        let addedRows = addedMembers.sorted().compactMap { table.rows[$0] }
        var result: [Int32] = []
        result.reserveCapacity(kept.count + addedRows.count)
        var next = 0
        for row in addedRows {
            let key = table.keys[Int(row)]
            var end = next
            while end < kept.count, table.keys[Int(kept[end])] < key { end += 1 }
            result += kept[next..<end]
            result.append(row)
            next = end
        }
        result += kept[next...]
        return result
    }
}
