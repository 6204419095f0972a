# The guest's system for Scripts/check-machine, sourced by it: Debian 12 from Debian's archive,
# made once and kept as a tarball in $CACHE (outside the repository). It is made again only
# when its recipe changes: this file, the guest agent, or the libraries the package depends on.

GUEST_DIST=bookworm
# What the guide's Pi has that matters here (systemd, udev, ALSA, a kernel with uinput and
# exFAT), and the harness's own tools in the guest: strace holds a writer at a chosen system
# call, python3-evdev makes the remote, procps and psmisc find processes; nfs-kernel-server is
# the NAS of scenario "nas" (the guest serves the music disk to itself over NFS).
# The package's own libraries come after, from its Depends (a layer of their own, so that a new
# package does not fetch the whole system again); the biggest (libmpv2 and FFmpeg under it)
# are in the base already.
GUEST_PACKAGES="systemd-sysv udev dbus linux-image-amd64 initramfs-tools kmod alsa-utils exfatprogs \
python3 python3-evdev strace procps psmisc sqlite3 nfs-kernel-server libmpv2 libtag1v5 libvips42 libchafa0"

# recipe_key [DEPENDS]: names the tarball made from this recipe (and these dependencies).
recipe_key() {
    { cat "$MACHINE/image.sh" "$MACHINE/guest-agent"; echo "${1:-}"; } | sha256sum | cut -c1-16
}

# base_tarball: prints the tarball of the guest system without the package's libraries.
base_tarball() {
    local key root tarball started=$SECONDS
    key=$(recipe_key)
    tarball="$CACHE/base-$GUEST_DIST-$key.tar"
    if [ -f "$tarball" ]; then echo "$tarball"; return; fi
    root="$CACHE/making-$key"
    unmount_all "$root" 2>/dev/null || true
    rm -rf "$root"
    mkdir -p "$CACHE"
    echo "check-machine: making the guest system (debootstrap $GUEST_DIST) in $root" >&2
    debootstrap --variant=minbase --include="$(echo $GUEST_PACKAGES | tr ' ' ,)" \
        "$GUEST_DIST" "$root" "$MIRROR" >"$root.debootstrap.log" 2>&1 ||
        { tail -n 20 "$root.debootstrap.log" >&2; return 1; }
    install -m 755 "$MACHINE/guest-agent" "$root/usr/local/sbin/guest-agent"
    cat >"$root/etc/systemd/system/guest-agent.service" <<'UNIT'
[Unit]
Description=Scripts/check-machine's agent on the virtio-serial port
DefaultDependencies=no
After=systemd-udevd.service local-fs.target

[Service]
ExecStart=/usr/local/sbin/guest-agent
Restart=always

[Install]
WantedBy=multi-user.target
UNIT
    in_chroot "$root" "systemctl enable guest-agent.service serial-getty@ttyS0.service >/dev/null 2>&1
        systemctl mask apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer fstrim.timer >/dev/null 2>&1
        passwd -d root >/dev/null; echo jukebox >/etc/hostname
        printf '/dev/vda / ext4 defaults 0 1\\n' >/etc/fstab
        getent group input >/dev/null || groupadd --system input
        useradd --create-home --groups audio,input listener"
    tar -C "$root" -cf "$tarball.part" . && mv "$tarball.part" "$tarball"
    rm -rf "$root"
    echo "check-machine: guest system made in $((SECONDS - started)) s: $tarball" >&2
    echo "$tarball"
}

# guest_tarball DEPENDS: prints the tarball of the guest system with DEPENDS installed, made
# when missing.
guest_tarball() {
    local depends=$1 base key root tarball started=$SECONDS
    base=$(base_tarball) || return 1
    key=$(recipe_key "$depends")
    tarball="$CACHE/guest-$GUEST_DIST-$key.tar"
    if [ -f "$tarball" ]; then echo "$tarball"; return; fi
    root="$CACHE/making-$key"
    unmount_all "$root" 2>/dev/null || true
    rm -rf "$root"
    mkdir -p "$root" && tar -C "$root" -xf "$base"
    mount_system "$root"
    in_chroot "$root" "apt-get update -q && apt-get satisfy -y -q '$depends' && apt-get clean" \
        >"$root.apt.log" 2>&1 || { tail -n 20 "$root.apt.log" >&2; unmount_all "$root"; return 1; }
    unmount_all "$root"
    tar -C "$root" -cf "$tarball.part" . && mv "$tarball.part" "$tarball"
    rm -rf "$root"
    echo "check-machine: the package's libraries added in $((SECONDS - started)) s" >&2
    echo "$tarball"
}
