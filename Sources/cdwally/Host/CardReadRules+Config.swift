import CDWallyConfig
import CDWallyCore
import CDWallyPlayer
import CDWallyVocabulary

extension CardReadRules {
    /// The rules `[cards]` sets: `card_again`, and the command cards, each read as the verb's
    /// words (`PlayerVerb.command(words:)`); a bad one is a config error naming its line.
    init(settings: Settings) throws(ConfigError) {
        guard let config = settings.config else {
            self.init()
            return
        }
        var commands: [CardNumber: PlayerCommand] = [:]
        for card in config.cards {
            guard let number = CardNumber(card.number) else { continue }
            do throws(PlayerVerbError) {
                commands[number] = try PlayerVerb.command(words: card.action)
            } catch {
                throw .invalidValue(
                    file: config.path, line: card.line, key: "cards.\(card.number)", message: error.message)
            }
        }
        self.init(
            again: config.cardAgain.flatMap { Again(rawValue: $0.value) } ?? .toggle, commands: commands)
    }
}
