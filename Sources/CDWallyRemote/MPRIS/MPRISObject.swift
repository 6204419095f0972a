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
    let handlers: UnsafeMutablePointer<CMPRISHandlers>

    init(state: MPRISState, options: MPRISOptions, delegate: any MPRISDelegate) {
        self.state = state
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

    private func call(
        _ method: CMPRISMethod, _ message: BusMessage, _ error: UnsafeMutablePointer<sd_bus_error>?
    ) -> Int32 {
        do throws(MPRISError) {
            switch method {
            case .raise: break  // CanRaise is false: there is no window to raise
            case .quit: if options.canQuit { delegate.perform(.quit) }
            case .next: forward(.next)
            case .previous: forward(.previous)
            case .pause: forward(.pause)
            case .playPause: forward(.playPause)
            case .stop: forward(.stop)
            case .play: forward(.play)
            case .seek: forward(.seek(offsetMicroseconds: try message.readInt64()))
            case .setPosition:
                let track = try message.readString(type: "o")
                let position = try message.readInt64()
                if let command = state.setPositionCommand(trackObjectPath: track, microseconds: position) {
                    delegate.perform(command)
                }
            case .openUri:
                return sd_bus_error_set(
                    error, "org.freedesktop.DBus.Error.NotSupported",
                    "cdwally plays the albums of its CDs playlist and cannot open a URI")
            }
            return 0
        } catch {
            return error.status
        }
    }

    private func forward(_ command: MPRISCommand) {
        if state.allows(command) { delegate.perform(command) }
    }

    private func get(_ property: CMPRISProperty, _ reply: BusMessage) -> Int32 {
        do throws(MPRISError) {
            switch property {
            case .canQuit: try reply.append(options.canQuit)
            case .canRaise: try reply.append(false)
            case .hasTrackList: try reply.append(false)
            case .identity: try reply.append(options.identity)
            case .desktopEntry: try reply.append(options.desktopEntry ?? "")
            case .supportedUriSchemes: try reply.append(["file"])
            case .supportedMimeTypes: try reply.append(options.supportedMimeTypes)
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
            }
            return 0
        } catch {
            return error.status
        }
    }

    /// Volume is the only writable property; sd-bus refuses writes to the others.
    private func set(
        _ property: CMPRISProperty, _ value: BusMessage, _ error: UnsafeMutablePointer<sd_bus_error>?
    ) -> Int32 {
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
            delegate.perform(.setVolume(max(0, volume)))
            return 0
        } catch {
            return error.status
        }
    }
}
