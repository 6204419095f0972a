# Dependency adjustments for a Swift older than the one our dependencies' newest releases are
# written for, sourced by Scripts/check-platform. Each adjustment edits one dependency's
# Package.swift in the chroot's own copy of it (/build/mirror/OWNER/NAME.git, where every other
# package is a link to the shared copy): never our Package.swift, never our code, never the
# shared copy. docs/PLATFORMS.md lists them with the reasons given here.
#
# An adjusted copy's commit is made with a fixed author and date, so it has the same hash in
# every run and SwiftPM's resolution stays valid from one run to the next.

# OWNER/NAME, the function that edits its Package.swift, and the Swift versions that need it
# (a prefix of `swift --version`'s number).
DEPENDENCY_ADJUSTMENTS="
hummingbird-project/hummingbird adjust_hummingbird 6.0 6.1 6.2
"

# hummingbird 2.28 takes swift-configuration through a default trait, ConfigurationSupport,
# while hummingbird-websocket asks for hummingbird with no traits. SwiftPM 6.2 then fails the
# whole graph: "product 'Configuration' required by package 'hummingbird' target
# 'HummingbirdTLS' not found in package 'swift-configuration'" (6.3 resolves it). cdwally uses
# no configuration provider, so the trait is off and the dependency goes; hummingbird's code
# keeps its `#if ConfigurationSupport` parts out.
adjust_hummingbird() {
    python3 - "$1" <<'EOF'
import re, sys
path = sys.argv[1]
text = open(path).read()
text = "\n".join(line for line in text.split("\n") if "swift-configuration" not in line)
text = text.replace('enabledTraits: ["ConfigurationSupport", "FullFoundation"]', 'enabledTraits: ["FullFoundation"]')
open(path, "w").write(text)
EOF
}

adjust_dependencies() {
    local root=$1 toolchain=$2 version package edit versions tag work
    [ "$toolchain" = debian ] || return 0
    version=$(in_chroot "$root" "swift --version 2>&1" | sed -n 's/.*Swift version \([0-9]*\.[0-9]*\).*/\1/p' | head -n 1)
    printf '%s\n' "$DEPENDENCY_ADJUSTMENTS" | while read -r package edit versions; do
        [ -n "$package" ] || continue
        case " $versions " in *" $version "*) ;; *) continue ;; esac
        [ -L "$root/build/mirror/$package.git" ] || continue # adjusted already
        echo "check-platform: adjusting $package for Swift $version ($edit)" >&2
        work="$root/build/adjusting/$package"
        rm -rf "$work"
        git clone -q "$(readlink -f "$root$(readlink "$root/build/mirror/$package.git")")" "$work"
        tag=$(git -C "$work" tag --sort=-v:refname | grep -E '^v?[0-9]+\.[0-9]+\.[0-9]+$' | head -n 1)
        git -C "$work" checkout -q "$tag"
        "$edit" "$work/Package.swift"
        GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z" \
            git -C "$work" -c user.name=check-platform -c user.email=check-platform@localhost \
            commit -q -a -m "check-platform: $edit for Swift $version"
        git -C "$work" tag -f "$tag" >/dev/null
        rm "$root/build/mirror/$package.git"
        git clone -q --bare "$work" "$root/build/mirror/$package.git"
        rm -rf "$work"
    done
}

# Debian's swiftlang (6.2.3, every architecture) ships the `_Testing_Foundation` module, which
# Swift Testing imports with Foundation, but not its library: every test target that imports
# both fails to link with "unable to find library -l_Testing_Foundation". The chroot gets an
# empty library of that name in its place, built by the builder's clang for the target. Our
# tests use none of the overlay's own API (attachments of Foundation types), so nothing goes
# missing; a test that did would fail to link and say so.
supply_testing_overlay() {
    local builder=$1 target=$2 triple=$3 sysroot=$4 folder=/usr/libexec/swift/lib/swift/linux
    [ -d "$target$folder/_Testing_Foundation.swiftmodule" ] || return 0
    [ ! -e "$target$folder/lib_Testing_Foundation.so" ] || return 0
    echo "check-platform: an empty lib_Testing_Foundation.so in place of the one Debian's swiftlang lacks" >&2
    in_chroot "$builder" "/usr/libexec/swift/bin/clang --target=$triple --sysroot=$sysroot -shared -nostdlib \
        -fuse-ld=lld -Wl,-soname,lib_Testing_Foundation.so -x c /dev/null -o /build/lib_Testing_Foundation.so"
    mv "$builder/build/lib_Testing_Foundation.so" "$target$folder/lib_Testing_Foundation.so"
}
