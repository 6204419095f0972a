import Foundation

extension ConfigFile {
    /// `[cards] reader`: the card readers (docs/PRODUCT.md §11), a string for one and a list
    /// for several (two readers on one box), each a device path or a device name.
    static func readCardReader(_ entry: TOMLTable.Item, reader: ConfigTableReader) throws(ConfigError)
        -> Setting<[String]>
    {
        var readers: Setting<[String]>
        if case .string(let one) = entry.value {
            readers = Setting(value: [one], line: entry.line)
        } else {
            readers = try reader.strings(entry, prefix: "cards.")
        }
        readers.value = readers.value.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !readers.value.isEmpty, readers.value.allSatisfy({ !$0.isEmpty }) else {
            throw reader.invalid(
                entry, prefix: "cards.",
                "must name a reader: a device path such as \"/dev/input/by-id/usb-…-event-kbd\" or a device name"
            )
        }
        return readers
    }
}
