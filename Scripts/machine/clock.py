# Scenario "clock" of Scripts/check-machine (issue 37, scenario 6): a clock without a battery.
# A listen is made with the right time; the machine is powered off and booted with its clock
# in the past (`-rtc base=`, as a Pi without its network), then the clock jumps forward as NTP
# sets it. docs/PRODUCT.md §10: the cut disc plays on; a listen stamped after the clock counts
# in all time only, never this week, and `stats` says so once; the sleep timer counts the time
# that passed, not the jump; once the clock is right again, every listen is dated again.
import json, time

PAST = "2024-06-01T12:00:00"  # the guest's clock at power-on; systemd may raise it to its epoch


def stats(guest):
    rc, out = guest.cdwally("stats --json 2>/dev/null")
    try:
        return json.loads(out)
    except ValueError:
        return {}


def guest_clock(guest):
    rc, out = guest.run("date +%s")
    return int(out.strip()) if out.strip().isdigit() else None


def scenario_clock(run):
    t = time.monotonic()
    guest = run.boot()
    run.jukebox(guest)
    guest.cdwally("volume 70")
    # A listen of disc 1 long enough to be remembered (30 s), stamped with the right time.
    guest.cdwally("disc 1")
    run.wait_heard(guest, 1, 36)
    guest.cdwally("disc 2")
    guest.heard_since(len(guest.samples()[0]), 2, 8, 120)
    before = stats(guest)
    guest.power_off()
    disc, place = run.last_place(guest)
    run.say(f"clock: powered off while disc {disc} played at {place:.1f} s; "
            f"listens {before.get('allTime', {}).get('listens')} in all time")

    guest = run.boot(rtc=PAST)
    run.jukebox(guest)
    now = guest_clock(guest)
    behind = time.time() - now if now else 0
    run.verdict("clock: the guest's clock starts in the past", behind > 86400,
                f"{behind / 86400:.0f} days behind the host's")
    run.check_resume(guest, "clock: in the past, the cut disc plays on", 2, place, 70, listen=8, join=False)
    past = stats(guest)
    rc, said = guest.cdwally("stats 2>&1 >/dev/null")
    lines = [line for line in said.splitlines() if "stamped after this machine's clock" in line]
    run.verdict("clock: a listen stamped after the clock counts in all time only, said once",
                past.get("aheadOfClock", 0) >= 1 and past.get("week", {}).get("listens") == 0
                and past.get("allTime", {}).get("listens", 0) >= 1 and len(lines) == 1,
                f"ahead {past.get('aheadOfClock')}, this week {past.get('week', {}).get('listens')}, "
                f"all time {past.get('allTime', {}).get('listens')}; said: {lines}")

    # The sleep timer across the jump NTP makes: it counts the seconds that passed.
    guest.cdwally("sleep 90s")
    set_at = time.monotonic()
    time.sleep(5)
    guest.run(f"date -s @{int(time.time())} >/dev/null")
    jumped = guest_clock(guest) - now if now else 0
    time.sleep(3)
    status = run.status(guest)
    left = (status.get("sleep") or {}).get("remaining")
    spent = time.monotonic() - set_at
    run.verdict("clock: a forward jump leaves the sleep timer to the time that passed",
                left is not None and abs((90 - spent) - left) <= 10 and status.get("state") == "playing",
                f"clock jumped {jumped / 86400:.0f} days; {left} s left {spent:.0f} s after `sleep 90s`, "
                f"state {status.get('state')}")
    paused_at = None
    deadline = set_at + 180
    while time.monotonic() < deadline:
        if run.status(guest).get("state") == "paused":
            paused_at = time.monotonic() - set_at
            break
        time.sleep(1)
    run.verdict("clock: the timer pauses when its time is up, not at the jump",
                paused_at is not None and 80 <= paused_at <= 110,
                f"paused {paused_at and round(paused_at)} s after `sleep 90s`")

    now_right = stats(guest)
    run.verdict("clock: once the clock is right, every listen is dated again",
                now_right.get("aheadOfClock") == 0 and now_right.get("week", {}).get("listens", 0) >= 1,
                f"ahead {now_right.get('aheadOfClock')}, this week {now_right.get('week', {}).get('listens')}")
    run.journal_checks(guest, "clock")
    run.results["clock_minutes"] = round((time.monotonic() - t) / 60, 1)
    return guest
