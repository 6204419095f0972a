"""The nine figures of BENCHMARKS.md, measured on one generated library.

Every timed figure is sampled several times. cdwally and its peer are measured in the same
rounds, alternating which goes first, because MPD's update thread runs under SCHED_IDLE and
anything else on the machine swings its times (docs/PLATFORM-NOTES.md §6). The page cache is warmed
right before each timed scan. Each figure keeps its raw samples; the report takes medians.
"""

from __future__ import annotations

import json
import shutil
import statistics
import time
from pathlib import Path

import wav
from cdwally import Cdwally, Home
from firstsound import AudioPipe, first_sound
from mpd import MPD
from procs import Background, MeasurementError, confinement_of, memory_kib, run_timed, wait_until, warm_page_cache

# The mpv command line of the render figure: the options cdwally sets on its own handle
# (Sources/CDWallyPlayer/MPV/MPVOption.swift), so both do the same work and the only
# difference left is what cdwally adds around libmpv.
MPV_OPTIONS = [
    "mpv",
    "--no-config",
    "--no-terminal",
    "--idle=no",
    "--vid=no",
    "--audio-display=no",
    "--cover-art-auto=no",
    "--ytdl=no",
    "--load-scripts=no",
    "--load-stats-overlay=no",
    "--load-osd-console=no",
    "--load-auto-profiles=no",
    "--gapless-audio=yes",
    "--prefetch-playlist=yes",
    "--replaygain=album",
]
MPV_COMMAND = MPV_OPTIONS + ["--ao=pcm"]

# Formats whose track lengths ffmpeg 5.1 and mpv decode exactly (docs/PLATFORM-NOTES.md §6).
GAPLESS_FORMATS = ("flac", "mp3", "opus")


