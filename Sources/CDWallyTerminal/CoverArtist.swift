import CDWallyCore
import CDWallySystem

/// The parent side of `TerminalCoverWorker`: finds a disc's picture and has a worker draw it
/// for a layout, off the display's task, so that a slow disc, a huge picture or a hung decoder
/// never holds up the clock or the keys. A worker that has not answered within the patience is
/// killed, and the disc shows no cover.
///
/// Only the newest request matters: one asked for while another is drawn waits, and is
/// dropped if a newer one comes first.
///
/// Threads: `draw` from the display loop; the work runs on the process's `CoverLane`, and the
/// answer comes back through `onPicture`, from its thread.
final class CoverArtist: Sendable {
    /// What a picture was asked for: which disc, in which cells.
    struct Request: Sendable, Hashable {
        var album: AlbumID
        var layout: CoverLayout
    }

    /// The most a worker may write: a 40-row kitty image is a few MB.
    static let largestAnswer = 32 << 20

    private let options: CoverOptions
    private let onPicture: @Sendable (Request, CoverPicture?) -> Void
    private let newest = LockedValue<Request?>(nil)

    init(options: CoverOptions, onPicture: @escaping @Sendable (Request, CoverPicture?) -> Void) {
        self.options = options
        self.onPicture = onPicture
    }

    /// Draws `album`'s cover in `layout`'s cells, each `cell` pixels (0 when unknown).
    func draw(_ album: Album, in layout: CoverLayout, cell: (width: Int, height: Int)) {
        let request = Request(album: album.id, layout: layout)
        newest.withLock { $0 = request }
        CoverLane.shared.submit(CoverLane.Key(self, "draw")) { [self] in
            // A newer request may have come while this one's worker ran.
            guard newest.withLock({ $0 == request }) else { return }
            let picture = options.coverFile(album).flatMap { file in
                self.picture(of: file, layout: layout, cell: cell)
            }
            onPicture(request, picture)
        }
    }

    private func picture(of file: String, layout: CoverLayout, cell: (width: Int, height: Int))
        -> CoverPicture?
    {
        let arguments = [
            "\(layout.columns)", "\(layout.rows)", "\(cell.width)", "\(cell.height)", "--", file,
        ]
        guard let child = try? SpawnedChild(options.worker + arguments) else { return nil }
        var reading = SpawnedChild.Answer(of: child)
        let answer = reading.whole(within: options.patience, limit: Self.largestAnswer)
        child.end(killing: answer == nil)
        return answer.flatMap(CoverPicture.init(answer:))
    }
}
