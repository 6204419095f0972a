import Foundation

/// The products of the package build the tests run against.
public enum BuiltProducts {
    /// The `cdwally` executable: the test bundle sits in the build folder beside the products.
    public static let cdwally: String = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("cdwally").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        return repository + "/.build/debug/cdwally"
    }()

    /// The package's folder.
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
}
