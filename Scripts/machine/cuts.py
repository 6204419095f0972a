# The cuts of Scripts/check-machine's scenario "cuts" (issue 37, scenario 2) that hold a writer
# other than the CDs playlist's client: a listen being written, `stats --forget`, the web's
# Library, a scan of a new album. Each prepares its moment, holds the writer there
# (`Run.hold`), and returns a `Held`: what the cut may leave behind, and its own verdicts, run
# once the jukebox answers after the next boot.
import json, time

UNIT = "cdwally-jukebox@listener"
HOME = "/home/listener"
STATE = f"{HOME}/.local/state/cdwally"
LISTENS = f"{STATE}/listens.json"
ASIDE = "/root/aside/Rise 4"  # an album the library does not hold yet (Scripts/check-machine)
WEB_PORT = 8080

# The listens a reader counts, from the files as they are (ListeningLog): each listen of the
# log, the older ones by their totals, and the listen in progress once 30 s were heard and the
# log does not hold it, unless begun after BOOT (the disc resumed since, not the one cut). Prints
# {"count": N, "titles": {title: [listens, seconds]}} for the log alone, the listen begun at
# SKIP left out (the one in progress at the cut, which the next boot folds in).
COUNT = r'''
import json, sys, glob, os, datetime
state, boot, skip = sys.argv[1], float(sys.argv[2]), sys.argv[3]
def load(name):
    try:
        return json.load(open(os.path.join(state, name)))
    except FileNotFoundError:
        return {}
log = load(sys.argv[4] if len(sys.argv) > 4 else "listens.json")
stamp = lambda s: datetime.datetime.fromisoformat(s.replace("Z", "+00:00")).timestamp()
listens = log.get("listens", [])
count = len(listens) + sum(e["listens"] for e in log.get("earlier", []))
now = load("listening-now.json").get("listen")
if now and now["seconds"] >= 30 and stamp(now["start"]) < boot and not any(
        l["disc"] == now["disc"] and abs(stamp(l["start"]) - stamp(now["start"])) < 0.001 for l in listens):
    count += 1
titles = {}
for l in listens:
    if l["start"] == skip:
        continue
    t = titles.setdefault(l["title"], [0, 0.0]); t[0] += 1; t[1] = round(t[1] + l["seconds"], 1)
for e in log.get("earlier", []):
    t = titles.setdefault(e["title"], [0, 0.0]); t[0] += e["listens"]; t[1] = round(t[1] + e["seconds"], 1)
print(json.dumps({"count": count, "titles": titles, "ids": {l["title"]: l["disc"] for l in log.get("listens", [])},
                  "seen": [[l["title"], l["start"], round(l["seconds"])] for l in listens[-4:]]
                  + ([["now", now["title"], now["start"], round(now["seconds"])]] if now else [])}))
'''


class Held:
    """What a held cut leaves to judge: when the writer was held (a jukebox writer: its
    seconds widen the resume bound), the playlist versions it may leave, where the disc it
    left was (a resume not saved behind the held write plays that one again), and CHECK, its
    verdicts after the boot."""

    def __init__(self, held, held_at=None, versions=(), otherwise=None, check=None):
        self.held = held
        self.held_at = held_at if held else None
        self.versions = list(versions)
        self.otherwise = otherwise
        self.check = check or (lambda run, guest, name, disc: None)


def listens(guest, skip="", file=None, now=False):
    """COUNT in the guest: the listens and each other disc's history; NOW counts the listen in
    progress however recent (before a cut), else only one begun before this boot."""
    rc, boot = guest.run("date +%s" if now else "date -d \"$(uptime -s)\" +%s")
    rc, out = guest.run(f"python3 - {STATE} {boot.strip() or 0} '{skip}' {file or ''} <<'PY'\n{COUNT}PY")
    try:
        return json.loads(out)
    except ValueError:
        return {"count": None, "titles": None, "ids": {}, "error": out.strip()[-200:]}


def stats_work(run, guest, name):
    """`cdwally stats` and `stats --json` read the log after the cut, and say nothing of it."""
    rc, out = guest.cdwally("stats 2>&1 >/dev/null; echo rc=$?")
    rc2, js = guest.cdwally("stats --json 2>/dev/null")
    try:
        json.loads(js)
        parsed = True
    except ValueError:
        parsed = False
    run.verdict(f"{name}: `cdwally stats` and `stats --json` read the log", out.strip().endswith("rc=0")
                and parsed and "damaged" not in out, f"stderr and status: {out.strip()[-160:]}; JSON {'parses' if parsed else 'does not parse'}")


