import ArgumentParser
import CDWallyCore
import CDWallyWeb
import Foundation

/// `cdwally web pair|token|revoke|list`: who may use the web remote (docs/PRODUCT.md §6).
/// They change the user's access file, which a running server reads on every request; no
/// library is needed.
struct WebCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Pair browsers with the web remote, make tokens for scripts, revoke them.",
        discussion: """
            The web remote runs with `serve --web [ADDR:]PORT` or `play --web`. The first browser pairs \
            once with a code from `cdwally web pair`; a browser paired that way can invite another \
            from its Diagnostics page (a guest: it plays and steers, and may not invite or revoke). \
            Scripts send `Authorization: Bearer TOKEN` with a token from `cdwally web token NAME`.
            """,
        subcommands: [Pair.self, Token.self, Revoke.self, List.self])

    /// The user's access file (`WebAccess.user`); a library named by the options, if any, gives
    /// up the file an earlier version kept for it.
    static func access(_ context: inout CommandContext) throws -> WebAccess {
        let former = (try? context.library()).map { context.libraryFolder(for: $0.root) }
        return WebAccess.user(stateHome: context.stateFolder, formerFolder: former)
    }

    struct Pair: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Print a one-time code (valid 5 minutes) to pair a browser with the web remote, with the box's rights."
        )
        @OptionGroup var global: GlobalOptions

        func run() throws {
            try CommandContext.run(global) { context in
                let code = try WebCommand.access(&context).newPairingCode()
                context.print(code)
                StandardError.emit("cdwally: enter this code in the web remote's page within 5 minutes\n")
            }
        }
    }

    struct Token: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a bearer token NAME for scripts (replacing an earlier one of that name).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The token's name, e.g. kitchen-button.", valueName: "name")) var name:
            String

        func run() throws {
            try CommandContext.run(global) { context in
                context.print(try WebCommand.access(&context).newToken(name: name))
            }
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke a browser session or token by name, or with --all every one of them.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("A name that `cdwally web list` shows.", valueName: "name")) var name:
            String?
        @Flag(help: "Revoke every browser session, token and pairing code.") var all = false

        func validate() throws {
            if (name == nil) == !all { throw ValidationError("Give a NAME or --all (not both).") }
        }

        func run() throws {
            try CommandContext.run(global) { context in
                let count = try WebCommand.access(&context).revoke(name: all ? nil : name)
                context.print("revoked \(Format.count(count, "session or token", "sessions and tokens"))")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the paired browsers (paired from the box, or invited guests) and the tokens.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print the list as JSON.") var json = false

        func run() throws {
            try CommandContext.run(global) { context in
                let entries = try WebCommand.access(&context).entries()
                if json {
                    context.print(
                        JSONValue.array(
                            entries.map {
                                .object([
                                    ("kind", .string($0.kind)), ("name", .string($0.name)),
                                    ("role", $0.role.map { .string($0.rawValue) } ?? .null),
                                    ("created", .string(Format.timestamp($0.created))),
                                ])
                            }
                        ))
                } else {
                    var table = TextTable([
                        .init(title: "Kind"), .init(title: "Name"), .init(title: "Role"),
                        .init(title: "Created"),
                    ])
                    for entry in entries {
                        table.append([
                            entry.kind, entry.name, entry.role?.rawValue ?? "-",
                            Format.timestamp(entry.created),
                        ])
                    }
                    context.print(table.render(width: context.terminal.width, header: context.terminal.dim))
                }
            }
        }
    }
}
