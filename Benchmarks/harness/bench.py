"""cdwally's benchmark suite against MPD: see BENCHMARKS.md for what it measures and why.

Started by Benchmarks/run, which installs the tools and builds cdwally in release mode
first. For each library size this generates the library once (cdwally-libgen, reused on
later runs), measures the nine figures with cdwally and its peers side by side, keeps the
raw samples in Benchmarks/results/, prints the table and writes it into BENCHMARKS.md.
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
from cdwally import Cdwally
from figures import Suite
from mpd import MPD
from procs import MeasurementError
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


def library(libgen: Path, work: Path, albums: int, seed: int, regenerate: bool) -> tuple[Path, dict]:
    """The generated library of this size and seed, made once and reused afterwards."""
    root = work / f"library-{albums}-seed{seed}"
    summary_file = work / f"library-{albums}-seed{seed}.json"
    if not regenerate and summary_file.exists() and root.is_dir():
        summary = json.loads(summary_file.read_text())
        if summary.get("albums") == albums and summary.get("seed") == str(seed):
            log(f"Library of {albums} albums: reusing {root}")
            return root, summary
    log(f"Library of {albums} albums: generating {root}")
    summary_file.unlink(missing_ok=True)
    subprocess.run(
        [str(libgen), "--albums", str(albums), "--seed", str(seed), "--output", str(root), "--replace",
         "--summary", str(summary_file)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    summary = json.loads(summary_file.read_text())
    log(f"  {summary['tracks']} tracks written in {summary['seconds']:.1f} s")
    return root, summary


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
    """Writes BENCHMARKS.md again from the recorded results of one variant, measuring nothing."""
    results = []
    for albums in arguments.albums:
        path = arguments.results / f"results-{albums}-{report.slug(arguments.variant)}.json"
        results.append(json.loads(path.read_text()))
    info = results[0]["machine"]
    report.write_markdown(
        arguments.markdown, arguments.variant, header(info, results[0]["command"], arguments.variant), results
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cdwally", type=Path)
    parser.add_argument("--libgen", type=Path)
    parser.add_argument("--albums", type=int, nargs="+", default=[1000, 3000])
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
    for albums in arguments.albums if arguments.web != "only" else []:
        root, summary = library(arguments.libgen, arguments.work, albums, arguments.seed, arguments.regenerate)
        scratch = arguments.work / f"run-{albums}"
        shutil.rmtree(scratch, ignore_errors=True)
        scratch.mkdir(parents=True)
        cdwally = Cdwally(arguments.cdwally.resolve(), root.resolve(), scratch / "cdwally")
        mpd = MPD(root.resolve(), scratch / "mpd") if has_mpd else None
        suite = Suite(cdwally, mpd, root.resolve(), scratch, arguments.runs, log)
        log(f"Measuring {albums} albums ({summary['tracks']} tracks), {arguments.runs} runs per figure")
        try:
            suite.cold_index(summary["tracks"], summary["albums"])
            suite.warm_rescan()
            suite.first_discs()
            suite.warm_discs()
            suite.render_and_gaps()
            suite.playing_rss()
            suite.control_round_trip()
            suite.first_sound()
        except (MeasurementError, subprocess.CalledProcessError) as error:
            log(f"benchmark failed: {error}")
            traceback.print_exc()
            return 1
        finally:
            suite.cleanup()
        result = {
            "albums": summary["albums"],
            "tracks": summary["tracks"],
            "seed": arguments.seed,
            "runs": arguments.runs,
            "machine": info,
            "command": arguments.command,
            "variant": arguments.variant,
            "mpd": info["mpd"] if has_mpd else None,
            "figures": suite.figures,
            "notes": suite.notes + ([f"MPD skipped: {arguments.skip_mpd}"] if not has_mpd else []),
        }
        (arguments.results / f"results-{albums}-{report.slug(arguments.variant)}.json").write_text(
            json.dumps(result, indent=2) + "\n"
        )
        results.append(result)
        print(report.terminal(result), flush=True)
        print(flush=True)
    if arguments.markdown is not None and results:
        report.write_markdown(
            arguments.markdown, arguments.variant, header(info, arguments.command, arguments.variant), results
        )
        log(f"Wrote the table into {arguments.markdown}")
    if arguments.web != "no":
        return web(arguments, info)
    return 0


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
