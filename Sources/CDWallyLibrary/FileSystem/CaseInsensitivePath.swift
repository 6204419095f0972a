import CDWallyCore
import CDWallySystem

/// Finds the file a path names when only the case of its letters differs, as in a playlist
/// written on Windows, where `music\AIR\moon safari\01 intro.flac` is the same file as
/// `Music/Air/Moon Safari/01 Intro.flac` (docs/PRODUCT.md §2).
enum CaseInsensitivePath {
    enum Lookup: Equatable {
        /// The existing path that matches, component by component.
        case found(RawPath)
        /// Nothing matches; `lastFolder` is the deepest folder reached, whose listing lacked
        /// the next component. Only an entry created in it can make the path appear, so its
        /// stamp is what a remembered miss depends on (`WalletMemo`). Nil for a relative path.
        case missing(lastFolder: RawPath?)
    }

    /// The existing path that matches `path` component by component, ignoring case; the first
    /// in byte order when several do. Nil when none does.
    static func find(_ path: RawPath) -> RawPath? {
        if case .found(let found) = lookUp(path) { found } else { nil }
    }

    static func lookUp(_ path: RawPath) -> Lookup {
        guard path.isAbsolute else { return .missing(lastFolder: nil) }
        var found = RawPath("/")
        for component in path.components {
            let exact = found.appending(RawPath(bytes: Array(component)))
            if FileStatus.of(exact) != nil {
                found = exact
                continue
            }
            guard let listing = try? DirectoryListing.read(found) else { return .missing(lastFolder: found) }
            let wanted = RawPath(bytes: Array(component)).display.lowercased()
            guard
                let match = (listing.subdirectories + listing.files).map(\.path).sorted()
                    .first(where: { $0.lastComponent.display.lowercased() == wanted })
            else { return .missing(lastFolder: found) }
            found = match
        }
        return .found(found)
    }
}
