import CDWallyCore
import Glibc

extension NodeIdentity {
    /// The node `path` leads to, following links (a `by-id` link leads to its `eventN`); nil
    /// when there is none.
    static func of(_ path: RawPath) -> NodeIdentity? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        return NodeIdentity(info)
    }
}
