# The chroot machinery of Scripts/check-platform and Scripts/check-package, sourced by both.
# Every function takes the chroot's folder first. Nothing here removes a folder while anything
# is mounted below it: leave_chroot unmounts first, and the shared package copies are mounted
# read-only.

CHROOTS=${CDWALLY_CHROOTS:-/var/tmp/cdwally-chroots}
MIRROR=${CDWALLY_DEBIAN_MIRROR:-http://deb.debian.org/debian}
# What the host's swift.org toolchain (built for Debian 12) needs on another release; on
# Debian 13 these bring every library its programs link.
HOST_TOOLCHAIN_PACKAGES="binutils gcc g++ libc6-dev libcurl4-openssl-dev libxml2-dev libedit-dev libncurses-dev \
zlib1g-dev uuid-dev libsqlite3-dev tzdata"

chroot_path() { echo "$CHROOTS/$1-$2"; }

host_arch() { dpkg --print-architecture; }

is_emulated() { [ "$1" != "$(host_arch)" ]; }

# The host's toolchain runs wherever the architecture is the host's; elsewhere the release's
# own swiftlang is the only Swift there is.
toolchain_for() {
    if is_emulated "$2"; then echo debian; else echo host; fi
}

# Lets the kernel run arm64 binaries through qemu-user-static, for chroots too (the F flag
# opens the interpreter now, so it need not exist inside the chroot).
enable_emulation() {
    local arch=$1 qemu
    case "$arch" in
        arm64) qemu=aarch64 ;;
        armhf) qemu=arm ;;
        *) echo "check-platform: no emulation for $arch" >&2; return 1 ;;
    esac
    command -v debootstrap >/dev/null && [ -e "/usr/lib/binfmt.d/qemu-$qemu.conf" ] ||
        DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends debootstrap qemu-user-static >&2
    [ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    [ -e "/proc/sys/fs/binfmt_misc/qemu-$qemu" ] || cat "/usr/lib/binfmt.d/qemu-$qemu.conf" >/proc/sys/fs/binfmt_misc/register
}

# While it is registered, setuid programs of ARCH run with their owner's rights under
# emulation, as on the board: a second binfmt entry for the same binaries with the C flag
# (credentials from the program, not from the caller), which the kernel prefers to the plain
# one as the newer. Without it `sudo` in a foreign chroot says "effective uid is not 0". The
# entry is the host's, for every process: remove it with disable_setuid_emulation when done.
enable_setuid_emulation() {
    local qemu
    enable_emulation "$1"
    case "$1" in arm64) qemu=aarch64 ;; armhf) qemu=arm ;; esac
    [ -e "/proc/sys/fs/binfmt_misc/qemu-$qemu-setuid" ] ||
        sed "s/^:qemu-$qemu:/:qemu-$qemu-setuid:/; s/:\([A-Z]*\)\$/:\1C/" "/usr/lib/binfmt.d/qemu-$qemu.conf" \
            >/proc/sys/fs/binfmt_misc/register
}

disable_setuid_emulation() {
    local entry
    for entry in /proc/sys/fs/binfmt_misc/qemu-*-setuid; do
        [ ! -e "$entry" ] || echo -1 >"$entry"
    done
}

in_chroot() {
    local root=$1
    shift
    chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" \
        PATH=/opt/swift/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        DEBIAN_FRONTEND=noninteractive /bin/bash -c "$*"
}

# Makes the chroot, or restores it from its tarball (ROOT.tar, or TARBALL), and installs
# `packages` and git into it (a no-op when they are the packages of last time). A chroot is
# prepared once: its tarball is what a later run unpacks.
prepare_chroot() {
    local root=$1 dist=$2 arch=$3 packages=$4 tarball=${5:-$1.tar}
    if is_emulated "$arch"; then enable_emulation "$arch"; fi
    command -v debootstrap >/dev/null ||
        DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends debootstrap >&2
    mkdir -p "$CHROOTS"
    if [ ! -x "$root/bin/bash" ] && [ -f "$tarball" ]; then
        echo "check-platform: unpacking $tarball" >&2
        mkdir -p "$root" && tar -C "$root" -xf "$tarball"
    fi
    if [ ! -x "$root/bin/bash" ]; then
        echo "check-platform: debootstrap $dist $arch into $root" >&2
        rm -rf "$root"
        debootstrap --variant=minbase --arch="$arch" "$dist" "$root" "$MIRROR" >"$root.debootstrap.log" 2>&1 ||
            { tail -n 20 "$root.debootstrap.log" >&2; return 1; }
        tar -C "$root" -cf "$tarball.part" . && mv "$tarball.part" "$tarball"
    fi
    # A bare chroot (Scripts/check-package) stays as debootstrap made it.
    [ -n "$packages" ] || return 0
    mount_system "$root"
    # Unstable's Release file can read as expired on a machine whose clock is ahead of it.
    echo 'Acquire::Check-Valid-Until "false";' >"$root/etc/apt/apt.conf.d/99cdwally-check-platform"
    # The packages asked for last time are kept in the chroot: the same list, nothing to do.
    local wanted
    wanted=$(printf '%s\n' git $packages | sort -u)
    if [ "$wanted" != "$(cat "$root/etc/cdwally-check-platform.packages" 2>/dev/null)" ]; then
        echo "check-platform: installing into $root: $(echo $wanted)" >&2
        in_chroot "$root" "apt-get update -q && apt-get install -y -q --no-install-recommends $(echo $wanted) && apt-get clean" \
            >"$root.apt.log" 2>&1 || { tail -n 20 "$root.apt.log" >&2; unmount_all "$root"; return 1; }
        printf '%s\n' "$wanted" >"$root/etc/cdwally-check-platform.packages"
        unmount_all "$root"
        echo "check-platform: saving the prepared chroot as $tarball" >&2
        tar -C "$root" --exclude=./build -cf "$tarball.part" . && mv "$tarball.part" "$tarball"
    else
        unmount_all "$root"
    fi
}

