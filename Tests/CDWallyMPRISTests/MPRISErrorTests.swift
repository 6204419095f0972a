import Testing

@testable import CDWallyMPRIS

@Suite struct MPRISErrorTests {
    @Test func descriptionsAreOneLineAndSayWhatFailed() {
        let errors: [(MPRISError, String)] = [
            (.noSessionBus(reason: "sd_bus_open_user: No medium found"), "No medium found"),
            (.cannotConnect(address: "unix:path=/run/x/bus", reason: "sd_bus_start: refused"), "/run/x/bus"),
            (
                .callFailed(call: "sd_bus_request_name(org.mpris.MediaPlayer2.cdwally)", errno: 17),
                "File exists"
            ),
        ]
        for (error, detail) in errors {
            #expect(error.description.contains(detail))
            #expect(error.description.contains("MPRIS"))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func checkPassesResultsAndThrowsNegatedErrnos() throws {
        #expect(try MPRISError.check(3, "call") == 3)
        #expect {
            try MPRISError.check(-2, "sd_bus_start")
        } throws: { error in
            guard case .callFailed("sd_bus_start", 2) = error as? MPRISError else { return false }
            return (error as? MPRISError)?.status == -2
        }
    }
}
