/// A table laid out for a terminal of a given width: its lines, none wider than the width (in
/// terminal columns, ``DisplayWidth``: `語` takes two), and the titles of the columns left out
/// on the right when even narrow columns do not fit.
struct FittedTable: Equatable {
    /// The lines, without trailing spaces.
    var lines: [String]
    /// The titles of the columns that did not fit, in order (empty when all are shown).
    var hiddenColumns: [String]

    /// The lines, then a note naming the columns left out:
    /// `(3 more columns: owner, tags, … — :columns chooses which to show)`.
    var text: String {
        var text = lines.map { $0 + "\n" }.joined()
        if !hiddenColumns.isEmpty {
            let more = ReplSession.count(hiddenColumns.count, "more column")
            text += "(\(more): \(hiddenColumns.joined(separator: ", ")); :columns chooses which to show)\n"
        }
        return text
    }
}

extension ResultTable {
    /// The narrowest a column is cut to (`ab…`) before columns are left out.
    static let minimumColumnWidth = 4

    /// The table laid out in at most `width` terminal columns per line (`nil`: no limit, each
    /// column as wide as its widest cell).
    ///
    /// When the natural layout is too wide, the widest columns are cut first, all to the
    /// same width, the largest that fits (`beach-thumb.png` → `beach-…`), so narrow columns
    /// such as ids keep their text; a cell cut ends with `…`. When the columns do not fit even
    /// at ``minimumColumnWidth``, the columns on the right are left out and named in
    /// ``FittedTable/hiddenColumns``. A single column narrower than its text is cut to the
    /// width.
    func fitted(to width: Int?) -> FittedTable {
        let all = (headers.map { [$0] } ?? []) + rows
        let count = all.map(\.count).max() ?? 0
        let cells = all.map { row in cutsCells ? row.map(Self.cut) : row }
        var natural = Array(repeating: 0, count: count)
        for row in cells {
            for (index, cell) in row.enumerated() { natural[index] = max(natural[index], DisplayWidth.of(cell)) }
        }
        let (widths, shown) = width.map { Self.columnWidths(natural, fitting: $0) } ?? (natural, count)
        func line(_ row: [String]) -> String {
            var text = ""
            for (index, cell) in row.prefix(shown).enumerated() {
                let shownCell = Self.cut(cell, to: widths[index])
                text += index == shown - 1 ? shownCell : shownCell.padding(toLength: widths[index] + 2)
            }
            while text.last == " " { text.removeLast() }
            return text
        }
        var lines: [String] = []
        if headers != nil, let header = cells.first {
            lines.append(line(header))
            lines.append(line(widths.map { String(repeating: "-", count: $0) }))
            lines += cells.dropFirst().map(line)
        } else {
            lines = cells.map(line)
        }
        let hidden = shown < count ? Array((headers ?? []).dropFirst(shown)) : []
        return FittedTable(lines: lines, hiddenColumns: hidden)
    }

    /// The widths of the columns shown in `width` characters (two spaces between columns),
    /// and how many columns, from the left, are shown.
    static func columnWidths(_ natural: [Int], fitting width: Int) -> (widths: [Int], shown: Int) {
        func total(_ widths: [Int]) -> Int { widths.reduce(0, +) + 2 * max(widths.count - 1, 0) }
        var shown = natural.count
        while shown > 1, total(natural.prefix(shown).map { min($0, minimumColumnWidth) }) > width {
            shown -= 1
        }
        let kept = Array(natural.prefix(shown))
        guard total(kept) > width else { return (kept, shown) }
        guard shown > 1 else { return ([max(1, min(kept.first ?? 0, width))], shown) }
        // The largest cap that fits; columns narrower than it keep their width.
        var cap = kept.max() ?? 0
        while cap > minimumColumnWidth, total(kept.map { min($0, cap) }) > width { cap -= 1 }
        var widths = kept.map { min($0, cap) }
        // What the cap leaves over goes to the cut columns, one character each from the left.
        var spare = width - total(widths)
        for index in widths.indices where spare > 0 && widths[index] < kept[index] {
            widths[index] += 1
            spare -= 1
        }
        return (widths, shown)
    }
}

extension String {
    /// The string with spaces after it up to `length` columns of a terminal.
    fileprivate func padding(toLength length: Int) -> String {
        let columns = DisplayWidth.of(self)
        return columns >= length ? self : self + String(repeating: " ", count: length - columns)
    }
}
