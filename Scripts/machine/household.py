#!/usr/bin/python3
# A child's box made through uinput in the guest (Scripts/check-machine's scenario
# "household"): a card reader that types each card's number and Enter, as USB 125 kHz readers
# do, and a rotary knob that sends REL_X, one event a detent, as the kernel's rotary-encoder
# overlay does with relative_axis=1. Each line of the FIFO given is a command:
#   card NUMBER   the reader types NUMBER and Enter
#   turn N        the knob turns N detents (negative: the other way), 50 ms apart
import os, sys, time
from evdev import UInput, ecodes

fifo = sys.argv[1]
if not os.path.exists(fifo):
    os.mkfifo(fifo)
digits = {str(d): getattr(ecodes, f"KEY_{d}") for d in range(10)}
reader = UInput({ecodes.EV_KEY: list(digits.values()) + [ecodes.KEY_ENTER]},
                name="check-machine reader", vendor=0x1234, product=0x0001)
knob = UInput({ecodes.EV_REL: [ecodes.REL_X]}, name="check-machine knob", vendor=0x1234, product=0x0002)


def tap(code):
    reader.write(ecodes.EV_KEY, code, 1)
    reader.syn()
    reader.write(ecodes.EV_KEY, code, 0)
    reader.syn()


while True:
    with open(fifo) as lines:
        for line in lines:
            words = line.split()
            if words[:1] == ["card"]:
                for digit in words[1]:
                    tap(digits[digit])
                tap(ecodes.KEY_ENTER)
            elif words[:1] == ["turn"]:
                count = int(words[1])
                for _ in range(abs(count)):
                    knob.write(ecodes.EV_REL, ecodes.REL_X, 1 if count > 0 else -1)
                    knob.syn()
                    time.sleep(0.05)
