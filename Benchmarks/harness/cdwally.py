"""Running the cdwally binary under measurement, each run with private XDG directories.

Nothing a run does touches the user's files: the index goes to a private
XDG_CACHE_HOME ("an empty cache" is a fresh one), resume points to a private
XDG_STATE_HOME, the control socket to a private XDG_RUNTIME_DIR. There is no session
bus (as on a headless box), so a player runs without MPRIS.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from procs import Background, MeasurementError, TimedRun, run_timed

# Variables from the caller's environment that would change what cdwally does.
_SCRUBBED = (
    "CDWALLY_LIBRARY",
    "XDG_MUSIC_DIR",
    "XDG_CONFIG_HOME",
    "XDG_CACHE_HOME",
    "XDG_STATE_HOME",
    "XDG_RUNTIME_DIR",
    "DBUS_SESSION_BUS_ADDRESS",
)


@dataclass
class Home:
    """One set of private XDG directories."""

    root: Path

    @property
    def cache(self) -> Path:
        return self.root / "cache"

    def reset_cache(self) -> None:
        shutil.rmtree(self.cache, ignore_errors=True)
        self.cache.mkdir(parents=True)

    def prepare(self) -> "Home":
        for name in ("cache", "state", "config", "runtime"):
            (self.root / name).mkdir(parents=True, exist_ok=True)
        os.chmod(self.root / "runtime", 0o700)
        return self

    def copy_cache_from(self, other: "Home") -> None:
        shutil.rmtree(self.cache, ignore_errors=True)
        shutil.copytree(other.cache, self.cache)


class Cdwally:
    def __init__(self, binary: Path, library: Path, work: Path):
        self.binary = binary
        # What users run for a control verb: the installed `cdwally` is the small static client,
        # built beside the full program (an older tree has none: the full program then).
        quick = binary.parent / "cdwally-quick"
        self.control = quick if quick.is_file() else binary
        self.library = library
        self.work = work
        self._homes = 0

    def home(self, name: str) -> Home:
        self._homes += 1
        root = self.work / f"{self._homes:02d}-{name}"
        shutil.rmtree(root, ignore_errors=True)
        return Home(root).prepare()

    def env(self, home: Home) -> dict[str, str]:
        env = {key: value for key, value in os.environ.items() if key not in _SCRUBBED}
        env.update(
            XDG_CACHE_HOME=str(home.cache),
            XDG_STATE_HOME=str(home.root / "state"),
            XDG_CONFIG_HOME=str(home.root / "config"),
            XDG_RUNTIME_DIR=str(home.root / "runtime"),
            DBUS_SESSION_BUS_ADDRESS="unix:path=/nonexistent/cdwally-benchmark-bus",
            NO_COLOR="1",
        )
        return env

    def command(self, *arguments: str) -> list[str]:
        return [str(self.binary), *arguments, "--library", str(self.library)]

    def run(self, home: Home, *arguments: str) -> TimedRun:
        return run_timed(self.command(*arguments), self.env(home)).check()

    def scan(self, home: Home) -> TimedRun:
        return self.run(home, "scan", "--json")

    def discs(self, home: Home) -> TimedRun:
        return self.run(home, "discs", "--json")

    def wallet(self, home: Home) -> list[dict]:
        return json.loads(self.discs(home).stdout)["discs"]

    def tracks(self, home: Home, position: int) -> list[Path]:
        listing = json.loads(self.run(home, "tracks", str(position), "--json").stdout)
        return [Path(track["path"]) for track in listing["tracks"]]

    def render(self, home: Home, position: int, output: Path) -> TimedRun:
        """Plays disc `position` from its start into a WAV file at CPU speed; exits at its end."""
        return self.run(
            home,
            "play",
            str(position),
            "--from-start",
            "--then",
            "stop",
            "--mpv",
            "ao=pcm",
            "--mpv",
            f"ao-pcm-file={output}",
        )

    def player(self, home: Home, position: int, log: Path) -> Background:
        """Plays disc `position` in real time to a null output, going on to the next disc."""
        argv = self.command("play", str(position), "--from-start", "--then", "next", "--mpv", "ao=null")
        return Background(argv, self.env(home), log)

    def has_command(self, name: str) -> bool:
        result = run_timed([str(self.binary), "--help"])
        return any(line.strip().startswith(name + " ") or line.strip() == name for line in result.stdout.splitlines())

    def status(self, home: Home) -> TimedRun:
        run = run_timed([str(self.control), "status"], self.env(home))
        if run.returncode != 0:
            raise MeasurementError(f"cdwally status failed ({run.returncode}): {run.stderr.strip()}")
        return run
