import CDWallySystem
import Foundation

let arguments = GlobalOptions.hoisted(Array(CommandLine.arguments.dropFirst()))
// `cdwally toggle` from a media key: answered at once, with the signals' default actions.
if let status = QuickControl.run(arguments) { exit(status) }
// Block the signals on the main thread before any other thread exists, so every thread
// inherits the block; run the command on the pool; take the signals here for ever.
SignalWaiter.block()
if let message = UnknownCommand.message(for: arguments) {
    StandardError.emit("cdwally: \(message)\n")
    exit(ExitStatus.usage)
}
// The players run for months: malloc set to keep their memory from spreading (`MallocTuning`).
let players = [PlayCommand.configuration.commandName, ServeCommand.configuration.commandName]
if let command = arguments.first, players.contains(command) {
    MallocTuning.forLongRunningProcess()
}
Task.detached {
    await CDWally.start(arguments)
    exit(0)
}
SignalWaiter.run()
