import ArgumentParser

/// The options every command takes, before or after the subcommand's name (docs/PRODUCT.md §8).
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("The music library folder.", valueName: "dir"),
        completion: .directory)
    var library: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Use this playlist as the wallet instead of finding CDs.m3u(8).", valueName: "file"),
        completion: .file(extensions: ["m3u", "m3u8"]))
    var playlist: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Show at most this many discs (0 = no limit; default 20).", valueName: "n"))
    var capacity: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Read this config file instead of ~/.config/cdwally/config.toml.", valueName: "file"),
        completion: .file(extensions: ["toml"]))
    var config: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep resume points, listens and pairings in this folder (default ~/.local/state/cdwally).",
            valueName: "dir"),
        completion: .directory)
    var stateDir: String?

    func validate() throws {
        if let capacity, capacity < 0 {
            throw ValidationError("--capacity must be 0 or more (0 = no limit).")
        }
    }

    /// The option names that take a value and may come before the subcommand.
    static let names: Set<String> = ["--library", "--playlist", "--capacity", "--config", "--state-dir"]
    /// The flags that may come before it too (every command that prints takes `--json`).
    static let flags: Set<String> = ["--json"]

    /// Moves global options written before the subcommand to after it, so that
    /// `cdwally --library X discs` parses as `cdwally discs --library X`: the argument
    /// parser only reads a subcommand's options after its name.
    static func hoisted(_ arguments: [String]) -> [String] {
        var moved: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if flags.contains(argument) {
                moved.append(argument)
                index += 1
                continue
            }
            guard argument.hasPrefix("--"), names.contains(name) else { break }
            moved.append(argument)
            if !argument.contains("="), index + 1 < arguments.count {
                moved.append(arguments[index + 1])
                index += 1
            }
            index += 1
        }
        guard !moved.isEmpty else { return arguments }
        var rest = Array(arguments[index...])
        // No subcommand (or only options left): the default subcommand gets them.
        var insertAt = rest.first.map { $0.hasPrefix("-") ? 0 : 1 } ?? 0
        // A command with subcommands of its own (`web pair`) takes them after the second word.
        if rest.first == WebCommand.configuration.commandName, rest.count > 1, !rest[1].hasPrefix("-") {
            insertAt = 2
        }
        rest.insert(contentsOf: moved, at: insertAt)
        return rest
    }
}
