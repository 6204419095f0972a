/// An audio output mpv can open: `name` goes into the `audio_device` setting ("auto",
/// "alsa/hw:CARD=Device", "pulse/…"), `description` is for people.
public struct AudioDevice: Sendable, Hashable {
    public var name: String
    public var description: String

    public init(name: String, description: String) {
        self.name = name
        self.description = description
    }
}