# A bare chroot at ROOT, afresh: debootstrap's minbase of DIST for ARCH as it made it, unpacked
# from the one tarball all bare chroots of DIST-ARCH share, with the system folders mounted.
# Each script has its own ROOT (Scripts/check-package, Scripts/check-guide), so that they can
# run at once; the caller unmounts (unmount_all).
fresh_bare_chroot() {
    local root=$1 dist=$2 arch=$3
    if [ -d "$root" ]; then unmount_all "$root"; rm -rf "$root"; fi
    prepare_chroot "$root" "$dist" "$arch" "" "$(chroot_path "$dist" "$arch")-bare.tar"
    mount_system "$root"
}

mount_system() {
    local root=$1 fs
    for fs in proc sys dev dev/pts; do
        mkdir -p "$root/$fs"
        mountpoint -q "$root/$fs" || mount --bind "/$fs" "$root/$fs"
    done
    cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
}

unmount_all() {
    local root=$1 point
    # Deepest first.
    for point in $(awk -v root="$root/" 'index($2, root) == 1 { print $2 }' /proc/self/mounts | sort -r); do
        umount "$point" 2>/dev/null || umount -l "$point"
    done
}

# Mounts what the build needs: the system folders, the host's toolchain (when used) and the
# Swift package copies that the host's git URL rules point at, all read-only.
enter_chroot() {
    local root=$1 toolchain=$2 source target
    mount_system "$root"
    if [ "$toolchain" = host ]; then
        bind_read_only "$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")" "$root/opt/swift"
    fi
    : >"$root/etc/gitconfig"
    # Each `url.<local folder>.insteadOf` rule of the host: the folder is shared, the rule is
    # rewritten to the chroot's mirror folder (Scripts/platform/dependencies.sh).
    git config --system --get-regexp '^url\..*\.insteadof$' 2>/dev/null | while read -r key value; do
        source=${key#url.}
        source=${source%.insteadof}
        [ -d "$source" ] || continue
        bind_read_only "$source" "$root/host-packages$source"
        mkdir -p "$root/build/mirror"
        git config --file "$root/etc/gitconfig" --add "url./build/mirror/.insteadOf" "$value"
        link_mirror "$root" "/host-packages$source"
    done
}

bind_read_only() {
    local source=$1 target=$2
    mkdir -p "$target"
    mountpoint -q "$target" && return 0
    mount --bind "$source" "$target"
    mount -o remount,bind,ro "$target"
}

