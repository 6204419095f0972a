/// What the MPRIS server says about cdwally itself: the root interface's constant
/// properties and the bus name.
public struct MPRISOptions: Sendable {
    /// The last part of the bus name `org.mpris.MediaPlayer2.<playerName>` (`playerctl -p`).
    public var playerName: String
    /// `Identity`: the name desktop widgets show.
    public var identity: String
    /// `DesktopEntry`: the base name of a `.desktop` file, or nil to leave the property out.
    public var desktopEntry: String?
    /// `CanQuit`: whether `Quit` reaches the delegate.
    public var canQuit: Bool
    /// The shortest time between two PropertiesChanged signals; changes in between are
    /// sent together.
    public var signalInterval: Duration

    public init(
        playerName: String = "cdwally", identity: String = "cdwally", desktopEntry: String? = nil,
        canQuit: Bool = true, signalInterval: Duration = .milliseconds(100)
    ) {
        self.playerName = playerName
        self.identity = identity
        self.desktopEntry = desktopEntry
        self.canQuit = canQuit
        self.signalInterval = signalInterval
    }
}
