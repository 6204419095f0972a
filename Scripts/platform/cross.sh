# Cross-compiling for a foreign architecture, sourced by Scripts/check-platform.
#
# Compiling under emulation costs about ten times the native time: some three hours for the
# build and the tests on two cores. So the compiler runs natively, in a chroot of the same
# release for the host's architecture (the "builder"), and the foreign chroot (the "target")
# serves as its sysroot: its headers, its libraries and its own swiftlang's runtime for that
# architecture, which matches the builder's compiler exactly (the same Debian version). The
# target then runs what was built, under emulation: the demo and the tests.
#
# The builder sees the target at /sysroot and the build folder at the same path as the
# target does (/build/cdwally), so every path compiled into the tests holds in both.

SWIFT_SDK_NAME=debian-sysroot

# Writes the Swift SDK bundle (SE-0387) that points the builder's compiler at the target. The
# Swift runtime for the target's architecture is the target's own, or, when the target's
# release has no Swift that can build cdwally, that of another release's chroot shared at
# /swift-runtime (join_runtime).
write_swift_sdk() {
    local builder=$1 triple=$2 runtime=$3 bundle="$1/build/swift-sdks/$SWIFT_SDK_NAME.artifactbundle"
    rm -rf "$bundle"
    mkdir -p "$bundle/sdk"
    ln -s /sysroot "$bundle/sdk/sysroot"
    ln -s "$runtime" "$bundle/sdk/runtime"
    cat >"$bundle/info.json" <<EOF
{
  "schemaVersion": "1.0",
  "artifacts": {
    "$SWIFT_SDK_NAME": {
      "type": "swiftSDK",
      "version": "1",
      "variants": [{ "path": "sdk" }]
    }
  }
}
EOF
    cat >"$bundle/sdk/swift-sdk.json" <<EOF
{
  "schemaVersion": "4.0",
  "targetTriples": {
    "$triple": {
      "sdkRootPath": "sysroot",
      "swiftResourcesPath": "runtime/swift",
      "swiftStaticResourcesPath": "runtime/swift_static",
      "includeSearchPaths": ["sysroot/usr/include"],
      "librarySearchPaths": ["sysroot/usr/lib/$(gnu_triple "$triple")"],
      "toolsetPaths": ["toolset.json"]
    }
  }
}
EOF
    cat >"$bundle/sdk/toolset.json" <<EOF
{
  "schemaVersion": "1.0",
  "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld"] },
  "linker": { "path": "/usr/libexec/swift/bin/ld.lld" }
}
EOF
}

# aarch64-unknown-linux-gnu -> aarch64-linux-gnu, Debian's multiarch folder.
gnu_triple() { echo "$1" | sed 's/-unknown-/-/'; }

swift_triple() {
    case "$1" in
        arm64) echo aarch64-unknown-linux-gnu ;;
        amd64) echo x86_64-unknown-linux-gnu ;;
        *) echo "check-platform: no Swift triple for $1" >&2; return 1 ;;
    esac
}

# Shares the target with the builder: the whole tree read-only at /sysroot, and /build
# (where the sources, the package copies and the build live) at the same path in both.
join_builder() {
    local builder=$1 target=$2
    # Debug binaries find the Swift runtime through a run path under /sysroot, the target's
    # own root: in the target itself, that is /.
    [ -L "$target/sysroot" ] || ln -s / "$target/sysroot"
    # Debian links /usr/lib/swift to its runtime but not /usr/lib/swift_static, where the
    # driver looks for swiftrt.o when it links the runtime in (--static-swift-stdlib).
    [ -e "$target/usr/lib/swift_static" ] || [ -L "$target/usr/lib/swift_static" ] || ln -s ../libexec/swift/lib/swift_static "$target/usr/lib/swift_static"
    bind_read_only "$target" "$builder/sysroot"
    mkdir -p "$target/build" "$builder/build"
    mountpoint -q "$target/build" || mount --bind "$builder/build" "$target/build"
}

# Shares another release's Swift runtime for the target's architecture with the builder, at
# /swift-runtime. Only the runtime linked in (--static-swift-stdlib) can be used this way: it
# is built against that release's C library, which the target may not have as a shared one.
join_runtime() {
    local builder=$1 runtime_chroot=$2 target=$3
    bind_read_only "$runtime_chroot/usr/libexec/swift/lib" "$builder/swift-runtime"
    # The driver takes swiftrt.o from the SDK's /usr/lib/swift_static, not from the resource
    # folder: in the target (the SDK) that is a link to the shared runtime, as the builder sees
    # it (in the target itself it leads nowhere, and nothing there uses it).
    ln -sfn /swift-runtime/swift_static "$target/usr/lib/swift_static"
}
