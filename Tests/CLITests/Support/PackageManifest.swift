import Foundation
import TestSupport

/// The package's targets and what each depends on, as SwiftPM itself reads Package.swift
/// (`swift package dump-package`), so a test checks the graph the compiler builds from, not
/// a reading of the manifest's text.
struct PackageManifest {
    /// Each target's direct dependencies by name: targets of this package, and products of
    /// other packages (which never name one of ours).
    let dependencies: [String: [String]]

    /// Reads the manifest of the clone the tests run from.
    static func ofRepository() async throws -> PackageManifest {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("cdwally-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // A scratch folder of its own: the `.build` folder belongs to the `swift test` that
        // runs us, and SwiftPM would wait for that run's lock on it.
        let tool = try ExternalTool(
            "swift",
            ["package", "--package-path", CLI.repository, "--scratch-path", scratch.path, "dump-package"],
            environment: ProcessInfo.processInfo.environment, directory: scratch)
        try await tool.waitForExit(timeout: .seconds(300))
        let result = tool.result
        guard result.status == 0 else {
            throw TestFailure("swift package dump-package exited \(result.status): \(result.stderr)")
        }
        return try PackageManifest(json: Data(result.stdout.utf8))
    }

    init(json: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any],
            let targets = root["targets"] as? [[String: Any]]
        else { throw TestFailure("dump-package gave no targets") }
        var dependencies: [String: [String]] = [:]
        for target in targets {
            guard let name = target["name"] as? String else { continue }
            // Each dependency is `{"byName" | "target" | "product": [name, …]}`.
            dependencies[name] = (target["dependencies"] as? [[String: Any]] ?? []).compactMap {
                ($0.values.first as? [Any])?.first as? String
            }
        }
        self.dependencies = dependencies
    }

    /// Everything `target` is built with: its dependencies, theirs, and so on.
    func reach(of target: String) -> Set<String> {
        var reached: Set<String> = []
        var pending = dependencies[target] ?? []
        while let next = pending.popLast() {
            guard reached.insert(next).inserted else { continue }
            pending += dependencies[next] ?? []
        }
        return reached
    }
}
