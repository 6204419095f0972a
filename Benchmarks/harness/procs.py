"""Running the programs under measurement.

A timed run starts one process with its output going to files (never pipes, so that the
harness can reap it itself with wait4 and read its resource usage: wall time and peak
resident memory come from the same run). Long-lived processes (MPD, a playing cdwally)
run in their own session and are stopped by their process id, never by name.
"""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path


class MeasurementError(RuntimeError):
    """A measured program failed or misbehaved; the message says which and how."""


@dataclass
class TimedRun:
    argv: list[str]
    seconds: float
    cpu_seconds: float
    peak_rss_kib: int
    returncode: int
    stdout: str
    stderr: str

    def check(self) -> "TimedRun":
        if self.returncode != 0:
            raise MeasurementError(
                f"{' '.join(self.argv[:3])} … exited with {self.returncode}: {self.stderr.strip()[-500:]}"
            )
        return self


def run_timed(argv: list[str], env: dict[str, str] | None = None, timeout: float = 900) -> TimedRun:
    """Runs `argv` to its end; wall time from spawn to reaping, peak RSS from wait4."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        process = subprocess.Popen(
            argv, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err, start_new_session=True
        )
        timer = threading.Timer(timeout, _kill_group, args=(process.pid,))
        timer.start()
        try:
            _, status, usage = _wait4(process.pid)
        finally:
            timer.cancel()
        seconds = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return TimedRun(
            argv=argv,
            seconds=seconds,
            cpu_seconds=usage.ru_utime + usage.ru_stime,
            peak_rss_kib=usage.ru_maxrss,
            returncode=process.returncode,
            stdout=out.read().decode("utf-8", "replace"),
            stderr=err.read().decode("utf-8", "replace"),
        )


def _wait4(pid: int):
    while True:
        try:
            return os.wait4(pid, 0)
        except InterruptedError:
            continue


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


class Background:
    """A process left running while others are measured: a player, a daemon."""

    def __init__(self, argv: list[str], env: dict[str, str] | None, log: Path):
        self.argv = argv
        self.log = log
        self._out = open(log, "wb")
        self.process = subprocess.Popen(
            argv,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self._out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process.poll() is None

    def output(self) -> str:
        self._out.flush()
        return self.log.read_text("utf-8", "replace")

    def stop(self, timeout: float = 15) -> None:
        """SIGTERM, then SIGKILL to the session this process leads if it lingers."""
        if self.alive():
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                _kill_group(self.pid)
                self.process.wait(5)
        self._out.close()

    def __enter__(self) -> "Background":
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()


def memory_kib(pid: int) -> dict[str, int]:
    """VmRSS (resident now) and VmHWM (peak resident) of a live process, in KiB."""
    values: dict[str, int] = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0])
    return values


def cpu_seconds(pid: int) -> float:
    """User and system time a live process has used so far (all its threads)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_until(predicate, timeout: float, what: str, interval: float = 0.05) -> None:
    """Polls `predicate` until it holds; generous timeouts, since the machine is shared."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(interval)
    raise MeasurementError(f"timed out after {timeout:.0f} s waiting for {what}")


def warm_page_cache(folder: Path) -> None:
    """Reads every file under `folder`, so a timed scan finds them in the page cache.

    The build and CI machines are VMs that give their page cache back within a minute
    (docs/PLATFORM-NOTES.md §6): this runs right before each timed scan, for every program alike.
    """
    finder = subprocess.Popen(["find", str(folder), "-type", "f", "-print0"], stdout=subprocess.PIPE)
    subprocess.run(
        ["xargs", "-0", "-r", "cat"], stdin=finder.stdout, stdout=subprocess.DEVNULL, check=True
    )
    assert finder.stdout is not None
    finder.stdout.close()
    if finder.wait() != 0:
        raise MeasurementError(f"cannot read the files under {folder}")
