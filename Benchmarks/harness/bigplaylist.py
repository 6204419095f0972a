"""Figure 10: a whole-library export as the CDs playlist.

People point cdwally at an export of their whole library rather than a short list of albums.
The playlist here names every track of the library twice (absolute paths, as exports write
them), so at 8,000 albums it holds about 200,000 lines. On the indexed library:

- 10: `cdwally discs --capacity 0` with the playlist unchanged since the last command (the
  wallet remembered beside the index answers), beside MPD loading the same playlist into its
  queue (`mpc load`), both timed from start to end; and the peak RSS of the same run.
- 10′: the same right after the playlist changed, as an export changes when a few albums are
  added and removed: each round leaves out the tracks of one folder and puts back those the
  round before left out, so that the lines named before are answered from the wallet the last
  command remembered and only the lines put back are resolved.
- 10″: a running player whose playlist changes: `cdwally status` round-trips while it rebuilds
  its wallet, against round-trips before the change.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

from procs import Background, MeasurementError, run_timed, wait_until

AUDIO = (".flac", ".mp3", ".m4a", ".ogg", ".opus")


def export_lines(library: Path) -> list[str]:
    """Every audio file of the library, in path order."""
    return sorted(str(path) for path in library.rglob("*") if path.suffix.lower() in AUDIO and path.is_file())


def big_playlist(suite) -> None:
    suite.log("10. a whole-library export as the CDs playlist")
    assert suite.warm_home is not None
    tracks = export_lines(suite.library)
    folder = suite.work / "export"
    folder.mkdir(exist_ok=True)
    playlist = folder / "Export.m3u8"
    body = "#EXTM3U\n" + "\n".join(tracks + tracks) + "\n"
    home = suite.cdwally.home("big-playlist")
    home.copy_cache_from(suite.warm_home)
    arguments = ("discs", "--playlist", str(playlist), "--capacity", "0", "--json")
    # The folders the rounds leave out, spread over the library; the whole export is resolved
    # once first, unrecorded, as a command after the export was written would.
    folders = sorted({str(Path(track).parent) for track in tracks})
    left_out = [folders[(index * 7919) % len(folders)] for index in range(suite.runs)]
    playlist.write_text(body)
    suite.cdwally.run(home, *arguments)
    if suite.mpd is not None:
        # MPD's stored playlists name files relative to its music folder.
        relative = [str(Path(track).relative_to(suite.library)) for track in tracks]
        (suite.mpd.work / "playlists" / "export.m3u").write_text("\n".join(relative + relative) + "\n")
        suite.mpd.max_playlist_length = 2 * len(tracks) + 1000
        suite.mpd.start_existing()
    hit, hit_rss, miss, miss_rss, theirs = [], [], [], [], []
    for round_number in range(suite.runs):
        def ours() -> None:
            # New lines each round: the first command resolves what changed, the second
            # remembers; both must show the same wallet.
            kept = [track for track in tracks if str(Path(track).parent) != left_out[round_number]]
            playlist.write_text("#EXTM3U\n" + "\n".join(kept + kept) + f"\n# round {round_number}\n")
            discs = None
            for times, peaks, what in ((miss, miss_rss, "changed"), (hit, hit_rss, "unchanged")):
                run = suite.cdwally.run(home, *arguments)
                count = len(json.loads(run.stdout)["discs"])
                if discs is not None and count != discs:
                    raise MeasurementError(f"the export's wallet held {discs} discs, then {count}")
                discs = count
                times.append(run.seconds)
                peaks.append(run.peak_rss_kib)
                suite.log(f"  cdwally discs, playlist {what}: {run.seconds:.3f} s, "
                          f"peak {run.peak_rss_kib / 1024:.0f} MiB ({count} discs)")

        def peer() -> None:
            assert suite.mpd is not None
            suite.mpd.mpc("clear").check()
            run = suite.mpd.mpc("load", "export").check()
            theirs.append(run.seconds)
            suite.log(f"  mpc load:  {run.seconds:.3f} s")

        suite._alternate(round_number, ours, peer)
    if suite.mpd is not None:
        suite.mpd.mpc("clear").check()
        suite.mpd.stop()
        suite.mpd.max_playlist_length = None
    lines = 2 * len(tracks)
    suite.record("big_playlist", cdwally=hit, peer=theirs, lines=lines)
    suite.record("big_playlist_rss", cdwally=hit_rss, lines=lines)
    suite.record("big_playlist_changed", cdwally=miss, peer=theirs, lines=lines)
    suite.record("big_playlist_changed_rss", cdwally=miss_rss, lines=lines)
    controls_while_rebuilding(suite, home, playlist, body)


def controls_while_rebuilding(suite, home, playlist: Path, body: str) -> None:
    """10″: status round-trips before and while a running player rebuilds a big wallet."""
    argv = suite.cdwally.command("play", "1", "--from-start", "--then", "next", "--playlist", str(playlist),
                                 "--capacity", "0", "--mpv", "ao=null")
    with Background(argv, suite.cdwally.env(home), suite.work / "big-player.log") as player:
        status = [str(suite.cdwally.control), "status"]
        wait_until(lambda: run_timed(status, suite.cdwally.env(home)).returncode == 0 or not player.alive(), 120,
                   "the player with the export to answer")
        if not player.alive():
            raise MeasurementError(f"cdwally play stopped: {player.output()[-500:]}")
        before = [run_timed(status, suite.cdwally.env(home)).seconds for _ in range(20)]
        playlist.write_text(body + "# changed under the player\n")
        during = []
        # The watcher looks every 3 s and a changed export takes seconds to resolve: sample for
        # as long as one resolution took (figure 10′), at least 10 s, with no pause between.
        until = time.monotonic() + 3 + max(10.0, max(suite.figures["big_playlist_changed"]["cdwally"]))
        failures = 0
        while time.monotonic() < until:
            run = run_timed(status, suite.cdwally.env(home))
            if run.returncode != 0:
                failures += 1
            during.append(run.seconds)
        if not player.alive():
            raise MeasurementError(f"cdwally play stopped while rebuilding: {player.output()[-500:]}")
    if failures:
        raise MeasurementError(f"{failures} status requests failed while the player rebuilt its wallet")
    suite.log(f"  status before the change: median {statistics.median(before) * 1000:.1f} ms; while "
              f"rebuilding: median {statistics.median(during) * 1000:.1f} ms, "
              f"max {max(during) * 1000:.1f} ms over {len(during)}")
    suite.record("big_playlist_controls", cdwally=during, peer=before)
