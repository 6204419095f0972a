import Foundation

/// The names a request's `Host` may carry (docs/PRODUCT.md §6), against DNS rebinding: a page
/// on another site whose name is made to resolve to this box still sends its own name. Holds
/// the configured names, the hostname and `<hostname>.local`, the box's own addresses and
/// the loopback names; the port is not part of the check.
public struct HostAllowList: Sendable {
    public private(set) var names: Set<String>

    public init(extraNames: [String] = [], listen: WebListenAddress) {
        var names: Set<String> = ["localhost", "127.0.0.1", "::1"]
        names.formUnion(extraNames.map { $0.lowercased() })
        if listen.host != "0.0.0.0" && listen.host != "::" { names.insert(listen.host.lowercased()) }
        if let host = HostAllowList.hostname() {
            names.insert(host)
            names.insert(host + ".local")
        }
        names.formUnion(HostAllowList.interfaceAddresses())
        self.names = names
    }

    /// Whether a `Host` header (`name`, `name:port`, `[v6]:port`) names this box.
    public func allows(_ header: String?) -> Bool {
        guard let name = HostAllowList.name(ofHost: header) else { return false }
        // An address the box took after the server started (DHCP) is still its own.
        return names.contains(name)
            || (name.allSatisfy { $0.isHexDigit || $0 == "." || $0 == ":" }
                && HostAllowList.interfaceAddresses().contains(name))
    }

    /// The name part of a `Host` header, lowercased, without port or IPv6 brackets. Read by
    /// Unicode scalars, not characters: a hostile header can glue `:` to the scalar before it
    /// into one character (U+06DD does), which a search for the character `:` then misses.
    /// Anything after the name but a port (`127.0.0.1:8080@evil.example`) is no Host.
    static func name(ofHost header: String?) -> String? {
        guard let scalars = header?.lowercased().unicodeScalars, !scalars.isEmpty else { return nil }
        let name: Substring.UnicodeScalarView
        let rest: Substring.UnicodeScalarView
        if scalars.first == "[" {
            guard let close = scalars.firstIndex(of: "]") else { return nil }
            name = scalars[scalars.index(after: scalars.startIndex)..<close]
            rest = scalars[scalars.index(after: close)...]
        } else {
            let colon = scalars.firstIndex(of: ":") ?? scalars.endIndex
            name = scalars[..<colon]
            rest = scalars[colon...]
        }
        guard isPort(rest), !name.isEmpty,
            name.allSatisfy({
                $0.isASCII
                    && ($0.properties.isAlphabetic || $0.properties.numericType != nil
                        || "-.:_".unicodeScalars.contains($0))
            })
        else { return nil }
        return String(name.last == "." ? name.dropLast() : name)
    }

    /// Nothing, or ":" and one to five digits.
    private static func isPort(_ rest: Substring.UnicodeScalarView) -> Bool {
        guard let first = rest.first else { return true }
        let digits = rest.dropFirst()
        return first == ":" && (1...5).contains(digits.count)
            && digits.allSatisfy { ("0"..."9").contains($0) }
    }

    private static func hostname() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = HostAllowList.text(buffer).lowercased()
        return name.isEmpty ? nil : name
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Every IPv4 and IPv6 address of this machine's interfaces, as text.
    private static func interfaceAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(
                family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            if getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 {
                // A link-local IPv6 address comes with its zone ("%eth0"); a Host header never does.
                let name = HostAllowList.text(text).split(separator: "%").first.map(String.init) ?? ""
                addresses.append(name.lowercased())
            }
        }
        return addresses
    }
}
