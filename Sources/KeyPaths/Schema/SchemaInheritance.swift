/// The inheritance forest of a schema's entities, built in time linear in the number of
/// entities whatever its shape: parent links, the number of ancestors of each entity, the
/// children, and an interval per entity (its entry and exit in a depth-first walk from the
/// roots) so that "is an ancestor of" is two comparisons.
///
/// Only the first entity of each name takes part. A chain stops before an unknown parent
/// name, and before an entity already on it: in the cycle `A -> C -> B -> A` the ancestors of
/// `A` are `C, B`. Entities on or under a cycle have no interval (no root reaches them); their
/// ancestor tests walk the chain instead. Nothing stores a chain per entity: that would cost
/// the square of the depth.
struct SchemaInheritance: Sendable {
    /// Each position's parent position, or -1 (no parent, unknown parent, or a repeated name).
    let parents: [Int]
    /// How many ancestors each position's chain has.
    let ancestorCounts: [Int]
    /// The positions whose parent each position is, in declaration order.
    let children: [[Int]]
    /// Entry and exit of each position in a depth-first walk from the roots; -1 when no root
    /// reaches it (a cycle on or above it).
    let entry: [Int]
    let exit: [Int]
    /// The members of each cycle, each followed by its parent; and each position's cycle.
    let cycles: [[Int]]
    let cycleOf: [Int]

    init(entities: [EntityDescription], index: [String: Int]) {
        let count = entities.count
        var parents = [Int](repeating: -1, count: count)
        var children = [[Int]](repeating: [], count: count)
        for (position, entity) in entities.enumerated() where index[entity.name] == position {
            if let name = entity.parent, let parent = index[name] {
                parents[position] = parent
                children[parent].append(position)
            }
        }
        self.parents = parents
        self.children = children

        // Ancestor counts with one walk per chain, each link followed once: a root has 0, a
        // member of a cycle of length L has L - 1, any other entity one more than its parent.
        var counts = [Int](repeating: -1, count: count)
        var onPath = [Int](repeating: -1, count: count)
        var cycleOf = [Int](repeating: -1, count: count)
        var cycles: [[Int]] = []
        var path: [Int] = []
        for start in 0..<count where counts[start] < 0 {
            path.removeAll(keepingCapacity: true)
            var node = start
            var above = -1
            while true {
                onPath[node] = path.count
                path.append(node)
                let parent = parents[node]
                if parent < 0 { break }
                if counts[parent] >= 0 {
                    above = counts[parent]
                    break
                }
                if onPath[parent] >= 0 {
                    let members = Array(path[onPath[parent]...])
                    for member in members {
                        counts[member] = members.count - 1
                        cycleOf[member] = cycles.count
                        onPath[member] = -1
                    }
                    cycles.append(members)
                    path.removeLast(members.count)
                    above = members.count - 1
                    break
                }
                node = parent
            }
            for node in path.reversed() {
                above += 1
                counts[node] = above
            }
            for node in path { onPath[node] = -1 }
        }
        ancestorCounts = counts
        self.cycles = cycles
        self.cycleOf = cycleOf

        // Intervals from the roots, iteratively (a deep chain must not exhaust the stack).
        var entry = [Int](repeating: -1, count: count)
        var exit = [Int](repeating: -1, count: count)
        var clock = 0
        for root in 0..<count where parents[root] < 0 && index[entities[root].name] == root {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            entry[root] = clock
            clock += 1
            while let top = stack.last {
                if top.next < children[top.node].count {
                    stack[stack.count - 1].next += 1
                    let child = children[top.node][top.next]
                    guard entry[child] < 0 else { continue }
                    entry[child] = clock
                    clock += 1
                    stack.append((child, 0))
                } else {
                    exit[top.node] = clock
                    clock += 1
                    stack.removeLast()
                }
            }
        }
        self.entry = entry
        self.exit = exit
    }

    /// Whether a root reaches `position` (it is not on or under a cycle), so that ancestor
    /// tests on it take constant time.
    func hasInterval(_ position: Int) -> Bool { entry[position] >= 0 }

    /// The number of ancestors of `position`.
    func depth(of position: Int) -> Int { ancestorCounts[position] }

    /// The ancestors of `position`, nearest first.
    func ancestors(of position: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(ancestorCounts[position])
        var current = position
        for _ in 0..<ancestorCounts[position] {
            current = parents[current]
            result.append(current)
        }
        return result
    }

    /// Whether `ancestor` is on the chain above `position` (not `position` itself).
    func isAncestor(_ ancestor: Int, of position: Int) -> Bool {
        // An entity is never its own ancestor, not even on a cycle (its chain stops before it).
        guard ancestor != position else { return false }
        if entry[position] >= 0, entry[ancestor] >= 0 {
            return entry[ancestor] < entry[position] && exit[position] < exit[ancestor]
        }
        var current = position
        for _ in 0..<ancestorCounts[position] {
            current = parents[current]
            if current == ancestor { return true }
        }
        return false
    }

    /// The sub-entities of `position` at any depth, in declaration order.
    func descendants(of position: Int) -> [Int] {
        var found: [Int] = []
        var visited: Set<Int> = [position]
        var pending = [position]
        while let next = pending.popLast() {
            for child in children[next] where visited.insert(child).inserted {
                found.append(child)
                pending.append(child)
            }
        }
        return found.sorted()
    }

    /// The cycle whose first member in declaration order is `position`, from it along the
    /// parent links (`A, C, B` for `A -> C -> B -> A`); `nil` otherwise.
    func cycle(startingAt position: Int) -> [Int]? {
        guard cycleOf[position] >= 0 else { return nil }
        let members = cycles[cycleOf[position]]
        guard members.min() == position else { return nil }
        var result = [position]
        var current = parents[position]
        while current != position, result.count < members.count {
            result.append(current)
            current = parents[current]
        }
        return result
    }
}
