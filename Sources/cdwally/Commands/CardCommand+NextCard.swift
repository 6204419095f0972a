import CDWallyConfig
import CDWallyControl
import CDWallyCore
import CDWallyKeys
import CDWallyLibrary
import Glibc

/// Where `card assign` without `--card` gets its card (docs/PRODUCT.md §11): from the running
/// player, which holds the readers, or, with none running, from the readers themselves.
extension CardCommand {
    /// The next card read for `album`, found first, so that a typo is said before anyone
    /// fetches a card.
    static func nextCard(for album: AlbumSummary, within waitSeconds: Int, settings: Settings) async throws
        -> CardNumber
    {
        let name = "\(album.albumArtist) — \(album.title)"
        if let number = try playersNextCard(for: name, within: waitSeconds, environment: settings.environment)
        {
            return number
        }
        return try await readersNextCard(
            for: name, within: waitSeconds, selection: PlayerHost.cardReaders(settings))
    }

    /// The next card the running player reads, asked for over its socket; nil when no player
    /// runs, before anything is said.
    private static func playersNextCard(
        for name: String, within waitSeconds: Int, environment: [String: String]
    )
        throws -> CardNumber?
    {
        let client: ControlClient
        do {
            client = try ControlLink.connect(environment: environment, timeout: .seconds(waitSeconds + 10))
        } catch {
            if case .noPlayer = error { return nil }
            throw error
        }
        StandardError.emit(
            "cdwally: read the card for \(name) on the player's reader (waiting \(waitSeconds) s)\n")
        let response = try client.send(.nextCard(seconds: waitSeconds, pid: getpid()))
        switch response {
        case .ok(let status):
            guard let number = status.lastCard.flatMap({ CardNumber($0.number) }) else {
                throw CommandFailure(
                    message: "the player answered with no card", code: ExitStatus.protocolError)
            }
            return number
        case .failure(let failure) where failure.code == .noCard:
            throw noCardCame(within: waitSeconds)
        case .failure(let failure):
            throw failure
        }
    }

    /// The next card read on the configured readers, grabbed, or with none configured on every
    /// device that types a number and Enter: the one that does is the reader, and the config
    /// line that names it is said.
    private static func readersNextCard(
        for name: String, within waitSeconds: Int, selection configured: CardReaderSelection
    ) async throws -> CardNumber {
        let discovering = configured.isEmpty
        StandardError.emit(
            "cdwally: no player runs: read the card for \(name) on "
                + (discovering
                    ? "a card reader; none is configured, so any device that types one is read"
                    : "the reader")
                + " (waiting \(waitSeconds) s)\n")
        let read = try await CardReader.nextCard(
            discovering ? .discover : configured, within: .seconds(waitSeconds),
            onNotice: { notice in
                switch notice {
                case .opened, .removed: break
                case .absent, .unreadable, .problem: StandardError.emit("cdwally: \(notice)\n")
                }
            })
        guard let read else { throw noCardCame(within: waitSeconds) }
        if discovering {
            StandardError.emit("cdwally: the card was \(CardReader.discoveryAdvice(for: read))\n")
        }
        return read.number
    }

    private static func noCardCame(within waitSeconds: Int) -> CommandFailure {
        CommandFailure(
            message: "no card was read within \(waitSeconds) s; nothing changed",
            code: ExitStatus.temporaryFailure)
    }
}
