/// Where a prompt and the line typed after it land on a terminal `width` columns wide, rows
/// counted from the prompt's row (0):
///
/// - a character takes ``DisplayWidth/of(_:)-(Character)`` columns; one that does not fit in
///   what is left of a row starts the next row (the terminal wraps it there);
/// - a line break in the line (a pasted newline) ends its row; a tab shows as one space;
/// - the terminal wraps lazily: after a character fills the last column its cursor stays on
///   that row until the next character arrives, so ``end`` can be at column `width`. The
///   editor's ``cursor`` never is: it sits where the next character would be written, which
///   after a full row is column 0 of the row below.
///
/// Width 10, prompt `> ` (2 columns):
///
/// | line | cursor (offset) | ``cursor`` | ``end`` |
/// |---|---|---|---|
/// | `abc` | 3 | row 0, column 5 | 0, 5 |
/// | `abcdefgh` (fills row 0) | 8 | 1, 0 | 0, 10 |
/// | `abcdefghi` | 2 | 0, 4 | 1, 1 |
/// | `ab⏎cd` | 5 | 1, 2 | 1, 2 |
/// | `abcdefg語` (no room for 2 columns at column 9) | 7 | 1, 0 | 1, 2 |
struct LineLayout: Equatable {
    /// A place on the terminal: a row below the prompt's first row, and a column.
    struct Position: Equatable, CustomStringConvertible {
        var row: Int
        var column: Int

        var description: String { "row \(row), column \(column)" }
    }

    /// The terminal's width in columns (at least 1).
    let width: Int
    /// Where the terminal's cursor goes for the editor's cursor.
    let cursor: Position
    /// Where the terminal's cursor is after the prompt and the whole line are written.
    let end: Position

    /// The rows the drawing takes: through the end of the text, and the row below a full last
    /// row when the cursor waits there.
    var rowCount: Int { max(end.row, cursor.row) + 1 }

    /// The layout of a prompt `promptWidth` columns wide followed by `line`, with the cursor
    /// before `line[cursor]` (after the last character when `cursor == line.count`).
    init(promptWidth: Int, line: [Character], cursor: Int, width: Int) {
        let width = max(width, 1)
        self.width = width
        // The prompt: full rows, then what is left of it (a full last row waits to wrap).
        let promptRows = promptWidth > 0 ? (promptWidth - 1) / width : 0
        var row = promptRows
        var column = promptWidth - promptRows * width
        var cursorPosition: Position?
        for (offset, character) in line.enumerated() {
            let columns = min(Self.columns(of: character), width)
            if offset == cursor {
                cursorPosition = Self.start(row: row, column: column, columns: max(columns, 1), width: width)
            }
            if character == "\n" {
                row += 1
                column = 0
                continue
            }
            if columns > 0, column + columns > width {
                row += 1
                column = 0
            }
            column += columns
        }
        self.end = Position(row: row, column: column)
        self.cursor = cursorPosition ?? Self.start(row: row, column: column, columns: 1, width: width)
    }

    /// The columns a character of the line takes: a tab is shown as one space, a line break
    /// takes none.
    static func columns(of character: Character) -> Int {
        switch character {
        case "\t": 1
        case "\n": 0
        default: DisplayWidth.of(character)
        }
    }

    /// Where a character `columns` wide is written when the terminal's cursor is at `column`.
    private static func start(row: Int, column: Int, columns: Int, width: Int) -> Position {
        column + columns > width ? Position(row: row + 1, column: 0) : Position(row: row, column: column)
    }
}
