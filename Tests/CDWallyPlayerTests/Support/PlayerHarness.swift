import CDWallyCore
import CDWallySystem
import Foundation
import TestSupport

@testable import CDWallyPlayer
@testable import CDWallyVocabulary

/// A real `Player` on real libmpv with a private state folder, recording every event it
/// sends. `close()` shuts the player down and removes the folder.
final class PlayerHarness: Sendable {
    enum Output {
        /// Real-time silence: for tests that pause, seek and look at positions.
        case null
        /// Untimed rendering into `out.wav`: a whole album in a fraction of a second.
        case pcm
        /// Untimed rendering as raw 16-bit mono appended to `out.raw`. What mpv writes
        /// survives an output it closes and opens again between tracks, as it may around a
        /// file that fails to load (a fresh `out.wav` would be truncated).
        case appendedRawPCM
        /// Raw PCM into a named pipe, as in the Snapcast recipe.
        case pipe(String)
        /// A null output that plays at speed 0: it takes its first buffer and no more, while
        /// mpv's core answers (an ALSA stream left prepared and never started).
        case stuckNull
        /// The Snapcast recipe whole: 48 kHz stereo s16 into a named pipe, through the relay
        /// that applies the volume (`PCMRelay`).
        case snapcast(String)
    }

    let player: Player
    /// The player's resume store, shared so tests see what it recorded before it is written.
    let store: ResumeStore
    let directory: TemporaryDirectory
    private let recorded = LockedValue<[PlayerEvent]>([])
    private let listener: Task<Void, Never>

    init(
        wallet: Wallet, output: Output = .null, endOfDisc: EndOfDiscAction = .stop,
        repeatWallet: Bool = false,
        audioDevice: String? = nil, fallBackToNullOutput: Bool = false, directory: TemporaryDirectory? = nil,
        minimumListen: Double = Listen.minimumSeconds
    ) throws {
        let directory = try directory ?? TemporaryDirectory()
        var options: [(name: String, value: String)] = []
        switch output {
        case .null: options = [("ao", "null")]
        case .pcm: options = [("ao", "pcm"), ("ao-pcm-file", directory.file("out.wav").path)]
        case .appendedRawPCM:
            options = [
                ("ao", "pcm"), ("ao-pcm-file", directory.file("out.raw").path), ("ao-pcm-waveheader", "no"),
                ("ao-pcm-append", "yes"), ("audio-format", "s16"), ("audio-channels", "mono"),
            ]
        case .stuckNull: options = [("ao", "null"), ("ao-null-speed", "0")]
        case .pipe(let path): options = [("ao", "pcm"), ("ao-pcm-file", path), ("ao-pcm-waveheader", "no")]
        case .snapcast(let path):
            options = [
                ("ao", "pcm"), ("ao-pcm-file", path), ("ao-pcm-waveheader", "no"), ("audio-format", "s16"),
                ("audio-samplerate", "48000"), ("audio-channels", "stereo"),
            ]
        }
        if audioDevice != nil { options = [] }
        var configuration = PlayerConfiguration(
            stateDirectory: directory.path.appending("state"), audioDevice: audioDevice, mpvOptions: options,
            endOfDisc: endOfDisc, repeatWallet: repeatWallet, fallBackToNullOutput: fallBackToNullOutput)
        configuration.logger.logLevel = .critical
        configuration.minimumListen = minimumListen
        self.directory = directory
        store = ResumeStore(directory: configuration.stateDirectory)
        player = try Player(configuration: configuration, wallet: wallet, resumeStore: store)
        let events = player.events()
        let recorded = recorded
        listener = Task {
            for await event in events { recorded.withLock { $0.append(event) } }
        }
    }

    var events: [PlayerEvent] { recorded.current }

    var stateDirectory: RawPath { directory.path.appending("state") }

    /// Waits until the recorded events satisfy `condition`.
    func waitFor(_ condition: @escaping ([PlayerEvent]) -> Bool) async -> Bool {
        await eventually { condition(self.events) }
    }

    /// The tracks mpv started, in order, as (disc position, track index).
    var startedTracks: [(disc: Int?, track: Int?)] {
        events.compactMap { event in
            if case .trackChanged(let snapshot) = event {
                return (snapshot.disc?.position, snapshot.trackIndex)
            }
            return nil
        }
    }

    var finishedDiscs: [String] {
        events.compactMap { event in
            if case .discFinished(let album) = event { return album.title }
            return nil
        }
    }

    /// Errors and warnings the player raised, which most tests expect none of.
    var notices: [PlayerEvent] {
        events.filter { event in
            switch event {
            case .error, .warning: return true
            default: return false
            }
        }
    }

    /// Shuts the player down; the folder stays for a second player when `keepFiles`.
    func close(keepFiles: Bool = false) async {
        await player.shutdown()
        await listener.value
        if !keepFiles { directory.remove() }
    }
}
