"""cdwally's benchmark suite against MPD: see BENCHMARKS.md for what it measures and why.

Started by Benchmarks/run, which installs the tools and builds cdwally in release mode
first. For each library size this generates the library once (cdwally-libgen, reused on
later runs), measures the nine figures with cdwally and its peers side by side, keeps the
raw samples in Benchmarks/results/, prints the table and writes it into BENCHMARKS.md.
Then the same figures on a real-world-shaped library (deep folders, long names, large
covers, stray files), and once more at one size with every measured program pinned to one
core inside 512 MiB, as on a small board; each has its own section of BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import subprocess
import sys
import traceback
from pathlib import Path

import report
from bigplaylist import big_playlist
from librarychoice import library_choice
from cdwally import Cdwally
from figures import Suite
from mpd import MPD
from procs import Confinement, MeasurementError, confine
from underindex import playing_while_indexing
from web import WebSuite


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def first_line(argv: list[str]) -> str:
    try:
        result = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    lines = (result.stdout or result.stderr).strip().splitlines()
    return lines[0].strip() if lines else "unknown"


def machine(cdwally: Path, has_mpd: bool) -> dict:
    cpu = "unknown"
    with open("/proc/cpuinfo") as info:
        for line in info:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    memory_kib = 0
    with open("/proc/meminfo") as info:
        for line in info:
            if line.startswith("MemTotal:"):
                memory_kib = int(line.split()[1])
    system = "unknown"
    if Path("/etc/os-release").exists():
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                system = line.split("=", 1)[1].strip('"')
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory": f"{memory_kib / 1024 / 1024:.1f} GiB",
        "system": f"{system}, Linux {platform.release()}",
        "loadAverage": " ".join(f"{value:.2f}" for value in os.getloadavg()),
        "cdwally": first_line([str(cdwally), "--version"]),
        "swift": first_line(["swift", "--version"]),
        "mpd": first_line(["mpd", "--version"]) if has_mpd else "skipped",
        # `mpc version` asks a server; the package says which mpc this is.
        "mpc": "mpc " + first_line(["dpkg-query", "-W", "-f", "${Version}", "mpc"]) if has_mpd else "skipped",
        "mpv": first_line(["mpv", "--version"]),
        "ffmpeg": first_line(["ffmpeg", "-version"]),
        "taglib": first_line(["pkg-config", "--modversion", "taglib"]),
    }


def library(libgen: Path, work: Path, albums: int, seed: int, regenerate: bool,
            shape: str = "tidy") -> tuple[Path, dict]:
    """The generated library of this size, seed and shape, made once and reused afterwards."""
    name = f"library-{albums}-seed{seed}" if shape == "tidy" else f"library-{shape}-{albums}-seed{seed}"
    root = work / name
    summary_file = work / f"{name}.json"
    if not regenerate and summary_file.exists() and root.is_dir():
        summary = json.loads(summary_file.read_text())
        if summary.get("seed") == str(seed) and summary.get("shape", "tidy") == shape:
            log(f"Library of {albums} albums ({shape}): reusing {root}")
            return root, summary
    log(f"Library of {albums} albums ({shape}): generating {root}")
    summary_file.unlink(missing_ok=True)
    subprocess.run(
        [str(libgen), "--albums", str(albums), "--seed", str(seed), "--shape", shape, "--output", str(root),
         "--replace", "--summary", str(summary_file)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    summary = json.loads(summary_file.read_text())
    summary["bytes"] = folder_bytes(root)
    summary_file.write_text(json.dumps(summary, indent=2) + "\n")
    log(f"  {summary['tracks']} tracks ({summary['albums']} albums), {summary['bytes'] / 1e9:.2f} GB, "
        f"written in {summary['seconds']:.1f} s")
    return root, summary


def folder_bytes(root: Path) -> int:
    total = 0
    for folder, _, files in os.walk(root):
        for name in files:
            total += os.lstat(os.path.join(folder, name)).st_size
    return total


def results_file(directory: Path, kind: str, albums: int, variant: str) -> Path:
    """Where a library's figures go: the sizes keep the names earlier runs wrote."""
    prefix = "results" if kind == "size" else f"results-{kind}"
    return directory / f"{prefix}-{albums}-{report.slug(variant)}.json"


def header(info: dict, command: str, variant: str) -> str:
    lines = [
        f"### cdwally as a {variant}",
        "",
        f"Run on {info['date']} with `{command}`.",
        "",
        f"- Machine: {info['cpu']}, {info['cores']} cores, {info['memory']}; {info['system']}; "
        f"load average at start {info['loadAverage']}",
        f"- cdwally {info['cdwally']} ({info['swift']}), TagLib {info['taglib']}",
        f"- Peers: {info['mpd']}, {info['mpc']}; {info['mpv']}; reference decoder {info['ffmpeg']}",
        "",
    ]
    return "\n".join(lines)


