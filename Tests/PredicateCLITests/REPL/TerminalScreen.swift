/// A small model of a terminal, to check what the line editor draws by what a user would see:
/// it applies the bytes the REPL writes and keeps the rows (scrollback and screen) and the
/// cursor. It follows xterm's rules for what the editor uses:
///
/// - printing: a character goes at the cursor; after the last column the cursor waits there
///   and the next character wraps to the next row (which is then marked as continuing the one
///   above); a wide character that does not fit in the last column wraps first; a combining
///   mark joins the character before it;
/// - `CR`, `LF` (scrolls at the bottom), `BS`, `BEL` (counted);
/// - `ESC [ n A/B/C/D` (cursor moves that stop at the edges), `ESC [ K`, `ESC [ J`,
///   `ESC [ 2 J`, `ESC [ H`, `ESC [ … m` (colours, ignored), `ESC [ ? 2004 h/l` (bracketed
///   paste on/off). Anything else is recorded in ``unknown``, so a test notices.
///
/// ``resize(width:)`` reflows, as most terminals do: rows joined by wrapping become one line
/// again and wrap at the new width, the cursor moving with its character (the blank a wide
/// character left at the end of a row is dropped, as xterm.js does).
struct TerminalScreen {
    /// A cell: nil where nothing was written, `""` for the second half of a wide character.
    typealias Cell = String?

