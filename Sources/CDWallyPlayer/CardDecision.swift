import CDWallyCore
import CDWallyVocabulary

/// What a card read comes to (`CardReadRules.decide`), before the host performs it.
public enum CardDecision: Sendable, Hashable {
    /// The player waits for its library: the card is shown as the last card and nothing else.
    case libraryMissing
    /// A command card: the verb `[cards]` gives it.
    case command(PlayerCommand)
    /// No card line and no command names the number: the card is shown, nothing plays.
    case unknown
    /// Its album, from its saved place, as `play ID` does.
    case play(AlbumID)
    /// Its album is the current disc already: `card_again` says what happens.
    case again(CardReadRules.Again)
}
