/// The formats the generator writes, each copied from its template in
/// `Benchmarks/Templates/` and retagged the way that format's taggers do it.
enum AudioFormat: String, CaseIterable, Sendable {
    case flac, mp3, ogg, opus, m4a

    var fileExtension: String { rawValue }
    var templateName: String { "template." + rawValue }

    /// How often each format turns up, roughly as in a library ripped over the years.
    static let weights: [(AudioFormat, Double)] = [
        (.flac, 0.35), (.mp3, 0.30), (.m4a, 0.15), (.ogg, 0.10), (.opus, 0.10),
    ]

    /// Vorbis comments hold a total in its own field (TRACKTOTAL, DISCTOTAL); ID3v2 and MP4
    /// hold "3/12" in the number itself.
    var separateTotals: Bool {
        switch self {
        case .flac, .ogg, .opus: true
        case .mp3, .m4a: false
        }
    }

    /// Whether mpv and ffmpeg join tracks of this format sample-exactly (docs/PLATFORM-NOTES.md §6):
    /// the gap figure is measured on these.
    var isSampleExact: Bool {
        switch self {
        case .flac, .mp3, .opus: true
        case .ogg, .m4a: false
        }
    }
}
