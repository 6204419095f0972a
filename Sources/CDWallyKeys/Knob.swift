import CDWallyCore
import CDWallyVocabulary
import CEvdev
import Foundation

/// A rotary knob that turns the volume: the kernel's `rotary-encoder` overlay with
/// `relative_axis=1` sends one relative event of ±1 per detent (docs/PRODUCT.md §11, "A volume
/// a child cannot blast"); each detent is one volume step, the volume keys' step.
///
/// Which axis it sends depends on the overlay's `linux,axis` (0, `REL_X`, unless set), so by
/// default `REL_X`, `REL_DIAL` and `REL_WHEEL` all turn the volume; `[knob] axis` narrows that
/// to one. The driver counts a detent positive when pin A leads pin B, which is clockwise only
/// when wired so: `reverse` turns it round rather than asking for the wires to be swapped.
public struct Knob: Sendable, Equatable {
    /// The relative axes (`EV_REL` codes) read as the knob, in code order.
    public let axes: [UInt16]
    /// Whether a positive step lowers the volume.
    public let reverse: Bool

    /// The axes read when the config names none: every axis the overlay can be given that no
    /// mouse-less device uses for anything else.
    public static let defaultAxisNames = ["REL_X", "REL_DIAL", "REL_WHEEL"]

    /// Volume points one detent moves: the volume keys' step.
    public static let step = KeyActionName.volumeStep

    public static let `default` = Knob(codes: defaultAxisNames.compactMap(Knob.code(named:)), reverse: false)

    /// Reads `[knob]`: `axis` is an `EV_REL` name (`REL_DIAL`, any case, `REL_` optional) or
    /// nil for the default axes. `file` only names the config file in messages.
    public init(axis: String? = nil, reverse: Bool = false, file: RawPath? = nil) throws(InputError) {
        guard let axis else {
            self.init(codes: Knob.default.axes, reverse: reverse)
            return
        }
        guard let code = Self.code(named: axis) else { throw .unknownAxisName(axis, file: file) }
        self.init(codes: [code], reverse: reverse)
    }

    private init(codes: [UInt16], reverse: Bool) {
        axes = codes.sorted()
        self.reverse = reverse
    }

    /// The volume commands one relative event makes: one per detent, so a quick spin that
    /// the kernel reports as one event of 3 is still three steps, each clamped by the engine.
    /// Nothing for another axis.
    public func commands(axis: UInt16, value: Int32) -> [PlayerCommand] {
        guard axes.contains(axis), value != 0 else { return [] }
        let up = (value > 0) != reverse
        let command = PlayerCommand.volume(.by(up ? Self.step : -Self.step))
        return Array(repeating: command, count: min(Int(value.magnitude), Self.mostStepsPerEvent))
    }

    /// More steps than this cross the whole range (`volume_max` is at most 1000) anyway: a
    /// device that sends a wild value must not queue millions of commands.
    static let mostStepsPerEvent = 1000 / step + 1

    /// The kernel's name of a relative axis (`REL_DIAL`), or `REL_<number>`.
    public static func name(of axis: UInt16) -> String {
        libevdev_event_code_get_name(UInt32(EV_REL), UInt32(axis)).map { String(cString: $0) }
            ?? "REL_\(axis)"
    }

    static func code(named name: String) -> UInt16? {
        let upper = name.trimmingCharacters(in: .whitespaces).uppercased()
        guard !upper.isEmpty, upper.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else { return nil }
        let full = upper.hasPrefix("REL_") ? upper : "REL_" + upper
        let code = libevdev_event_code_from_name(UInt32(EV_REL), full)
        return code >= 0 ? UInt16(exactly: code) : nil
    }
}
