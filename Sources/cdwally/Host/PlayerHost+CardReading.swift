import CDWallyConfig
import CDWallyCore
import CDWallyKeys
import Logging

extension PlayerHost {
    /// The card readers `[cards] reader` names; `.none` without one.
    static func cardReaders(_ settings: Settings) -> CardReaderSelection {
        CardReaderSelection(configured: settings.config?.cardReaders?.value ?? [])
    }

    /// Reads cards from the configured readers, grabbed (docs/PRODUCT.md §11), and hands each
    /// to `cardRead` in the order they were read; stopped at shutdown. Nothing without a
    /// reader configured. A reader not plugged in yet is opened when it is.
    func startCardReader(_ selection: CardReaderSelection) async throws {
        guard !selection.isEmpty else { return }
        readsCards.set(true)
        let logger = Logger(label: "cdwally.cards")
        // One task takes the cards in order: a task per card could swap two quick reads.
        let (reads, delivery) = AsyncStream.makeStream(of: CardRead.self)
        let reader = CardReader(
            selection: selection,
            onNotice: { notice in PlayerHost.log(notice, logger) },
            onCard: { read in
                logger.debug("card \(read.number) read by \(read.name) (\(read.path.display))")
                delivery.yield(read)
            })
        let cards = Task { [weak self] in
            for await read in reads { await self?.cardRead(read.number, from: read.name) }
        }
        do {
            try await reader.start()
        } catch {
            delivery.finish()
            throw error
        }
        onShutdown {
            reader.stop()
            delivery.finish()
            await cards.value
        }
    }

    /// Reads the configured readers while `serve` waits for its library (docs/PRODUCT.md §11):
    /// a card then plays nothing, and is said. Nil without a reader configured.
    static func startWaitingCardReader(_ settings: Settings, awaited: String) async throws -> CardReader? {
        let selection = cardReaders(settings)
        guard !selection.isEmpty else { return nil }
        let logger = Logger(label: "cdwally.cards")
        let reader = CardReader(
            selection: selection,
            onNotice: { notice in PlayerHost.log(notice, logger) },
            onCard: { read in
                logger.info(
                    "card \(read.number) read by \(read.name) while waiting for \(awaited): nothing plays")
            })
        try await reader.start()
        return reader
    }

    private static func log(_ notice: CardReaderNotice, _ logger: Logger) {
        switch notice {
        case .opened, .removed, .absent: logger.info("\(notice)")
        case .unreadable, .problem: logger.warning("\(notice)")
        }
    }
}

extension PlayerHost {
    /// While `card assign` waits and no reader is configured (docs/PRODUCT.md §11: the device
    /// that typed the card is the reader): every device that types digits and Enter is read,
    /// ungrabbed, for at most `duration`; its card goes to `cardRead` as a reader's would, and
    /// the log gives the `[cards]` line that names that device from then on.
    func discoverReader(for duration: Duration) async {
        let logger = Logger(label: "cdwally.cards")
        do {
            guard let read = try await CardReader.nextCard(.discover, within: duration) else { return }
            logger.notice("card \(read.number) was \(CardReader.discoveryAdvice(for: read))")
            await cardRead(read.number, from: read.name)
        } catch {
            logger.warning("looking for the card reader: \(error)")
        }
    }
}