def render_only(arguments) -> int:
    """Writes BENCHMARKS.md again from the recorded results of one variant, measuring nothing.
    The real-world and Pi-class sections are written when their results are there."""
    results = []
    for albums in arguments.albums:
        path = results_file(arguments.results, "size", albums, arguments.variant)
        if not path.exists():
            log(f"no recorded results at {path}: the {albums}-album table is left out")
            continue
        results.append(json.loads(path.read_text()))
    if not results:
        log("no recorded results of any size: nothing written")
        return 1
    info = results[0]["machine"]
    report.write_markdown(
        arguments.markdown, arguments.variant, header(info, results[0]["command"], arguments.variant), results
    )
    real_world = results_file(arguments.results, "real-world", arguments.real_world_albums, arguments.variant)
    if arguments.real_world_albums and real_world.exists():
        result = json.loads(real_world.read_text())
        report.write_real_world_markdown(arguments.markdown, arguments.variant,
                                         header(result["machine"], result["command"], arguments.variant), result)
    pi = results_file(arguments.results, "pi-class", arguments.pi_class_albums, arguments.variant)
    if arguments.pi_class_albums and pi.exists():
        result = json.loads(pi.read_text())
        normal = results_file(arguments.results, "size", arguments.pi_class_albums, arguments.variant)
        report.write_pi_markdown(arguments.markdown, arguments.variant,
                                 header(result["machine"], result["command"], arguments.variant), result,
                                 json.loads(normal.read_text()) if normal.exists() else None)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cdwally", type=Path)
    parser.add_argument("--libgen", type=Path)
    parser.add_argument("--albums", type=int, nargs="+", default=[1000, 3000, 8000])
    parser.add_argument("--real-world-albums", type=int, default=600,
                        help="albums of the real-world-shaped library; 0 leaves it out")
    parser.add_argument("--pi-class-albums", type=int, default=1000,
                        help="the size measured again on one core in 512 MiB; 0 leaves it out")
    parser.add_argument("--pi-class-cpu", type=int, default=0, help="the one core of the Pi-class run")
    parser.add_argument("--pi-class-memory", type=int, default=512, help="MiB of the Pi-class run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", type=Path)
    parser.add_argument("--results", type=Path, required=True)
    parser.add_argument("--markdown", type=Path)
    parser.add_argument("--skip-mpd", metavar="REASON")
    parser.add_argument("--regenerate", action="store_true")
    parser.add_argument("--command", default="Benchmarks/run")
    parser.add_argument("--variant", default="release build", help="how cdwally was built, for the headings")
    parser.add_argument("--render-only", action="store_true", help="rewrite the tables from --results")
    parser.add_argument("--web", choices=["also", "only", "no"], default="also",
                        help="the web remote's figures as well, alone, or not at all")
    parser.add_argument("--web-presses", type=int, default=100)
    parser.add_argument("--web-window", type=float, default=60, help="seconds of each idle measurement")
    arguments = parser.parse_args()
    if arguments.render_only:
        return render_only(arguments)
    for option in ("cdwally", "libgen", "work"):
        if getattr(arguments, option) is None:
            parser.error(f"--{option} is required to measure")

    has_mpd = arguments.skip_mpd is None
    if not has_mpd:
        log(f"MPD skipped: {arguments.skip_mpd}. Figures against MPD show no peer.")
    info = machine(arguments.cdwally, has_mpd)
    arguments.results.mkdir(parents=True, exist_ok=True)
    results = []
    libraries = arguments.albums if arguments.web != "only" else []
    for albums in libraries:
        root, summary = library(arguments.libgen, arguments.work, albums, arguments.seed, arguments.regenerate)
        result = measure(arguments, info, has_mpd, "size", root, summary)
        if result is None:
            return 1
        results.append(result)
    if arguments.markdown is not None and results:
        report.write_markdown(
            arguments.markdown, arguments.variant, header(info, arguments.command, arguments.variant), results
        )
        log(f"Wrote the table into {arguments.markdown}")
    if len(results) > 1:
        print(report.growth_terminal(results), flush=True)
        print(flush=True)

    if arguments.real_world_albums and arguments.web != "only":
        root, summary = library(arguments.libgen, arguments.work, arguments.real_world_albums, arguments.seed,
                                arguments.regenerate, shape="real-world")
        result = measure(arguments, info, has_mpd, "real-world", root, summary)
        if result is None:
            return 1
        if arguments.markdown is not None:
            report.write_real_world_markdown(arguments.markdown, arguments.variant,
                                             header(info, arguments.command, arguments.variant), result)

    if arguments.pi_class_albums and arguments.web != "only":
        albums = arguments.pi_class_albums
        root, summary = library(arguments.libgen, arguments.work, albums, arguments.seed, arguments.regenerate)
        confinement = Confinement({arguments.pi_class_cpu}, arguments.pi_class_memory * 1024 * 1024)
        confinement.enter()
        log(f"Pi-class run: every measured process on {confinement.description}")
        confine(confinement)
        try:
            result = measure(arguments, info, has_mpd, "pi-class", root, summary, confinement)
        finally:
            confine(None)
            confinement.close()
        if result is None:
            return 1
        normal = next((r for r in results if r["albums"] == summary["albums"]), None)
        if normal is None:
            recorded = results_file(arguments.results, "size", albums, arguments.variant)
            normal = json.loads(recorded.read_text()) if recorded.exists() else None
        if normal is not None:
            print(report.pi_terminal(result, normal), flush=True)
        if arguments.markdown is not None:
            report.write_pi_markdown(arguments.markdown, arguments.variant,
                                     header(info, arguments.command, arguments.variant), result, normal)
    if arguments.web != "no":
        return web(arguments, info)
    return 0


