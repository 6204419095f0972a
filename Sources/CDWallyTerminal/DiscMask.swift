/// Cuts a square cover round like a CD's label: transparent outside the disc and in the
/// centre hole, with a pixel of soft edge so the circle does not look stepped. Pixels are RGBA,
/// 4 bytes each, row after row, alpha not premultiplied (what libvips gives and libchafa takes).
/// Pure.
public enum DiscMask {
    /// The hole's radius as a share of the disc's: a CD's 15 mm hole in its 120 mm, widened to
    /// the clear ring around it, which is what the eye reads as the hole.
    public static let holeRatio = 0.22

    /// How much of the pixel at (`x`, `y`) of a `side`×`side` square the disc covers, 0…1.
    public static func coverage(x: Int, y: Int, side: Int) -> Double {
        let radius = Double(side) / 2
        let dx = Double(x) + 0.5 - radius
        let dy = Double(y) + 0.5 - radius
        let distance = (dx * dx + dy * dy).squareRoot()
        let inside = min(1, max(0, radius - distance))
        let outsideHole = min(1, max(0, distance - radius * holeRatio))
        return min(inside, outsideHole)
    }

    /// `square` (`side`×`side` RGBA) cut round and centred on a transparent canvas of
    /// `width`×`height` pixels; a square smaller than the canvas is centred, a larger one cropped.
    public static func disc(from square: [UInt8], side: Int, width: Int, height: Int) -> [UInt8] {
        var canvas = [UInt8](repeating: 0, count: max(0, width * height * 4))
        guard side > 0, square.count >= side * side * 4 else { return canvas }
        let left = (width - side) / 2
        let top = (height - side) / 2
        for y in 0..<side where (0..<height).contains(top + y) {
            for x in 0..<side where (0..<width).contains(left + x) {
                let from = (y * side + x) * 4
                let to = ((top + y) * width + left + x) * 4
                let shown = coverage(x: x, y: y, side: side)
                guard shown > 0 else { continue }
                canvas[to] = square[from]
                canvas[to + 1] = square[from + 1]
                canvas[to + 2] = square[from + 2]
                canvas[to + 3] = UInt8((Double(square[from + 3]) * shown).rounded())
            }
        }
        return canvas
    }
}
