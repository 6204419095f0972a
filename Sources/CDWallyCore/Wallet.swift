/// The discs the CDs playlist names, merged, sorted and cut to capacity. Positions are
/// 1-based: `discs[0]` is disc 1.
public struct Wallet: Sendable, Hashable {
    /// The discs shown, in wallet order.
    public var discs: [Album]
    /// How many discs the playlist yields before capacity hides any.
    public var total: Int
    /// The most discs shown; 0 means no limit.
    public var capacity: Int

    public init(discs: [Album], total: Int, capacity: Int) {
        self.discs = discs
        self.total = total
        self.capacity = capacity
    }

    public static let empty = Wallet(discs: [], total: 0, capacity: 0)

    /// Discs the capacity leaves out.
    public var hidden: Int { total - discs.count }

    /// The disc at a 1-based wallet position, or nil when out of range.
    public func disc(at position: Int) -> Album? {
        discs.indices.contains(position - 1) ? discs[position - 1] : nil
    }

    /// The 1-based position of the disc with this id, if the wallet holds it.
    public func position(of id: AlbumID) -> Int? {
        discs.firstIndex(where: { $0.id == id }).map { $0 + 1 }
    }
}
