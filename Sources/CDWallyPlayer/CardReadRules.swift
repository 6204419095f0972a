import CDWallyCore
import CDWallyVocabulary

/// What a card read does (docs/PRODUCT.md §11, "a card reader is a CD slot"), decided from the
/// card, the clock and what the player holds, with no device and no player: the host reads the
/// situation, asks `counts` then `decide`, and performs the decision. A value, so the rules are
/// tested from scripted sequences with a clock the test moves.
public struct CardReadRules: Sendable {
    /// What the same card read again does while its album is the current disc (`card_again`
    /// under `[cards]`).
    public enum Again: String, Sendable, CaseIterable {
        /// Pause if playing, else play on: a card is the disc's play/pause button.
        case toggle
        /// The album again from its first track.
        case restart
        /// Nothing at all.
        case ignore
    }

    /// What the host knows when a card counts.
    public struct Situation: Sendable, Hashable {
        /// The player waits for its library (a disk not mounted yet, or pulled): no card plays.
        public var libraryMissing: Bool
        /// The album the card's line in the wallet's playlist names, if any.
        public var album: AlbumID?
        /// The album of the disc the player holds (playing, paused or stopped), if any.
        public var current: AlbumID?

        public init(libraryMissing: Bool = false, album: AlbumID? = nil, current: AlbumID? = nil) {
            self.libraryMissing = libraryMissing
            self.album = album
            self.current = current
        }
    }

    /// Keyboard-wedge readers retype a card that lies on them, most every 0.3 to 1 s while the
    /// field holds it; 2 s spans two such repeats with room for a slow one, and is still shorter
    /// than a child takes to lift a card and put it back on purpose.
    public static let repeatWindow: Duration = .seconds(2)

    public var again: Again
    /// Command cards: numbers `[cards]` gives a verb instead of an album. They win over a card
    /// line of the playlist with the same number: the config is the box's own word.
    public var commands: [CardNumber: PlayerCommand]
    private var lastRead: (number: CardNumber, at: ContinuousClock.Instant)?

    public init(again: Again = .toggle, commands: [CardNumber: PlayerCommand] = [:]) {
        self.again = again
        self.commands = commands
    }

    /// False for the same number again within `repeatWindow` of its last read, which it moves
    /// on: a card left on a reader that retypes it every second counts once, however long it
    /// lies there. Another number in between makes the next read count.
    public mutating func counts(_ number: CardNumber, at now: ContinuousClock.Instant) -> Bool {
        defer { lastRead = (number, now) }
        guard let lastRead, lastRead.number == number else { return true }
        return now - lastRead.at >= Self.repeatWindow
    }

    /// What a card that counts does.
    public func decide(_ number: CardNumber, in situation: Situation) -> CardDecision {
        if let command = commands[number] {
            return situation.libraryMissing ? .libraryMissing : .command(command)
        }
        if situation.libraryMissing { return .libraryMissing }
        guard let album = situation.album else { return .unknown }
        guard album == situation.current else { return .play(album) }
        return .again(again)
    }
}
