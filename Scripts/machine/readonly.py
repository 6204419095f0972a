# Scenario "readonly" of Scripts/check-machine (issue 37, scenario 7): a read-only root as
# Raspberry Pi OS's overlay file system makes it, where everything written outside a writable
# partition is kept in memory and lost at reboot. The guest mounts /home as such an overlay
# (its upper layer a tmpfs; the unit check-machine-overlay.service). Without the guide's
# advice the jukebox and `doctor` say the state will not survive, and it does not; with it
# (`state_dir` on the music disk, written beneath the overlay as the guide says to do before
# turning it on), the place and the listens survive a reboot and nothing is said.
import time

import tones
from clock import stats

UNIT = "cdwally-jukebox@listener"
NOTICE = "will not survive a reboot"


def notice_said(guest):
    """How many journal lines of this boot's jukebox say it, and what `doctor` says."""
    rc, count = guest.run(f"journalctl -b -u {UNIT} -o cat --no-pager | grep -c '{NOTICE}'")
    rc, doctor = guest.cdwally("doctor 2>&1")
    return int(count.strip() or 0), doctor


def play_then_power_off(run, guest, seconds):
    guest.cdwally("volume 70")
    guest.cdwally("disc 2")
    run.wait_heard(guest, 2, seconds)
    guest.power_off()
    return run.last_place(guest)


def scenario_readonly(run):
    t = time.monotonic()
    guest = run.boot()
    run.jukebox(guest)
    rc, kind = guest.run("stat -f -c %T /home/listener")
    count, doctor = notice_said(guest)
    run.verdict("readonly: on an overlay home, the start-up line and doctor say the state will not survive",
                kind.strip() == "overlayfs" and count >= 1 and NOTICE in doctor,
                f"/home/listener on {kind.strip()}; {count} journal lines; doctor: "
                f"{next((line.strip() for line in doctor.splitlines() if NOTICE in line), 'silent')[:160]}")
    disc, place = play_then_power_off(run, guest, 35)
    run.say(f"readonly: powered off while disc {disc} played at {place:.1f} s (state on the overlay)")

    guest = run.boot()
    run.jukebox(guest)
    time.sleep(20)
    samples, _ = guest.samples()
    status = run.status(guest)
    heard = stats(guest).get("allTime", {}).get("listens")
    run.verdict("readonly: without the advice, the place and the listen are gone after the reboot, as said",
                tones.first_sound(samples) is None and status.get("state") in ("idle", "stopped") and heard == 0,
                f"state {status.get('state')}, sound {'none' if tones.first_sound(samples) is None else 'heard'}, "
                f"listens {heard}")
    # The guide's advice, its own command, written beneath the overlay (on a Pi: before
    # turning it on). A first run appended the line after `[player]`, as the guide then said:
    # a setting of that section, warned of and ignored.
    rc, out = guest.run("runuser -u listener -- mkdir -p /srv/music/.cdwally && sed -i '1i state_dir = \"/srv/music/.cdwally\"' "
                        "/run/home-lower/listener/.config/cdwally/config.toml && head -n 1 /run/home-lower/listener/.config/cdwally/config.toml")
    run.say(f"readonly: the guide's state_dir line written beneath the overlay: {out.strip() or rc}")
    guest.power_off()

    guest = run.boot()
    run.jukebox(guest)
    count, doctor = notice_said(guest)
    run.verdict("readonly: with state_dir on the music disk, nothing is said", count == 0 and NOTICE not in doctor,
                f"{count} journal lines; doctor's state line: "
                f"{next((line.strip() for line in doctor.splitlines() if 'State' in line or 'state' in line), '?')[:160]}")
    disc, place = play_then_power_off(run, guest, 35)
    run.say(f"readonly: powered off while disc {disc} played at {place:.1f} s (state on the music disk)")

    guest = run.boot()
    run.check_resume(guest, "readonly: with the advice, the place survives the reboot", 2, place, 70,
                     listen=8, join=False)
    heard = stats(guest).get("allTime", {}).get("listens")
    run.verdict("readonly: with the advice, the listen survives the reboot", (heard or 0) >= 1, f"listens {heard}")
    run.journal_checks(guest, "readonly")
    run.results["readonly_minutes"] = round((time.monotonic() - t) / 60, 1)
    return guest
