extension BusMessage {
    /// Appends the `Metadata` dictionary (`a{sv}`); empty when there is no track. Fields
    /// without a value are left out, as the MPRIS metadata guidelines ask.
    func append(metadata: MPRISMetadata?) throws(MPRISError) {
        try openContainer("a", "{sv}")
        if let metadata {
            try entry("mpris:trackid", "o") { () throws(MPRISError) in
                try append(metadata.trackID.objectPath, type: "o")
            }
            if let length = metadata.lengthMicroseconds {
                try entry("mpris:length", "x") { () throws(MPRISError) in try append(length) }
            }
            try stringEntry("mpris:artUrl", metadata.artURL)
            try stringEntry("xesam:title", metadata.title)
            try stringEntry("xesam:album", metadata.album)
            try listEntry("xesam:artist", metadata.artists)
            try listEntry("xesam:albumArtist", metadata.albumArtists)
            try numberEntry("xesam:trackNumber", metadata.trackNumber)
            try numberEntry("xesam:discNumber", metadata.discNumber)
            try stringEntry("xesam:url", metadata.url)
        }
        try closeContainer()
    }

    private func stringEntry(_ key: String, _ value: String?) throws(MPRISError) {
        guard let value, !value.isEmpty else { return }
        try entry(key, "s") { () throws(MPRISError) in try append(value) }
    }

    private func listEntry(_ key: String, _ values: [String]) throws(MPRISError) {
        guard !values.isEmpty else { return }
        try entry(key, "as") { () throws(MPRISError) in try append(values) }
    }

    private func numberEntry(_ key: String, _ value: Int?) throws(MPRISError) {
        guard let value else { return }
        try entry(key, "i") { () throws(MPRISError) in try append(Int32(clamping: value)) }
    }

    /// One `{sv}` entry whose variant holds a `signature` value written by `value`.
    private func entry(
        _ key: String, _ signature: String, _ value: () throws(MPRISError) -> Void
    ) throws(MPRISError) {
        try openContainer("e", "sv")
        try append(key)
        try openContainer("v", signature)
        try value()
        try closeContainer()
        try closeContainer()
    }
}