class Suite:
    def __init__(self, cdwally: Cdwally, mpd: MPD | None, library: Path, work: Path, runs: int, log,
                 check_confinement: bool = False):
        self.cdwally = cdwally
        self.mpd = mpd
        self.library = library
        self.work = work
        self.runs = runs
        self.log = log
        self.figures: dict[str, dict] = {}
        self.notes: list[str] = []
        self.warm_home: Home | None = None
        # The Pi-class run: check once that the player's and MPD's threads kept to its limits.
        self.check_confinement = check_confinement
        self.confinement_checked: set[str] = set()

    def record(self, key: str, **values) -> None:
        self.figures.setdefault(key, {}).update(values)

    def note(self, text: str) -> None:
        self.notes.append(text)
        self.log(f"  note: {text}")

    def _cdwally_first(self, round_number: int) -> bool:
        return round_number % 2 == 0

    # 1, 6a. Cold full index and its peak memory.
    def cold_index(self, expected_tracks: int, expected_albums: int) -> None:
        self.log("1. cold full index (and 6. peak RSS during it)")
        times, peaks, mpd_times, mpd_peaks, cpu, mpd_cpu = [], [], [], [], [], []
        home = self.cdwally.home("cold-index")
        if self.mpd is not None:
            self.mpd.prepare_empty_database()
        for round_number in range(self.runs):
            def ours() -> None:
                home.reset_cache()
                warm_page_cache(self.library)
                run = self.cdwally.scan(home)
                report = json.loads(run.stdout)
                if (report["tracks"], report["albums"]) != (expected_tracks, expected_albums):
                    raise MeasurementError(
                        f"cdwally indexed {report['tracks']} tracks in {report['albums']} albums; "
                        f"the generator wrote {expected_tracks} in {expected_albums}"
                    )
                times.append(run.seconds)
                cpu.append(run.cpu_seconds)
                peaks.append(run.peak_rss_kib)
                self.log(f"  cdwally scan: {run.seconds:.3f} s (CPU {run.cpu_seconds:.3f} s), "
                         f"peak {run.peak_rss_kib / 1024:.0f} MiB")

            def theirs() -> None:
                assert self.mpd is not None
                self.mpd.start_empty()
                warm_page_cache(self.library)
                run, used = self.mpd.update()
                memory = self.mpd.memory()
                songs = self.mpd.songs()
                self.mpd.stop()
                if songs != expected_tracks:
                    raise MeasurementError(f"MPD found {songs} songs; the generator wrote {expected_tracks}")
                mpd_times.append(run.seconds)
                mpd_cpu.append(used)
                mpd_peaks.append(memory["VmHWM"])
                self.log(f"  MPD update:   {run.seconds:.3f} s (CPU {used:.3f} s), "
                         f"peak {memory['VmHWM'] / 1024:.0f} MiB")

            self._alternate(round_number, ours, theirs)
        self.warm_home = home
        self.record("cold_index", cdwally=times, peer=mpd_times)
        self.record("cold_index_cpu", cdwally=cpu, peer=mpd_cpu)
        self.record("index_rss", cdwally=peaks, peer=mpd_peaks)

    # 2. Warm no-change rescan.
    def warm_rescan(self) -> None:
        self.log("2. warm no-change rescan")
        assert self.warm_home is not None
        times, mpd_times, cpu, mpd_cpu = [], [], [], []
        if self.mpd is not None:
            self.mpd.start_existing()
        for round_number in range(self.runs):
            def ours() -> None:
                warm_page_cache(self.library)
                run = self.cdwally.scan(self.warm_home)
                report = json.loads(run.stdout)
                if report["added"] or report["changed"] or report["removed"]:
                    raise MeasurementError(f"a no-change rescan changed the index: {run.stdout}")
                times.append(run.seconds)
                cpu.append(run.cpu_seconds)
                self.log(f"  cdwally scan: {run.seconds:.3f} s (CPU {run.cpu_seconds:.3f} s)")

            def theirs() -> None:
                assert self.mpd is not None
                warm_page_cache(self.library)
                run, used = self.mpd.update()
                mpd_times.append(run.seconds)
                mpd_cpu.append(used)
                self.log(f"  MPD update:   {run.seconds:.3f} s (CPU {used:.3f} s)")

            self._alternate(round_number, ours, theirs)
        if self.mpd is not None:
            self.mpd.stop()
        self.record("warm_rescan", cdwally=times, peer=mpd_times)
        self.record("warm_rescan_cpu", cdwally=cpu, peer=mpd_cpu)

    # 3. First discs on an empty cache (the targeted scan of the playlist's folders).
    def first_discs(self) -> None:
        self.log("3. first `discs` on an empty cache")
        home = self.cdwally.home("first-discs")
        times = []
        for _ in range(self.runs):
            home.reset_cache()
            warm_page_cache(self.library)
            run = self.cdwally.discs(home)
            discs = json.loads(run.stdout)["discs"]
            if len(discs) == 0:
                raise MeasurementError("cdwally discs found an empty wallet")
            times.append(run.seconds)
            self.log(f"  cdwally discs: {run.seconds:.3f} s ({len(discs)} discs)")
        self.record("first_discs", cdwally=times)

    # 4. Warm discs (the whole library indexed, nothing changed).
    def warm_discs(self) -> None:
        self.log("4. warm `discs`")
        assert self.warm_home is not None
        times = []
        for _ in range(self.runs):
            warm_page_cache(self.library)
            run = self.cdwally.discs(self.warm_home)
            times.append(run.seconds)
            self.log(f"  cdwally discs: {run.seconds:.3f} s")
        self.record("warm_discs", cdwally=times)

    def _pick_discs(self) -> dict[str, tuple[int, list[Path]]]:
        """One wallet disc per format: the longest, with its tracks in play order."""
        assert self.warm_home is not None
        chosen: dict[str, tuple[int, list[Path]]] = {}
        for disc in self.cdwally.wallet(self.warm_home):
            tracks = self.cdwally.tracks(self.warm_home, disc["position"])
            formats = {track.suffix.lstrip(".").lower() for track in tracks}
            if len(formats) != 1:
                continue
            fmt = formats.pop()
            if fmt not in chosen or len(tracks) > len(chosen[fmt][1]):
                chosen[fmt] = (disc["position"], tracks)
        return chosen

    # 5, 8. Rendering an album to a file, and the samples at its track joins.
    def render_and_gaps(self) -> None:
        self.log("5. album render with ao=pcm (and 8. gap at track joins)")
        discs = self._pick_discs()
        if "flac" not in discs:
            raise MeasurementError("the wallet holds no FLAC album to render")
        position, tracks = discs["flac"]
        output = self.work / "render"
        output.mkdir(exist_ok=True)
        home = self.cdwally.home("render")
        home.copy_cache_from(self.warm_home)
        times, mpv_times = [], []
        ours_file, theirs_file = output / "cdwally.wav", output / "mpv.wav"
        for round_number in range(self.runs):
            def ours() -> None:
                warm_page_cache(tracks[0].parent)
                run = self.cdwally.render(home, position, ours_file)
                times.append(run.seconds)
                self.log(f"  cdwally play: {run.seconds:.3f} s")

            def theirs() -> None:
                warm_page_cache(tracks[0].parent)
                run = run_timed(MPV_COMMAND + [f"--ao-pcm-file={theirs_file}", "--", *map(str, tracks)]).check()
                mpv_times.append(run.seconds)
                self.log(f"  mpv:          {run.seconds:.3f} s")

            self._alternate(round_number, ours, theirs, always_both=True)
        self.record(
            "render",
            cdwally=times,
            peer=mpv_times,
            album=f"disc {position}: {len(tracks)} FLAC tracks",
        )

        gaps: dict[str, dict] = {}
        for fmt in GAPLESS_FORMATS:
            if fmt not in discs:
                self.note(f"the wallet holds no {fmt} album: no gap figure for {fmt}")
                continue
            position, tracks = discs[fmt]
            expected = sum(wav.decoded_frames(track) for track in tracks)
            ours_file = output / f"gap-{fmt}.wav"
            self.cdwally.render(home, position, ours_file)
            theirs_file = output / f"gap-{fmt}-mpv.wav"
            run_timed(MPV_COMMAND + [f"--ao-pcm-file={theirs_file}", "--", *map(str, tracks)]).check()
            gaps[fmt] = {
                "tracks": len(tracks),
                "expected": expected,
                "cdwally": wav.frames(ours_file) - expected,
                "mpv": wav.frames(theirs_file) - expected,
            }
            self.log(f"  {fmt}: {len(tracks)} tracks, {expected} frames; extra frames "
                     f"cdwally {gaps[fmt]['cdwally']}, mpv {gaps[fmt]['mpv']}")
        self.record("gap", formats=gaps)

    # 6b. Resident memory while playing.
    def playing_rss(self) -> None:
        self.log("6. RSS while playing (ao=null)")
        discs = self._pick_discs()
        position, tracks = discs.get("flac") or next(iter(discs.values()))
        folder = tracks[0].parent
        home = self.cdwally.home("playing")
        home.copy_cache_from(self.warm_home)
        ours, theirs, floor = [], [], []
        # Past the player's background index of the whole library (5 s after playback starts),
        # so the figure is the memory a player keeps while it plays on.
        settle = 10.0
        if self.mpd is not None:
            self.mpd.start_existing()
        for round_number in range(max(3, self.runs // 2)):
            def ours_run() -> None:
                with self.cdwally.player(home, position, self.work / "player.log") as player:
                    wait_until(lambda: "Track" in player.output() or not player.alive(), 60,
                               "cdwally to start playing")
                    if not player.alive():
                        raise MeasurementError(f"cdwally play stopped: {player.output()[-500:]}")
                    time.sleep(settle)
                    memory = memory_kib(player.pid)
                    self._check_confinement("cdwally play", player.pid)
                ours.append(memory["VmRSS"])
                self.log(f"  cdwally: {memory['VmRSS'] / 1024:.1f} MiB (peak {memory['VmHWM'] / 1024:.1f})")

            def theirs_run() -> None:
                assert self.mpd is not None
                self.mpd.play(folder.relative_to(self.library))
                time.sleep(settle)
                memory = self.mpd.memory()
                assert self.mpd.daemon is not None
                self._check_confinement("MPD", self.mpd.daemon.pid)
                self.mpd.mpc("stop").check()
                theirs.append(memory["VmRSS"])
                self.log(f"  MPD:     {memory['VmRSS'] / 1024:.1f} MiB (peak {memory['VmHWM'] / 1024:.1f})")

            self._alternate(round_number, ours_run, theirs_run)
            # The floor: the mpv command line playing the same files, with the same options.
            argv = MPV_OPTIONS + ["--ao=null", "--loop-playlist=inf", "--", *map(str, tracks)]
            with Background(argv, None, self.work / "mpv-playing.log") as mpv:
                time.sleep(settle)
                if not mpv.alive():
                    raise MeasurementError(f"mpv stopped: {mpv.output()[-500:]}")
                memory = memory_kib(mpv.pid)
            floor.append(memory["VmRSS"])
            self.log(f"  mpv:     {memory['VmRSS'] / 1024:.1f} MiB (peak {memory['VmHWM'] / 1024:.1f})")
        if self.mpd is not None:
            self.mpd.stop()
        self.record("play_rss", cdwally=ours, peer=theirs, settle=settle)
        self.record("play_rss_mpv", cdwally=ours, peer=floor)

    # 7. Control round-trip.
    def control_round_trip(self) -> None:
        self.log("7. control round-trip: `cdwally status` vs `mpc status`")
        if not self.cdwally.has_command("status"):
            self.note("this cdwally has no `status` command yet: figure 7 not measured")
            self.record("status", missing="cdwally has no status command")
            return
        discs = self._pick_discs()
        position, tracks = discs.get("flac") or next(iter(discs.values()))
        home = self.cdwally.home("status")
        home.copy_cache_from(self.warm_home)
        ours, theirs = [], []
        rounds = max(10, self.runs * 4)
        if self.mpd is not None:
            self.mpd.start_existing()
            self.mpd.play(tracks[0].parent.relative_to(self.library))
        with self.cdwally.player(home, position, self.work / "status-player.log") as player:
            wait_until(lambda: "Track" in player.output() or not player.alive(), 60, "cdwally to start playing")
            if not player.alive():
                raise MeasurementError(f"cdwally play stopped: {player.output()[-500:]}")
            for round_number in range(rounds):
                def ours_run() -> None:
                    ours.append(self.cdwally.status(home).seconds)

                def theirs_run() -> None:
                    assert self.mpd is not None
                    theirs.append(self.mpd.status().seconds)

                self._alternate(round_number, ours_run, theirs_run)
        if self.mpd is not None:
            self.mpd.stop()
        self.log(f"  cdwally status: {statistics.median(ours) * 1000:.1f} ms" +
                 (f", mpc status: {statistics.median(theirs) * 1000:.1f} ms" if theirs else ""))
        self.record("status", cdwally=ours, peer=theirs)

    # 9. Time to first sound.
    def first_sound(self) -> None:
        self.log("9. time to first sound: `cdwally play N` (warm and cold index), `mpv`, `mpc play`")
        discs = self._pick_discs()
        position, tracks = discs.get("flac") or next(iter(discs.values()))
        pipe = AudioPipe(self.work / "first-sound.fifo")
        pcm = ["--mpv", "ao=pcm", "--mpv", f"ao-pcm-file={pipe.path}", "--mpv", "ao-pcm-waveheader=no"]
        argv = self.cdwally.command("play", str(position), "--from-start", *pcm)
        warm_home = self.cdwally.home("first-sound-warm")
        cold_home = self.cdwally.home("first-sound-cold")
        mpv_argv = MPV_OPTIONS + ["--ao=pcm", f"--ao-pcm-file={pipe.path}", "--ao-pcm-waveheader=no", "--"]
        mpv_argv += [str(track) for track in tracks]
        log = self.work / "first-sound.log"
        warm, cold, mpv, mpc = [], [], [], []
        if self.mpd is not None:
            self.mpd.fifo = pipe.path
            self.mpd.start_existing()
            self.mpd.mpc("clear").check()
            self.mpd.mpc("add", str(tracks[0].parent.relative_to(self.library))).check()
        try:
            for round_number in range(self.runs):
                warm_page_cache(tracks[0].parent)
                warm_home.copy_cache_from(self.warm_home)
                warm.append(first_sound(pipe, argv, self.cdwally.env(warm_home), log))
                cold_home.reset_cache()
                cold.append(first_sound(pipe, argv, self.cdwally.env(cold_home), log))
                mpv.append(first_sound(pipe, mpv_argv, None, log))
                if self.mpd is not None:
                    mpc.append(first_sound(pipe, self.mpd.command("play"), None, log, plays_itself=False))
                    self.mpd.mpc("stop").check()
                self.log(f"  cdwally warm {warm[-1] * 1000:.0f} ms, cold {cold[-1] * 1000:.0f} ms, "
                         f"mpv {mpv[-1] * 1000:.0f} ms" + (f", mpc play {mpc[-1] * 1000:.0f} ms" if mpc else ""))
        finally:
            if self.mpd is not None:
                self.mpd.stop()
                self.mpd.fifo = None
            pipe.close()
        self.record("first_sound", cdwally=warm, peer=mpv)
        self.record("first_sound_cold", cdwally=cold, peer=mpv)
        self.record("first_sound_mpc", cdwally=warm, peer=mpc)

    def _check_confinement(self, name: str, pid: int) -> None:
        if not self.check_confinement or name in self.confinement_checked:
            return
        self.confinement_checked.add(name)
        cpus, cgroup = confinement_of(pid)
        threads = len(list(Path(f"/proc/{pid}/task").iterdir()))
        self.note(f"{name}'s {threads} threads: Cpus_allowed_list {', '.join(sorted(cpus))}; "
                  f"memory cgroup …/{cgroup.rsplit('/', 1)[-1]}")
        if len(cpus) != 1:
            raise MeasurementError(f"{name}'s threads run on CPUs {cpus}, not on the one core of the Pi-class run")

    def _alternate(self, round_number: int, ours, theirs, always_both: bool = False) -> None:
        has_peer = always_both or self.mpd is not None
        if self._cdwally_first(round_number) or not has_peer:
            ours()
            if has_peer:
                theirs()
        else:
            theirs()
            ours()

    def cleanup(self) -> None:
        if self.mpd is not None:
            self.mpd.stop()
        shutil.rmtree(self.work / "render", ignore_errors=True)
