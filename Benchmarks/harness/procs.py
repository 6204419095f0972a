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


class Confinement:
    """The Pi-class run's limits: one core and a memory cgroup, for every measured process.

    A small board has one or two slow cores and 512 MiB to 1 GiB; this gives the same programs
    one core of this machine and 512 MiB, charged page cache included, as the kernel does on
    the board. Each process the harness spawns to measure joins the cgroup and the CPU set
    before it execs (`preexec`), so its threads and children inherit both, while the harness
    itself, its page-cache warming and its reference decoder stay outside.
    """

    def __init__(self, cpus: set[int], memory_bytes: int, name: str = "cdwally-pi"):
        self.cpus = cpus
        self.memory_bytes = memory_bytes
        self.name = name
        self.cgroup: Path | None = None
        self.version: str | None = None
        self.notes: list[str] = []

    def enter(self) -> None:
        """Makes the cgroup under the harness's own one; without it, pins to the CPUs alone."""
        reasons = []
        for make in (self._make_v1, self._make_v2):
            try:
                if make():
                    return
            except OSError as error:
                reasons.append(str(error))
                self._remove()
        self.notes.append("no memory cgroup could be made (" + ("; ".join(reasons) or "no cgroup v1 memory "
                          "controller and no cgroup v2 memory.max") + "): pinned to one core only, no memory limit")

    def _own(self, controller: str) -> str | None:
        for line in Path("/proc/self/cgroup").read_text().splitlines():
            _, controllers, path = line.split(":", 2)
            if controller in controllers.split(","):
                return path
        return None

    def _make_v1(self) -> bool:
        own = self._own("memory")
        base = Path("/sys/fs/cgroup/memory")
        if own is None or not (base / "memory.limit_in_bytes").exists():
            return False
        self.cgroup = base / own.lstrip("/") / self.name
        self.cgroup.mkdir(exist_ok=True)
        self.version = "v1"
        (self.cgroup / "memory.limit_in_bytes").write_text(str(self.memory_bytes))
        # Without this the limit would push the players' pages out to swap, where a board has none.
        swap = self.cgroup / "memory.memsw.limit_in_bytes"
        if swap.exists():
            swap.write_text(str(self.memory_bytes))
        return True

    def _make_v2(self) -> bool:
        base = Path("/sys/fs/cgroup")
        if not (base / "cgroup.controllers").exists():
            return False
        own = None
        for line in Path("/proc/self/cgroup").read_text().splitlines():
            if line.startswith("0::"):
                own = line[3:]
        if own is None:
            return False
        parent = base / own.lstrip("/")
        if "memory" not in (parent / "cgroup.subtree_control").read_text().split():
            (parent / "cgroup.subtree_control").write_text("+memory")
        self.cgroup = parent / self.name
        self.cgroup.mkdir(exist_ok=True)
        self.version = "v2"
        (self.cgroup / "memory.max").write_text(str(self.memory_bytes))
        swap = self.cgroup / "memory.swap.max"
        if swap.exists():
            swap.write_text("0")
        return True

    def preexec(self) -> None:
        """Runs in each measured child between fork and exec."""
        os.sched_setaffinity(0, self.cpus)
        if self.cgroup is not None:
            with open(self.cgroup / "cgroup.procs", "w") as procs:
                procs.write(str(os.getpid()))

    @property
    def description(self) -> str:
        """"one core (CPU 0) and 512 MiB (memory cgroup v1)", as the report states it."""
        cpus = ",".join(str(cpu) for cpu in sorted(self.cpus))
        cores = "one core" if len(self.cpus) == 1 else f"{len(self.cpus)} cores"
        if self.cgroup is None:
            return f"{cores} (CPU {cpus}), no memory limit"
        return f"{cores} (CPU {cpus}) and {self.memory_bytes / 1024 / 1024:.0f} MiB (memory cgroup {self.version})"

    def peak_bytes(self) -> int | None:
        """The most the cgroup held at once, page cache included, when the kernel says."""
        if self.cgroup is None:
            return None
        name = "memory.max_usage_in_bytes" if self.version == "v1" else "memory.peak"
        try:
            return int((self.cgroup / name).read_text())
        except (OSError, ValueError):
            return None

    def limit_hits(self) -> int | None:
        if self.cgroup is None:
            return None
        try:
            if self.version == "v1":
                return int((self.cgroup / "memory.failcnt").read_text())
            for line in (self.cgroup / "memory.events").read_text().splitlines():
                if line.startswith("max "):
                    return int(line.split()[1])
        except (OSError, ValueError):
            return None
        return None

    def close(self) -> None:
        self._remove()

    def _remove(self) -> None:
        if self.cgroup is None:
            return
        # A process just reaped may linger in the cgroup for a moment.
        for _ in range(50):
            try:
                self.cgroup.rmdir()
                break
            except FileNotFoundError:
                break
            except OSError:
                time.sleep(0.1)
        else:
            self.notes.append(f"the cgroup {self.cgroup} could not be removed")
        self.cgroup = None


# The Pi-class run sets this; every measured process is spawned inside it.
_confinement: Confinement | None = None


def confine(confinement: Confinement | None) -> None:
    global _confinement
    _confinement = confinement


def preexec():
    """What measured processes run before exec: nothing, or joining the Pi-class limits."""
    return _confinement.preexec if _confinement is not None else None


def confinement_of(pid: int) -> tuple[set[str], str]:
    """The CPU lists of every thread of `pid`, and its memory cgroup: to check that a daemon's
    or player's threads stayed inside the limits."""
    cpus = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            for line in (task / "status").read_text().splitlines():
                if line.startswith("Cpus_allowed_list:"):
                    cpus.add(line.split(":", 1)[1].strip())
        except OSError:
            continue
    memory = "?"
    for line in Path(f"/proc/{pid}/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if "memory" in controllers.split(",") or (controllers == "" and memory == "?"):
            memory = path
    return cpus, memory


def run_timed(argv: list[str], env: dict[str, str] | None = None, timeout: float = 900) -> TimedRun:
    """Runs `argv` to its end; wall time from spawn to reaping, CPU time from wait4, peak RSS
    from GNU time, which starts it.

    Not wait4's `ru_maxrss`: Python starts a child with vfork, and the child's peak then counts
    the harness's own resident memory, which reached 200 MiB holding a 200,000-line playlist
    (figure 10a read 199.7 MiB in the run of 2026-11-24, cdwally's own peak being 96 MiB).
    GNU time forks from a process of a megabyte."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r") as peak:
        started = time.perf_counter()
        process = subprocess.Popen(
            ["/usr/bin/time", "--format", "%M", "--output", peak.name, "--", *argv], env=env,
            stdin=subprocess.DEVNULL, stdout=out, stderr=err, start_new_session=True, preexec_fn=preexec(),
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
        # GNU time writes "Command exited with non-zero status N" before the figure then.
        lines = peak.read().split()
        return TimedRun(
            argv=argv,
            seconds=seconds,
            cpu_seconds=usage.ru_utime + usage.ru_stime,
            peak_rss_kib=int(lines[-1]) if lines and lines[-1].isdigit() else usage.ru_maxrss,
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
            preexec_fn=preexec(),
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
