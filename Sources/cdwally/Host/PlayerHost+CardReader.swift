import CDWallyCore

// stand-in until cardplay merges
extension PlayerHost {
    /// What a card read does is the `cardplay` branch's (`PlayerHost+Cards.swift`); until it
    /// merges, a read is only logged.
    func cardRead(_ number: CardNumber, from device: String?) async {
        logger.info("card \(number) read\(device.map { " by \($0)" } ?? ""); cards play nothing yet")
    }
}
