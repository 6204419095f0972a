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


def jumps(heard, step, tolerance=0.35):
    """Where the album's time does not move on by STEP from one window to the next: audio
    lost, repeated, or a silence (a window with no tone) in the middle of the music."""
    found = []
    for before, after in zip(heard, heard[1:]):
        if before[1] is None or after[1] is None or before[1] != after[1]:
            next_disc = (before[1] and after[1] and after[1] == before[1] + 1
                         and before[2] > ALBUM_SECONDS - 1 and after[2] < 1)
            if before[1] != after[1] and not next_disc:
                found.append((round(after[0], 2), before[1:3], after[1:3]))
            continue
        if abs(after[2] - before[2] - step) > tolerance:
            found.append((round(after[0], 2), round(before[2], 2), round(after[2], 2)))
    return found


if __name__ == "__main__":
    write_album(int(sys.argv[1]), sys.argv[2])
