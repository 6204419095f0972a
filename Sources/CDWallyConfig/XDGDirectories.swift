import Foundation

/// Where cdwally keeps things, after the XDG Base Directory specification (docs/PRODUCT.md §7):
/// config in `$XDG_CONFIG_HOME/cdwally`, state in `$XDG_STATE_HOME/cdwally`, the index in
/// `$XDG_CACHE_HOME/cdwally`, the control socket in `$XDG_RUNTIME_DIR/cdwally`.
public struct XDGDirectories: Sendable, Equatable {
    public var home: String
    public var configHome: String
    public var cacheHome: String
    public var stateHome: String
    /// Nil when `XDG_RUNTIME_DIR` is unset (a cron job, `su`): the socket then goes to a
    /// private folder under /tmp.
    public var runtimeDir: String?
    /// `$XDG_MUSIC_DIR`, else its entry in `$XDG_CONFIG_HOME/user-dirs.dirs`.
    public var musicDir: String?

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func directory(_ variable: String, _ fallback: String) -> String {
            // The spec says relative values are invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        self.home = home
        configHome = directory("XDG_CONFIG_HOME", ".config")
        cacheHome = directory("XDG_CACHE_HOME", ".cache")
        stateHome = directory("XDG_STATE_HOME", ".local/state")
        runtimeDir = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        if let music = environment["XDG_MUSIC_DIR"], !music.isEmpty {
            musicDir = XDGDirectories.expand(music, home: home)
        } else {
            musicDir = XDGDirectories.userDirsMusic(configHome: configHome, home: home)
        }
    }

    public var cdwallyConfig: String { configHome + "/cdwally" }
    public var cdwallyCache: String { cacheHome + "/cdwally" }
    public var cdwallyState: String { stateHome + "/cdwally" }
    /// Where cdwally's state would be with no `XDG_STATE_HOME`: the one place every player of
    /// this user (same `HOME`) can find, whatever its environment moves.
    public var defaultCdwallyState: String { home + "/.local/state/cdwally" }
    public var defaultConfigFile: String { cdwallyConfig + "/config.toml" }

    /// Reads `XDG_MUSIC_DIR="$HOME/Music"` from user-dirs.dirs, the file xdg-user-dirs writes.
    private static func userDirsMusic(configHome: String, home: String) -> String? {
        guard let text = try? String(contentsOfFile: configHome + "/user-dirs.dirs", encoding: .utf8) else {
            return nil
        }
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("XDG_MUSIC_DIR=") else { continue }
            var value = trimmed.dropFirst("XDG_MUSIC_DIR=".count)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = value.dropFirst().dropLast()
            }
            return value.isEmpty ? nil : expand(String(value), home: home)
        }
        return nil
    }

    /// Expands a leading `~` or `$HOME`.
    public static func expand(_ path: String, home: String) -> String {
        if path == "~" || path == "$HOME" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst(1) }
        if path.hasPrefix("$HOME/") { return home + path.dropFirst(5) }
        return path
    }
}
