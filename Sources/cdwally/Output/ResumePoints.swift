import CDWallyCore
import CDWallyPlayer

/// The saved resume points of the discs, for `discs` to show.
struct ResumePoints {
    private let store: ResumeStore

    init(stateFolder: String) {
        store = ResumeStore(directory: RawPath(stateFolder))
    }

    /// Where playing `album` again would start, when it is somewhere past the very start.
    subscript(album: Album) -> AlbumJSON.Resume? {
        guard let point = store.resumePoint(for: album), point != .start else { return nil }
        return AlbumJSON.Resume(track: point.track, position: point.position)
    }
}
