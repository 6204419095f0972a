import CDWallyVocabulary
import CMPRIS
import CSystemd

/// The Swift side of `/org/mpris/MediaPlayer2`: answers the method calls and property
/// reads that the vtables in CMPRIS forward, from the state the server last received and
/// the position the delegate reports, and passes permitted commands to the delegate.
///
/// Owned by the bus thread: sd-bus calls in only from `sd_bus_process` there, and only
/// that thread sets `state`. `handlers` carries an unretained pointer to `self`; the bus
/// loop keeps this object alive until the connection holding the vtables is closed.
final class MPRISObject {
    var state: MPRISState
    private let options: MPRISOptions
    private let delegate: any MPRISDelegate
    private let mailbox: MPRISMailbox
    let handlers: UnsafeMutablePointer<CMPRISHandlers>

    init(state: MPRISState, options: MPRISOptions, delegate: any MPRISDelegate, mailbox: MPRISMailbox) {
        self.state = state
        self.mailbox = mailbox
        self.options = options
        self.delegate = delegate
        handlers = .allocate(capacity: 1)
        handlers.initialize(
            to: CMPRISHandlers(
                context: nil,
                call: { context, method, message, error in
                    MPRISObject.from(context).call(method, BusMessage(message!), error)
                },
                get: { context, property, reply, _ in
                    MPRISObject.from(context).get(property, BusMessage(reply!))
                },
                set: { context, property, value, error in
                    MPRISObject.from(context).set(property, BusMessage(value!), error)
                }))
        handlers.pointee.context = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        handlers.deinitialize(count: 1)
        handlers.deallocate()
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> MPRISObject {
        Unmanaged<MPRISObject>.fromOpaque(context!).takeUnretainedValue()
    }

    /// The method names of the Player interface, as the player commands they ask for, mapped
    /// here and nowhere else. MPRIS wants a call a `Can…` property forbids to do nothing, so
    /// those are answered at once. A Seek stays relative: the engine knows where the player
    /// really is, so two Seeks sent at once add up (and one past the track's end is `next`, as
    /// MPRIS wants).
    private func call(
        _ method: CMPRISMethod, _ message: BusMessage, _ error: UnsafeMutablePointer<sd_bus_error>?
    ) -> Int32 {
        do throws(MPRISError) {
            let command: PlayerCommand?
            switch method {
            case .raise: command = nil  // CanRaise is false: there is no window to raise
            case .quit:
                guard options.canQuit else { return 0 }
                delegate.quit(reply: MPRISReply(call: message.retainedCall(), mailbox: mailbox))
                return 1
            case .next: command = .next
            case .previous: command = .previous
            case .pause: command = .pause
            case .playPause: command = .toggle
            case .stop: command = .stop
            case .play: command = .resume
            case .seek: command = .seek(.relative(Double(try message.readInt64()) / 1_000_000))
            case .setPosition:
                let track = try message.readString(type: "o")
                let position = try message.readInt64()
                command = state.setPositionCommand(trackObjectPath: track, microseconds: position)
            case .openUri:
                return sd_bus_error_set(
                    error, "org.freedesktop.DBus.Error.NotSupported",
                    "cdwally plays the albums of its CDs playlist and cannot open a URI")
            }
            guard let command, state.allows(command) else { return 0 }
            delegate.perform(command, reply: MPRISReply(call: message.retainedCall(), mailbox: mailbox))
            return 1
        } catch {
            return error.status
        }
    }

    private func get(_ property: CMPRISProperty, _ reply: BusMessage) -> Int32 {
        do throws(MPRISError) {
            switch property {
            case .canQuit: try reply.append(options.canQuit)
            case .canRaise: try reply.append(false)
            case .hasTrackList: try reply.append(false)
            case .identity: try reply.append(options.identity)
            case .desktopEntry: try reply.append(options.desktopEntry ?? "")
            // These list what OpenUri takes, and it takes nothing: cdwally plays the albums of
            // its CDs playlist, so advertising files would only invite calls that fail.
            case .supportedUriSchemes, .supportedMimeTypes: try reply.append([String]())
            case .playbackStatus: try reply.append(state.playbackStatus.rawValue)
            case .rate, .minimumRate, .maximumRate:
                try reply.append(1.0)
            case .metadata: try reply.append(metadata: state.metadata)
            case .volume: try reply.append(state.volume)
            case .position: try reply.append(delegate.positionMicroseconds())
            case .canGoNext: try reply.append(state.canGoNext)
            case .canGoPrevious: try reply.append(state.canGoPrevious)
            case .canPlay: try reply.append(state.canPlay)
            case .canPause: try reply.append(state.canPause)
            case .canSeek: try reply.append(state.canSeek)
            case .canControl: try reply.append(true)
            case .shuffle: try reply.append(state.shuffle)
            }
            return 0
        } catch {
            return error.status
        }
    }

    /// Volume and Shuffle are the writable properties; sd-bus refuses writes to the others.
    private func set(
        _ property: CMPRISProperty, _ value: BusMessage, _ error: UnsafeMutablePointer<sd_bus_error>?
    ) -> Int32 {
        if property == .shuffle {
            do throws(MPRISError) {
                delegate.perform(.shuffle(try value.readBool()), reply: .none)
                return 0
            } catch {
                return error.status
            }
        }
        guard property == .volume else {
            return sd_bus_error_set(
                error, "org.freedesktop.DBus.Error.PropertyReadOnly", "this property is read-only")
        }
        do throws(MPRISError) {
            let volume = try value.readDouble()
            guard volume.isFinite else {
                return sd_bus_error_set(
                    error, "org.freedesktop.DBus.Error.InvalidArgs", "Volume must be a finite number")
            }
            // MPRIS: "negative values should be treated as 0.0".
            delegate.perform(MPRISState.volumeCommand(volume), reply: .none)
            return 0
        } catch {
            return error.status
        }
    }
}
