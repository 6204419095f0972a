# Scenario dry (Scripts/check-machine --only dry): the sound card runs dry. While disc 2
# plays, nothing feeds the card for a few seconds, so that ALSA's stream underruns for real in
# the guest's kernel: the whole jukebox stopped (SIGSTOP, then SIGCONT), and mpv's core and
# demuxer starved of CPU (SCHED_IDLE under two busy loops) while its output thread runs. The
# music must come back by itself and play on, and the status must not say it waits.
import time

import tones

UNIT = "cdwally-jukebox@listener"

STOPPED = "kill -STOP {pid}; sleep 3; kill -CONT {pid}"
STARVED = ("ts=$(ps -L -o tid=,comm= -p {pid} | awk '/mpv core|demux/ {{print $1}}'); "
           "for t in $ts; do chrt -i -p 0 $t; done; "
           "for i in 1 2; do timeout 3 sh -c 'while :; do :; done' & done; wait; "
           "for t in $ts; do chrt -o -p 0 $t; done")


def scenario_dry(run, guest):
    t = time.monotonic()
    if guest is None:
        guest = run.boot()
    run.jukebox(guest)
    guest.cdwally("volume 70")
    guest.cdwally("disc 2")
    guest.cdwally("track 1")
    run.wait_heard(guest, 2, 4)
    rc, pid = guest.run(f"systemctl show -P MainPID {UNIT}")
    for name, script in (("the jukebox stopped 3 s", STOPPED), ("mpv's core starved 3 s", STARVED)):
        underruns = run.xruns(guest)
        guest.run(script.format(pid=pid.strip()), 60)
        after = len(guest.samples()[0])
        underran = run.xruns(guest) != underruns
        # The WAV grows only while the guest's stream runs: 6 s more of it is the music back.
        level, part = run.heard_after(guest, after, 6, timeout=90)
        places = [(w[1], round(w[2], 1)) for w in part]
        jumps, blips = tones.breaks(part, 0.25)
        moving = len(part) >= 16 and not jumps
        run.verdict(f"dry, {name}: the music comes back by itself and plays on"
                    + (" (the stream underran)" if underran else " (no underrun seen)"),
                    moving, f"heard after it {places[:2]}…{places[-2:]}, jumps {jumps[:3]}")
        status = run.status(guest)
        run.verdict(f"dry, {name}: the status does not say it waits", status.get("state") == "playing"
                    and not status.get("waitingForOutput"), f"{status.get('state')}, waitingForOutput {status.get('waitingForOutput')}")
    run.journal_checks(guest, "dry")
    run.results["dry_minutes"] = round((time.monotonic() - t) / 60, 1)
    return guest
