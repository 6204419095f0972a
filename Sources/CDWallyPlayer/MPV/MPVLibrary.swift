import CDWallyVocabulary
import CMPV

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libmpv's functions, looked up when the first player is made rather than bound when
/// cdwally starts.
///
/// libmpv brings some 230 shared libraries with it (FFmpeg and its codecs, X11, Wayland,
/// Vulkan, Lua, ...). Bound at start-up, the dynamic loader spends about 70 ms and 45 MiB
/// on them in every command, `cdwally discs` and `cdwally status` included, which never
/// play (profiles in BENCHMARKS.md). Opened here with `dlopen`, only a command that plays
/// pays for them. The functions keep libmpv's C signatures; `MPVHandle` is their one user.
/// Where the executable still links libmpv, `dlopen` simply finds the copy already loaded.
///
/// Threads: `shared` is made once, thread-safely (a `static let`), and only read after.
struct MPVLibrary: @unchecked Sendable {
    // @unchecked: C function pointers, which are immutable addresses, safe to share.
    let create: @convention(c) () -> OpaquePointer?
    let initialize: @convention(c) (OpaquePointer?) -> Int32
    let terminateDestroy: @convention(c) (OpaquePointer?) -> Void
    let setOptionString:
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let observeProperty: @convention(c) (OpaquePointer?, UInt64, UnsafePointer<CChar>?, mpv_format) -> Int32
    let unobserveProperty: @convention(c) (OpaquePointer?, UInt64) -> Int32
    let waitEvent: @convention(c) (OpaquePointer?, Double) -> UnsafeMutablePointer<mpv_event>?
    let requestLogMessages: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let commandAsync:
        @convention(c) (OpaquePointer?, UInt64, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
    let commandNode:
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<mpv_node>?, UnsafeMutablePointer<mpv_node>?) ->
            Int32
    let commandNodeAsync: @convention(c) (OpaquePointer?, UInt64, UnsafeMutablePointer<mpv_node>?) -> Int32
    let setPropertyAsync:
        @convention(c) (OpaquePointer?, UInt64, UnsafePointer<CChar>?, mpv_format, UnsafeMutableRawPointer?)
            ->
            Int32
    let getPropertyAsync: @convention(c) (OpaquePointer?, UInt64, UnsafePointer<CChar>?, mpv_format) -> Int32
    let freeNodeContents: @convention(c) (UnsafeMutablePointer<mpv_node>?) -> Void
    let setProperty:
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, mpv_format, UnsafeMutableRawPointer?) -> Int32
    let getProperty:
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, mpv_format, UnsafeMutableRawPointer?) -> Int32
    let errorString: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let hookAdd: @convention(c) (OpaquePointer?, UInt64, UnsafePointer<CChar>?, Int32) -> Int32
    let hookContinue: @convention(c) (OpaquePointer?, UInt64) -> Int32

    /// libmpv, or why it cannot be used.
    static let shared: Result<MPVLibrary, PlayerError> = Result { () throws(PlayerError) in try load() }

    /// Where libmpv (client API 2) may be: the loader's own search first, then Homebrew's
    /// folders, which macOS does not search by itself.
    private static let candidates = [
        "libmpv.so.2", "libmpv.2.dylib", "/opt/homebrew/lib/libmpv.2.dylib", "/usr/local/lib/libmpv.2.dylib",
    ]

    private static func load() throws(PlayerError) -> MPVLibrary {
        var reasons: [String] = []
        for name in candidates {
            if let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
                return try MPVLibrary(library)
            }
            if let reason = dlerror() { reasons.append(String(cString: reason)) }
        }
        throw PlayerError.mpv(
            call: "loading libmpv",
            message: "\(reasons.first ?? "not found"); install libmpv (Debian: apt install libmpv2; "
                + "Homebrew: brew install mpv)")
    }

    private init(_ library: UnsafeMutableRawPointer) throws(PlayerError) {
        func find<Function>(_ name: String) throws(PlayerError) -> Function {
            guard let address = dlsym(library, name) else {
                throw PlayerError.mpv(
                    call: "loading libmpv", message: "it has no \(name); cdwally needs libmpv 0.35 or later")
            }
            return unsafeBitCast(address, to: Function.self)
        }
        create = try find("mpv_create")
        initialize = try find("mpv_initialize")
        terminateDestroy = try find("mpv_terminate_destroy")
        setOptionString = try find("mpv_set_option_string")
        observeProperty = try find("mpv_observe_property")
        unobserveProperty = try find("mpv_unobserve_property")
        waitEvent = try find("mpv_wait_event")
        requestLogMessages = try find("mpv_request_log_messages")
        commandAsync = try find("mpv_command_async")
        commandNode = try find("mpv_command_node")
        commandNodeAsync = try find("mpv_command_node_async")
        setPropertyAsync = try find("mpv_set_property_async")
        getPropertyAsync = try find("mpv_get_property_async")
        freeNodeContents = try find("mpv_free_node_contents")
        setProperty = try find("mpv_set_property")
        getProperty = try find("mpv_get_property")
        errorString = try find("mpv_error_string")
        hookAdd = try find("mpv_hook_add")
        hookContinue = try find("mpv_hook_continue")
    }
}
