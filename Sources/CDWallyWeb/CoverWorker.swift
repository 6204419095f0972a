import CDWallyCore
import CDWallySystem
import CVips
import Foundation

/// The child side of cover making: `cdwally cover-worker FOLDER SOURCE...`, started by
/// `CoverThumbnails` so that libvips and the image libraries it brings never map into the
/// player (they held 8.8 MiB there), and so that a picture crafted to crash or hang a decoder
/// costs one child, not the jukebox.
///
/// For each source, in order, it makes the JPEGs of every size asked for (all, unless the
/// Library's rows ask for 128 px alone) in `FOLDER` as
/// `<content hash>-<size>.jpg` and writes one line to standard output: the hash, or `-` and
/// why not. It reads nothing from its parent but its arguments.
public enum CoverWorker {
    public static let sizes = [128, 256, 512]

    /// "128" or "128,256": sizes of `sizes`, else nil.
    public static func sizes(parsing text: String) -> [Int]? {
        let chosen = text.split(separator: ",").map { Int($0) }
        guard !chosen.isEmpty, chosen.allSatisfy({ $0.map(sizes.contains) == true }) else { return nil }
        return chosen.compactMap { $0 }
    }

    /// Makes the thumbnails of `sources` at `sizes`; returns the exit status.
    public static func run(folder: String, sources: [String], sizes: [Int] = sizes) -> Int32 {
        var error: UnsafeMutablePointer<CChar>?
        let unavailable = cvips_start(1, &error) == 0 ? nil : take(error)
        for source in sources {
            let answer: String
            if let unavailable {
                answer = "- " + unavailable
            } else {
                do {
                    answer = try make(source: source, folder: folder, sizes: sizes)
                } catch {
                    answer = "- \(error)"
                }
            }
            let line = answer.replacingOccurrences(of: "\n", with: " ") + "\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
        return 0
    }

    private struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Makes the sizes of one picture; returns its content hash.
    private static func make(source: String, folder: String, sizes: [Int]) throws -> String {
        let bytes = try PictureFile.contents(of: RawPath(source))
        let hash = String(Digest.hex(bytes).prefix(32))
        for size in sizes {
            let name = RawPath("\(folder)/\(hash)-\(size).jpg")
            if FileManager.default.fileExists(atPath: name.display) { continue }
            try AtomicFile.replace(name, with: try thumbnail(bytes, size: size), mode: 0o644)
        }
        return hash
    }

    private static func thumbnail(_ image: [UInt8], size: Int) throws -> [UInt8] {
        var jpeg: UnsafeMutableRawPointer?
        var length = 0
        var error: UnsafeMutablePointer<CChar>?
        let status = image.withUnsafeBytes { buffer in
            cvips_thumbnail(buffer.baseAddress, buffer.count, Int32(size), &jpeg, &length, &error)
        }
        guard status == 0, let jpeg else {
            throw Failure(description: "libvips: " + (take(error) ?? "no picture"))
        }
        defer { cvips_free(jpeg) }
        return [UInt8](UnsafeRawBufferPointer(start: jpeg, count: length))
    }

    private static func take(_ error: UnsafeMutablePointer<CChar>?) -> String? {
        guard let error else { return nil }
        defer { free(error) }
        return String(decoding: UnsafeRawBufferPointer(start: error, count: strlen(error)), as: UTF8.self)
    }
}
