import ArgumentParser
import CDWallySystem
import Foundation

extension CDWally {
    /// Parses and runs the command line. A bad value or an unknown word is one `cdwally: …`
    /// line and exit 64, as cdwally's own errors are, with nothing done: the usage is for
    /// `--help` to show, not for every typo. Help and version requests print as the argument
    /// parser writes them.
    static func start(_ arguments: [String]) async {
        var command: ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            StandardError.emit("cdwally: \(oneLine(message(for: error)))\n")
            Foundation.exit(ExitStatus.usage)
        }
        do {
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }

    /// The parser's message as one line: its first, without the hints that follow.
    private static func oneLine(_ message: String) -> String {
        var line = (message.split(separator: "\n").first.map(String.init) ?? message)
            .trimmingCharacters(in: .whitespaces)
        // In cdwally's own voice: "unknown option '--bogus'", no full stop.
        if line.hasSuffix(".") { line.removeLast() }
        if let first = line.first, first.isUppercase, line.dropFirst().first?.isLowercase == true {
            line = first.lowercased() + line.dropFirst()
        }
        return line
    }
}
