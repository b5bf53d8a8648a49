/// The bytes that draw the line being edited, computed from the prompt, the line, the cursor
/// and the terminal's width alone (and where the previous drawing left the cursor), so they
/// are tested without a terminal.
///
/// A redraw always draws the whole line the same way, however it changed:
///
/// 1. `CR`, then up to the first row of the previous drawing (`ESC [ n A`), and erase to the
///    end of the screen (`ESC [ J`): nothing of the old drawing is left, however many rows it
///    took (a line that only ever moved the cursor back to its own row left a copy of the
///    prompt on every row it had wrapped onto);
/// 2. the prompt and the line; the terminal wraps long rows itself (so a terminal that reflows
///    its text on a resize reflows the line like any other output); a pasted line break is
///    written as `CR LF`, a tab as a space;
/// 3. the cursor into place: `CR`, up (`ESC [ n A`) and right (`ESC [ n C`); when the line
///    exactly fills its last row and the cursor is at its end, a space and `CR` make the
///    terminal wrap, so the cursor shows on the row below.
///
/// Prompt `> ` on a terminal 10 columns wide:
///
/// | line, cursor, previous cursor row | bytes |
/// |---|---|
/// | `abc`, 1, 0 | `CR ESC[J` `> abc` `CR ESC[3C` |
/// | `abcdefghij`, 10, 1 | `CR ESC[1A ESC[J` `> abcdefghij` `CR ESC[2C` |
/// | `abcdefgh`, 8, 0 | `CR ESC[J` `> abcdefgh` `SP CR` |
enum LineRenderer {
    /// A drawing: its bytes and where they put things.
    struct Frame: Equatable {
        /// What to write to the terminal.
        var text: String
        /// The layout drawn; its cursor row is the `previousCursorRow` of the next redraw.
        var layout: LineLayout
    }

    /// Draws `prompt` and `line` with the cursor before `line[cursor]`, on a terminal `width`
    /// columns wide, replacing a drawing whose cursor was `previousCursorRow` rows below its
    /// first row (0 when the prompt starts a fresh row). `prompt` may carry colour escapes.
    static func redraw(prompt: String, line: [Character], cursor: Int, width: Int, previousCursorRow: Int) -> Frame {
        let layout = LineLayout(
            promptWidth: DisplayWidth.of(prompt), line: line, cursor: min(max(cursor, 0), line.count),
            width: width)
        var text = "\r" + move(previousCursorRow, "A") + "\u{1B}[J" + prompt
        text.reserveCapacity(text.utf8.count + line.count + 16)
        for character in line {
            switch character {
            case "\n": text += "\r\n"
            case "\t": text += " "
            default: text.append(character)
            }
        }
        if layout.cursor.row > layout.end.row {
            // A full last row and the cursor after it: make the terminal wrap now.
            text += " \r"
        } else {
            text += "\r" + move(layout.end.row - layout.cursor.row, "A") + move(layout.cursor.column, "C")
        }
        return Frame(text: text, layout: layout)
    }

    /// Leaves a drawing: writes `marker` (`^C`) after the end of the line when there is one,
    /// and moves to the start of the row below the line, where output goes next.
    static func leave(_ layout: LineLayout, marker: String = "") -> String {
        guard layout.cursor.row <= layout.end.row else {
            // The cursor already waits on the row below a full last row.
            return marker.isEmpty ? "" : marker + "\r\n"
        }
        let down = move(layout.end.row - layout.cursor.row, "B")
        guard !marker.isEmpty else { return down + "\r\n" }
        guard layout.end.column < layout.width else {
            // The last row is full: the marker goes on the row below.
            return down + "\r\n" + marker + "\r\n"
        }
        return down + "\r" + move(layout.end.column, "C") + marker + "\r\n"
    }

    /// `ESC [ n final` moving the cursor `count` times, or nothing for 0 (`ESC [ 0 A` would
    /// move once).
    private static func move(_ count: Int, _ final: Character) -> String {
        count > 0 ? "\u{1B}[\(count)\(final)" : ""
    }
}
