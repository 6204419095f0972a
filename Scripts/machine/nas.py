# Scenario "nas" of Scripts/check-machine (issue 37, scenario 4): the library on a network
# share that goes away. The guest serves its music disk to itself over NFS (the kernel's
# server on 127.0.0.1) and mounts it as a Pi user mounts a NAS: the fstab line of the guide's
# section on network shares, a hard mount, which is Linux's default. While disc 2 plays, the
# server stops: the commands that need nothing from the share still answer as soon as they
# did with it (a refusal, with the library's reason, where mpv waits inside a read), the
# jukebox says what is wrong, and once the server is back it plays the disc on.
import time

from guest import wait_until
from usb import answer_times, late_answers

UNIT = "cdwally-jukebox@listener"
SHARE = "/mnt/nas"


def said(guest):
    """The jukebox's journal, without the boot's lines before it started."""
    rc, out = guest.run(f"journalctl -b -u {UNIT} -o cat --no-pager | tail -n 40")
    return out


def quiet(guest, seconds=2):
    """Whether the sound card has fallen silent: its last SECONDS were silence, or it got
    nothing more in them (the guest stopped its stream)."""
    before = len(guest.samples()[0])
    time.sleep(seconds)
    samples, rate = guest.samples()
    tail = samples[-seconds * rate:]
    return len(samples) - before < rate // 2 or max(abs(sample) for sample in tail) <= 64


def scenario_nas(run):
    t = time.monotonic()
    guest = run.boot()
    mounted = wait_until(lambda: (lambda rc, out: out.strip() if rc == 0 and "nfs" in out else None)(
        *guest.run(f"findmnt -n -o SOURCE,FSTYPE,OPTIONS {SHARE}")), 60)
    run.verdict("nas: the share is mounted as the guide's line says", bool(mounted), mounted or "not mounted in 60 s")
    run.jukebox(guest)
    guest.cdwally("volume 70")
    start = len(guest.samples()[0])
    # The first index of the share may still run: the wallet is empty until it ends.
    asked = wait_until(lambda: guest.cdwally("disc 2")[0] == 0, 180, step=5)
    places = guest.heard_since(start, 2, 8, 90)
    run.verdict("nas: disc 2 plays from the share", bool(asked) and bool(places), f"heard {len(places) / 4:.1f} s")
    if not places:
        return guest
    with_share = answer_times(run, guest)

    # The server stops: its clients' calls wait (a hard mount) until it is back.
    at_stop = run.last_place(guest)
    guest.run("systemctl stop nfs-server", 60)
    stopped = time.monotonic()
    run.say(f"nas: the server stopped while disc {at_stop[0]} played at {at_stop[1]} s")
    # The music stops once mpv has played what it read before.
    silent = wait_until(lambda: quiet(guest), 60)
    run.say(f"nas: silent {time.monotonic() - stopped:.0f} s after the stop" if silent else "nas: still playing 60 s after the stop")
    without = answer_times(run, guest)
    slowest_with, late = late_answers(with_share, without)
    run.verdict("nas: with the server gone, status and volume answer as soon as with it",
                len(without) == 9 and not late,
                f"answers {[(verb, rc) for verb, rc, _ in without][-2:]}; status in "
                f"{min(s for verb, _, s in without if verb == 'status')}…{max(s for verb, _, s in without if verb == 'status')} s, "
                f"slowest {max((s for _, _, s in without), default=None)} s (with the share: {slowest_with} s); late: {late}")
    rc, out = guest.cdwally("volume 65", 30)
    run.verdict("nas: a volume change is done, or refused with the library's reason",
                rc == 0 or "does not answer" in out, f"exit {rc}: {out.strip()[:200]}")
    status = run.status(guest)
    rc, text = guest.cdwally("status", 10)
    journal = said(guest)
    run.say(f"nas: status while the share is gone: {text.strip()[:300]!r}; json {status!r}"[:900])
    run.say(f"nas: the journal's last lines: {journal.strip().splitlines()[-8:]!r}"[:1500])
    tells = "not answering" in text or "does not answer" in text
    run.verdict("nas: the jukebox says the share does not answer", tells, text.strip()[:200])

    # The server back: the disc plays on from about where the music stopped.
    quiet_from = len(guest.samples()[0])
    guest.run("systemctl start nfs-server", 60)
    back = time.monotonic()
    places = guest.heard_since(quiet_from, 2, 6, 240)
    run.verdict("nas: the server back, disc 2 plays on",
                bool(places) and at_stop[1] is not None and min(places) >= at_stop[1] - run.loss_limit,
                f"stopped at {at_stop[1]} s; heard again from {min(places) if places else None} s, "
                f"{time.monotonic() - back:.0f} s after the server came back")
    rc, text = guest.cdwally("status", 10)
    run.verdict("nas: the server back, status says nothing is wrong",
                rc == 0 and "not answering" not in text and "does not answer" not in text, text.strip()[:200])
    run.journal_checks(guest, "nas")
    run.results["nas_minutes"] = round((time.monotonic() - t) / 60, 1)
    return guest
