/// Where the disc goes on the screen: a square (in pixels) at the top left, left of the LCD and
/// the track list, which move right to make room. Cells are taken to be twice as tall as they
/// are wide, so the square is twice as many columns as rows; the worker centres the disc in
/// whatever the real cells make of it.
///
/// The disc takes at most a third of the width, never the last row (a sixel image reaching it
/// could scroll the screen), and is left out under 60 columns or when it would be smaller than
/// 4 rows: a smaller one reads as a smudge. A value; pure.
public struct CoverLayout: Sendable, Hashable {
    /// The narrowest terminal that shows a cover (docs/PRODUCT.md).
    public static let narrowest = 60
    static let fewestRows = 4

    /// The picture's size in cells.
    public var columns: Int
    public var rows: Int

    /// The first column of the text, counted from 0: the picture and a blank column.
    public var margin: Int { columns + 1 }

    /// The layout for a terminal of `size`, or nil when it shows no cover.
    public static func fitting(_ size: ScreenSize) -> CoverLayout? {
        guard size.columns >= narrowest else { return nil }
        let rows = min(size.rows - 1, size.columns / 3 / 2)
        guard rows >= fewestRows else { return nil }
        return CoverLayout(columns: 2 * rows, rows: rows)
    }

    /// The size the text has beside the picture.
    public func textSize(of size: ScreenSize) -> ScreenSize {
        ScreenSize(columns: max(0, size.columns - margin), rows: size.rows)
    }
}
