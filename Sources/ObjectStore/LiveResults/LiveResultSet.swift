import Evaluation
import Foundation
import KeyPaths
import Predicates

/// The results of a ``FetchRequest`` over an ``ObjectGraph``, kept current as change sets are
/// applied: Core Data's `NSFetchedResultsController` without its blind spot. A change to a
/// related object (a Bucket renamed, a Tag added) re-evaluates exactly the rows whose key paths
/// reach it, so a list filtered on `bucket.name == 'Inbox'` gains and loses rows when Buckets
/// change, and a row displaying `bucket.name` is reported as updated.
///
/// ```swift
/// var results = try LiveResultSet(
///     request: FetchRequest(entity: "Content", format: "bucket.name == 'Inbox'",
///                           sortKeys: [SortKey("creationDate")], refreshKeyPaths: ["owner.name"]),
///     graph: graph)
/// results.rows                                   // [Content#1, Content#3, Content#6]
/// let change = try results.apply(moveContentToInbox)
/// change.rows.insertions                         // [Content#2 at 1]
/// ```
///
/// `apply(_:)` applies the change set to the graph, asks the ``ChangeMatcher`` which roots the
/// change reaches (through inverses, in time proportional to the change), re-evaluates only
/// those and merges them into the sorted list; its cost does not grow with the size of the list
/// beyond one pass over it. A value type: `Sendable`, copies are independent.
public struct LiveResultSet: Sendable {
    /// The graph, as of the last change applied.
    public internal(set) var graph: ObjectGraph
    /// The request the rows answer.
    public private(set) var request: FetchRequest
    /// The rows shown: the matching objects in order, after the offset and within the limit.
    ///
    /// Made on each read from the row numbers the set keeps (O(rows)): read it once per change,
    /// or use ``rowCount`` and ``row(at:)`` for one row.
    public var rows: [ObjectID] { visibleRows.objectIDs }

    /// The number of rows shown.
    public var rowCount: Int { window.count }

    /// The row at `index` (0 ..< ``rowCount``).
    public func row(at index: Int) -> ObjectID { visibleRows[index] }

    /// The rows shown as row numbers, with the keys that name them (no ``ObjectID`` made).
    var visibleRows: ResultRows {
        ResultRows(
            hierarchy: graph.layout.names[graph.layout.hierarchies[plan.hierarchy]],
            keys: graph.storage.tables[plan.hierarchy].keys, rows: window)
    }
    /// The sections of ``rows`` (empty without a section key path).
    public private(set) var sections: [ResultSection] = []

    /// What is derived from the request: compiled once per request.
    var plan: Plan
    /// Every matching row of the root hierarchy, in order (before the offset and the limit).
    var members: [Int32] = []
    /// The first sort value of each member as a kind and a number (``LeadKey``), in the order
    /// of ``members``: most comparisons in searches of the list are then two array reads.
    var memberLeads: [LeadKey] = []
    /// The sort values (the section value first) of each member row, by row.
    var sortValues: [[EvaluationValue]?] = []
    /// Flags by row for one ``apply(_:)`` (reached, refreshed, leaving), kept between calls so
    /// that a change costs its size, not the table's; every flag set is cleared before it returns.
    var flags: [UInt8] = []

    /// The heap bytes the result set holds beside the graph it shares: its arrays by capacity,
    /// and each member's sort values with their array header and the allocator's overhead (the
    /// benchmark's memory figure; computed in one pass over the rows).
    package var heldBytes: Int {
        func bytes<T>(_ array: [T]) -> Int { array.capacity * MemoryLayout<T>.stride }
        let perAllocation = 48  // an array's header and the allocator's bookkeeping
        var total = bytes(members) + bytes(memberLeads) + bytes(sortValues) + bytes(flags)
        for case let values? in sortValues { total += perAllocation + bytes(values) }
        for section in sections { total += perAllocation + section.name.utf8.count }
        return total
    }

    /// Creates the results of `request` over `graph` (a full fetch). Refused, naming the key
    /// path, when a change could not be traced back to the rows (a relationship without a
    /// usable inverse: ``LiveResultsError/dependencyError``); ``ObjectGraph/fetch(_:)`` answers
    /// such a request once.
    public init(request: FetchRequest, graph: ObjectGraph) throws(LiveResultsError) {
        self.graph = graph
        self.request = request
        self.plan = try Plan(request: request, graph: graph)
        try refetch()
    }

    /// The rows of `request` without change tracking (``ObjectGraph/fetch(_:)``): never to be
    /// applied a change set to, as its plan follows no key path.
    init(untracked request: FetchRequest, graph: ObjectGraph) throws(LiveResultsError) {
        self.graph = graph
        self.request = request
        self.plan = try Plan(request: request, graph: graph, tracksChanges: false)
        try refetch()
    }

