"""Figure 11: playing on while the player indexes the whole library in the background.

A player started on an empty cache indexes only the playlist's folders, plays, and indexes
the rest of the library 5 s later on its own thread. On a big library that is a minute of
TagLib and SQLite on every core beside the decoder. The harness plays the role of a sound
card: mpv writes 16-bit stereo at 44.1 kHz (`ao=pcm`) into a FIFO, and the harness reads it
at exactly that rate, 20 ms at a time. When the FIFO (64 KiB, 0.37 s of audio) and mpv's own
buffer run dry at a moment the card needs sound, that is an underrun: a click or a gap on a
real output.

- 11: underruns from the start of playback until 10 s after the background index ended
  (target 0), and the longest shortfall;
- 11′: the player's RSS (`VmRSS`) 10 s after the index ended, against its RSS just before the
  index started: what the index keeps once it is done (target: back within 10 %).
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from firstsound import AudioPipe
from procs import Background, MeasurementError, memory_kib

RATE = 44_100 * 2 * 2
PERIOD = 0.02


def indexed(cache: Path) -> bool:
    """Whether the player's index says the whole library was scanned."""
    for file in (cache / "cdwally").glob("index-*.sqlite3"):
        try:
            with sqlite3.connect(f"file:{file}?mode=ro", uri=True, timeout=1) as database:
                row = database.execute("SELECT value FROM meta WHERE key = 'lastFullScan'").fetchone()
                return row is not None
        except sqlite3.Error:
            return False
    return False


def playing_while_indexing(suite) -> None:
    suite.log("11. playing while the library is indexed in the background")
    home = suite.cdwally.home("under-index")
    pipe = AudioPipe(suite.work / "under-index.pcm")
    argv = suite.cdwally.command(
        "play", "1", "--from-start", "--then", "next", "--mpv", "ao=pcm", "--mpv", f"ao-pcm-file={pipe.path}",
        "--mpv", "ao-pcm-waveheader=no", "--mpv", "audio-format=s16", "--mpv", "audio-samplerate=44100",
        "--mpv", "audio-channels=stereo")
    runs = max(1, suite.runs // 2)
    underruns, shortfalls, kept, index_seconds = [], [], [], []
    try:
        for _ in range(runs):
            home.reset_cache()
            result = _one_run(suite, argv, home, pipe)
            underruns.append(result["underruns"])
            shortfalls.append(result["shortfall"])
            kept.append(result["after"] / result["before"])
            index_seconds.append(result["index"])
            suite.log(f"  {result['underruns']} underruns (longest shortfall {result['shortfall'] * 1000:.0f} ms); "
                      f"index {result['index']:.1f} s; RSS {result['before'] / 1024:.1f} MiB before it, "
                      f"{result['after'] / 1024:.1f} MiB 10 s after (peak {result['peak'] / 1024:.1f})")
    finally:
        pipe.close()
    suite.record("under_index", cdwally=underruns, shortfall=shortfalls, index=index_seconds)
    suite.record("under_index_rss", cdwally=kept)


def _one_run(suite, argv: list[str], home, pipe: AudioPipe) -> dict:
    pipe.drain()
    with Background(argv, suite.cdwally.env(home), suite.work / "under-index.log") as player:
        pipe.wait_for_audio(time.monotonic(), player.process)
        # The card's clock starts with the first sound; the index is due 5 s after the start.
        started = clock = time.monotonic()
        received = 0
        underruns = 0
        short = False
        longest = 0.0
        short_since = 0.0
        before = None
        index_started = None
        index_ended = None
        stop_at = None
        while stop_at is None or time.monotonic() < stop_at:
            clock += PERIOD
            delay = clock - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            due = (clock - started) * RATE
            while received < due:
                try:
                    chunk = os.read(pipe.descriptor, int(due - received))
                except BlockingIOError:
                    break
                if not chunk:
                    break
                received += len(chunk)
            if not player.alive():
                raise MeasurementError(f"cdwally play stopped: {player.output()[-500:]}")
            now = time.monotonic()
            # A card asks for its next period: a shortfall of more than one period is heard.
            if due - received > RATE * PERIOD:
                if not short:
                    underruns += 1
                    short, short_since = True, now
                longest = max(longest, now - short_since)
            else:
                short = False
            elapsed = now - started
            if before is None and elapsed >= 4.0:
                before = memory_kib(player.pid)["VmRSS"]
            if index_started is None and elapsed >= 5.0:
                index_started = now
            if index_started is not None and index_ended is None and int(elapsed / PERIOD) % 50 == 0:
                if indexed(home.cache):
                    index_ended = now
                    stop_at = now + 10
            if elapsed > 900:
                raise MeasurementError("the background index did not end within 15 minutes")
        memory = memory_kib(player.pid)
        # A player stopping writes its last buffer: the pipe is emptied until it has gone.
        player.process.terminate()
        while player.alive():
            pipe.drain()
            time.sleep(0.01)
        pipe.drain()
    return {
        "underruns": underruns,
        "shortfall": longest,
        "index": (index_ended or 0) - (index_started or 0),
        "before": before or memory["VmRSS"],
        "after": memory["VmRSS"],
        "peak": memory["VmHWM"],
    }
