"""Figure 9: time to first sound, from a command to the first audio sample it writes.

Each program plays into a named pipe the harness made and reads (`ao=pcm` for cdwally and
mpv, MPD's `fifo` output): the clock starts just before the command is started and stops when
the pipe first holds audio. The pipe is opened for reading before the writer starts, so the
writer's open never waits, and it is emptied between runs.
"""

from __future__ import annotations

import os
import select
import subprocess
import time
from pathlib import Path

from procs import MeasurementError, preexec


class AudioPipe:
    """A FIFO held open for reading by the harness."""

    def __init__(self, path: Path):
        self.path = path
        path.unlink(missing_ok=True)
        os.mkfifo(path, 0o600)
        self.descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        self.poller = select.poll()
        self.poller.register(self.descriptor, select.POLLIN)

    def drain(self) -> None:
        while True:
            try:
                if not os.read(self.descriptor, 1 << 16):
                    return
            except BlockingIOError:
                return

    def wait_for_audio(self, started: float, process: subprocess.Popen | None, timeout: float = 60) -> float:
        """Seconds from `started` until the pipe holds data; `process`, if given, must not end
        before then."""
        deadline = started + timeout
        while time.monotonic() < deadline:
            for _, events in self.poller.poll(10):
                if events & select.POLLIN:
                    return time.monotonic() - started
            # POLLHUP alone: no writer yet, or one that left without writing.
            if process is not None and process.poll() is not None:
                raise MeasurementError(f"{process.args[0]} ended (status {process.returncode}) before any sound")
        raise MeasurementError(f"no sound in {self.path} within {timeout:.0f} s")

    def close(self) -> None:
        os.close(self.descriptor)
        self.path.unlink(missing_ok=True)


def first_sound(
    pipe: AudioPipe, argv: list[str], env: dict[str, str] | None, log: Path, plays_itself: bool = True
) -> float:
    """Starts `argv`, returns the seconds to its first sample, and stops it. A command that only
    asks a daemon to play (`mpc play`) is not `plays_itself`: it may end before the sound."""
    pipe.drain()
    with open(log, "ab") as output:
        started = time.monotonic()
        process = subprocess.Popen(
            argv, env=env, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT,
            start_new_session=True, preexec_fn=preexec(),
        )
        try:
            return pipe.wait_for_audio(started, process if plays_itself else None)
        finally:
            if process.poll() is None:
                process.terminate()
            while process.poll() is None:
                pipe.drain()
                time.sleep(0.01)
            pipe.drain()
