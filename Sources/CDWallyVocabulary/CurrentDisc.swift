import CDWallyCore

/// The disc the player holds, and where it sits in the wallet.
public struct CurrentDisc: Sendable, Hashable {
    public var album: Album
    /// 1-based wallet position; nil when a wallet update left the disc out (it plays on
    /// until it ends or another disc is chosen).
    public var position: Int?

    public init(album: Album, position: Int?) {
        self.album = album
        self.position = position
    }
}
