import Evaluation
import Predicates

/// The ordered members of a live list and what keeps them in order, whatever store the rows
/// come from: the matching rows (numbers the store gives its objects, never reused), the sort
/// values of each (the section value first), their lead keys, the window shown and its
/// sections. ``LiveResultSet`` (rows of a graph table) and ``DatabaseLiveResults`` (rows it
/// numbers itself, keys read from the database) keep their lists here and merge changes with
/// the same code, so both report the same diff for the same change.
struct RankedRows: Sendable {
    /// The request's sort keys, the section key path first.
    let sortKeys: [SortKey]
    /// The rows shown among the members.
    let window: ResultWindow
    /// Whether the request has a section key path (its value is the first sort value).
    let sectioned: Bool
    /// Every matching row, in order (before the offset and the limit).
    var members: [Int32] = []
    /// The first sort value of each member as a kind and a number (``LeadKey``), in the order
    /// of ``members``: most comparisons in searches of the list are then two array reads.
    var memberLeads: [LeadKey] = []
    /// The sort values of each member row, by row (`nil`: not a member).
    var sortValues: [[EvaluationValue]?] = []
    /// Flags by row for one ``merge(reached:displayChanged:keys:evaluate:)`` (reached,
    /// refreshed), kept between calls so that a change costs its size, not the table's; every
    /// flag set is cleared before it returns.
    var flags: [UInt8] = []
    /// The sections of the rows shown (empty without a section key path).
    var sections: [ResultSection] = []

    /// An empty list for a request's sort keys (section key first), window and sectioning.
    init(sortKeys: [SortKey], window: ResultWindow, sectioned: Bool) {
        self.sortKeys = sortKeys
        self.window = window
        self.sectioned = sectioned
    }

    /// The member rows within the offset and the limit (``ResultWindow``: any size, no overflow).
    var shown: ArraySlice<Int32> {
        members[window.range(in: members.count)]
    }

    /// The order of rows by the sort values held now; `keys` names each row (ties go by key).
    func order(keys: [ObjectKey]) -> RowOrder {
        RowOrder(sortValues: sortValues, sortKeys: sortKeys, keys: keys)
    }

    /// Makes room for rows numbered below `count`.
    mutating func reserve(rows count: Int) {
        if sortValues.count < count { sortValues += Array(repeating: nil, count: count - sortValues.count) }
        if flags.count < count { flags += Array(repeating: 0, count: count - flags.count) }
    }

    /// Records a row's sort values (`nil`: not a member).
    mutating func setSortValues(_ values: [EvaluationValue]?, row: Int) {
        reserve(rows: row + 1)
        sortValues[row] = values
    }

    /// Replaces the members with `rows` (their sort values already set), sorted, and shows the
    /// window.
    mutating func rank(_ rows: [Int32], keys: [ObjectKey]) {
        // Sorted with each row's lead key beside it, so that most comparisons read no sort values.
        let order = order(keys: keys)
        var sorted = rows.map { (row: $0, lead: order.lead(of: $0)) }
        sorted.sort { order.precedes($0.row, $0.lead, $1.row, $1.lead) }
        members = sorted.map(\.row)
        memberLeads = sorted.map(\.lead)
        showWindow()
    }

    /// Sets ``sections`` from the members shown.
    mutating func showWindow() {
        let visible = shown
        sections = []
        guard sectioned else { return }
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
