import CQREncode
import Foundation

/// The QR code of an invitation's link, drawn on the server as SVG (docs/PRODUCT.md §11).
/// libqrencode makes the modules (`CQREncode`, opened with dlopen the first time); without it
/// there is no picture, and the page gives the code as text and a link.
///
/// Threads: any.
enum QRCode {
    /// Modules of light margin around the code, as the standard asks.
    static let quietZone = 4

    /// The QR code of `text` as a `data:` URL of an SVG picture (the pages' CSP allows `data:`
    /// images), or nil when libqrencode is missing or cannot encode it.
    static func svgDataURL(of text: String) -> String? {
        svg(of: text).map { "data:image/svg+xml;base64," + Data($0.utf8).base64EncodedString() }
    }

    /// An SVG picture of `text`'s QR code: one path of dark runs on a white square.
    static func svg(of text: String) -> String? {
        guard let (width, modules) = modules(of: text) else { return nil }
        let size = width + 2 * quietZone
        var path = ""
        for row in 0..<width {
            var column = 0
            while column < width {
                guard modules[row * width + column] else {
                    column += 1
                    continue
                }
                var end = column
                while end < width && modules[row * width + end] { end += 1 }
                path += "M\(column + quietZone) \(row + quietZone)h\(end - column)v1h-\(end - column)z"
                column = end
            }
        }
        return
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(size) \(size)\" shape-rendering=\"crispEdges\">"
            + "<rect width=\"\(size)\" height=\"\(size)\" fill=\"#fff\"/><path d=\"\(path)\" fill=\"#000\"/></svg>"
    }

    /// The code's width in modules and each module, row by row, true for dark.
    static func modules(of text: String) -> (width: Int, modules: [Bool])? {
        var error: UnsafeMutablePointer<CChar>?
        guard cqrencode_start(&error) == 0 else {
            free(error)
            return nil
        }
        var width: Int32 = 0
        var modules: UnsafeMutablePointer<UInt8>?
        guard cqrencode_encode(text, &width, &modules, &error) == 0, let modules else {
            free(error)
            return nil
        }
        defer { free(modules) }
        let count = Int(width) * Int(width)
        return (Int(width), (0..<count).map { modules[$0] == 1 })
    }
}
