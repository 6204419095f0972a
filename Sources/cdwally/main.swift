import Foundation

// Block the signals on the main thread before any other thread exists, so every thread
// inherits the block; run the command on the pool; take the signals here for ever.
SignalWaiter.block()
let arguments = GlobalOptions.hoisted(Array(CommandLine.arguments.dropFirst()))
if let message = UnknownCommand.message(for: arguments) {
    StandardError.emit("cdwally: \(message)\n")
    exit(ExitStatus.usage)
}
Task.detached {
    await CDWally.main(arguments)
    exit(0)
}
SignalWaiter.run()
