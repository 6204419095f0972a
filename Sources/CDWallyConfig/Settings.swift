import Foundation

/// The settings every command starts from, resolved with flags beating environment
/// variables, which beat the config file, which beats the defaults (docs/PRODUCT.md §1, §8).
public struct Settings: Sendable {
    /// What the command line said, before anything is resolved.
    public struct Flags: Sendable {
        public var library: String?
        public var playlist: String?
        public var capacity: Int?
        public var config: String?
        public var stateDir: String?

        public init(
            library: String? = nil, playlist: String? = nil, capacity: Int? = nil, config: String? = nil,
            stateDir: String? = nil
        ) {
            self.library = library
            self.playlist = playlist
            self.capacity = capacity
            self.config = config
            self.stateDir = stateDir
        }
    }

    /// A library folder that was considered, and who proposed it.
    public struct LibraryCandidate: Sendable, Equatable {
        public var path: String
        public var source: String
    }

    public static let defaultCapacity = 20

    public var directories: XDGDirectories
    public var config: ConfigFile?
    /// The library folders considered, in order; the first that exists is the library. An
    /// explicit choice (flag, environment, config) is the only candidate: it is never
    /// silently replaced by a default.
    public var libraryCandidates: [LibraryCandidate]
    /// `--playlist`, `$CDWALLY_PLAYLIST` or `playlist` in the config file: wins outright.
    public var playlist: String?
    public var capacity: Int
    /// The user's state folder: resume points, listens, the volume, web pairings, and each
    /// library's notes below it. `--state-dir`, `$CDWALLY_STATE_DIR`, `state_dir` in the config,
    /// else `$XDG_STATE_HOME/cdwally`. Not keyed by the library's path, so that a library moved
    /// or mounted elsewhere keeps its state (docs/PRODUCT.md §11).
    public var stateFolder: String
    /// Who chose `stateFolder` ("--state-dir", "$CDWALLY_STATE_DIR", "state_dir in FILE"), nil
    /// for the default.
    public var stateFolderSource: String?
    public var environment: [String: String]

    public static func resolve(
        flags: Flags, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ConfigError) -> Settings {
        let directories = XDGDirectories(environment: environment)
        let config = try loadConfig(flags: flags, environment: environment, directories: directories)
        let cwd = FileManager.default.currentDirectoryPath
        func absolute(_ path: String) -> String {
            let expanded = XDGDirectories.expand(path, home: directories.home)
            return expanded.hasPrefix("/") ? expanded : cwd + "/" + expanded
        }

        var candidates: [LibraryCandidate] = []
        if let flag = flags.library {
            candidates = [.init(path: absolute(flag), source: "--library")]
        } else if let variable = environment["CDWALLY_LIBRARY"], !variable.isEmpty {
            candidates = [.init(path: absolute(variable), source: "$CDWALLY_LIBRARY")]
        } else if let setting = config?.library {
            candidates = [.init(path: setting.value, source: "library in \(config?.path ?? "config")")]
        } else {
            if let music = directories.musicDir {
                candidates.append(.init(path: absolute(music), source: "XDG_MUSIC_DIR"))
            }
            candidates.append(.init(path: directories.home + "/Music", source: "~/Music"))
        }

        var playlist: String?
        if let flag = flags.playlist {
            playlist = absolute(flag)
        } else if let variable = environment["CDWALLY_PLAYLIST"], !variable.isEmpty {
            playlist = absolute(variable)
        } else {
            playlist = config?.playlist?.value
        }

        var capacity = config?.capacity?.value ?? defaultCapacity
        if let variable = environment["CDWALLY_CAPACITY"], let number = Int(variable), number >= 0 {
            capacity = number
        }
        if let flag = flags.capacity { capacity = flag }

        var stateFolder = directories.cdwallyState
        var stateFolderSource: String?
        if let flag = flags.stateDir, !flag.isEmpty {
            stateFolder = absolute(flag)
            stateFolderSource = "--state-dir"
        } else if let variable = environment["CDWALLY_STATE_DIR"], !variable.isEmpty {
            stateFolder = absolute(variable)
            stateFolderSource = "$CDWALLY_STATE_DIR"
        } else if let setting = config?.stateDir {
            stateFolder = setting.value
            stateFolderSource = "state_dir in \(config?.path ?? "config")"
        }

        return Settings(
            directories: directories, config: config, libraryCandidates: candidates, playlist: playlist,
            capacity: capacity, stateFolder: stateFolder, stateFolderSource: stateFolderSource,
            environment: environment)
    }

    /// `--config FILE` or `$CDWALLY_CONFIG` must exist; the default file is optional.
    private static func loadConfig(flags: Flags, environment: [String: String], directories: XDGDirectories)
        throws(ConfigError) -> ConfigFile?
    {
        if let explicit = flags.config ?? environment["CDWALLY_CONFIG"].flatMap({ $0.isEmpty ? nil : $0 }) {
            return try ConfigFile.load(
                path: XDGDirectories.expand(explicit, home: directories.home), home: directories.home)
        }
        let path = directories.defaultConfigFile
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try ConfigFile.load(path: path, home: directories.home)
    }
}
