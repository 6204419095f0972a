/// Where playing a disc starts: a 1-based track index and seconds into that track.
public struct ResumePoint: Sendable, Hashable {
    public var track: Int
    public var position: Double

    public init(track: Int, position: Double) {
        self.track = track
        self.position = position
    }

    public static let start = ResumePoint(track: 1, position: 0)
}
