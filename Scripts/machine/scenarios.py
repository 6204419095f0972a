# The scenarios of Scripts/check-machine, each with verdicts that can fail. Run by it, on the
# machine it set up in WORK (system.img, music.img, vmlinuz, initrd.img).
import argparse, base64, json, os, random, re, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tones
from guest import Guest, wait_until
from usb import scenario_usb
from clock import scenario_clock
from readonly import scenario_readonly
from nas import scenario_nas
from dry import scenario_dry
import cuts

UNIT = "cdwally-jukebox@listener"
LOSS_LIMIT = 5.0  # seconds heard twice at most after a cut (the guide's promise)


class Run:
    def __init__(self, work, fs):
        self.work, self.fs = work, fs
        self.boots = 0
        self.failures = []
        self.results = {}
        self.reference_peak = None
        self.current = None
        self.cuts = []
        self.loss_limit = LOSS_LIMIT
        self.started = time.monotonic()

    def say(self, text):
        print(f"check-machine [{time.monotonic() - self.started:6.0f} s] {text}", flush=True)

    def verdict(self, name, ok, detail):
        self.say(f"{'PASS' if ok else 'FAIL'} {name}: {detail}")
        if not ok:
            self.failures.append(f"{name}: {detail}")
        return ok

    def boot(self, music=True, rtc=None):
        """Powers the machine on; MUSIC False leaves the music disk out (a USB stick the
        scenario plugs); RTC sets the clock it starts with (`-rtc base=`)."""
        self.boots += 1
        w = self.work
        guest = Guest(w, f"boot{self.boots}", f"{w}/vmlinuz", f"{w}/initrd.img",
                      [f"{w}/system.img"] + ([f"{w}/music.img"] if music else []), rtc=rtc)
        self.current = guest
        guest.wait_agent()
        return guest

    # Waits until the jukebox answers `status`; returns its output.
    def jukebox(self, guest, timeout=240):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            rc, out = guest.cdwally("status", 20)
            if rc == 0:
                return out
            time.sleep(1)
        raise TimeoutError(f"the jukebox never answered status: {out}")

    def multi_user(self, guest):
        rc, out = guest.run("systemctl show -P ActiveEnterTimestampMonotonic multi-user.target")
        try:
            return int(out.strip()) / 1e6 or None
        except ValueError:
            return None

    # What the WAV has heard so far: its windows from START (samples).
    def heard(self, guest, start=0):
        samples, rate = guest.samples()
        return samples, rate, tones.windows(samples, rate, start)

    # Waits until the WAV holds SECONDS of the disc's tone after its first sound.
    def wait_heard(self, guest, disc, seconds, timeout=300):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            samples, rate = guest.samples()
            first = tones.first_sound(samples)
            if first is not None and len(samples) - first > seconds * rate:
                return samples, rate, first
            time.sleep(1)
        raise TimeoutError(f"disc {disc}: not {seconds} s heard within {timeout} s")

    def last_place(self, guest, disc=None):
        """The disc and album time of the last tone the sound card got. Read once the guest is
        off, it is the last place heard: the music plays on while a power-off stops the
        services, and after it the WAV holds silence. DISC: the last place of that disc, within
        the last 150 s."""
        samples, rate = guest.samples()
        end = len(samples)
        while end > 0 and abs(samples[end - 1]) <= 64:
            end -= 1
        heard = [w for w in tones.windows(samples[:end], rate, max(0, end - (150 if disc else 3) * rate))
                 if w[1] and (disc is None or w[1] == disc)]
        if disc:
            # Where that disc gave way to another, the windows that hold both read as neither,
            # or as a place of it far on (seen: 76 and 78 s three windows long, where disc 2 at
            # 26 s gave way to disc 3): the last window of five that follow on from each other.
            steady, following = [], 0
            for a, b in zip(heard, heard[1:]):
                following = following + 1 if 0 <= b[2] - a[2] <= 0.3 else 0
                if following >= 4:
                    steady.append(b)
            heard = steady or heard
        return (heard[-1][1], heard[-1][2]) if heard else (None, None)

    def journal_checks(self, guest, name):
        rc, journal = guest.run(f"journalctl -b -u {UNIT} -o cat --no-pager")
        crashes = [l for l in journal.splitlines() if any(k in l for k in (
            "Fatal error", "Crash", "SIGSEGV", "SIGILL", "SIGABRT", "core dumped", "Stack dump"))]
        self.verdict(f"{name}: no crash in the journal", not crashes, crashes[:3] or "none")
        foreign = [l for l in journal.splitlines() if "errno=" in l and "thread priority" in l]
        self.verdict(f"{name}: only cdwally's own lines in the journal (PRODUCT §9)", not foreign,
                     f"{len(foreign)} libdispatch 'thread priority' lines" if foreign else "none foreign")
        rc, out = guest.run("systemctl show -P NRestarts " + UNIT)
        self.verdict(f"{name}: the unit did not restart", out.strip() == "0", f"NRestarts={out.strip()}")
        # The silence watch's line (docs/PRODUCT.md): said, not judged; the silent boot earns it.
        silences = [l for l in journal.splitlines() if l.startswith("nothing played for")]
        if silences:
            self.say(f"{name}: the jukebox said {len(silences)} times that nothing played: {silences[:2]}")
            self.results.setdefault("silences", []).append({"name": name, "lines": silences})

    # The times the guest's ALSA stream started again after its first start this boot, and one
    # more if it stands stopped now (XRUN, or PREPARED again and not started), from
    # Scripts/machine/xruns.py: while a disc plays on without a pause, underruns. A stream
    # opened and prepared, never started, reads trigger_time 0.
    def xruns(self, guest):
        rc, out = guest.run("cat /run/check-machine-xruns 2>/dev/null")
        if rc != 0:
            return None
        changes = [line.split() for line in out.splitlines() if len(line.split()) == 2]
        changes = [(time, state) for time, state in changes if float(time) > 0]
        starts = sum(1 for time, state in changes if state == "RUNNING")
        stuck = bool(changes) and changes[-1][1] in ("XRUN", "PREPARED")
        if starts > 1 or stuck:
            self.say(f"the guest's stream started and stopped at (its clock, the state then): {changes[:8]}")
        return max(0, starts - 1) + int(stuck)

    # The first boot after a cut or power-off: the first sound is DISC near PLACE, at the
    # saved level, and plays on without a gap across a track join.
    def check_resume(self, guest, name, disc, place, level, listen=25, join=True, held=0.0, otherwise=None):
        """HELD: the seconds a writer of the jukebox was held by strace before the plug was
        pulled, during which it saved nothing; the bound grows by them (a real cut inside a
        rename holds nothing). OTHERWISE: the disc and place a disc change left, saved before
        the held write; the change itself queued behind it, that disc from there is right too."""
        samples, rate, first = self.wait_heard(guest, disc, listen)
        power_on = guest.first_sound
        multi = self.multi_user(guest)
        self.results.setdefault("first_sound", []).append(
            {"name": name, "power_on_s": round(power_on, 1) if power_on else None,
             "multi_user_s": multi, "multi_user_to_sound_s": round(power_on - multi, 1) if power_on and multi else None})
        self.say(f"{name}: first sample {power_on:.1f} s after power-on; multi-user at {multi} s (guest clock)")
        self.verdict(f"{name}: first sound within 300 s of power-on (a bound, not a benchmark)", power_on is not None and power_on < 300,
                     f"{power_on:.1f} s")
        opening = [w for w in tones.windows(samples, rate, first, width=0.2, step=0.1)[:3] if w[1]]
        if not opening:
            return self.verdict(f"{name}: the first samples are an album's tone", False, "not a tone")
        got_disc, got_place = opening[0][1], opening[0][2]
        if otherwise and otherwise[1] is not None and got_disc == otherwise[0] != disc:
            self.say(f"{name}: the disc left before the held write plays again (its change was not saved)")
            disc, place, held = otherwise[0], otherwise[1], 0.0
        loss = place - got_place
        self.results.setdefault("losses", []).append({"name": name, "heard_s": place, "resumed_s": got_place, "loss_s": round(loss, 2)})
        self.verdict(f"{name}: the first samples are disc {disc}", got_disc == disc, f"disc {got_disc}")
        limit = LOSS_LIMIT + held
        self.verdict(f"{name}: resumed at most {LOSS_LIMIT:.0f} s before the last place heard"
                     + (f" (+{held:.1f} s held)" if held else ""),
                     -0.5 <= loss <= limit, f"last heard {place:.1f} s, resumed at {got_place:.1f} s (lost {loss:.1f} s)")
        body = tones.windows(samples, rate, first + rate, width=0.2, step=0.5)
        peaks = sorted(w[3] for w in body if w[1] == disc)
        if peaks and self.reference_peak:
            ratio = peaks[len(peaks) // 2] / self.reference_peak
            want = (level / 100) ** 3
            self.verdict(f"{name}: the level is {level} on the cube curve", abs(ratio - want) <= 0.08 * want + 0.01,
                         f"amplitude {ratio:.3f} of the reference at 100, want {want:.3f}")
        # The music runs on: every 0.1 s the album's time moves on by 0.1 s, with no silence,
        # across the track joins, to the end of what was heard.
        steady = tones.windows(samples, rate, first + rate // 2, step=0.1)
        steady = steady[:max(0, len(steady) - 5)]
        jumps, blips = tones.breaks(steady, 0.1)
        # A blip at a join is what a gap between tracks looks like: a jump. Elsewhere, in the
        # middle of a file mpv decodes on, it is the emulation's (tones.breaks), said, not judged.
        jumps += [blip for blip in blips if tones.near_join(blip[1])]
        blips = [blip for blip in blips if not tones.near_join(blip[1])]
        xruns = self.xruns(guest)
        tracks = sorted({int(w[2] // tones.TRACK_SECONDS) + 1 for w in steady if w[1] == disc})
        detail = (f"{len(jumps)} jumps {jumps[:3]}, {xruns} underruns in the guest, tracks heard {tracks}"
                  + (f"; {len(blips)} dropouts of a few ms mid-track, the music on schedule after "
                     f"(emulation's, not judged) {blips[:3]}" if blips else ""))
        if jumps and xruns:
            self.say(f"{name}: jumps while the guest's ALSA ran under (emulation stalls), not judged: {detail}")
        else:
            # A join is asked for only where the span heard holds one.
            span = [w[2] for w in steady if w[1] == disc]
            joins = bool(span) and int(min(span) // tones.TRACK_SECONDS) != int(max(span) // tones.TRACK_SECONDS)
            join = join and (joins or max(span, default=0) - min(span, default=0) >= tones.TRACK_SECONDS)
            self.verdict(f"{name}: no gap in the music{', across a track join' if join else ''}",
                         not jumps and (len(tracks) > 1 or not join), detail)
        return True

    # ---- scenario 1: boot to music ----
    def scenario_boot(self):
        t = time.monotonic()
        guest = self.boot()
        self.say(f"boot 1: agent after {time.monotonic() - t:.0f} s; waiting for the jukebox (first index)")
        self.jukebox(guest)
        guest.cdwally("volume 100")
        tries, began = [], time.monotonic()
        while time.monotonic() - began < 120:
            rc, out = guest.cdwally("disc 2")
            tries.append(rc)
            if rc == 0:
                break
            time.sleep(2)
        self.verdict("boot: `cdwally disc 2` plays on the first try", tries == [0], f"exit statuses {tries}: {out.strip()}")
        samples, rate, first = self.wait_heard(guest, 2, 6)
        body = [w for w in tones.windows(samples, rate, first + rate // 2, step=0.5) if w[1] == 2]
        peaks = sorted(w[3] for w in body)
        self.reference_peak = peaks[len(peaks) // 2]
        self.say(f"boot 1: reference peak at volume 100: {self.reference_peak} (files at {tones.AMPLITUDE * 32767:.0f})")
        guest.cdwally("volume 70")
        time.sleep(14)
        guest.pull_plug()
        disc, place = self.last_place(guest)
        self.say(f"boot 1: plug pulled while disc {disc} played at {place:.1f} s")
        guest = self.boot()
        self.check_resume(guest, "boot to music after a cut", 2, place, 70)
        self.journal_checks(guest, "boot to music after a cut")
        time.sleep(3)
        guest.power_off()
        disc, place = self.last_place(guest)
        self.say(f"boot 2: powered off cleanly while disc {disc} played at {place:.1f} s")
        guest = self.boot()
        self.check_resume(guest, "boot to music after a clean power-off", 2, place, 70, listen=12)
        self.results["boot_minutes"] = round((time.monotonic() - t) / 60, 1)
        return guest

    # ---- scenario 2: pull the plug ----
    HOME = "/home/listener"
    PLAYLIST = "/srv/music/CDs.m3u8"

    def state_checks(self, guest, name):
        """After the jukebox's first command: no stale temporary file, state files parse,
        nothing set aside as damaged, the index opens. (A file gone meanwhile is no fault: the
        jukebox removes the listen in progress once it folded it into the log.)"""
        rc, out = guest.run("ls -a /srv/music | grep '^\\.CDs.m3u8.cdwally-' || true")
        self.verdict(f"{name}: no stale temporary playlist", not out.strip(), out.strip() or "none")
        # A state file's temporary name carries its writer's pid (`.<name>.<pid>.XXXXXX`); the
        # jukebox that claims the folder removes those whose writer is gone.
        rc, out = guest.run(f"""cd {self.HOME}/.local/state/cdwally 2>/dev/null && for f in .*.json.*; do
            [ -e "$f" ] || continue; pid=$(echo "$f" | sed -nE 's/^\\..+\\.json\\.([0-9]+)\\.[^.]+$/\\1/p')
            [ -n "$pid" ] && [ -d /proc/$pid ] || echo "left $f"; done""")
        self.verdict(f"{name}: no temporary state file of a writer gone", not out.strip(), out.strip() or "none")
        rc, out = guest.run(f"""cd {self.HOME}/.local/state/cdwally && for f in $(find . -name '*.json'); do
            python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$f" 2>/dev/null || {{ [ -e "$f" ] && echo "unparsable $f"; }}; done
            find {self.HOME}/.local/state {self.HOME}/.cache -name '*damaged*' -printf 'set aside %p\\n'
            for db in {self.HOME}/.cache/cdwally/index-*.sqlite3; do
                [ -e "$db" ] || continue; r=$(sqlite3 "$db" 'pragma integrity_check' 2>&1); [ "$r" = ok ] || echo "index $db: $r"; done""")
        self.verdict(f"{name}: state files parse, nothing set aside, the index opens", not out.strip(), out.strip() or "all sound")

    def backed_up_new(self, guest):
        """The new version an in-place write of the CDs playlist is writing, from its backup
        (beside the playlist, or in the listener's state folder); None without one."""
        rc, encoded = guest.run(
            f"cat /srv/music/.CDs.m3u8.cdwally-backup "
            f"$(find {self.HOME}/.local/state -name 'playlist-backup-*' 2>/dev/null) 2>/dev/null | base64 -w0")
        data = base64.b64decode(encoded.strip() or b"")
        header = data[:data.find(b"\n\n") + 1]
        length = re.search(rb"\nnew (\d+) ", header)
        if not length:
            return None
        return data[len(data) - int(length.group(1)):].decode("utf-8", "replace")

    def playing(self, guest):
        """Waits for the disc the WAV plays; returns it."""
        samples, rate, first = self.wait_heard(guest, None, 4)
        disc, place = self.last_place(guest)
        return disc

    # The system calls a hold may stop a writer in, by number on x86-64 (as
    # /proc/PID/task/TID/syscall gives them).
    CALLS = {"write": 1, "pwrite64": 18, "ftruncate": 77, "rename": 82, "renameat": 264, "renameat2": 316}
    RENAMES = "rename,renameat,renameat2"

    # Holds a writer at its next rename of PATH (any rename, without PATH) inside the guest:
    # strace's delay injection on the jukebox (its calls SERVE) and on COMMAND (a client, run
    # meanwhile; its calls CLIENT). TRIGGER, a client command run untraced once the jukebox is
    # held, makes the jukebox write; RESTART starts the jukebox again first and traces the new
    # one from its start (a write it makes once, after starting).
    #
    # THREAD (a name, as the jukebox's threads have them) holds with `check-machine-hold`
    # (hold.py) instead, that thread alone of the jukebox, and the client with it: a plain
    # rename(2) over PATH, which strace's -P does not see (it matches the temporary file).
    def hold(self, guest, path, command, serve=RENAMES, client=RENAMES + ",ftruncate", trigger=None,
             restart=False, thread=None):
        since = time.monotonic()  # the writer may be held from here on
        only = f"-P '{path}'" if path else ""
        if serve:
            holder = (f"tids=$(grep -l '^{thread}' /proc/$pid/task/*/comm | cut -d/ -f5); "
                      f"setsid check-machine-hold '{path}' {serve} --tasks $tids >/tmp/hold.serve 2>&1 </dev/null &"
                      if thread is not None else
                      f"setsid strace -f -p $pid {only} -e trace={serve} -e inject={serve}:delay_enter=600s -o /tmp/hold.serve >/dev/null 2>&1 &")
            guest.run(f"""old=$(systemctl show -P MainPID {UNIT})
                {"systemctl restart --no-block " + UNIT if restart else "old=0"}
                for i in $(seq 300); do pid=$(systemctl show -P MainPID {UNIT}); [ "$pid" != 0 ] && [ "$pid" != "$old" ] && break; sleep 0.1; done
                {holder}
                sleep 2""", 60)
        if command:
            # A rename of a temporary file over the playlist, or, where the writer writes into
            # the file itself (its folder not the user's: an ext4 disk's root as mkfs leaves
            # it), the truncation after the new bytes, which leaves the file torn until then.
            tracer = (f"check-machine-hold '{path}' {client} --" if thread is not None else
                      f"strace -f {only} -e trace={client} -e inject={client}:delay_enter=600s -o /tmp/hold.client")
            guest.send(f"{tracer} runuser -u listener -- cdwally {command} >/tmp/hold.client.out 2>&1", 700)
        if trigger:
            guest.send(f"runuser -u listener -- {trigger} >/tmp/hold.trigger.out 2>&1", 700)
        numbers = lambda calls: " ".join(str(self.CALLS[c]) for c in calls.split(",")) if calls else ""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            # A task inside one of the calls its process is held at, in a process strace
            # holds; a call on a descriptor only when it is PATH's (a thread of the jukebox
            # writing elsewhere is not held, and a task passes through such calls briefly).
            # One grep over every task first: a loop over hundreds of tasks takes seconds under
            # TCG, seconds the writer is held unseen (the resume bound's slack counts from the
            # look before the one that saw it).
            every = "|".join(sorted(set(numbers(serve).split() + numbers(client if command else "").split())))
            looked = time.monotonic()
            rc, out = guest.run(
                f"serve=' {numbers(serve)} ' client=' {numbers(client if command else '')} '; "
                f"for f in $(grep -lE '^({every}) ' /proc/[0-9]*/task/*/syscall 2>/dev/null); do read -r nr fd rest 2>/dev/null <$f || continue; "
                "case $nr in *[!0-9]*|'') continue;; esac; "
                "p=${f%/task/*}; grep -q '^TracerPid:[[:space:]]*[1-9]' ${f%/syscall}/status 2>/dev/null || continue; "
                "if tr '\\0' ' ' <$p/cmdline | grep -q ' serve'; then calls=$serve; else calls=$client; fi; "
                "case $calls in *' '$nr' '*) ;; *) continue;; esac; "
                + (f"case $nr in 1|18|77) l=$(readlink $p/fd/$((fd))); [ \"$l\" = '{path}' ] || continue;; esac; " if path else "")
                + "echo $f; done 2>/dev/null | head -n 3")
            if out.strip():
                self.held_since = since
                return out.strip()
            since = looked
            time.sleep(0.5)
        # Why not: what the client said, and the calls strace saw.
        rc, out = guest.run("cat /tmp/hold.client.out /tmp/hold.trigger.out 2>/dev/null; tail -n 3 /tmp/hold.client /tmp/hold.serve 2>/dev/null")
        self.say(f"nothing held: {out.strip()[:300]}")
        return None

    def scenario_cuts(self, guest, count):
        t = time.monotonic()
        # Every kind once in eight cuts; those of `cuts.py` hold a writer other than the
        # playlist's client (the listening log's, the web's, the index's).
        kinds = ["remove held in its write", "volume change held at a state rename", "at random while playing",
                 "add held in its write", "a listen held in its write", "stats --forget held in its write",
                 "the web's Library held in its write", "a scan of a new album held in its index write"]
        others = {"a listen": cuts.listen, "stats --forget": cuts.forget, "the web's": cuts.web,
                  "a scan": lambda run, guest, name, disc: cuts.scan(run, guest, name, disc, number + 1)}
        if guest is None:
            guest = self.boot()
            self.jukebox(guest)
            guest.cdwally("volume 70")
            # The first boot's jukebox may still be finding its library: asked again until it
            # plays (the boot scenario judges the first try).
            for _ in range(60):
                rc, out = guest.cdwally("disc 2")
                if rc == 0:
                    break
                time.sleep(2)
            self.say(f"cuts: `cdwally disc 2` said {out.strip()[:200]!r} (exit status {rc})")
        level = 70
        for number in range(count):
            # CHECK_MACHINE_FIRST_CUT starts the cycle at that kind (0-based): one kind tried alone.
            kind = kinds[(number + int(os.environ.get("CHECK_MACHINE_FIRST_CUT", "0"))) % len(kinds)]
            name = f"cut {number + 1} ({kind}, {self.fs})"
            self.jukebox(guest)
            # A disc resumed near its end may have ended the wallet (`then = "next"` stops
            # after the last disc): music again, for the cut to land in.
            state = self.status(guest).get("state")
            if state != "playing":
                self.say(f"{name}: the jukebox is {state}: disc 2 from its start")
                guest.cdwally("disc 2 --from-start")
                time.sleep(3)
            disc = self.playing(guest)
            # The albums last 80 s: a disc near its end goes back to its first track, so the
            # cut lands in music, not after the disc.
            if (self.last_place(guest)[1] or 0) > 45:
                guest.cdwally("track 1")
                self.wait_heard(guest, disc, 4)
            rc, old = guest.run(f"cat {self.PLAYLIST}")
            versions, levels = [old], [level]
            held_at, other = None, None
            if kind.startswith(("remove", "add")):
                verb = "remove 3" if kind.startswith("remove") else "add 'Rise 3'"
                if verb.startswith("add") and "Disc 3" in old:
                    # Disc 3 is put back after every cut: out first, so that the add writes;
                    # not while it plays (a disc taken out of the wallet is not the one a boot
                    # carries on with).
                    if disc == 3:
                        guest.cdwally("disc 2")
                        disc = self.playing(guest)
                    guest.cdwally("remove 3")
                    rc, old = guest.run(f"cat {self.PLAYLIST}")
                    versions = [old]
                # exFAT has no renameat2(RENAME_EXCHANGE): the writer falls back to a plain
                # rename, which only check-machine-hold sees.
                held = self.hold(guest, self.PLAYLIST, verb, thread="client only" if self.fs == "exfat" else None)
                rc, new = guest.run("cat /srv/music/.CDs.m3u8.cdwally-* 2>/dev/null")
                temporary = len(new)
                if new:
                    versions.append(new)
                rc, written = guest.run("grep -c ftruncate /tmp/hold.client 2>/dev/null")
                if written.strip() not in ("", "0"):
                    self.say(f"{name}: the writer writes into the file itself: held before its truncation")
                    # No temporary file then: the new bytes are in the write's backup
                    # (UserFileBackup: a header that says their length, the old bytes, the new).
                    new = self.backed_up_new(guest)
                    if new is not None:
                        versions.append(new)
                    self.say(f"{name}: the new version, from the write's backup: "
                             f"{'none found' if new is None else str(len(new)) + ' bytes'}")
                self.say(f"{name}: held in {held}; the temporary file {'holds ' + str(temporary) + ' bytes' if temporary else 'is not there'}")
                if not held:
                    self.verdict(f"{name}: the writer was held in its write", False, "not held")
                    # Done without being held: what it wrote is a version that was written.
                    rc, done = guest.run(f"cat {self.PLAYLIST}")
                    versions.append(done)
                # A client held saves nothing of the jukebox's: no slack for it.
                time.sleep(1)
            elif kind.startswith("volume"):
                level = 90 if level == 70 else 70
                levels.append(level)
                guest.send(f"runuser -u listener -- cdwally volume {level}", 60)
                held = self.hold(guest, None, None)
                self.say(f"{name}: held in {held}")
                held_at = self.held_since if held else None
                time.sleep(1)
            elif kind.startswith(tuple(others)):
                other = others[next(k for k in others if kind.startswith(k))](self, guest, name, disc)
                versions += other.versions
                held_at = other.held_at
                # The disc it left, where it was left: the WAV's last place of it, read after.
                left = other.otherwise
            else:
                time.sleep(random.uniform(1, 9))
            held_for = time.monotonic() - held_at if held_at else 0.0
            guest.pull_plug()
            disc, place = self.last_place(guest)
            if place is None:
                self.verdict(f"{name}: the plug was pulled while music played", False, "silence before the cut")
                guest = self.boot()
                continue
            self.say(f"{name}: plug pulled while disc {disc} played at {place:.1f} s"
                     + (f", a writer held {held_for:.1f} s" if held_for else ""))
            left = (left, self.last_place(guest, left)[1]) if other and other.otherwise and other.otherwise != disc else None
            if left:
                self.say(f"{name}: disc {left[0]} was left at {left[1]}")
            guest = self.boot()
            # The jukebox's first command, then the playlist as it left it.
            self.jukebox(guest)
            if other:
                other.check(self, guest, name, disc)
            rc, now = guest.run(f"cat {self.PLAYLIST}")
            self.verdict(f"{name}: the playlist is a version that was written", now in versions,
                         f"{len(now)} bytes, {'the new version' if now in versions[1:] else 'the old version' if now == old else 'NEITHER'}")
            self.state_checks(guest, name)
            rc, out = guest.run(f"cat {self.HOME}/.local/state/cdwally/volume.json")
            try:
                saved = json.loads(out)["volume"]
            except (ValueError, KeyError):
                saved = None
            self.verdict(f"{name}: the saved level is one that was set", saved in levels, f"{saved}, set {levels}")
            try:
                self.check_resume(guest, name, disc, place, saved if saved in levels else level, listen=8, join=False,
                                  held=held_for, otherwise=left)
            except TimeoutError as error:
                # Music that stops after the boot fails this cut, with what the guest says of
                # it, and is started again for the next cut rather than end the run.
                rc, out = guest.run(f"runuser -u listener -- cdwally status; cat /proc/asound/card0/pcm0p/sub0/status; "
                                    f"journalctl -b -u {UNIT} -o cat --no-pager | tail -n 8")
                self.verdict(f"{name}: the music plays on after the boot", False, f"{error}: {' | '.join(out.strip().splitlines())[:600]}")
                guest.cdwally(f"disc {disc}")
            self.journal_checks(guest, name)
            self.cuts.append({"kind": kind, "fs": self.fs})
            # Put the wallet back to three discs for the next cut.
            rc, now = guest.run(f"cat {self.PLAYLIST}")
            if "Disc 3" not in now:
                guest.cdwally("add 'Rise 3'")
            level = saved if saved in levels else level
        self.results["cuts"] = self.cuts
        self.results["cuts_minutes"] = round((time.monotonic() - t) / 60, 1)
        return guest

    # ---- scenario 5: a remote through the kernel ----
    def segment(self, guest, start, seconds=3):
        """The median peak and the discs and album times the WAV holds from sample START."""
        samples, rate = guest.samples()
        part = [w for w in tones.windows(samples[start:start + int(seconds * rate)], rate, 0, step=0.25) if w[1]]
        peaks = sorted(w[3] for w in part)
        return (peaks[len(peaks) // 2] if peaks else 0), part

    def heard_after(self, guest, start, seconds, timeout=60):
        """segment() once the WAV holds SECONDS from START: the WAV's own time, since a guest
        starved of CPU (an emulated boot, a loaded host) stalls its sound and the WAV with it,
        and seconds of the host's clock may hold less of the music than asked."""
        wait_until(lambda: len(guest.samples()[0]) >= start + seconds * tones.RATE, timeout, 0.5)
        return self.segment(guest, start, seconds)

    def press(self, guest, key, settle=4.0):
        guest.run(f"echo {key} >/tmp/remote.fifo", 10)
        time.sleep(settle)
        return len(guest.samples()[0])

    def scenario_remote(self, guest):
        t = time.monotonic()
        if guest is None:
            guest = self.boot()
        self.jukebox(guest)
        rc, out = guest.cdwally("volume 70")
        guest.cdwally("disc 2")
        # From its first track: a cut may have left disc 2 on its last, where the next track
        # is the next disc and the channel key would step from disc 3.
        guest.cdwally("track 1")
        self.wait_heard(guest, 2, 4)
        guest.run("modprobe uinput; setsid /usr/local/sbin/check-machine-remote /tmp/remote.fifo >/tmp/remote.log 2>&1 < /dev/null &", 20)
        # Seen within 3 s on an idle host; a starved guest takes longer to start the remote.
        out = wait_until(lambda: guest.run(
            f"journalctl -b -u {UNIT} -o cat --no-pager | grep -i 'check-machine remote' | tail -n 2")[1].strip(), 60, 2)
        self.verdict("remote: a device made after boot is picked up", bool(out), out or "no journal line names it within 60 s")
        before, part = self.segment(guest, len(guest.samples()[0]) - 3 * tones.RATE)
        self.press(guest, "KEY_VOLUMEDOWN", 0.5)
        pressed = self.press(guest, "KEY_VOLUMEDOWN", 0)
        # From a second after the press, once mpv's and ALSA's buffers have played out.
        after, part = self.heard_after(guest, pressed + tones.RATE, 3)
        want = (60 / 70) ** 3
        ratio = after / before if before else 0
        self.verdict("remote: KEY_VOLUMEDOWN twice takes 70 to 60 on the cube curve", abs(ratio - want) < 0.06,
                     f"amplitude ratio {ratio:.3f}, want {want:.3f}")
        rc, out = guest.cdwally("status")
        disc_before = [w[1] for w in part][-1:] or [None]
        start = len(guest.samples()[0])
        self.press(guest, "KEY_NEXTSONG", 0)
        level, part = self.heard_after(guest, start, 5)
        places = [round(w[2]) for w in part]
        self.verdict("remote: KEY_NEXTSONG goes to the next track", any(p % tones.TRACK_SECONDS <= 3 for p in places[-8:]),
                     f"album times heard after it {places[:2]}…{places[-2:]}")
        start = len(guest.samples()[0])
        self.press(guest, "KEY_CHANNELUP", 0)
        level, part = self.heard_after(guest, start, 6)
        discs = [w[1] for w in part]
        # Under TCG on a loaded host the next disc takes seconds to start: it must come, not
        # come fast.
        rc, out = guest.cdwally("status")
        self.verdict("remote: KEY_CHANNELUP changes disc (2 to 3)", 3 in discs and disc_before == [2] and "Disc 3" in out,
                     f"discs heard {disc_before} then {sorted(set(discs))}, last {discs[-3:]}")
        self.wait_heard(guest, 3, 3)
        time.sleep(3)
        self.press(guest, "KEY_PLAYPAUSE", 3)
        rc, out = guest.cdwally("status")
        self.verdict("remote: KEY_PLAYPAUSE pauses", "paus" in out.lower(), out.strip().splitlines()[0] if out.strip() else "")
        self.journal_checks(guest, "remote")
        self.results["remote_minutes"] = round((time.monotonic() - t) / 60, 1)
        return guest

    # ---- a child's box: cards, a knob, a volume limit (issue 39) ----
    BOX_CONFIG = """library = "/srv/music"
capacity = 0

[player]
audio_device = "alsa/plughw:CARD=Intel,DEV=0"
volume_limit = 60

[cards]
reader = "check-machine reader"
sounds = true
"""

    def status(self, guest):
        """`cdwally status --json` in the guest, parsed; {} when it does not answer."""
        rc, out = guest.cdwally("status --json 2>/dev/null")
        try:
            return json.loads(out)
        except ValueError:
            return {}

    def box(self, guest, command, settle=4.0):
        """A line to the guest's box (`household.py`): `card NUMBER` or `turn N`."""
        guest.run(f"echo '{command}' >/tmp/household.fifo", 10)
        time.sleep(settle)

    def scenario_household(self, guest):
        t = time.monotonic()
        if guest is None:
            guest = self.boot()
        self.jukebox(guest)
        guest.run(f"cat >{self.HOME}/.config/cdwally/config.toml <<'TOML'\n{self.BOX_CONFIG}TOML\n"
                  f"chown listener: {self.HOME}/.config/cdwally/config.toml", 10)
        guest.run("modprobe uinput; setsid /usr/local/sbin/check-machine-household /tmp/household.fifo "
                  ">/tmp/household.log 2>&1 < /dev/null & sleep 3", 20)
        guest.run(f"systemctl restart {UNIT}", 90)
        self.jukebox(guest)
        rc, out = guest.run(f"journalctl -b -u {UNIT} -o cat --no-pager | grep -E 'reading cards from check-machine reader|check-machine knob' | tail -n 3")
        self.verdict("household: the configured reader is read, grabbed", "grabbed" in out, out.strip() or "no journal line")
        rate = tones.RATE

        # Cards: two by number, the third by `card assign` waiting for the reader.
        for number, album in (("1111", "Rise 1"), ("2222", "Rise 2")):
            guest.cdwally(f"card assign --card {number} '{album}'")
        guest.run("runuser -u listener -- cdwally card assign 'Rise 3' >/tmp/assign.out 2>/tmp/assign.err "
                  "</dev/null & for i in $(seq 60); do grep -q waiting /tmp/assign.err && break; sleep 1; done", 90)
        self.box(guest, "card 3333", 4)
        rc, out = guest.run(f"cat /tmp/assign.out; grep -c '^#CDWALLY-CARD:3333 Rising Tones — Rise 3$' {self.PLAYLIST}")
        self.verdict("household: `card assign` takes the card the reader reads next",
                     "Card 3333 plays Rising Tones — Rise 3." in out and out.strip().endswith("1"), out.strip())

        # A card plays its album; another card, then the first again: from its place.
        guest.cdwally("volume 50")
        start = len(guest.samples()[0])
        self.box(guest, "card 2222", 10)
        level, part = self.heard_after(guest, start, 10)
        heard = [w for w in part if w[1] == 2]
        self.verdict("household: a card plays its album", bool(heard), f"discs heard {sorted(set(w[1] for w in part))}")
        disc, left = self.last_place(guest)
        start = len(guest.samples()[0])
        self.box(guest, "card 1111", 8)
        level, part = self.heard_after(guest, start, 8)
        self.verdict("household: another card plays its album", any(w[1] == 1 for w in part),
                     f"discs heard {sorted(set(w[1] for w in part))}")
        start = len(guest.samples()[0])
        self.box(guest, "card 2222", 8)
        level, part = self.heard_after(guest, start, 8)
        back = [w[2] for w in part if w[1] == 2]
        self.verdict("household: its card again plays it on from where it was left",
                     bool(back) and left is not None and disc == 2 and min(back) >= left - 2,
                     f"left disc {disc} at {left}; heard again from {min(back) if back else None}")

        # The same card while its album is the current disc pauses; a reader that repeats the
        # card while it lies there (twice within 2 s) counts once: it plays on, not pauses again.
        self.box(guest, "card 2222", 4)
        paused = self.status(guest).get("state")
        guest.run("echo 'card 2222' >/tmp/household.fifo; sleep 0.5; echo 'card 2222' >/tmp/household.fifo", 10)
        time.sleep(5)
        again = self.status(guest).get("state")
        self.verdict("household: the same card pauses, and a repeat counts once",
                     paused == "paused" and again == "playing",
                     f"after one read: {paused}; after a repeated read: {again}")

        # An unknown card plays nothing, is shown, and sounds its cue (the player stopped: the
        # sound card is the guide's hw device, which one core holds at a time).
        guest.cdwally("stop")
        time.sleep(3)
        start = len(guest.samples()[0])
        self.box(guest, "card 9999", 6)
        samples, _ = guest.samples()
        loud = sum(1 for v in samples[start:] if abs(v) > 64)
        status = self.status(guest)
        card = status.get("lastCard") or {}
        self.verdict("household: an unknown card plays nothing and is shown",
                     card.get("number") == "9999" and card.get("outcome") == "unknown" and status.get("state") in ("stopped", "idle"),
                     f"state {status.get('state')}, last card {card}")
        self.verdict("household: an unknown card sounds its short cue", 0.15 * rate < loud < 0.6 * rate,
                     f"{loud / rate:.2f} s of sound after it")

        # The knob turns the volume a step a detent, and stops at volume_limit (60).
        self.box(guest, "card 1111", 8)
        guest.cdwally("volume 50")
        time.sleep(4)
        before, part = self.segment(guest, len(guest.samples()[0]) - 3 * rate)
        self.box(guest, "turn 5", 5)
        after, part = self.segment(guest, len(guest.samples()[0]) - 3 * rate)
        volume = self.status(guest).get("volume")
        want = (60 / 50) ** 3
        ratio = after / before if before else 0
        self.verdict("household: five detents up from 50 stop at volume_limit 60",
                     volume == 60 and abs(ratio - want) < 0.12,
                     f"volume {volume}; amplitude ratio {ratio:.3f}, want {want:.3f}")
        self.journal_checks(guest, "household")
        self.results["household_minutes"] = round((time.monotonic() - t) / 60, 1)
        return guest

    def scenario_tests(self, guest):
        """The suites that need `/dev/uinput`, run in the guest where the kernel has it."""
        t = time.monotonic()
        if guest is None:
            guest = self.boot()
        rc, out = guest.run("cat /root/check-machine-tests", 10)
        bundle, pattern = (out.strip().splitlines() + ["", ""])[:2]
        # The jukebox would take the tests' devices too (--input auto): it stops for them.
        guest.run(f"systemctl stop {UNIT}; modprobe uinput", 60)
        rc, out = guest.run(
            f"cd {os.path.dirname(bundle)} && CDWALLY_TEST_PATIENCE=4 timeout 1700 {bundle} "
            f"--testing-library swift-testing --no-parallel --filter '{pattern}' >/tmp/tests.log 2>&1; "
            "echo exit $?; "
            "sed 's/\x1b\\[[0-9;]*m//g' /tmp/tests.log | grep -E '✘|➜|Test run' | tail -n 40", 1800)
        # The whole log stays in the run's folder: a failure's own lines (a command's stderr).
        rc, whole = guest.run("sed 's/\x1b\\[[0-9;]*m//g' /tmp/tests.log | tail -n 400", 60)
        with open(os.path.join(self.work, "tests.log"), "w") as log:
            log.write(whole)
        lines = out.strip().splitlines()
        ended = next((line for line in lines if line.startswith("exit ")), "exit ?")
        summary = next((line for line in reversed(lines) if "Test run with" in line), "no summary")
        skipped = [line for line in lines if "➜" in line]
        self.verdict(f"tests: '{pattern}' pass in the guest", ended == "exit 0" and "passed" in summary,
                     f"{ended}; {summary.strip()}")
        self.verdict("tests: none skipped for want of a device", not skipped,
                     f"{len(skipped)} skipped: {skipped[:2]}")
        self.results["tests_minutes"] = round((time.monotonic() - t) / 60, 1)
        return guest

    def finish(self, guest):
        if guest is not None:
            guest.power_off()
        self.results["failures"] = self.failures
        self.results["boots"] = self.boots
        self.results["minutes"] = round((time.monotonic() - self.started) / 60, 1)
        with open(os.path.join(self.work, "results.json"), "w") as out:
            json.dump(self.results, out, indent=1)
        self.say(f"{self.boots} boots in {self.results['minutes']} min; {len(self.failures)} failed verdicts")
        for failure in self.failures:
            print(f"  FAIL {failure}")
        return 1 if self.failures else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", required=True)
    parser.add_argument("--only", default="boot,cuts,remote")
    parser.add_argument("--cuts", type=int, default=3)
    parser.add_argument("--fs", default="exfat")
    arguments = parser.parse_args()
    run = Run(arguments.work, arguments.fs)
    only = arguments.only.split(",")
    guest = None
    try:
        if "boot" in only:
            guest = run.scenario_boot()
        if "cuts" in only:
            guest = run.scenario_cuts(guest, arguments.cuts)
        if "remote" in only:
            guest = run.scenario_remote(guest)
        if "household" in only:
            guest = run.scenario_household(guest)
        if "dry" in only:
            guest = scenario_dry(run, guest)
        if "tests" in only:
            guest = run.scenario_tests(guest)
        if "clock" in only:
            if guest is not None:
                guest.power_off()
            guest = scenario_clock(run)
        if "readonly" in only:
            if guest is not None:
                guest.power_off()
            guest = scenario_readonly(run)
        if "usb" in only:
            guest = scenario_usb(run, os.path.join(arguments.work, "music.img"))
        if "nas" in only:
            guest = scenario_nas(run)
    except Exception as error:  # a scenario that cannot go on is a failure, with its reason
        run.verdict("the run", False, f"{type(error).__name__}: {error}")
        if run.current is not None and run.current.process.poll() is None:
            run.current.pull_plug()
        guest = None
    sys.exit(run.finish(guest))


if __name__ == "__main__":
    main()
