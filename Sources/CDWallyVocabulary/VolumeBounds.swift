/// The levels a listener may reach and where `serve` starts (docs/PRODUCT.md §11, "A volume a
/// child cannot blast"): `volume_max` is what a level may be at all (above it, refused as a
/// typo), `volume_limit` and `volume_min` where a level asked beyond them is set instead, and
/// `start_volume` the level every start begins at.
public struct VolumeBounds: Sendable, Hashable {
    /// `[player] volume_max`.
    public var maximum: Int
    /// `[player] volume_limit`; nil: `maximum`.
    public var limit: Int?
    /// `[player] volume_min`; nil: 0.
    public var floor: Int?
    /// `[player] start_volume`; nil: the saved level.
    public var start: Int?

    public init(maximum: Int = 100, limit: Int? = nil, floor: Int? = nil, start: Int? = nil) {
        self.maximum = maximum
        self.limit = limit
        self.floor = floor
        self.start = start
    }

    /// The highest level set.
    public var top: Int { min(max(0, limit ?? maximum), maximum) }
    /// The lowest level set.
    public var bottom: Int { min(max(0, floor ?? 0), top) }

    /// `level` brought within `bottom`…`top`.
    public func clamped(_ level: Int) -> Int {
        min(max(bottom, level), top)
    }

    /// The level a player starts at: `start`, else the saved level (100 when none), within
    /// the bounds; a saved level above a newly set limit starts at the limit.
    public func startLevel(saved: Int?) -> Int {
        clamped(start ?? saved ?? 100)
    }
}
