import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What the tests of the playlist's file (its owner and links, a cut in the middle of its
/// write) look at and do from outside: its status and attributes, the files left beside it,
/// another user's command line, a command killed where it stands.
enum PlaylistFiles {
    /// A library of three albums whose playlist holds 1999.
    static func library() throws -> TestLibrary {
        let library = try TestLibrary()
        try library.addAlbum("Prince/1999", artist: "Prince", album: "1999", extraTags: ["DATE": "1982"])
        try library.addAlbum("Björk/Post", artist: "Björk", album: "Post", extraTags: ["DATE": "1995"])
        try library.addAlbum(
            "Sigur Rós/Takk", artist: "Sigur Rós", album: "Takk...", extraTags: ["DATE": "2005"])
        try library.playlist("#EXTM3U\nPrince/1999/01 1999 1.flac\n")
        return library
    }

    static func status(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func text(_ path: String) throws -> String {
        String(decoding: try bytes(path), as: UTF8.self)
    }

    /// The value of the extended attribute `name` (getfattr), or nil.
    static func attribute(_ name: String, of path: String) throws -> String? {
        try output("/usr/bin/getfattr", ["--only-values", "-n", name, path])
    }

    /// The ACL (getfacl, without its header), or nil.
    static func acl(of path: String) throws -> String? {
        try output("/usr/bin/getfacl", ["-c", "-n", path])
    }

    /// The names in `folder` that a playlist write leaves while it runs: temporary files and
    /// backups.
    static func leftovers(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.contains(".cdwally-") || $0.hasPrefix("playlist-backup-") }.sorted()
    }

    /// Runs a tool (`setfacl`, `chown`) and says whether it succeeded.
    @discardableResult
    static func tool(_ path: String, _ arguments: [String]) throws -> Bool {
        try output(path, arguments) != nil
    }

    /// What a tool printed, or nil when it failed.
    static func output(_ path: String, _ arguments: [String]) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// A `CLI` whose home belongs to `user`, and the `setpriv` that makes a command that user,
    /// in `groups`.
    static func user(_ user: uid_t, groups: [gid_t]) throws -> (cli: CLI, wrapper: [String]) {
        let cli = try CLI()
        try tool("/bin/chown", ["-R", "\(user):\(user)", cli.home])
        let membership =
            groups.isEmpty ? "--clear-groups" : "--groups=\(groups.map(String.init).joined(separator: ","))"
        return (cli, ["/usr/bin/setpriv", "--reuid=\(user)", "--regid=\(user)", membership, "--"])
    }

    /// Waits (at most 20 s) until `condition` holds.
    static func wait(for condition: () throws -> Bool) async throws -> Bool {
        let started = ContinuousClock.now
        while ContinuousClock.now - started < .seconds(20) {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Kills with SIGKILL the `cdwally verb` process whose command line names `library`, then
    /// the strace that holds it (which would otherwise sit out its delay); whether there was one.
    static func killCommand(_ verb: String, of library: String) throws -> Bool {
        var killed = false
        for program in ["/cdwally", "/strace"] {
            for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
                guard let pid = Int32(entry),
                    let line = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/cmdline"))
                else { continue }
                let arguments = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                guard arguments.first?.hasSuffix(program) == true, arguments.contains(library),
                    arguments.contains(verb)
                else { continue }
                if kill(pid, SIGKILL) == 0 && program == "/cdwally" { killed = true }
            }
        }
        return killed
    }
}
