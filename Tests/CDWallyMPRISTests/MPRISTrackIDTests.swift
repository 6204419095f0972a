import CDWallyCore
import Testing

@testable import CDWallyMPRIS

@Suite struct MPRISTrackIDTests {
    @Test func albumTrackIDsAreValidPathsOutsideOrgMpris() {
        let id = MPRISTrackID(album: AlbumID(rawValue: "00ff12ab34cd56ef"), trackIndex: 12)
        #expect(id.objectPath == "/org/cdwally/track/00ff12ab34cd56ef/12")
        #expect(MPRISTrackID(objectPath: id.objectPath) == id)
        // The same album and track give the same id: it survives rescans and restarts.
        #expect(
            MPRISTrackID(album: AlbumID(identityKey: "x"), trackIndex: 1).objectPath
                == MPRISTrackID(album: AlbumID(identityKey: "x"), trackIndex: 1).objectPath)
    }

    @Test func oddCharactersAreEscaped() {
        let id = MPRISTrackID(album: AlbumID(rawValue: "a-b_é"), trackIndex: -1)
        #expect(id.objectPath == "/org/cdwally/track/a_2db_5f_c3_a9/_2d1")
        #expect(MPRISTrackID(objectPath: id.objectPath) != nil)
        #expect(
            MPRISTrackID(album: AlbumID(rawValue: ""), trackIndex: 0).objectPath == "/org/cdwally/track/_/0")
    }

    @Test func invalidOrReservedPathsAreRefused() {
        for path in [
            "", "org/cdwally", "/org/cdwally/", "//x", "/org/cd-wally", "/org/cdwally/é", "/org/mpris",
            "/org/mpris/MediaPlayer2/TrackList/NoTrack",
        ] {
            #expect(MPRISTrackID(objectPath: path) == nil, "\(path)")
        }
        #expect(MPRISTrackID(objectPath: "/") != nil)
        #expect(MPRISTrackID(objectPath: "/org/mprisx/a") != nil)
    }
}
