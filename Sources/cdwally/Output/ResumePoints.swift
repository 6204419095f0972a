import CDWallyCore
import CDWallyPlayer
import CDWallyVocabulary

/// The saved resume points of the discs, for `discs` to show. A damaged file shows none; a
/// newer cdwally's is refused (`PlayerError.newerStateFile`) rather than shown as none.
struct ResumePoints {
    private let store: ResumeStore

    init(stateFolder: String) throws(PlayerError) {
        store = ResumeStore(directory: RawPath(stateFolder))
        if case .newerStateFile = store.loadProblem, let problem = store.loadProblem { throw problem }
    }

    /// Where playing `album` again would start, when it is somewhere past the very start.
    subscript(album: Album) -> AlbumJSON.Resume? {
        guard let point = store.resumePoint(for: album), point != .start else { return nil }
        return AlbumJSON.Resume(track: point.track, position: point.position)
    }
}
