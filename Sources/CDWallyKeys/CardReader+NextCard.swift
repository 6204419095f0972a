import CDWallyCore
import Foundation

extension CardReader {
    /// The next card read on `selection`'s readers, or nil when none came within `timeout`:
    /// what `card assign` waits for when no player holds the readers. With `.discover` (no
    /// reader configured), the device that types the card is the reader, and
    /// `configLine(for:)` says how to name it in the config.
    public static func nextCard(
        _ selection: CardReaderSelection, within timeout: Duration,
        directory: RawPath = InputKeyReader.defaultDirectory,
        onNotice: @escaping @Sendable (CardReaderNotice) -> Void = { _ in }
    ) async throws(InputError) -> CardRead? {
        let (reads, delivery) = AsyncStream.makeStream(
            of: CardRead.self, bufferingPolicy: .bufferingOldest(1))
        let reader = CardReader(
            selection: selection, directory: directory, onNotice: onNotice, onCard: { delivery.yield($0) })
        try await reader.start()
        defer { reader.stop() }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            delivery.finish()
        }
        defer { timer.cancel() }
        for await read in reads { return read }
        return nil
    }

    /// Where `read` came from and how to read cards from there on, for a card found by
    /// discovery: "typed by NAME (PATH); to read cards from it, put reader = … under [cards]…".
    public static func discoveryAdvice(for read: CardRead) -> String {
        "typed by \(read.name) (\(read.path.display)); to read cards from it, put \(configLine(for: read)) "
            + "under [cards] in the config"
    }

    /// The `[cards]` line that names the reader that typed `read`: its `by-id` link, which
    /// stays the same whatever port it is plugged into and whatever else is plugged in, where
    /// udev made one (a USB reader); else its name.
    public static func configLine(for read: CardRead, byID: RawPath = RawPath("/dev/input/by-id")) -> String {
        let value = link(to: read.path, in: byID)?.display ?? read.name
        let quoted = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "\"", with: "\\\"")
        return "reader = \"\(quoted)\""
    }

    /// The entry of `folder` that leads to the same node as `path`; a keyboard's `-event-kbd`
    /// link before its others (`-if01-event-kbd`, a mouse half).
    private static func link(to path: RawPath, in folder: RawPath) -> RawPath? {
        guard let node = NodeIdentity.of(path),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.display)
        else { return nil }
        let links = names.sorted().map { folder.appending(RawPath($0)) }.filter {
            NodeIdentity.of($0) == node
        }
        return links.first { $0.display.hasSuffix("-event-kbd") } ?? links.first
    }
}
