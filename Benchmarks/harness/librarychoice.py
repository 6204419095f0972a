"""Figure 12: choosing the wallet from the whole library (`albums`, `add`).

On the indexed library, with the album summary written once after the scan (12′ times that
first listing):

- 12: `cdwally albums --json`, every album of the library, beside MPD listing every album by
  its album artist (`mpc list album group albumartist`); its peak RSS (12a).
- 12b: `cdwally albums WORDS --json`, the words an album artist and a title word of an album
  the library holds, beside MPD's `mpc search any` of the same words.
- 12c: `cdwally add ID`, one album into the CDs playlist (then `remove`, untimed, to put the
  playlist back), beside MPD adding the same album to its queue (`mpc findadd album TITLE`).

- 12d: the web's Library search (`GET /api/v1/albums?q=WORDS`) on a `serve --web` of the same
  library and index, p95 of 50 requests, beside `GET /api/v1/wallet` on the same server; and
  the size of the Library's first page (`GET /api/v1/albums`, 60 albums) on the wire (12e).

Targets are absolute (BENCHMARKS.md: 0.5 s, 0.2 s, 0.3 s, 100 MiB, 50 ms, 100 KB) with the
peer's figure beside.
"""

from __future__ import annotations

import json
import time
import urllib.parse

from procs import MeasurementError
from web import Server, p95
from webclient import HTTPClient

REQUESTS = 50


def library_choice(suite) -> None:
    suite.log("12. choosing the wallet: albums, albums WORDS, add")
    assert suite.warm_home is not None
    home = suite.warm_home
    first = suite.cdwally.run(home, "albums", "--json")
    listing = json.loads(first.stdout)
    albums = listing["albums"]
    if not albums:
        raise MeasurementError("cdwally albums listed no album")
    suite.log(f"  first albums after the scan: {first.seconds:.3f} s ({listing['total']} albums)")
    # An album not in the wallet, in the middle of the order, for the search and the add.
    outside = [album for album in albums if album["inWallet"] is None and album["mergesInto"] is None]
    if not outside:
        raise MeasurementError("every album of the library is in the wallet: nothing to add")
    chosen = outside[len(outside) // 2]
    words = [chosen["albumArtist"].split()[0], chosen["album"].split()[0]]
    if suite.mpd is not None:
        suite.mpd.start_existing()
    whole, whole_rss, whole_peer, found, found_peer, added, added_peer = [], [], [], [], [], [], []
    for round_number in range(suite.runs):
        def ours() -> None:
            run = suite.cdwally.run(home, "albums", "--json")
            whole.append(run.seconds)
            whole_rss.append(run.peak_rss_kib)
            search = suite.cdwally.run(home, "albums", *words, "--json")
            if not any(album["id"] == chosen["id"] for album in json.loads(search.stdout)["albums"]):
                raise MeasurementError(f"cdwally albums {' '.join(words)} did not find {chosen['album']}")
            found.append(search.seconds)
            add = suite.cdwally.run(home, "add", chosen["id"], "--json")
            if not json.loads(add.stdout)["changed"]:
                raise MeasurementError(f"cdwally add {chosen['id']} changed nothing")
            added.append(add.seconds)
            suite.cdwally.run(home, "remove", chosen["id"])
            suite.log(f"  cdwally albums {run.seconds:.3f} s (peak {run.peak_rss_kib / 1024:.0f} MiB), "
                      f"albums {' '.join(words)} {search.seconds:.3f} s, add {add.seconds:.3f} s")

        def peer() -> None:
            assert suite.mpd is not None
            run = suite.mpd.mpc("list", "album", "group", "albumartist").check()
            whole_peer.append(run.seconds)
            search = suite.mpd.mpc("search", "any", " ".join(words)).check()
            found_peer.append(search.seconds)
            suite.mpd.mpc("clear").check()
            add = suite.mpd.mpc("findadd", "album", chosen["album"]).check()
            added_peer.append(add.seconds)
            suite.mpd.mpc("clear").check()
            suite.log(f"  mpc list {run.seconds:.3f} s, search {search.seconds:.3f} s, findadd {add.seconds:.3f} s")

        suite._alternate(round_number, ours, peer)
    if suite.mpd is not None:
        suite.mpd.stop()
    suite.record("library_first", cdwally=[first.seconds], albums=listing["total"])
    suite.record("library_albums", cdwally=whole, peer=whole_peer, albums=listing["total"])
    suite.record("library_albums_rss", cdwally=whole_rss)
    suite.record("library_search", cdwally=found, peer=found_peer, words=" ".join(words))
    suite.record("library_add", cdwally=added, peer=added_peer)
    web_search(suite, words)


def web_search(suite, words: list[str]) -> None:
    suite.log("12d. the web Library's search")
    home = suite.cdwally.home("library-web")
    home.copy_cache_from(suite.warm_home)
    server = Server(suite.cdwally, home, suite.work / "serve-library.log", True, "--idle")
    try:
        client = HTTPClient(server.port, server.token)
        first = client.request("GET", "/api/v1/albums")
        if first.status != 200:
            raise MeasurementError(f"GET /api/v1/albums answered {first.status}")
        query = "/api/v1/albums?" + urllib.parse.urlencode({"q": " ".join(words)})
        searches, wallets = [], []
        for _ in range(REQUESTS):
            started = time.perf_counter()
            reply = client.request("GET", query)
            searches.append(time.perf_counter() - started)
            if reply.status != 200:
                raise MeasurementError(f"GET {query} answered {reply.status}")
            started = time.perf_counter()
            client.request("GET", "/api/v1/wallet")
            wallets.append(time.perf_counter() - started)
        client.close()
    finally:
        server.stop()
    suite.log(f"  search p95 {p95(searches) * 1000:.1f} ms, wallet p95 {p95(wallets) * 1000:.1f} ms, "
              f"first page {first.wire_bytes / 1024:.1f} KB")
    suite.record("library_web_search", cdwally=searches, peer=wallets)
    suite.record("library_web_page", cdwally=[first.wire_bytes])
