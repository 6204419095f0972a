/// The ID3v2 revision to write into MP3, WAV and AIFF files. 2.3 is what older players
/// and Windows read best; 2.4 is the current standard and TagLib's default.
public enum ID3v2Version: Int, Sendable, CaseIterable {
    case v3 = 3
    case v4 = 4
}
