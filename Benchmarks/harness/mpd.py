"""MPD, the peer: a private daemon on 127.0.0.1 driven with mpc.

The daemon runs in the foreground as the harness's child, with the configuration in
Benchmarks/mpd.conf.template: its own database, a null output, a free port. MPD starts
a full update by itself when its database file is missing, which would start the clock
too early; so a "first update" starts MPD on an empty database file (made once, on an
empty folder) and then times `mpc update --wait`, exactly as a new user's first update.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
from pathlib import Path
from string import Template

from procs import Background, MeasurementError, TimedRun, cpu_seconds, memory_kib, run_timed, wait_until

TEMPLATE = Path(__file__).resolve().parent.parent / "mpd.conf.template"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class MPD:
    def __init__(self, library: Path, work: Path):
        self.library = library
        self.work = work
        self.port = free_port()
        self.database = work / "database"
        self.empty_database = work / "empty-database"
        self.daemon: Background | None = None
        # A FIFO MPD writes into as well as its null output (figure 9), else None.
        self.fifo: Path | None = None
        # A queue longer than MPD's 16,384 entries (figure 10), else None: MPD allocates the
        # whole queue at start, so the other figures keep the default.
        self.max_playlist_length: int | None = None
        work.mkdir(parents=True, exist_ok=True)
        (work / "playlists").mkdir(exist_ok=True)
        self._starts = 0

    @staticmethod
    def version() -> str:
        result = subprocess.run(["mpd", "--version"], capture_output=True, text=True, check=True)
        return result.stdout.splitlines()[0].strip()

    def _config(self, music: Path) -> Path:
        path = self.work / f"mpd-{music.name}.conf"
        extra = ""
        if self.fifo is not None:
            # Figure 9 only: a second output into the harness's pipe. MPD empties a full pipe
            # itself rather than wait, so it never holds the daemon up.
            extra = f'audio_output {{\n    type "fifo"\n    name "first sound"\n    path "{self.fifo}"\n}}'
        settings = ""
        if self.max_playlist_length is not None:
            settings = f'max_playlist_length "{self.max_playlist_length}"'
        text = Template(TEMPLATE.read_text()).substitute(
            extra_outputs=extra,
            extra_settings=settings,
            music_directory=str(music),
            db_file=str(self.database),
            log_file=str(self.work / "mpd.log"),
            playlist_directory=str(self.work / "playlists"),
            port=str(self.port),
        )
        path.write_text(text)
        return path

    def command(self, *arguments: str) -> list[str]:
        return ["mpc", "-q", "-h", "127.0.0.1", "-p", str(self.port), *arguments]

    def mpc(self, *arguments: str, timeout: float = 900) -> TimedRun:
        return run_timed(self.command(*arguments), timeout=timeout)

    def _start(self, music: Path) -> None:
        self.stop()
        self._starts += 1
        log = self.work / f"daemon-{self._starts}.out"
        self.daemon = Background(["mpd", "--no-daemon", str(self._config(music))], None, log)
        wait_until(
            lambda: not self.daemon.alive() or self.mpc("status").returncode == 0,
            60,
            "MPD to answer on 127.0.0.1:%d" % self.port,
        )
        if not self.daemon.alive():
            raise MeasurementError(f"MPD did not start: {self.daemon.output().strip()[-500:]}")

    def stop(self) -> None:
        if self.daemon is not None:
            self.daemon.stop()
            self.daemon = None

    def prepare_empty_database(self) -> None:
        """A database file of an empty music folder, so MPD starts without updating."""
        empty = self.work / "empty-music"
        empty.mkdir(exist_ok=True)
        self.database.unlink(missing_ok=True)
        self._start(empty)
        self.mpc("update", "--wait").check()
        self.stop()
        if not self.database.exists():
            raise MeasurementError(f"MPD wrote no database file at {self.database}")
        shutil.copyfile(self.database, self.empty_database)

    def start_empty(self) -> None:
        """MPD on the library with an empty database: the state before a first update."""
        shutil.copyfile(self.empty_database, self.database)
        self._start(self.library)

    def start_existing(self) -> None:
        """MPD on the library, loading the database its last update saved."""
        self._start(self.library)

    def update(self) -> tuple[TimedRun, float]:
        """`mpc update --wait`, and the CPU time the daemon spent on it."""
        assert self.daemon is not None
        before = cpu_seconds(self.daemon.pid)
        run = self.mpc("update", "--wait").check()
        return run, cpu_seconds(self.daemon.pid) - before

    def status(self) -> TimedRun:
        return run_timed(["mpc", "-h", "127.0.0.1", "-p", str(self.port), "status"]).check()

    def songs(self) -> int:
        stats = run_timed(["mpc", "-h", "127.0.0.1", "-p", str(self.port), "stats"]).check()
        for line in stats.stdout.splitlines():
            if line.startswith("Songs:"):
                return int(line.split()[1])
        raise MeasurementError("mpc stats did not say how many songs MPD holds")

    def memory(self) -> dict[str, int]:
        assert self.daemon is not None
        return memory_kib(self.daemon.pid)

    def play(self, folder: Path) -> None:
        """Plays every file under `folder` (relative to the library), repeating."""
        self.mpc("clear").check()
        self.mpc("add", str(folder)).check()
        self.mpc("repeat", "on").check()
        self.mpc("play").check()
        wait_until(lambda: "[playing]" in self.status().stdout, 30, "MPD to start playing")
