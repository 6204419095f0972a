import Foundation
import Testing

@testable import CDWallyWeb

/// The access file: codes used once and only within five minutes, revocation, the hashes.
@Suite struct WebAccessTests {
    private func access() -> (WebAccess, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cdwally-access-\(UUID())")
            .path
        return (WebAccess(stateFolder: folder), folder)
    }

    @Test func sha256MatchesTheStandardVectors() {
        #expect(Digest.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Digest.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Digest.hex(String(repeating: "a", count: 1000))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func aCodeWorksOnceAndExpiresAfterFiveMinutes() throws {
        let (access, folder) = access()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let start = Date()
        let code = try access.newPairingCode(now: start)
        #expect(code.count == 9 && code.contains("-"))
        #expect(try access.redeem(code: code, now: start + 299) != nil)
        #expect(try access.redeem(code: code, now: start + 299) == nil)
        let late = try access.newPairingCode(now: start)
        #expect(try access.redeem(code: late, now: start + 301) == nil)
    }

    @Test func revokingANameOrAllEndsSessionsAndTokens() throws {
        let (access, folder) = access()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let session = try #require(try access.redeem(code: try access.newPairingCode()))
        let token = try access.newToken(name: "kitchen")
        #expect(access.isSession(session) && access.isToken(token))
        #expect(try access.entries().map(\.name) == ["browser-1", "kitchen"])
        #expect(try access.revoke(name: "kitchen") == 1)
        #expect(!access.isToken(token) && access.isSession(session))
        #expect(throws: WebError.unknownName("kitchen")) { try access.revoke(name: "kitchen") }
        #expect(try access.revoke(name: nil) == 1)
        #expect(!access.isSession(session))
        #expect(throws: WebError.invalidName("a b")) { try access.newToken(name: "a b") }
    }

    /// The server keeps what it read while the file's stamp holds; another process's change
    /// (here another instance, as `cdwally web revoke` is) acts on the next check, whatever
    /// was read before it, and a file edited in place at the same size too.
    @Test func anotherProcesssRevocationActsOnTheNextCheck() throws {
        let (server, folder) = access()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cli = WebAccess(stateFolder: folder)
        let token = try cli.newToken(name: "kitchen")
        #expect(server.isToken(token) && server.isToken(token))
        #expect(try cli.revoke(name: "kitchen") == 1)
        #expect(!server.isToken(token))
        let again = try cli.newToken(name: "hall")
        #expect(server.isToken(again))
        // An editor saving in place: same inode, same size, another byte.
        let original = try Data(contentsOf: URL(fileURLWithPath: server.path))
        var edited = original
        let hash = Digest.hex(again)
        let range = try #require(edited.range(of: Data(hash.utf8)))
        edited[range.lowerBound] = hash.first == "0" ? UInt8(ascii: "1") : UInt8(ascii: "0")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: server.path))
        try handle.write(contentsOf: edited)
        try handle.close()
        #expect(!server.isToken(again))
    }

    @Test func listenAddressesAreLoopbackUnlessGiven() throws {
        #expect(try WebListenAddress(parsing: "8080") == WebListenAddress(host: "127.0.0.1", port: 8080))
        #expect(try WebListenAddress(parsing: "0.0.0.0:80").host == "0.0.0.0")
        #expect(try WebListenAddress(parsing: "[::1]:8080") == WebListenAddress(host: "::1", port: 8080))
        #expect(throws: WebError.self) { try WebListenAddress(parsing: "80800") }
        #expect(throws: WebError.self) { try WebListenAddress(parsing: "host:") }
        #expect(HostAllowList.name(ofHost: "Jukebox.local:8080") == "jukebox.local")
        #expect(HostAllowList.name(ofHost: "[::1]:8080") == "::1")
        // After the name, a port or nothing: no browser sends more, and a lax reading let
        // `127.0.0.1:PORT@evil.example` through.
        for hostile in [
            "127.0.0.1:8080@evil.example", "127.0.0.1:80x", "127.0.0.1:", "[::1]x", "a b:80",
            "127.0.0.1:123456",
        ] {
            #expect(HostAllowList.name(ofHost: hostile) == nil, "\(hostile)")
        }
    }

    /// Found by the `web` fuzzer: U+06DD and a `:` after it make one Swift character.
    @Test func aHostNameEndsAtItsPortWhateverComesBefore() {
        #expect(HostAllowList.name(ofHost: "jukebox.local.:8080") == "jukebox.local")
        #expect(HostAllowList.name(ofHost: "jukebox.local.") == "jukebox.local")
        // Not a host name at all: no allow list could name it.
        #expect(HostAllowList.name(ofHost: "evil\u{6DD}:80") == nil)
        #expect(HostAllowList.name(ofHost: "[::1") == nil)
        #expect(HostAllowList.name(ofHost: "") == nil)
    }
}
