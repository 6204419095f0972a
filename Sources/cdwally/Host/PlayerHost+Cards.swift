import CDWallyControl
import CDWallyCore
import CDWallyLibrary
import CDWallyPlayer
import CDWallyVocabulary
import Foundation

extension PlayerHost {
    typealias LastCard = PlayerStatus.LastCard

    /// A card was read (docs/PRODUCT.md §11): by a reader (`device`, its name or its
    /// `/dev/input/by-id` path) or over the control socket (`device` nil, `cdwally card read`).
    /// Every door that reads cards calls this one method; what the card does is decided here
    /// (`CardReadRules`), and it becomes the last card read, whatever it did.
    func cardRead(_ number: CardNumber, from device: String?) async {
        _ = await readCard(number, from: device)
    }

    /// `cardRead`, returning the card as it is now the last card; nil for a repeat of the last
    /// one, which counts for nothing (`CardReadRules.repeatWindow`).
    func readCard(_ number: CardNumber, from device: String?) async -> LastCard? {
        let source = device ?? "the control socket"
        guard cardDesk.counts(number) else {
            logger.debug("card \(number) from \(source) again within 2 s of its last read: counted once")
            return nil
        }
        var card = LastCard(
            number: number.text, device: device, at: Date().timeIntervalSince1970, outcome: .assigning)
        // A `card assign` waiting takes the card: playing it too would play the album it leaves.
        if cardDesk.handOver(card) {
            logger.info("card \(number) from \(source): taken by `cdwally card assign`")
            return card
        }
        await decide(&card, number)
        cardDesk.remember(card)
        let line = "card \(number) from \(source)\(card.album.map { " (\($0))" } ?? ""): "
        switch card.outcome {
        case .refused: logger.warning("\(line)refused: \(card.detail ?? "")")
        case .unknown: logger.info("\(line)unknown: no album and no command has it")
        case .libraryMissing:
            logger.info("\(line)nothing played: waiting for \(waitingFor.current ?? "the library")")
        default: logger.info("\(line)\(card.outcome.rawValue)\(card.detail.map { " \($0)" } ?? "")")
        }
        // A child has no screen: a card that played nothing says so, if the config asks.
        switch card.outcome {
        case .unknown, .libraryMissing: sound(.unknownCard)
        case .refused: sound(.refused)
        default: break
        }
        return card
    }

    private func decide(_ card: inout LastCard, _ number: CardNumber) async {
        let rules = cardDesk.rules.current
        let missing = waitingFor.current != nil
        var line: LibraryService.CardInfo?
        if !missing, rules.commands[number] == nil {
            do {
                line = try await cardDesk.lookUp.current(number)
            } catch {
                return refuse(&card, "\(error)")
            }
        }
        if let line {
            guard let disc = line.disc else {
                card.album = line.label
                return refuse(&card, "its line in the playlist leads to no album of the library")
            }
            card.albumID = disc.id.rawValue
            card.album = LibraryService.cardLabel(disc)
        }
        let situation = CardReadRules.Situation(
            libraryMissing: missing, album: line?.disc?.id, current: view.snapshot.disc?.album.id)
        switch rules.decide(number, in: situation) {
        case .libraryMissing: card.outcome = .libraryMissing
        case .unknown: card.outcome = .unknown
        case .again(.ignore): card.outcome = .ignored
        case .again(.toggle):
            await outcome(&card, .toggled) { await self.result(of: .toggle) }
        case .again(.restart):
            await outcome(&card, .restarted) { await self.result(playing: line?.disc?.id, fromStart: true) }
        case .play(let id):
            // The card line names a disc the capacity hides: refused as `play` refuses it (§11).
            guard line?.position != nil else {
                let capacity = setup.current?.capacity ?? 0
                return refuse(
                    &card,
                    "\(card.album ?? id.rawValue) is hidden by the capacity of \(Format.count(capacity, "disc")); "
                        + "raise capacity or remove a disc")
            }
            await outcome(&card, .played) { await self.result(playing: id, fromStart: false) }
        case .command(let command):
            card.detail = PlayerVerb.wire(command).map { Self.words($0.name, $0.fields) } ?? "\(command)"
            await outcome(&card, .command) { await self.result(of: command) }
        }
    }

    private func refuse(_ card: inout LastCard, _ reason: String) {
        card.outcome = .refused
        card.detail = reason
    }

    private func outcome(
        _ card: inout LastCard, _ success: LastCard.Outcome,
        _ body: () async -> Result<PlayerSnapshot, PlayerError>
    ) async {
        switch await body() {
        case .success: card.outcome = success
        case .failure(let error): refuse(&card, error.description)
        }
    }

    private func result(of command: PlayerCommand) async -> Result<PlayerSnapshot, PlayerError> {
        do {
            return .success(try await perform(command))
        } catch {
            return .failure(error)
        }
    }

    private func result(playing id: AlbumID?, fromStart: Bool) async -> Result<PlayerSnapshot, PlayerError> {
        guard let id else { return await result(of: .play(disc: nil, fromStart: fromStart)) }
        return await withCheckedContinuation { continuation in
            Task { await self.play(album: id, fromStart: fromStart) { continuation.resume(returning: $0) } }
        }
    }

    /// A command's words for people: `disc random`, `sleep 30m`.
    private static func words(_ name: String, _ fields: [(String, JSONValue)]) -> String {
        ([name]
            + fields.compactMap {
                $0.1.stringValue ?? $0.1.intValue.map(String.init) ?? $0.1.doubleValue.map { "\($0)" }
            }).joined(
                separator: " ")
    }

    /// The socket's card requests: `card-read` answered once the card did what it does,
    /// `next-card` by the next card read or a refusal when none comes in time.
    func answerCards(_ request: ControlRequest, answer: @escaping @Sendable (ControlResponse) -> Void) async {
        switch request {
        case .cardRead(let number):
            _ = await readCard(number, from: nil)
            answer(.ok(PlayerStatus(snapshot: view.snapshot)))
        case .nextCard(let seconds, let pid):
            // No reader configured: the device that types the card is the reader (§11).
            let discovery = readsCards.current ? nil : Task { await discoverReader(for: .seconds(seconds)) }
            defer { discovery?.cancel() }
            guard await cardDesk.nextCard(within: seconds, for: pid) != nil else {
                return answer(
                    .failure(ControlFailure(code: .noCard, message: "no card was read within \(seconds) s")))
            }
            answer(.ok(PlayerStatus(snapshot: view.snapshot)))
        default:
            answer(.failure(ControlFailure(code: .failed, message: "not a card request")))
        }
    }
}