# /build/mirror/OWNER/NAME.git: a link to the shared copy, or (adjust_dependencies) a copy of
# its own with an adjusted manifest.
link_mirror() {
    local root=$1 shared=$2 repository relative
    for repository in "$root$shared"/*/*; do
        [ -d "$repository" ] || continue
        relative=${repository#"$root$shared"/}
        mkdir -p "$root/build/mirror/$(dirname "$relative")"
        [ -e "$root/build/mirror/$relative" ] || [ -L "$root/build/mirror/$relative" ] ||
            ln -s "$shared/$relative" "$root/build/mirror/$relative"
    done
}

# The working tree as git sees it (tracked files, and new files not ignored), in place of the
# last copy: the chroot keeps only its .build, so a second run builds only what changed and a
# file removed since is gone.
copy_tree_into() {
    local root=$1
    mkdir -p "$root/build/cdwally"
    find "$root/build/cdwally" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
    (cd "$repository" && git ls-files -z --cached --others --exclude-standard | xargs -0 -n 200 sh -c \
        'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh | tar --null -T - -cf -) |
        tar -C "$root/build/cdwally" -xf -
}

# Ends whatever still runs inside (a test's dbus-daemon, a player a failed test left), then
# unmounts.
leave_chroot() {
    local root=$1 process
    for process in /proc/[0-9]*; do
        [ "$(readlink "$process/root" 2>/dev/null)" != "$root" ] || kill -9 "${process#/proc/}" 2>/dev/null || true
    done
    unmount_all "$root"
}

# Runs a command in the chroot while adding up, once a second, the resident memory of every
# process whose root is that chroot: what the machine must hold at once (GNU time gives only
# the largest single process). Writes the peak in MiB to FILE; returns the command's status.
run_measuring_memory() {
    local root=$1 file=$2 pid peak=0 total process rss status=0
    shift 2
    in_chroot "$root" "$@" &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        total=0
        for process in /proc/[0-9]*; do
            [ "$(readlink "$process/root" 2>/dev/null)" = "$root" ] || continue
            rss=$(awk '/^VmRSS:/ { print $2 }' "$process/status" 2>/dev/null || true)
            total=$((total + ${rss:-0}))
        done
        [ "$total" -le "$peak" ] || peak=$total
        sleep 1
    done
    wait "$pid" || status=$?
    echo $((peak / 1024)) >"$file"
    return "$status"
}

# The tests left out on ARCH, as Swift Testing `--skip` patterns, each with its reason.
skipped_tests() {
    if is_emulated "$1"; then
        printf '%s\t%s\n' "WebRemoteTests/twoBrowsersPairPlayAndFollowEachOther" \
            "Chromium under emulation; the pages are the same compiled-in bytes on every platform"
        printf '%s\t%s\n' "RealTimeOutputTests" \
            "a pipe drained at real-time pace and answers held to the wall clock, which an emulated build ten times slower than the board cannot keep"
        # These two read the package graph with `swift package dump-package`, which would
        # compile the manifests under emulation (no toolchain there, or half an hour).
        printf '%s\t%s\n' "LayeringTests/noFrontEndIsBuiltWithThePlayer" \
            "SwiftPM's package graph, the same on every platform (checked natively)" \
            "LayeringTests/theVocabularyHoldsNoEngine" \
            "SwiftPM's package graph, the same on every platform (checked natively)"
        # glibc 2.42 and later ask for the terminal's settings with the termios2 ioctls, which
        # Debian 12's qemu-user (7.2) does not pass on: even `stty size` fails there.
        if ! in_chroot "$2" 'script -eqc "stty size" /dev/null' >/dev/null 2>&1; then
            printf '%s\t%s\n' "TerminalSessionTests" "no terminal under this qemu-user: tcgetattr answers ENOSYS" \
                "PlayTerminalTests" "no terminal under this qemu-user: tmux cannot read its terminal's settings" \
                "TerminalCoverTests/theDisplayShowsTheCoverAndComesBackCleanAfterCtrlZResizeAndQuit" \
                "no terminal under this qemu-user: tmux cannot read its terminal's settings" \
                "TerminalCoverTests/noCoverAndTheConfigLeaveItOut" \
                "no terminal under this qemu-user: tmux cannot read its terminal's settings" \
                "TerminalCoverTests/aKittyTerminalIsSentTheImageAndItIsDeletedOnQuit" \
                "no terminal under this qemu-user: script's terminal answers no tcgetattr" \
                "TerminalCoverTests/aDumbTerminalIsSentNoPicture" \
                "no terminal under this qemu-user: script's terminal answers no tcgetattr"
        fi
    fi
}

# What went wrong with the demo wallet's run (`cdwally play 1 --then next` of Examples/Library,
# its output followed by "exit STATUS"), or nothing: it must play the ten tracks to its end
# and print nothing but cdwally's own lines.
demo_problem() {
    local output=$1 foreign
    if ! printf '%s\n' "$output" | tail -n 1 | grep -qx 'exit 0' || [ "$(demo_tracks "$output")" -lt 10 ]; then
        echo "the demo did not play to its end"
        return
    fi
    foreign=$(printf '%s\n' "$output" | grep -vE '^(Disc [0-9]+ · Track |Finished: |cdwally: |exit )' || true)
    [ -z "$foreign" ] || echo "the demo printed lines that are not cdwally's: $(printf '%s' "$foreign" | head -n 1)"
}

demo_tracks() { printf '%s\n' "$1" | grep -cE '^Disc [0-9]+ · Track ' || true; }

# Swift Testing's own verdict lines, one a test: passed (with or without a known issue),
# failed, skipped. The lines of the issues themselves are not verdicts.
count_tests() {
    local log=$1 passed failed skipped
    passed=$(grep -cE '^(✔|✘) Test .* passed after' "$log" || true)
    failed=$(grep -E '^✘ Test .* failed after' "$log" | grep -vc '^✘ Test run with' || true)
    skipped=$(grep -cE '^(➜|✘) Test .*skipped' "$log" || true)
    echo "$passed $failed $skipped"
}

verdict() {
    local word=$1 reason=$2 total
    total=$(minutes $(($(date +%s) - started)))
    echo "check-platform $dist $arch: $word: $reason; times:$times total $total"
    [ "$word" = PASS ] || exit 1
    exit 0
}
