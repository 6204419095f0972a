/// A readable audio file of the library and what its tags say.
public struct TrackFile: Sendable, Hashable {
    public var path: RawPath
    public var tags: TrackTags

    public init(path: RawPath, tags: TrackTags) {
        self.path = path
        self.tags = tags
    }
}