    /// Replaces the request (a new predicate, new sort keys, a new window…) and returns the
    /// change from the old rows to the new ones: the dynamic-filter case (a search field
    /// feeding `name CONTAINS[cd] %@`).
    public mutating func replace(_ request: FetchRequest) throws(LiveResultsError) -> ResultChange {
        let newPlan = try Plan(request: request, graph: graph)
        let oldRows = rows
        let oldSections = sections.map(\.name)
        self.request = request
        self.plan = newPlan
        try refetch()
        return ResultChange(
            rows: ListDiff(from: oldRows, to: rows), sections: ListDiff(from: oldSections, to: sections.map(\.name)))
    }

    /// Evaluates every object of the root entity, sorts the matches and shows the window.
    mutating func refetch() throws(LiveResultsError) {
        let table = graph.storage.tables[plan.hierarchy]
        sortValues = Array(repeating: nil, count: table.keys.count)
        members = []
        for row in table.entities.indices where try plan.matches(row: row, in: graph) {
            setSortValues(try plan.sortValues(row: row, in: graph), row: row)
            members.append(Int32(row))
        }
        // Sorted with each row's lead key beside it, so that most comparisons read no sort values.
        let order = RowOrder(self)
        var sorted = members.map { (row: $0, lead: order.lead(of: $0)) }
        sorted.sort { order.precedes($0.row, $0.lead, $1.row, $1.lead) }
        members = sorted.map(\.row)
        memberLeads = sorted.map(\.lead)
        showWindow()
    }

    /// Records a row's sort values (`nil`: not a member).
    mutating func setSortValues(_ values: [EvaluationValue]?, row: Int) {
        if sortValues.count <= row {
            sortValues += Array(repeating: nil, count: row + 1 - sortValues.count)
        }
        sortValues[row] = values
    }

    /// The member rows within the offset and the limit (``ResultWindow``: any size, no overflow).
    var window: ArraySlice<Int32> {
        members[request.window.range(in: members.count)]
    }

    /// Sets ``sections`` from the members shown.
    mutating func showWindow() {
        let visible = window
        sections = []
        guard request.sectionKeyPath != nil else { return }
        var start = 0
        var current: String?
        for (offset, row) in visible.enumerated() {
            let name = Self.sectionName(sortValues[Int(row)]?.first ?? .null)
            if name != current {
                if let current { sections.append(ResultSection(name: current, rows: start..<offset)) }
                current = name
                start = offset
            }
        }
        if let current { sections.append(ResultSection(name: current, rows: start..<visible.count)) }
    }

    /// A section value's name: the string itself, `""` for nil, the value's text otherwise.
    static func sectionName(_ value: EvaluationValue) -> String {
        switch value {
        case .null: ""
        case .string(let string): string
        default: value.predicateValue?.jsonText() ?? value.briefDescription
        }
    }
}

/// The first sort value of a row in a form compared with two reads: its kind (in the order of
/// ``SortComparison``: nil, numbers, dates) and its number (dates as seconds). Values with no
/// such form — strings, Booleans, NaN, integers beyond 2^53 — are `other`, and comparisons
/// involving them, or ties, fall back to the full comparison.
struct LeadKey: Sendable {
    /// 0 nil, 1 number, 3 date, 255 other (the ranks of ``SortComparison``).
    var kind: UInt8
    var number: Double

    static let other = LeadKey(kind: 255, number: 0)

    init(kind: UInt8, number: Double) {
        self.kind = kind
        self.number = number
    }

    init(_ value: EvaluationValue) {
        switch value {
        case .null: self.init(kind: 0, number: 0)
        case .int(let int) where int.magnitude <= 1 << 53: self.init(kind: 1, number: Double(int))
        case .double(let double) where !double.isNaN: self.init(kind: 1, number: double)
        case .date(let date): self.init(kind: 3, number: date.timeIntervalSinceReferenceDate)
        default: self = .other
        }
    }
}

/// A live result set could not be created or kept: the request does not check against the
/// schema, or a change set is invalid, or an object cannot be evaluated.
public struct LiveResultsError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, printable.
    public var message: String
    /// The schema check's diagnostics, when the predicate does not check.
    public var diagnostics: [Diagnostic]
    /// Why the request's key paths cannot be tracked, when that is the reason: its
    /// ``DependencyError/keyPath`` names the key path (`artist.name` through an inverse that
    /// does not point back).
    public var dependencyError: DependencyError?

    /// Creates an error.
    public init(_ message: String, diagnostics: [Diagnostic] = [], dependencyError: DependencyError? = nil) {
        self.message = message
        self.diagnostics = diagnostics
        self.dependencyError = dependencyError
    }

    public var description: String { message }
}
