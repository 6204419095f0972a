import CDWallyCore

/// What the holder of `player.lock` writes into it, version 1, one JSON object:
/// `{"version":1,"pid":4242,"socket":"/run/user/1000/cdwally/control.sock","library":"/home/me/Music"}`.
/// `socket` is null until the control socket is bound; `library` is null when the player
/// found no library folder. Readers ignore fields they do not know, and a record they cannot
/// read (an empty file: the holder has not written yet) is no record.
struct PlayerLockRecord: Equatable {
    static let version = 1

    var pid: Int32
    var socket: String?
    var library: String?

    init(pid: Int32, socket: String?, library: String?) {
        self.pid = pid
        self.socket = socket
        self.library = library
    }

    init?(bytes: [UInt8]) {
        guard !bytes.isEmpty, let json = try? JSONValue(parsing: bytes),
            json["version"]?.intValue == Self.version, let pid = json["pid"]?.intValue, pid > 0
        else { return nil }
        self.init(
            pid: Int32(clamping: pid), socket: json["socket"]?.stringValue,
            library: json["library"]?.stringValue)
    }

    var bytes: [UInt8] {
        let json = JSONValue.object([
            ("version", .int(Self.version)), ("pid", .int(Int(pid))), ("socket", .string(socket)),
            ("library", .string(library)),
        ])
        return json.utf8(pretty: false) + [UInt8(ascii: "\n")]
    }
}
