import CDWallyCore
import CDWallySystem
import CDWallyVocabulary

/// What MPRIS publishes for each snapshot, with the playing disc's `mpris:artUrl` added when
/// it is found: the snapshot goes out at once with the art already known for its disc, and a
/// lookup runs on the `CoverLane`, whose answer publishes the latest snapshot again with it.
/// A track change never waits on a disk.
///
/// The art is looked up once per disc. A disc without a cover found is asked again when its
/// track changes, never on every snapshot: the engine publishes a disc the moment it is
/// chosen, and a lookup then can come up empty (a cover folder still being written, TagLib
/// racing the background index on a slow board) where the same lookup a track later finds the
/// picture.
///
/// Threads: `show` from the bridge's task; lookups on the lane. `publish` is called under the
/// lock, so the bus sees the snapshots in order, each with the art of its own disc.
final class CoverLookup: Sendable {
    private struct Shown {
        var snapshot: PlayerSnapshot?
        var album: AlbumID?
        var track: Int?
        var url: String?
    }

    private let coverFile: @Sendable (Album) -> String?
    private let publish: @Sendable (PlayerSnapshot, _ artURL: String?) -> Void
    private let shown = LockedValue(Shown())

    init(
        coverFile: @escaping @Sendable (Album) -> String?,
        publish: @escaping @Sendable (PlayerSnapshot, _ artURL: String?) -> Void
    ) {
        self.coverFile = coverFile
        self.publish = publish
    }

    /// Publishes `snapshot`, and looks up its disc's art when it is not known yet.
    func show(_ snapshot: PlayerSnapshot) {
        let wanted = shown.withLock { shown -> Album? in
            shown.snapshot = snapshot
            guard let disc = snapshot.disc else {
                publish(snapshot, nil)
                return nil
            }
            let track = snapshot.trackIndex
            var wanted: Album?
            if disc.album.id != shown.album {
                (shown.album, shown.url) = (disc.album.id, nil)
                wanted = disc.album
            } else if shown.url == nil && track != shown.track {
                wanted = disc.album
            }
            shown.track = track
            publish(snapshot, shown.url)
            return wanted
        }
        if let wanted { lookUp(wanted) }
    }

    private func lookUp(_ album: Album) {
        CoverLane.shared.submit(CoverLane.Key(self, "art")) { [self] in
            let url = coverFile(album).map { RawPath($0).fileURL }
            shown.withLock { shown in
                guard shown.album == album.id, let url, url != shown.url else { return }
                shown.url = url
                if let snapshot = shown.snapshot, snapshot.disc?.album.id == album.id {
                    publish(snapshot, url)
                }
            }
        }
    }
}
