# The harness's test albums and how to read them back from the sound card's WAV
# (Scripts/check-machine). Each album is one rising tone, cut into tracks at exact samples:
# disc D at album time t sounds at BASE + SPAN * (D - 1) + RISE * t Hz, so any 0.2 s of what
# the guest played says which disc it is and where in the album, to about a tenth of a second.
# Standard library only (the host's python3): the WAV's header is not trusted after a kill -9,
# only its format fields.
import math, struct, sys, wave

RATE = 44100
AMPLITUDE = 0.5
BASE, SPAN, RISE = 300.0, 2000.0, 20.0
TRACKS, TRACK_SECONDS = 4, 20
ALBUM_SECONDS = TRACKS * TRACK_SECONDS


def album_samples(disc):
    f0, level = BASE + SPAN * (disc - 1), AMPLITUDE * 32767
    two_pi = 2 * math.pi
    return [int(level * math.sin(two_pi * (f0 * (n / RATE) + RISE / 2 * (n / RATE) ** 2)))
            for n in range(ALBUM_SECONDS * RATE)]


def write_album(disc, prefix):
    """Writes PREFIX-1.wav … one file per track, mono 16-bit."""
    samples = album_samples(disc)
    per_track = TRACK_SECONDS * RATE
    for track in range(TRACKS):
        with wave.open(f"{prefix}-{track + 1}.wav", "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            part = samples[track * per_track:(track + 1) * per_track]
            out.writeframes(struct.pack(f"<{len(part)}h", *part))


def read_raw(path, skip=0):
    """The samples of a WAV QEMU was writing (left channel), its rate, from sample SKIP on."""
    data = open(path, "rb").read()
    channels, rate = 2, 44100
    if data[:4] == b"RIFF" and data[12:16] == b"fmt ":
        channels, rate = struct.unpack("<HI", data[22:28])
    start = data.find(b"data", 12)
    start = 44 if start < 0 else start + 8
    body = data[start:]
    frames = len(body) // (2 * channels)
    left = struct.unpack(f"<{frames * channels}h", body[:frames * channels * 2])[::channels]
    return left[skip:], rate


def first_sound(samples, threshold=64):
    for index, value in enumerate(samples):
        if abs(value) > threshold:
            return index
    return None


def windows(samples, rate, start=0, width=0.2, step=0.1):
    """(wav time s, disc, album time s, peak) for each window from START, None where silent
    or not one of the albums' tones."""
    size, hop = int(width * rate), int(step * rate)
    result = []
    for at in range(start, len(samples) - size, hop):
        part = samples[at:at + size]
        peak = max(abs(v) for v in part)
        if peak < 64:
            result.append((at / rate, None, None, peak))
            continue
        crossings = sum(1 for a, b in zip(part, part[1:]) if (a < 0) != (b < 0))
        frequency = crossings / 2 / width
        # Each album sweeps RISE * ALBUM_SECONDS (1600 Hz) of its SPAN: the line between two
        # albums lies midway in the gap between one's top and the next one's start, so that an
        # album's last seconds read as that album (a line at SPAN / 4 cut its last 5 s off).
        disc = int((frequency - BASE + (SPAN - RISE * ALBUM_SECONDS) / 2) // SPAN) + 1
        album_time = (frequency - BASE - SPAN * (disc - 1)) / RISE
        if not 1 <= disc <= 3 or not -1 <= album_time <= ALBUM_SECONDS + 1:
            result.append((at / rate, None, None, peak))
        else:
            # The window's middle is the time the frequency was measured at.
            result.append((at / rate, disc, album_time, peak))
    return result


def gaps(samples, rate, start, end, threshold=200, shortest=0.003):
    """Runs of near silence longer than SHORTEST seconds between START and END (samples):
    a rising tone at our amplitude is never that quiet for that long."""
    found, run = [], 0
    for index in range(start, min(end, len(samples))):
        if abs(samples[index]) < threshold:
            run += 1
        else:
            if run > shortest * rate:
                found.append(((index - run) / rate, run / rate))
            run = 0
    return found


def _runs_on(before, after, steps, step, tolerance):
    """Whether AFTER, STEPS windows after BEFORE, is the same music STEPS * STEP later: the
    same disc, or the next one from its start once this one ended."""
    if before[1] is None or after[1] is None:
        return False
    if before[1] != after[1]:
        return (after[1] == before[1] + 1 and before[2] > ALBUM_SECONDS - 1 and after[2] < 1)
    return abs(after[2] - before[2] - steps * step) <= tolerance


def breaks(heard, step, tolerance=0.35, longest=4):
    """Where the album's time does not move on by STEP from one window to the next, as two
    lists. BLIPS: at most LONGEST windows misread, every one still a tone, after which the
    music is back on schedule to a tenth of a second, nothing lost or repeated: a dropout of a
    few milliseconds inside a window (CI's machine stage heard one, 3 ms mid-track, with no
    underrun in the guest); each (wav time, album time before). JUMPS: the rest, audio lost,
    repeated, or silent; each (wav time, before, after)."""
    jumps, blips, index = [], [], 1
    while index < len(heard):
        before, after = heard[index - 1], heard[index]
        if _runs_on(before, after, 1, step, tolerance):
            index += 1
            continue
        if before[1] is None and after[1] is None:
            index += 1  # a silence going on is one jump, counted where it began
            continue
        # Back on schedule to a tenth of a second, every window between a tone: a silence
        # long enough to empty a window, or one that delays the music, is a jump.
        back = next((ahead for ahead in range(index + 1, min(index + longest + 1, len(heard)))
                     if _runs_on(before, heard[ahead], ahead - index + 1, step, 0.15)), None)
        if back is not None and all(window[1] for window in heard[index:back]):
            blips.append((round(after[0], 2), round(before[2], 2)))
            index = back + 1
            continue
        if before[1] is None or after[1] is None or before[1] != after[1]:
            jumps.append((round(after[0], 2), before[1:3], after[1:3]))
        else:
            jumps.append((round(after[0], 2), round(before[2], 2), round(after[2], 2)))
        index += 1
    return jumps, blips


def near_join(album_time, within=0.5):
    """Whether ALBUM_TIME is within WITHIN seconds of a join between two tracks."""
    offset = album_time % TRACK_SECONDS
    return album_time > 1 and min(offset, TRACK_SECONDS - offset) <= within


if __name__ == "__main__":
    write_album(int(sys.argv[1]), sys.argv[2])
