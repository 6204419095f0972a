"""The web remote's figures (BENCHMARKS.md, "The web remote"): a button press reaching every
page, what a page weighs, what the server costs idle, sixteen pages at once, a press while
covers are being made, and a phone's requests while every connection cap is full.

Each figure runs a real `cdwally serve --web` (release build, `ao=null`, private XDG folders)
on a generated library whose wallet albums each carry a cover of their own: a 1000 px JPEG of
about 120 KB drawn by ffmpeg, made once and reused. Pages and presses go through
`webclient.py`, over loopback, with a bearer token as a script would use.
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
import socket
import statistics
import subprocess
import threading
import time
from pathlib import Path

from cdwally import Cdwally, Home
from mpd import free_port
from procs import Background, MeasurementError, cpu_seconds, memory_kib, wait_until
from webclient import FeedClient, HTTPClient

ALBUMS = 300
WALLET_ALBUMS = 280
THUMBNAIL = re.compile(r"^[0-9a-f]{32}-(128|256|512)\.jpg$")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def web_library(libgen: Path, work: Path, seed: int, log) -> Path:
    """A library of 300 albums whose 280-album playlist gives every album a cover of its own."""
    root = work / f"web-library-seed{seed}"
    stamp = work / f"web-library-seed{seed}.covers"
    if stamp.exists() and root.is_dir():
        log(f"Web library: reusing {root}")
        return root
    log(f"Web library: generating {root} and its covers")
    subprocess.run(
        [str(libgen), "--albums", str(ALBUMS), "--seed", str(seed), "--output", str(root), "--replace",
         "--playlist-albums", str(WALLET_ALBUMS)],
        check=True, stdout=subprocess.DEVNULL,
    )
    folders: list[Path] = []
    for line in (root / "CDs.m3u8").read_text(encoding="utf-8-sig").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            folder = (root / line).parent
            if folder not in folders:
                folders.append(folder)
    pictures = work / f"web-covers-seed{seed}"
    shutil.rmtree(pictures, ignore_errors=True)
    pictures.mkdir(parents=True)
    # A zooming fractal under moving gradients: every frame a different picture with the
    # detail and the size (100-130 KB) of a real scanned cover.
    subprocess.run(
        ["ffmpeg", "-hide_banner", "-loglevel", "error",
         "-f", "lavfi", "-i", "mandelbrot=s=1000x1000:maxiter=400:start_scale=2:end_scale=0.001:end_pts=600:rate=1,format=yuv420p",
         "-f", "lavfi", "-i", f"gradients=s=1000x1000:n=5:speed=0.3:rate=1:seed={seed}",
         "-filter_complex", "[0][1]blend=all_mode=overlay", "-frames:v", str(len(folders)), "-q:v", "4",
         str(pictures / "cover-%03d.jpg")],
        check=True,
    )
    for number, folder in enumerate(folders, start=1):
        shutil.copyfile(pictures / f"cover-{number:03d}.jpg", folder / "cover.jpg")
    stamp.write_text(f"{len(folders)} covers\n")
    return root


class Server:
    """One `cdwally serve` under measurement, with or without the web remote."""

    def __init__(self, cdwally: Cdwally, home: Home, log_file: Path, web: bool, *extra: str):
        self.cdwally = cdwally
        self.home = home
        self.port = free_port() if web else None
        argv = cdwally.command("serve", "--mpv", "ao=null", *extra)
        if web:
            argv += ["--web", f"127.0.0.1:{self.port}"]
        self.process = Background(argv, cdwally.env(home), log_file)
        self.started = time.monotonic()
        self.socket_path = home.root / "runtime" / "cdwally" / "control.sock"
        try:
            if web:
                wait_until(lambda: "web remote at" in self.process.output() or not self.process.alive(), 60,
                           "the web remote to listen")
            wait_until(lambda: self.answers() or not self.process.alive(), 60, "the player to answer")
            if not self.process.alive():
                raise MeasurementError(f"cdwally serve ended: {self.process.output()[-500:]}")
            self.token = cdwally.run(home, "web", "token", "bench").stdout.strip() if web else None
        except BaseException:
            self.process.stop()
            raise

    @property
    def pid(self) -> int:
        return self.process.pid

    def answers(self) -> bool:
        try:
            self.control({"command": "status"})
            return True
        except (OSError, MeasurementError, ValueError):
            return False

    def settle(self, log) -> None:
        """Waits for the player's background index (it starts 5 s in) and any cover work to end:
        from 10 s after the start, 2 s under 1 % of a core, or 120 s at the most."""
        time.sleep(max(0.0, self.started + 10 - time.monotonic()))
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            before = cpu_seconds(self.pid)
            time.sleep(2)
            if (cpu_seconds(self.pid) - before) / 2 < 0.01:
                return
        log("  note: the server never went quiet for 2 s")

    def control(self, request: dict) -> dict:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as link:
            link.connect(str(self.socket_path))
            link.sendall((json.dumps({"version": 1, **request}) + "\n").encode())
            data = b""
            while not data.endswith(b"\n"):
                chunk = link.recv(65536)
                if not chunk:
                    break
                data += chunk
        answer = json.loads(data)
        if not answer.get("ok"):
            raise MeasurementError(f"control {request}: {answer}")
        return answer

    def control_round_trip(self) -> float:
        started = time.perf_counter()
        self.control({"command": "status"})
        return time.perf_counter() - started

    def thumbnails(self) -> int:
        folder = self.home.cache / "cdwally" / "covers"
        return sum(1 for path in folder.glob("*.jpg") if THUMBNAIL.match(path.name)) if folder.is_dir() else 0

    def stop(self) -> None:
        self.process.stop()


class WebSuite:
    def __init__(self, binary: Path, libgen: Path, work: Path, seed: int, presses: int, window: float, log):
        self.library = web_library(libgen, work, seed, log).resolve()
        # Absolute: cdwally ignores a relative XDG_RUNTIME_DIR.
        self.work = (work / "run-web").resolve()
        shutil.rmtree(self.work, ignore_errors=True)
        self.work.mkdir(parents=True)
        self.cdwally = Cdwally(binary, self.library, self.work / "cdwally")
        self.presses = presses
        self.window = window
        self.log = log
        self.figures: dict[str, dict] = {}
        self.notes: list[str] = []
        self.index_home: Home | None = None

    def record(self, key: str, **values) -> None:
        self.figures.setdefault(key, {}).update(values)

    def home(self, name: str) -> Home:
        """A private home whose index is already built, so no figure pays for a first scan."""
        home = self.cdwally.home(name)
        if self.index_home is None:
            self.index_home = self.cdwally.home("index")
            self.cdwally.scan(self.index_home)
        home.copy_cache_from(self.index_home)
        return home

    # --- helpers ---

    def press(self, client: HTTPClient, feeds: list[FeedClient], command: str = "toggle") -> tuple[float, float]:
        """One button press: (until the answer came, until every page had the new state)."""
        started = time.perf_counter()
        reply = client.command(command)
        answered = time.perf_counter()
        revision = reply.json()["revision"]
        shown = max(feed.arrival(revision) for feed in feeds)
        return answered - started, shown - started

    def wait_for_covers(self, client: HTTPClient) -> dict:
        """The wallet, once every disc in it has its covers made."""
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            wallet = client.request("GET", "/api/v1/wallet").json()
            if all(disc["covers"] for disc in wallet["discs"]):
                return wallet
            time.sleep(0.5)
        raise MeasurementError("the wallet's covers were not made within 180 s")

    # --- W1-W4: one press, page weights, idle cost ---

    def press_weight_and_idle(self) -> None:
        self.log("W1. button press to 3 pages; W2. page weights; W3/W4. idle with 3 pages")
        home = self.home("web")
        server = Server(self.cdwally, home, self.work / "serve-web.log", True)
        try:
            api = HTTPClient(server.port, server.token)
            wallet = self.wait_for_covers(api)
            self.page_weights(server, wallet)
            feeds = [FeedClient(server.port, server.token) for _ in range(3)]
            for feed in feeds:
                feed.wait_first()
            api.command("disc", disc=1)
            for _ in range(5):  # warm-up, not counted
                self.press(api, feeds)
            answers, shown = [], []
            for _ in range(self.presses):
                answer, everywhere = self.press(api, feeds)
                answers.append(answer)
                shown.append(everywhere)
                time.sleep(0.05)
            self.record("press", cdwally=shown, answer=answers, clients=3)
            self.log(f"  press → 3 pages: p50 {statistics.median(shown) * 1000:.1f} ms, "
                     f"p95 {p95(shown) * 1000:.1f} ms (answer p95 {p95(answers) * 1000:.1f} ms)")
            api.command("stop")
            server.settle(self.log)
            used, rss, heartbeats = self.idle(server, feeds)
            self.record("idle_cpu", cdwally=[used])
            self.record("idle_rss", cdwally=[rss])
            self.log(f"  idle with 3 pages: {used:.2f} % of a core, RSS {rss / 1024:.1f} MiB, "
                     f"{heartbeats} heartbeats a page")
            for feed in feeds:
                feed.close()
            api.close()
        finally:
            server.stop()
        # The peer: the same player without the web remote, having played, paused and resumed
        # as often over the control socket and stopped: what differs is only the front end.
        home = self.home("no-web")
        server = Server(self.cdwally, home, self.work / "serve-plain.log", False)
        try:
            server.control({"command": "play", "disc": 1})
            for _ in range(5 + self.presses):
                server.control({"command": "toggle"})
                time.sleep(0.05)
            server.control({"command": "stop"})
            server.settle(self.log)
            used, rss, _ = self.idle(server, [])
            self.record("idle_cpu", peer=[used])
            self.record("idle_rss", peer=[rss])
            self.log(f"  serve without --web, idle: {used:.2f} % of a core, RSS {rss / 1024:.1f} MiB")
        finally:
            server.stop()

    def idle(self, server: Server, feeds: list[FeedClient]) -> tuple[float, int, float]:
        before = cpu_seconds(server.pid)
        beats = [feed.heartbeats for feed in feeds]
        time.sleep(self.window)
        used = (cpu_seconds(server.pid) - before) / self.window * 100
        rss = memory_kib(server.pid)["VmRSS"]
        heartbeats = statistics.mean(f.heartbeats - b for f, b in zip(feeds, beats)) if feeds else 0
        return used, rss, heartbeats

    def page_weights(self, server: Server, wallet: dict) -> None:
        pages = HTTPClient(server.port)
        api = HTTPClient(server.port, server.token)
        first, gzipped, tags = 0, 0, {}
        for path in ("/", "/style.css", "/app.js"):
            reply = pages.request("GET", path)
            if reply.status != 200:
                raise MeasurementError(f"GET {path} answered {reply.status}")
            first += reply.wire_bytes
            gzipped += reply.wire_bytes - len(reply.body) + len(gzip.compress(reply.body, 9))
            tags[path] = reply.headers
        reply = api.request("GET", "/api/v1/wallet")
        first += reply.wire_bytes
        gzipped += reply.wire_bytes - len(reply.body) + len(gzip.compress(reply.body, 9))
        tags["wallet"] = reply.headers
        feed = FeedClient(server.port, server.token)
        feed.wait_first()
        first += feed.wire_bytes
        gzipped += feed.wire_bytes
        feed.close()
        covers = []
        for disc in wallet["discs"]:
            cover = api.request("GET", disc["covers"]["256"])
            if cover.status != 200:
                raise MeasurementError(f"GET {disc['covers']['256']} answered {cover.status}")
            covers.append(len(cover.body))
        # A repeat visit: the browser asks again with what it kept (ETag / Last-Modified).
        repeat = 0
        for path in ("/", "/style.css", "/app.js", "wallet"):
            kept = tags[path]
            conditions = {}
            if "etag" in kept:
                conditions["If-None-Match"] = kept["etag"]
            if "last-modified" in kept:
                conditions["If-Modified-Since"] = kept["last-modified"]
            client = api if path == "wallet" else pages
            reply = client.request("GET", "/api/v1/wallet" if path == "wallet" else path, conditions)
            repeat += reply.wire_bytes
        feed = FeedClient(server.port, server.token)
        feed.wait_first()
        repeat += feed.wire_bytes
        feed.close()
        pages.close()
        api.close()
        self.record("first_load", cdwally=[first], gzipped=[gzipped], discs=len(wallet["discs"]))
        self.record("cover_256", cdwally=[statistics.median(covers)], largest=max(covers), count=len(covers))
        self.record("repeat_visit", cdwally=[repeat])
        self.log(f"  first load {first / 1024:.1f} KB on the wire ({gzipped / 1024:.1f} KB gzipped), "
                 f"256 px covers median {statistics.median(covers) / 1024:.1f} KB (largest "
                 f"{max(covers) / 1024:.1f} KB), repeat visit {repeat} bytes")

    # --- W5: sixteen pages at once ---

    def sixteen_pages(self) -> None:
        self.log("W5. sixteen pages loading at once while the player plays")
        home = self.home("sixteen")
        server = Server(self.cdwally, home, self.work / "serve-sixteen.log", True, "--then", "next")
        try:
            api = HTTPClient(server.port, server.token)
            self.wait_for_covers(api)
            api.command("disc", disc=1)
            time.sleep(1)
            alone = [self.sample_round_trip(server) for _ in range(self.presses)]
            feeds: list[FeedClient] = []
            kept: list[HTTPClient] = []
            failures: list[str] = []
            lock = threading.Lock()

            # Sixteen phones of a household, each paired on its own: one credential holds at
            # most 8 WebSockets (PROTOCOL.md). A browser keeps its page connection open after
            # the load, beside the WebSocket.
            tokens = [self.cdwally.run(home, "web", "token", f"phone{number}").stdout.strip()
                      for number in range(16)]

            def page(token: str) -> None:
                try:
                    client = HTTPClient(server.port, token)
                    with lock:
                        kept.append(client)
                    for path in ("/", "/style.css", "/app.js", "/api/v1/wallet"):
                        client.request("GET", path)
                    feed = FeedClient(server.port, token)
                    feed.wait_first(timeout=30)
                    with lock:
                        feeds.append(feed)
                except Exception as error:  # noqa: BLE001 - reported as a failed page
                    with lock:
                        failures.append(f"{type(error).__name__}: {error}")

            threads = [threading.Thread(target=page, args=(token,)) for token in tokens]
            loaded = []
            for thread in threads:
                thread.start()
            while any(thread.is_alive() for thread in threads):
                loaded.append(self.sample_round_trip(server))
            for thread in threads:
                thread.join()
            if failures or len(feeds) != 16:
                raise MeasurementError(f"{len(feeds)} of 16 pages loaded: {failures[:3]}")
            with_pages = [self.sample_round_trip(server) for _ in range(self.presses)]
            shown = [self.press(api, feeds)[1] for _ in range(max(20, self.presses // 3))]
            self.record("sixteen", cdwally=with_pages, peer=alone, loading=loaded, press=shown,
                        reconnects=api.reconnects)
            if api.reconnects:
                self.note(f"W7: the server closed the pressing page's keep-alive connection {api.reconnects} "
                          "time(s); the press was sent again on a new one, as a browser does")
            self.log(f"  control round-trip p95 {p95(alone) * 1000:.2f} ms alone, "
                     f"{p95(with_pages) * 1000:.2f} ms with 16 pages open, {p95(loaded) * 1000:.2f} ms while "
                     f"they loaded ({len(loaded)} samples); press → 16 pages p95 {p95(shown) * 1000:.1f} ms")
            for client in [*feeds, *kept]:
                client.close()
            api.close()
        finally:
            server.stop()

    def sample_round_trip(self, server: Server) -> float:
        value = server.control_round_trip()
        time.sleep(0.01)
        return value

    # --- W6: a press while 200 covers are being made ---

    def press_while_covers(self) -> None:
        self.log("W6. button presses while the covers of a 280-disc wallet are made")
        home = self.home("covers")
        server = Server(self.cdwally, home, self.work / "serve-covers.log", True, "--capacity", "0")
        try:
            api = HTTPClient(server.port, server.token)
            feeds = [FeedClient(server.port, server.token) for _ in range(3)]
            for feed in feeds:
                feed.wait_first()
            api.command("disc", disc=1)
            samples: list[tuple[float, int]] = []
            quiet_since = time.monotonic()
            last = server.thumbnails()
            while time.monotonic() - quiet_since < 5:
                _, shown = self.press(api, feeds)
                count = server.thumbnails()
                samples.append((shown, count))
                if count != last:
                    last, quiet_since = count, time.monotonic()
                time.sleep(0.1)
            final = server.thumbnails()
            during = [shown for shown, count in samples if count < final]
            if len(during) < 10:
                raise MeasurementError(f"only {len(during)} presses came while covers were made")
            self.record("press_covers", cdwally=during, covers=final // 3)
            self.log(f"  {final // 3} covers made ({final} files); {len(during)} presses meanwhile: "
                     f"p95 {p95(during) * 1000:.1f} ms")
            for feed in feeds:
                feed.close()
            api.close()
        finally:
            server.stop()

    # --- W9: a paired phone while every connection cap is full ---

    def phone_request(self, server: Server) -> float:
        """What a phone that opens the page meets: a new connection, the state, a press."""
        started = time.perf_counter()
        client = HTTPClient(server.port, server.token)
        try:
            client.request("GET", "/api/v1/state")
            client.command("toggle")
        finally:
            client.close()
        return time.perf_counter() - started

    def phone_while_caps_full(self) -> None:
        self.log("W9. a paired phone's requests while every connection cap is full")
        home = self.home("caps")
        server = Server(self.cdwally, home, self.work / "serve-caps.log", True)
        hoard: list = []
        try:
            server.control({"command": "play", "disc": 1})
            for _ in range(5):  # warm-up, not counted
                self.phone_request(server)
            quiet = [self.phone_request(server) for _ in range(self.presses // 2)]
            # Eight screens of a household gone wrong hold 8 WebSockets each (the 64 in all),
            # then eight other addresses 8 request heads that never end (the 64 without a
            # credential; after the WebSockets, whose upgrades counted among those at first).
            for number in range(8):
                token = self.cdwally.run(home, "web", "token", f"screen{number}").stdout.strip()
                hoard += [FeedClient(server.port, token) for _ in range(8)]
            refused = 0
            try:
                FeedClient(server.port, server.token)
            except RuntimeError:
                refused = 1
            head = f"GET /api/v1/state HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode()
            for address in range(10, 18):
                for _ in range(8):
                    link = socket.create_connection(("127.0.0.1", server.port), source_address=(f"127.0.0.{address}", 0))
                    link.sendall(head)
                    hoard.append(link)
            # The slow heads are closed at their 10 s deadline: the figure is taken within it.
            full, started = [], time.monotonic()
            while time.monotonic() - started < 8 and len(full) < self.presses // 2:
                full.append(self.phone_request(server))
            self.record("caps_full", cdwally=full, peer=quiet, refused=refused)
            self.log(f"  phone p95 {p95(full) * 1000:.1f} ms with every cap full ({len(full)} requests), "
                     f"{p95(quiet) * 1000:.1f} ms without; a WebSocket past the caps refused: {bool(refused)}")
        finally:
            for item in hoard:
                item.close()
            server.stop()

    def run(self) -> None:
        self.press_weight_and_idle()
        self.sixteen_pages()
        self.press_while_covers()
        self.phone_while_caps_full()
        self.note(f"idle figures over {self.window:g} s (the target says a minute); "
                  f"{self.presses} presses a figure, 50 ms apart")

    def note(self, text: str) -> None:
        self.notes.append(text)
