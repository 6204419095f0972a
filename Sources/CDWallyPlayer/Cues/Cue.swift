import CDWallyCore

/// A short sound for a box with no screen (docs/PRODUCT.md §11): what a card did, when it did
/// not play.
public enum Cue: String, Sendable, CaseIterable {
    /// No album and no command has the card; or the library is missing.
    case unknownCard = "unknown-card"
    /// The card's album cannot play: hidden by the capacity, gone from the library, or a
    /// command the player refused.
    case refused

    /// The built-in sound: a tone made by FFmpeg's `aevalsrc`, which mpv plays as a file
    /// (`av://lavfi:`), so the package ships no sound files. Commas inside the filter's
    /// expression are escaped, as a filter graph needs.
    var builtInSource: String {
        switch self {
        // Two notes falling, a question: 880 Hz then 660 Hz, 0.3 s.
        case .unknownCard:
            "av://lavfi:aevalsrc=0.3*sin(2*PI*if(lt(t\\,0.12)\\,880\\,660)*t):d=0.3:s=44100"
        // Two low beeps, a no: 220 Hz, 0.12 s on and 0.06 s off, twice.
        case .refused:
            "av://lavfi:aevalsrc=0.3*sin(2*PI*220*t)*lt(mod(t\\,0.18)\\,0.12):d=0.3:s=44100"
        }
    }
}

/// Which cues sound, and from where (`[cards] sounds`, `unknown_sound`, `refused_sound`).
public struct CueSounds: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        case builtIn
        /// A sound file of the user's, anything mpv plays.
        case file(RawPath)
    }

    public var unknownCard: Source?
    public var refused: Source?

    public init(unknownCard: Source? = nil, refused: Source? = nil) {
        self.unknownCard = unknownCard
        self.refused = refused
    }

    /// What mpv loads for `cue`; nil when it is silent.
    func source(of cue: Cue) -> String? {
        switch cue == .unknownCard ? unknownCard : refused {
        case .builtIn: cue.builtInSource
        case .file(let path): path.display
        case nil: nil
        }
    }

    public var isSilent: Bool { unknownCard == nil && refused == nil }
}
