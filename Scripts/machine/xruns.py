#!/usr/bin/python3
# check-machine-xruns, in the guest: the sound card's stream starts and stops as ALSA's status
# shows them, one line per change of its trigger_time (the last start or stop, an underrun's
# included) with the state then. Debian's kernel has neither ALSA's xrun log nor its trace
# point, and mpv's "Audio device underrun detected" is a line of its log the jukebox keeps at
# debug level, so this is how the harness counts underruns. Polled ten times a second: a stop
# and the restart that follows within it read as one change.
import sys, time

STATUS = "/proc/asound/card0/pcm0p/sub0/status"


def main(path):
    last = None
    while True:
        try:
            with open(STATUS) as status:
                fields = dict(line.split(":", 1) for line in status.read().splitlines() if ":" in line)
        except OSError:
            fields = {}
        trigger = fields.get("trigger_time", "").strip()
        if trigger and trigger != last:
            with open(path, "a") as out:
                out.write(f"{trigger} {fields.get('state', '').strip()}\n")
            last = trigger
        time.sleep(0.1)


if __name__ == "__main__":
    main(sys.argv[1])
