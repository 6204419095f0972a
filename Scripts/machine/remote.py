#!/usr/bin/python3
# A remote made through uinput in the guest (Scripts/check-machine's scenario "remote"): a
# new input device with the keys of the man page's MEDIA KEYS table, appearing after boot.
# It presses the key named on each line of the FIFO given (KEY_VOLUMEDOWN…), down then up.
import os, sys
from evdev import UInput, ecodes

KEYS = ["KEY_PLAYPAUSE", "KEY_PLAYCD", "KEY_PLAY", "KEY_PAUSECD", "KEY_STOPCD", "KEY_STOP",
        "KEY_NEXTSONG", "KEY_NEXT", "KEY_PREVIOUSSONG", "KEY_PREVIOUS", "KEY_FASTFORWARD",
        "KEY_REWIND", "KEY_CHANNELUP", "KEY_CHANNELDOWN", "KEY_VOLUMEUP", "KEY_VOLUMEDOWN",
        "KEY_MUTE"]
fifo = sys.argv[1]
if not os.path.exists(fifo):
    os.mkfifo(fifo)
remote = UInput({ecodes.EV_KEY: [getattr(ecodes, key) for key in KEYS]},
                name="check-machine remote", vendor=0x1234, product=0x5678)
while True:
    with open(fifo) as lines:
        for line in lines:
            code = getattr(ecodes, line.strip())
            remote.write(ecodes.EV_KEY, code, 1)
            remote.syn()
            remote.write(ecodes.EV_KEY, code, 0)
            remote.syn()
