import CDWallyCore
import CDWallyVocabulary

extension ControlResponse {
    /// The answer as the protocol writes it.
    var json: JSONValue {
        switch self {
        case .ok(let status):
            .object([
                ("version", .int(ControlProtocol.version)), ("ok", .bool(true)), ("status", status.json),
            ])
        case .failure(let failure):
            .object(
                [
                    ("version", .int(ControlProtocol.version)), ("ok", .bool(false)),
                    ("code", .string(failure.code.rawValue)), ("error", .string(failure.message)),
                ] + (failure.kind.map { [("kind", .string($0.rawValue))] } ?? []))
        }
    }

    /// Reads one answer line.
    init(line: [UInt8]) throws(ControlError) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: line)
        } catch {
            throw .protocolError(reason: "the answer is \(error)")
        }
        guard case .object = json, json["version"]?.intValue != nil, let ok = json["ok"]?.boolValue else {
            throw .protocolError(reason: "the answer has no \"version\" and \"ok\"")
        }
        if ok {
            guard let status = json["status"] else {
                throw .protocolError(reason: "the answer has no status")
            }
            do {
                self = .ok(try PlayerStatus(json: status))
            } catch {
                throw .protocolError(reason: error.reason)
            }
        } else {
            guard let code = json["code"]?.stringValue, let message = json["error"]?.stringValue else {
                throw .protocolError(reason: "the error answer has no \"code\" and \"error\"")
            }
            self = .failure(
                ControlFailure(
                    code: ControlErrorCode(rawValue: code), message: message,
                    kind: json["kind"]?.stringValue.flatMap { PlayerErrorKind(rawValue: $0) }))
        }
    }
}