    private(set) var width: Int
    let height: Int
    /// Every row, scrollback first; the screen is `height` rows from ``top``.
    private(set) var rows: [[Cell]]
    /// `continues[r]`: row `r` wrapped onto row `r + 1`.
    private var continues: [Bool]
    private(set) var top = 0
    /// The cursor, as an index into ``rows`` and a column.
    private(set) var cursorRow = 0
    private(set) var cursorColumn = 0
    /// The cursor waits after the last column for the next character to wrap.
    private var pendingWrap = false
    private(set) var bracketedPaste = false
    private(set) var bells = 0
    /// Sequences the model does not know.
    private(set) var unknown: [String] = []
    /// Bytes of an unfinished UTF-8 character or escape sequence.
    private var partial: [UInt8] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        rows = Array(repeating: Array(repeating: nil, count: width), count: height)
        continues = Array(repeating: false, count: height)
    }

    // MARK: What a user sees

    /// The rows of the screen, blanks at the end of each trimmed.
    var screen: [String] { rows[top..<(top + height)].map(Self.text) }

    /// Every row ever written, scrollback included, without the blank rows at the end.
    var allRows: [String] {
        var lines = rows.map(Self.text)
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The cursor's place on the screen.
    var cursor: (row: Int, column: Int) { (cursorRow - top, cursorColumn) }

    private static func text(_ row: [Cell]) -> String {
        var text = row.map { $0 ?? " " }.joined()
        while text.last == " " { text.removeLast() }
        return text
    }

    // MARK: Applying output

    /// Applies bytes written to the terminal (a sequence may be split across calls).
    mutating func apply<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            if partial.isEmpty {
                start(byte)
            } else {
                partial.append(byte)
                continuePartial()
            }
        }
    }

    private mutating func start(_ byte: UInt8) {
        switch byte {
        case 0x0D:
            cursorColumn = 0
            pendingWrap = false
        case 0x0A: lineFeed()
        case 0x08:
            cursorColumn = max(0, cursorColumn - 1)
            pendingWrap = false
        case 0x07: bells += 1
        case 0x1B, 0xC0...0xF7: partial = [byte]
        case 0x20...0x7E: put(Character(Unicode.Scalar(byte)))
        default: unknown.append("byte \(byte)")
        }
    }

    private mutating func continuePartial() {
        if partial[0] == 0x1B {
            guard partial.count >= 2 else { return }
            guard partial[1] == UInt8(ascii: "[") else {
                unknown.append("ESC \(partial[1])")
                partial = []
                return
            }
            guard let last = partial.last, partial.count >= 3, (0x40...0x7E).contains(last) else { return }
            let body = String(decoding: partial[2...], as: UTF8.self)
            partial = []
            control(body)
            return
        }
        let length = partial[0] >= 0xF0 ? 4 : partial[0] >= 0xE0 ? 3 : 2
        guard partial.count == length else { return }
        let text = String(decoding: partial, as: UTF8.self)
        partial = []
        for scalar in text.unicodeScalars { put(scalar) }
    }

    /// `ESC [ body`.
    private mutating func control(_ body: String) {
        let final = body.last ?? " "
        let parameter = String(body.dropLast())
        let count = max(Int(parameter) ?? 1, 1)
        switch (parameter, final) {
        case (_, "A"): moveVertically(to: max(top, cursorRow - count))
        case (_, "B"): moveVertically(to: min(top + height - 1, cursorRow + count))
        case (_, "C"):
            cursorColumn = min(width - 1, cursorColumn + count)
            pendingWrap = false
        case (_, "D"):
            cursorColumn = max(0, cursorColumn - count)
            pendingWrap = false
        case ("", "K"), ("0", "K"): eraseToEndOfRow()
        case ("", "J"), ("0", "J"):
            eraseToEndOfRow()
            for row in (cursorRow + 1)..<(top + height) { clear(row) }
        case ("2", "J"):
            for row in top..<(top + height) { clear(row) }
        case ("", "H"):
            moveVertically(to: top)
            cursorColumn = 0
        case (_, "m"): break
        case ("?2004", "h"): bracketedPaste = true
        case ("?2004", "l"): bracketedPaste = false
        default: unknown.append("ESC [ \(body)")
        }
    }

    private mutating func moveVertically(to row: Int) {
        cursorRow = row
        pendingWrap = false
    }

    private mutating func eraseToEndOfRow() {
        for column in cursorColumn..<width { rows[cursorRow][column] = nil }
        continues[cursorRow] = false
        pendingWrap = false
    }

    private mutating func clear(_ row: Int) {
        rows[row] = Array(repeating: nil, count: width)
        continues[row] = false
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if cursorRow < top + height - 1 {
            cursorRow += 1
            return
        }
        rows.append(Array(repeating: nil, count: width))
        continues.append(false)
        top += 1
        cursorRow += 1
    }

    /// Writes a character at the cursor, wrapping as xterm does.
    private mutating func put(_ character: Character) {
        guard let scalar = character.unicodeScalars.first else { return }
        put(scalar)
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        if scalar.properties.generalCategory == .nonspacingMark {
            // Joins the character before the cursor.
            let column = pendingWrap ? cursorColumn : max(cursorColumn - 1, 0)
            rows[cursorRow][column] = (rows[cursorRow][column] ?? " ") + String(scalar)
            return
        }
        let columns = Self.isWide(scalar) ? 2 : 1
        if pendingWrap || cursorColumn + columns > width {
            continues[cursorRow] = true
            lineFeed()
            cursorColumn = 0
        }
        rows[cursorRow][cursorColumn] = String(scalar)
        if columns == 2 { rows[cursorRow][cursorColumn + 1] = "" }
        cursorColumn += columns
        if cursorColumn >= width {
            cursorColumn = width - 1
            pendingWrap = true
        }
    }

    /// The test's own notion of wide: the CJK and Hangul blocks and fullwidth forms.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        [0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60].contains {
            $0.contains(scalar.value)
        }
    }

    // MARK: Resizing

    /// The window becomes `newWidth` columns wide and the text reflows: each run of rows joined
    /// by wrapping is one line again, wrapped at the new width; the cursor keeps its place in
    /// its line; the bottom of the text stays at the bottom of the screen.
    mutating func resize(width newWidth: Int) {
        var newRows: [[Cell]] = []
        var newContinues: [Bool] = []
        var newCursor = (row: 0, column: 0)
        var row = 0
        while row < rows.count {
            // One logical line: rows `row…last`.
            var last = row
            while last < rows.count - 1, continues[last] { last += 1 }
            var cells: [Cell] = []
            var cursorOffset: Int?
            for index in row...last {
                var part = rows[index]
                if index == last {
                    while let cell = part.last, cell == nil { part.removeLast() }
                } else if part.last == .some(nil), rows[index + 1].count > 1, rows[index + 1][1] == "" {
                    // The blank left where a wide character did not fit is not text.
                    part.removeLast()
                }
                if index == cursorRow { cursorOffset = cells.count + cursorColumn + (pendingWrap ? 1 : 0) }
                cells += part
            }
            var cursorPlace: (row: Int, column: Int)?
            var chunk: [Cell] = []
            for (index, cell) in cells.enumerated() {
                let isWide = index + 1 < cells.count && cells[index + 1] == ""
                if isWide, chunk.count == newWidth - 1 { chunk.append(nil) }
                if chunk.count == newWidth {
                    newRows.append(chunk)
                    newContinues.append(true)
                    chunk = []
                }
                if index == cursorOffset { cursorPlace = (newRows.count, chunk.count) }
                chunk.append(cell)
            }
            if let offset = cursorOffset, offset >= cells.count {
                // After the text (spaces never written count too).
                let columns = chunk.count + offset - cells.count
                cursorPlace = (newRows.count + columns / newWidth, columns % newWidth)
            }
            newRows.append(chunk)
            newContinues.append(false)
            if let place = cursorPlace {
                newCursor = place
                while newRows.count <= newCursor.row {
                    newContinues[newRows.count - 1] = true
                    newRows.append([])
                    newContinues.append(false)
                }
            }
            row = last + 1
        }
        // Blank rows below the cursor go; the rest is padded to the width.
        while newRows.count - 1 > newCursor.row, newRows.last?.allSatisfy({ $0 == nil }) ?? false {
            newRows.removeLast()
            newContinues.removeLast()
        }
        width = newWidth
        rows = newRows.map { $0 + Array(repeating: nil, count: max(0, newWidth - $0.count)) }
        continues = newContinues
        top = max(0, min(rows.count - height, newCursor.row))
        while rows.count < top + height {
            rows.append(Array(repeating: nil, count: newWidth))
            continues.append(false)
        }
        cursorRow = newCursor.row
        cursorColumn = newCursor.column
        pendingWrap = false
    }
}
