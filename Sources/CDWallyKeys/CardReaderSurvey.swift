import CDWallyCore
import CDWallySystem
import Foundation

/// What `doctor` says of one configured card reader (docs/PRODUCT.md §11): the nodes it is
/// now, or why there is none. Looked at without a grab, and without holding anything open:
/// a running player may be reading the same reader.
public struct CardReaderSurvey: Sendable, Equatable {
    /// The `[cards] reader` value: a path or a device name.
    public var reader: String
    /// The nodes it leads to now, each with what it is (`/dev/input/event5 (Sycreader …)`).
    public var found: [String]
    /// Why none is found, or what stands in the way.
    public var problem: String?
}

extension CardReaderSelection {
    /// Each configured reader as it is now: a path that leads to an evdev node or a serial
    /// terminal, or every node of `directory` with that name.
    public func survey(directory: RawPath = InputKeyReader.defaultDirectory) -> [CardReaderSurvey] {
        paths.map(Self.survey(path:)) + names.map { Self.survey(name: $0, in: directory) }
    }

    private static func survey(path: RawPath) -> CardReaderSurvey {
        var survey = CardReaderSurvey(reader: path.display, found: [])
        guard let status = FileStatus.of(path) else {
            survey.problem = "not plugged in (it is read once it is)"
            return survey
        }
        do {
            let device = try InputDevice(path: path)
            defer { device.close() }
            survey.found = ["\(path.display) (\(device.name))"]
        } catch .notAnInputDevice where status.kind == .characterDevice {
            survey.found = ["\(path.display) (a serial terminal)"]
        } catch {
            survey.problem = "\(error)"
        }
        return survey
    }

    private static func survey(name: String, in directory: RawPath) -> CardReaderSurvey {
        var survey = CardReaderSurvey(reader: name, found: [])
        let named = CardReaderSelection(configured: [name])
        let nodes = ((try? FileManager.default.contentsOfDirectory(atPath: directory.display)) ?? [])
            .filter { $0.hasPrefix("event") }.sorted().map { directory.appending($0) }
        var closed = 0
        for node in nodes {
            do {
                let device = try InputDevice(path: node)
                defer { device.close() }
                if named.isReader(device, at: node) { survey.found.append(node.display) }
            } catch .permissionDenied {
                closed += 1
            } catch {}
        }
        if survey.found.isEmpty {
            survey.problem =
                closed > 0
                ? "no device of that name among those this user can open (\(closed) cannot be: the input group)"
                : "no device of that name is plugged in (it is read once it is)"
        }
        return survey
    }
}
