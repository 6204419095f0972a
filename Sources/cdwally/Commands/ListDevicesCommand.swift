import ArgumentParser
import CDWallyCore
import CDWallyPlayer

struct ListDevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list-devices",
        abstract: "List the audio outputs that --audio-device and audio_device accept.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @Flag(help: "Print the devices as JSON.") var json = false

    func run() async throws {
        try await CommandContext.run(global) { context in
            let configuration = output.configuration(
                settings: context.settings, stateFolder: context.stateFolder)
            let devices = try await Player.audioDevices(configuration: configuration)
            if json {
                context.print(
                    JSONValue.array(
                        devices.map {
                            .object([("name", .string($0.name)), ("description", .string($0.description))])
                        }
                    ))
            } else {
                var table = TextTable([.init(title: "Device"), .init(title: "Description", flexible: true)])
                for device in devices { table.append([device.name, device.description]) }
                context.print(table.render(width: context.terminal.width, header: context.terminal.dim))
            }
        }
    }
}
