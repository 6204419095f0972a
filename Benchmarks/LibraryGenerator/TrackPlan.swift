/// One generated track: where it goes, relative to the library root, and its tags as
/// property-map keys and values (the form `TagWriter` takes).
struct TrackPlan: Sendable {
    var path: String
    var title: String
    var artist: String
    var disc: Int
    var properties: [String: [String]]
}