def seconds_heard(guest):
    rc, out = guest.run(f"python3 -c 'import json; print(json.load(open(\"{STATE}/listening-now.json\"))[\"listen\"][\"seconds\"])' 2>/dev/null")
    try:
        return float(out.strip())
    except ValueError:
        return 0.0


# ---- a listen being written ----
def listen(run, guest, name, disc):
    """A listen long enough to keep, ended by `cdwally disc` to another disc (from its start:
    a disc resumed near its end would end the wallet before the cut): the jukebox is
    held at its rename of the new log over listens.json. Whatever the cut leaves, the listen
    counts once after the boot (the log's, or the one in progress folded in)."""
    # Room on the disc for the 32 s, and for the 8 s the next boot listens to if it plays
    # this disc on from where it was left.
    if (run.last_place(guest)[1] or 0) > 20:
        guest.cdwally("track 1")
    deadline = time.monotonic() + 120
    while seconds_heard(guest) < 32 and time.monotonic() < deadline:
        time.sleep(2)
    heard = seconds_heard(guest)
    before = listens(guest, now=True)
    other = disc % 3 + 1
    held = run.hold(guest, LISTENS, None, trigger=f"cdwally disc {other} --from-start", thread="cdwally-state")
    held_at = run.held_since
    run.say(f"{name}: {heard:.0f} s of disc {disc} heard, {before['count']} listens; disc {other} asked; held in {held}")
    if not held:
        run.verdict(f"{name}: the jukebox was held in its write", False, "not held")
    # The new disc plays a moment; the place left on the old one is read from the WAV after.
    time.sleep(4)

    def check(run, guest, name, _disc):
        after = listens(guest)
        run.verdict(f"{name}: the listen ended before the cut counts once", after["count"] == before["count"],
                    f"{before['count']} listens before, {after['count']} after; last before {before.get('seen')}, after {after.get('seen')}")
        stats_work(run, guest, name)
    return Held(held, held_at, otherwise=disc, check=check)


# ---- stats --forget held in its write ----
def forget(run, guest, name, disc):
    """`stats --forget` of a disc with a history (another than the one playing if it can) held
    by check-machine-hold at its rename over listens.json: after the boot the log is the one
    before or the one after the forget, the listen in progress at the cut aside (the boot folds
    it in)."""
    now = guest.run(f"python3 -c 'import json; print(json.load(open(\"{STATE}/listening-now.json\"))[\"listen\"][\"start\"])' 2>/dev/null")[1].strip()
    before = listens(guest, now)
    candidates = sorted(t for t in before["titles"] or {} if t in before["ids"])
    candidates.sort(key=lambda t: t == f"Rise {disc}")
    title = candidates[0] if candidates else f"Rise {disc}"
    target = before["ids"].get(title) or str(disc)
    held = run.hold(guest, LISTENS, f"stats --forget {target}", serve=None, client=run.RENAMES, thread="any")
    rc, temporary = guest.run(f"ls {STATE}/.listens.json.* 2>/dev/null | head -n 1")
    new = listens(guest, now, temporary.strip()) if temporary.strip() else None
    run.say(f"{name}: forgetting {title} ({target}); held in {held}; the new log {'holds ' + json.dumps(new['titles']) if new else 'is not there'}")
    if not held:
        run.verdict(f"{name}: `stats --forget` was held in its write", False, "not held")
    time.sleep(1)

    def check(run, guest, name, _disc):
        after = listens(guest, now)
        versions = [before["titles"]] + ([new["titles"]] if new else [])
        which = "the old log" if after["titles"] == before["titles"] else "the new log" if new and after["titles"] == new["titles"] else "NEITHER"
        run.verdict(f"{name}: the log is the one before the forget or the one after it", after["titles"] in versions,
                    f"{which}: {json.dumps(after['titles'])}; before {json.dumps(before['titles'])}")
        stats_work(run, guest, name)
    return Held(held, check=check)


# ---- the web's Library add or remove ----
def web_on(run, guest):
    """The web remote on 127.0.0.1 (`[web] listen`, docs/PRODUCT.md §6), once, and a token for
    the requests (`cdwally web token`); returns the token."""
    rc, out = guest.run(f"grep -q '^\\[web\\]' {HOME}/.config/cdwally/config.toml && echo on")
    if out.strip() != "on":
        guest.run(f"printf '\\n[web]\\nlisten = \"{WEB_PORT}\"\\n' >>{HOME}/.config/cdwally/config.toml; systemctl restart {UNIT}", 90)
        run.jukebox(guest)
    rc, out = guest.cdwally("web token check-machine 2>/dev/null")
    return out.strip().split()[-1] if out.strip() else ""


def album_id(guest, title):
    rc, out = guest.cdwally("albums --json 2>/dev/null")
    try:
        return next((a["id"] for a in json.loads(out)["albums"] if a["album"] == title), None)
    except (ValueError, KeyError):
        return None


