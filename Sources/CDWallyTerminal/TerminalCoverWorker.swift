import CChafa
import CDWallyCore
import CDWallySystem
import CVips
import Foundation

/// The child side of the display's cover: `cdwally terminal-cover COLUMNS ROWS CELL_WIDTH
/// CELL_HEIGHT SOURCE`, started by `CoverArtist` so that a picture's decoding (libvips and the
/// image libraries it brings) and libchafa never map into the player, and a picture crafted to
/// crash or hang a decoder costs one child, not the music.
///
/// It reads the picture, has libvips scale it to a square of pixels, cuts it round
/// (`DiscMask`), and has libchafa turn it into what the terminal its environment describes
/// can show. It answers on standard output with one line, `MODE COLUMNS ROWS`, then the bytes
/// to write at the top left of the picture's cells; or with `- ` and why not.
public enum TerminalCoverWorker {
    /// The cell size libchafa is told when the terminal does not say (TIOCGWINSZ's pixels are
    /// 0 on many): for symbols only the proportion matters; kitty and iTerm2 scale the picture
    /// to the cells they are given, so about a common font's will do; a sixel image is as many
    /// pixels as it has, so a small guess keeps it inside its cells, off the text and the last
    /// row, whatever the font.
    static let symbolCell = (width: 8, height: 16)
    static let pictureCell = (width: 10, height: 20)
    static let sixelCell = (width: 6, height: 12)
    /// The most pixels a picture's side has: a kitty image of 1024×1024 is 5.6 MB on the wire,
    /// and the terminal scales it to its cells anyway.
    static let largestSide = 1024

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Draws `source` on `columns`×`rows` cells of `cell` pixels (0: unknown); the exit status.
    public static func run(source: String, columns: Int, rows: Int, cell: (width: Int, height: Int)) -> Int32
    {
        let answer: [UInt8]
        do {
            answer = try draw(source: source, columns: columns, rows: rows, cell: cell)
        } catch {
            answer = Array("- \(error)".replacingOccurrences(of: "\n", with: " ").utf8) + [10]
        }
        FileHandle.standardOutput.write(Data(answer))
        return 0
    }

    private static func draw(source: String, columns: Int, rows: Int, cell: (width: Int, height: Int)) throws
        -> [UInt8]
    {
        // No terminal is wider than a thousand cells; more would be a mistake, not a picture.
        guard (1...1000).contains(columns), (1...1000).contains(rows) else {
            throw Failure(description: "no picture fits \(columns)×\(rows) cells")
        }
        var error: UnsafeMutablePointer<CChar>?
        guard cchafa_start(&error) == 0 else { throw Failure(description: take(error) ?? "no libchafa") }
        let environment = ProcessInfo.processInfo.environment
        guard coverAllowed(environment: environment) else { throw Failure(description: "NO_COLOR is set") }
        guard let mode = detectedMode(environment: environment) else {
            throw Failure(description: "the terminal takes no pictures")
        }
        let bytes = try PictureFile.contents(of: RawPath(source))
        let cell = Self.cell(for: mode, reported: cell, columns: columns, rows: rows)
        let width = columns * cell.width
        let height = rows * cell.height
        let side = min(width, height)
        guard cvips_start(1, &error) == 0 else { throw Failure(description: take(error) ?? "no libvips") }
        var square: UnsafeMutablePointer<UInt8>?
        let status = bytes.withUnsafeBytes { buffer in
            cvips_pixels(buffer.baseAddress, buffer.count, Int32(side), &square, &error)
        }
        guard status == 0, let square else {
            throw Failure(description: "libvips: " + (take(error) ?? "no picture"))
        }
        let pixels = [UInt8](UnsafeBufferPointer(start: square, count: side * side * 4))
        free(square)
        let disc = DiscMask.disc(from: pixels, side: side, width: width, height: height)
        let glyphs = glyphs(environment: environment)
        var text: UnsafeMutablePointer<CChar>?
        var length = 0
        let drawn = disc.withUnsafeBufferPointer { buffer in
            cchafa_draw(
                buffer.baseAddress, Int32(width), Int32(height), Int32(columns), Int32(rows),
                Int32(cell.width), Int32(cell.height), mode.rawValue, glyphs, environ, &text, &length, &error)
        }
        guard drawn == 0, let text else {
            throw Failure(description: "libchafa: " + (take(error) ?? "failed"))
        }
        defer { free(text) }
        let header = Array("\(mode.name) \(columns) \(rows)\n".utf8)
        return header + UnsafeRawBufferPointer(start: text, count: length)
    }

    /// The pixels of a cell to draw with: the terminal's own where it said, else a guess; and
    /// for a picture on a large terminal, fewer, so the picture stays within `largestSide`.
    static func cell(for mode: CoverMode, reported: (width: Int, height: Int), columns: Int, rows: Int)
        -> (width: Int, height: Int)
    {
        guard mode.isPicture else { return symbolCell }
        let known = reported.width > 0 && reported.height > 0
        let cell = known ? reported : mode == .sixel ? sixelCell : pictureCell
        let side = max(columns * cell.width, rows * cell.height)
        guard side > largestSide else { return cell }
        return (max(1, cell.width * largestSide / side), max(1, cell.height * largestSide / side))
    }

    /// libchafa's reading of the environment, with two rules of our own, where its database
    /// (1.12) would send what the terminal never announced:
    /// - a terminal that names itself dumb, or none, gets nothing (libchafa's fallback there is
    ///   256 colours);
    /// - inside tmux or screen, symbols only: the variables of the terminal outside
    ///   (`KITTY_WINDOW_ID`, `TERM_PROGRAM`) are inherited, but the multiplexer passes no picture
    ///   through (tmux 3.3 drops sixel, kitty and iTerm2 sequences), and libchafa 1.12 does not
    ///   wrap them for it.
    static func detectedMode(environment: [String: String]) -> CoverMode? {
        let term = environment["TERM"] ?? ""
        guard !term.isEmpty, term != "dumb" else { return nil }
        let multiplexed =
            !(environment["TMUX"] ?? "").isEmpty || !(environment["STY"] ?? "").isEmpty
            || term.hasPrefix("screen") || term.hasPrefix("tmux")
        return CoverMode(rawValue: cchafa_detect(environ, multiplexed ? 0 : 1))
    }

    /// No cover at all with `NO_COLOR` set to anything but "" (no-color.org): a cover is
    /// nothing but colour, and in one colour a disc of blocks is a blot.
    public static func coverAllowed(environment: [String: String]) -> Bool {
        (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// The glyphs symbols are drawn with (`cchafa.h`'s `CCHAFA_GLYPHS_*`): on the Linux console
    /// (`TERM=linux`, the framebuffer console of a Raspberry Pi's HDMI screen) only the full and
    /// half blocks, the only ones its fonts (512 glyphs at most) hold; the others would show as
    /// replacement characters. Everywhere else the eighths and quadrants too, for finer edges.
    static func glyphs(environment: [String: String]) -> Int32 {
        let term = environment["TERM"] ?? ""
        let console = term == "linux" || term.hasPrefix("linux-")
        return Int32(console ? CCHAFA_GLYPHS_HALF_BLOCKS : CCHAFA_GLYPHS_BLOCKS)
    }

    private static func take(_ error: UnsafeMutablePointer<CChar>?) -> String? {
        guard let error else { return nil }
        defer { free(error) }
        return String(decoding: UnsafeRawBufferPointer(start: error, count: strlen(error)), as: UTF8.self)
    }
}