def measure(arguments, info: dict, has_mpd: bool, kind: str, root: Path, summary: dict,
            confinement: Confinement | None = None) -> dict | None:
    """Every figure of the Suite on one library; its result, written to its JSON file, or None
    when a measurement failed."""
    albums = summary["albums"]
    scratch = arguments.work / (f"run-{albums}" if kind == "size" else f"run-{kind}-{albums}")
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    cdwally = Cdwally(arguments.cdwally.resolve(), root.resolve(), scratch / "cdwally")
    mpd = MPD(root.resolve(), scratch / "mpd") if has_mpd else None
    suite = Suite(cdwally, mpd, root.resolve(), scratch, arguments.runs, log,
                  check_confinement=confinement is not None)
    log(f"Measuring {albums} albums ({summary['tracks']} tracks, {kind}), {arguments.runs} runs per figure")
    try:
        suite.cold_index(summary["tracks"], summary["albums"])
        suite.warm_rescan()
        suite.first_discs()
        suite.warm_discs()
        suite.render_and_gaps()
        suite.playing_rss()
        suite.control_round_trip()
        suite.first_sound()
        big_playlist(suite)
        library_choice(suite)
        playing_while_indexing(suite)
    except (MeasurementError, subprocess.CalledProcessError) as error:
        log(f"benchmark failed: {error}")
        traceback.print_exc()
        return None
    finally:
        suite.cleanup()
    notes = list(suite.notes)
    if confinement is not None:
        notes += confinement.notes
        peak, hits = confinement.peak_bytes(), confinement.limit_hits()
        if peak is not None:
            notes.append(f"the cgroup's peak, page cache included: {peak / 1024 / 1024:.0f} MiB; "
                         f"times the limit was reached: {hits}")
    result = {
        "kind": kind,
        "albums": summary["albums"],
        "tracks": summary["tracks"],
        "bytes": summary.get("bytes"),
        "library": {key: summary[key] for key in ("shape", "largeCoverAlbums", "extraFiles", "compilations",
                                                  "multiDisc") if key in summary},
        "confinement": confinement.description if confinement is not None else None,
        "seed": arguments.seed,
        "runs": arguments.runs,
        "machine": info,
        "command": arguments.command,
        "variant": arguments.variant,
        "mpd": info["mpd"] if has_mpd else None,
        "figures": suite.figures,
        "notes": notes + ([f"MPD skipped: {arguments.skip_mpd}"] if not has_mpd else []),
    }
    results_file(arguments.results, kind, arguments.real_world_albums if kind == "real-world" else albums,
                 arguments.variant).write_text(json.dumps(result, indent=2) + "\n")
    print(report.terminal(result), flush=True)
    print(flush=True)
    return result


def web(arguments, info: dict) -> int:
    """The web remote's figures (web.py), their own JSON file and their own section."""
    log("Measuring the web remote")
    try:
        suite = WebSuite(arguments.cdwally.resolve(), arguments.libgen.resolve(), arguments.work, arguments.seed,
                         arguments.web_presses, arguments.web_window, log)
        suite.run()
    except (MeasurementError, subprocess.CalledProcessError, RuntimeError, OSError) as error:
        log(f"web benchmark failed: {error}")
        traceback.print_exc()
        return 1
    result = {"machine": info, "command": arguments.command, "variant": arguments.variant,
              "figures": suite.figures, "notes": suite.notes}
    (arguments.results / f"results-web-{report.slug(arguments.variant)}.json").write_text(
        json.dumps(result, indent=2) + "\n")
    print(report.web_terminal(result), flush=True)
    if arguments.markdown is not None:
        lines = [line for line in header(info, arguments.command, arguments.variant).splitlines()
                 if not line.startswith("- Peers")]
        lines[0] = f"### The web remote, {arguments.variant}"
        report.write_web_markdown(arguments.markdown, arguments.variant, "\n".join(lines) + "\n", result)
        log(f"Wrote the web table into {arguments.markdown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