# The request a phone's Library makes, sent from inside the guest (its only network).
POST = r'''
import json, sys, urllib.request
port, token, body = sys.argv[1], sys.argv[2], sys.argv[3]
request = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/wallet", data=body.encode(), method="POST",
    headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}"})
try:
    print(urllib.request.urlopen(request, timeout=600).status)
except urllib.error.HTTPError as error:
    print(error.code, error.read().decode()[:300])
'''


def web(run, guest, name, disc):
    """POST /api/v1/wallet removing disc 3 (adding it when it is out), the jukebox held at the
    rename over the CDs playlist, or before its truncation where it writes in place (ext4)."""
    token = web_on(run, guest)
    rc, playlist = guest.run(f"cat {run.PLAYLIST}")
    verb = "remove" if "Disc 3" in playlist else "add"
    ident = album_id(guest, "Rise 3")
    guest.run(f"cat >/tmp/post.py <<'PY'\n{POST}PY")
    body = json.dumps({verb: ident})
    # exFAT has no renameat2(RENAME_EXCHANGE): the jukebox falls back to a plain rename, which
    # only check-machine-hold sees (on every thread of the jukebox: which one serves the
    # request is not known ahead).
    held = run.hold(guest, run.PLAYLIST, None, serve=run.RENAMES + ",ftruncate",
                    trigger=f"python3 /tmp/post.py {WEB_PORT} {token} '{body}'",
                    thread="" if run.fs == "exfat" else None)
    held_at = run.held_since
    run.say(f"{name}: {verb} of Rise 3 ({ident}) through the web, a token {'made' if token else 'NOT made'}; held in {held}")
    rc, new = guest.run("cat /srv/music/.CDs.m3u8.cdwally-* 2>/dev/null")
    if not held:
        rc, out = guest.run("cat /tmp/hold.trigger.out")
        run.verdict(f"{name}: the jukebox was held in its write", False, f"not held: {out.strip()[:200]}")
        rc, done = guest.run(f"cat {run.PLAYLIST}")
        new = new or done
    time.sleep(1)
    return Held(held, held_at, versions=[new] if new else [])


# ---- a scan of a new album ----
def scan(run, guest, name, disc, number):
    """A new album copied into the library while a disc plays, and the index thrown away as a
    cache may be (`rm`, as a cleaner would): the jukebox sees its file gone, opens a new one
    and indexes the whole library into it (WalletWatch), the new album with it, and is held at
    its first write to the new index's WAL. (Started again instead, it writes its index before
    it plays: a cut in silence.) After the boot the index opens, or is built again with one
    line said, and lists the album."""
    folder = f"/srv/music/Rising Tones/Disc 4 (cut {number})"
    guest.run(f"mkdir -p '{folder}' && cp '{ASIDE}'/* '{folder}/' && chown -R listener: '{folder}' 2>/dev/null; sync", 60)
    rc, index = guest.run(f"ls {HOME}/.cache/cdwally/index-*.sqlite3 | head -n 1")
    index = index.strip()
    held = run.hold(guest, index + "-wal", None, serve="write,pwrite64",
                    trigger=f"rm -f '{index}' '{index}-wal' '{index}-shm'")
    rc, said = guest.run(f"journalctl -b -u {UNIT} -o cat --no-pager | grep -E 'opening the library index again' | tail -n 1")
    run.say(f"{name}: Rise 4 copied to {folder}; the index removed; held in {held}; the journal: {said.strip()[:120]}")
    if not held:
        run.verdict(f"{name}: the jukebox was held writing its index", False, "not held")
    heard = guest.heard_since(len(guest.samples()[0]), disc, 2, 60)
    run.say(f"{name}: disc {disc} plays on: {heard[:1]}…{heard[-1:]}")

    def check(run, guest, name, _disc):
        rc, out = guest.run(f"""r=$(sqlite3 {index} 'pragma integrity_check' 2>&1); echo "$r"
            journalctl -b -u {UNIT} -o cat --no-pager | grep -c 'was found damaged; building it again'""")
        lines = out.strip().splitlines()
        run.verdict(f"{name}: the index opens, or is built again with one line said",
                    lines[:1] == ["ok"] and lines[-1:] in (["0"], ["1"]), " / ".join(lines))
        found = None
        for _ in range(30):
            found = album_id(guest, "Rise 4")
            if found:
                break
            time.sleep(2)
        run.verdict(f"{name}: the new album is in the library after the boot", bool(found), f"Rise 4: {found}")
    # Its index thread held, the jukebox's state writer saves on: no slack for it.
    return Held(held, check=check)

