import CDWallyCore
import CDWallyVocabulary

/// The cover's place on the display: which picture was asked for, which came back and which is
/// on the screen, so that the picture is drawn when the disc or the layout changes, or the
/// screen was cleared, and never on a clock tick.
///
/// While a disc's picture is being drawn its place stays reserved, so the text does not move
/// twice; a disc with no usable picture gives the text the whole width.
///
/// Threads: a value the display loop owns.
struct CoverSlot {
    /// The picture asked for, nil when none should show (no disc, too narrow, covers off).
    private(set) var requested: CoverArtist.Request?
    /// The answer to `requested`, once it came.
    private var picture: CoverPicture?
    private var absent = false
    /// What is on the screen now.
    private var shown: CoverPicture?

    /// The disc whose cover shows: the one a typed number names while the wallet picker is
    /// open (so the picture says which disc Enter will play), else the one in the player.
    static func album(_ snapshot: PlayerSnapshot, state: DisplayState) -> Album? {
        if let digits = state.pendingDisc, let number = Int(digits),
            let album = snapshot.wallet.disc(at: number)
        {
            return album
        }
        return snapshot.disc?.album
    }

    /// The first column of the text.
    var margin: Int {
        guard let requested, !absent else { return 0 }
        return requested.layout.margin
    }

    /// Wants `request` shown. True when it is new and must be asked of the artist; then
    /// `bytes` gets what takes the old picture off the screen.
    mutating func want(_ request: CoverArtist.Request?, bytes: inout [UInt8]) -> Bool {
        guard request != requested else { return false }
        bytes += shown?.erase ?? []
        shown = nil
        requested = request
        picture = nil
        absent = false
        return request != nil
    }

    /// The artist's answer; ignored when a newer request took its place.
    mutating func receive(_ answer: CoverPicture?, for request: CoverArtist.Request) {
        guard request == requested else { return }
        picture = answer
        absent = answer == nil
    }

    /// The screen was cleared: the picture is drawn again by the next `paint`. `bytes` gets
    /// what deletes a kitty image, which clearing the text does not.
    mutating func screenCleared(bytes: inout [UInt8]) {
        bytes += Array((shown?.mode.deleteSequence ?? "").utf8)
        shown = nil
    }

    /// The bytes that draw the picture, if it came and is not on the screen yet.
    mutating func paint() -> [UInt8] {
        guard shown == nil, let picture else { return [] }
        shown = picture
        return picture.paint
    }

    /// What takes a picture the terminal keeps apart from the text (kitty's) off the screen,
    /// before the display gives the screen back (quit, Ctrl-Z).
    mutating func leave() -> [UInt8] {
        defer { shown = nil }
        return Array((shown?.mode.deleteSequence ?? "").utf8)
    }
}
