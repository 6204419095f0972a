import CDWallyCore
import CDWallyVocabulary
import Foundation

/// What cdwally remembers about one disc: where it was left and when it last played.
public struct DiscResume: Sendable, Hashable {
    /// 1-based index of the track in the disc's play order when it was saved.
    public var trackIndex: Int
    /// That track's file; matched first on resume, so a rescan that renumbers still finds it.
    public var trackPath: RawPath
    /// Seconds into the track.
    public var position: Double
    /// The disc played to its end: it starts from track 1 next time.
    public var finished: Bool
    public var lastPlayed: Date

    public init(trackIndex: Int, trackPath: RawPath, position: Double, finished: Bool, lastPlayed: Date) {
        self.trackIndex = trackIndex
        self.trackPath = trackPath
        self.position = position
        self.finished = finished
        self.lastPlayed = lastPlayed
    }

    /// Where playing `album` resumes: the saved file if the album still holds it, else the
    /// saved index if it is in range, else the start. A finished disc starts over.
    public func resumePoint(in album: Album) -> ResumePoint {
        if finished { return .start }
        if let index = album.tracks.firstIndex(where: { $0.path == trackPath }) {
            return ResumePoint(track: index + 1, position: position)
        }
        if album.tracks.indices.contains(trackIndex - 1) {
            return ResumePoint(track: trackIndex, position: position)
        }
        return .start
    }
}
