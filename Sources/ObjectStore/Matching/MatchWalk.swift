import KeyPaths
import Predicates

/// The state of one ``ChangeMatcher`` call: the roots reached so far, as rows of the root
/// hierarchy, and the rows already walked from at each (path, level), so that each is walked
/// at most once.
///
/// The walk reads the graph's tables directly: following an inverse is an array read per
/// object (a to-one column) or a slice (a to-many column), and sets hold row numbers, so the
/// thousands of roots a Bucket rename reaches cost no object IDs and no key hashing.
struct MatchWalk {
    /// A path's level resolved against the graph's layout.
    struct Level {
        /// The entity number of the objects at this level.
        var entity: Int
        /// The hierarchy index of those objects.
        var hierarchy: Int
        /// The column of the inverse of this level's relationship, in the table of the next
        /// level's objects: how to walk from the next level back here (`nil`: no inverse).
        var back: BackLink?
    }

    /// A relationship column followed backwards.
    enum BackLink {
        case toOne(column: Int)
        case toMany(column: Int)
    }

    let graph: ObjectGraph
    let rootNumber: Int
    let rootHierarchy: Int
    let levels: [[Level]]
    let roles: [DependencyRoles]
    let isUsable: Bool
    var reevaluate: Set<Int32> = []
    var refresh: Set<Int32> = []
    var deletedRoots: [ObjectKey] = []
    private var visited: [[Set<Int32>]]

    init(dependencies: QueryDependencies, graph: ObjectGraph) {
        self.graph = graph
        let layout = graph.layout
        var usable = layout.numbers[dependencies.rootEntity] != nil
        var levels: [[Level]] = []
        for path in dependencies.paths {
            var resolved: [Level] = []
            for (index, step) in path.steps.enumerated() {
                guard let number = layout.numbers[step.entity] else {
                    usable = false
                    resolved.append(Level(entity: 0, hierarchy: 0, back: nil))
                    continue
                }
                var back: BackLink?
                if let inverse = step.inverse, index + 1 < path.steps.count,
                    let next = layout.hierarchyIndex(of: path.steps[index + 1].entity)
                {
                    if let column = layout.toOneColumns[next][inverse] {
                        back = .toOne(column: column)
                    } else if let column = layout.toManyColumns[next][inverse] {
                        back = .toMany(column: column)
                    }
                }
                resolved.append(Level(entity: number, hierarchy: layout.hierarchyOf[number], back: back))
            }
            levels.append(resolved)
        }
        self.rootNumber = layout.numbers[dependencies.rootEntity] ?? 0
        self.rootHierarchy = layout.hierarchyOf.indices.contains(rootNumber) ? layout.hierarchyOf[rootNumber] : 0
        self.levels = levels
        self.roles = dependencies.paths.map(\.roles)
        self.isUsable = usable
        self.visited = levels.map { Array(repeating: [], count: $0.count) }
    }

    /// The object at `row` (of entity number `entity`, in the hierarchy of the level's entity)
    /// is read at `level` of path `path`: walk back to the roots that reach it there.
    mutating func reach(_ row: Int32, entity: Int, path: Int, level: Int) {
        let pathLevels = levels[path]
        let layout = graph.layout
        guard layout.isKind(entity, of: pathLevels[level].entity), visited[path][level].insert(row).inserted
        else { return }
        let tables = graph.storage.tables
        var frontier = [row]
        var current = level
        while current > 0, !frontier.isEmpty {
            let itemTable = tables[pathLevels[current].hierarchy]
            current -= 1
            let step = pathLevels[current]
            guard let back = step.back else { return }
            let sourceTable = tables[step.hierarchy]
            var next: [Int32] = []
            func visit(_ source: Int32) {
                let sourceEntity = Int(sourceTable.entities[Int(source)])
                guard sourceEntity >= 0, layout.isKind(sourceEntity, of: step.entity),
                    visited[path][current].insert(source).inserted
                else { return }
                next.append(source)
            }
            for item in frontier {
                switch back {
                case .toOne(let column):
                    let source = itemTable.toOne[column][Int(item)]
                    if source >= 0 { visit(source) }
                case .toMany(let column):
                    for source in itemTable.toMany[column][Int(item)] { visit(source) }
                }
            }
            frontier = next
        }
        guard current == 0 else { return }
        let pathRoles = roles[path]
        for root in frontier {
            if pathRoles.needsReevaluation { reevaluate.insert(root) }
            if pathRoles.contains(.display) { refresh.insert(root) }
        }
    }
}
