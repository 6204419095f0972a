import Foundation

extension ConfigFile {
    /// `[cards]`: `reader`, the card readers (docs/PRODUCT.md §11).
    mutating func readCards(_ item: TOMLTable.Item, reader: inout ConfigTableReader) throws(ConfigError) {
        for entry in try reader.table(item).items {
            switch entry.key {
            case "reader":
                // One reader is a string; a list names several (two readers on one box).
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
                cardReaders = readers
            default: reader.unknown(entry, prefix: "cards.")
            }
        }
    }
}
