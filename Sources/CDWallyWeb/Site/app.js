// The web remote's pages: the wallet, the player, the library and diagnostics, on API v1
// (Sources/CDWallyWeb/PROTOCOL.md). No framework: a few functions over the DOM.
"use strict";

const $ = (id) => document.getElementById(id);
let state = null;          // the last state frame's body
let stateReceived = 0;     // performance.now() when it came
let lastFrame = 0;         // when any frame last came, to notice a dead link
let walletRevision = -1;
let site = null;           // the pages' digest this page came with (its first state's)
let wallet = null;
let shownDisc = null;      // the disc whose track list is shown
let socket = null;
let retryDelay = 1000;
let retryTimer = null;
let linkUp = false;

class NotPaired extends Error {}

async function api(path, options = {}) {
  const response = await fetch(path, { credentials: "same-origin", ...options });
  if (response.status === 401) throw new NotPaired();
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ? body.error.message : response.statusText);
  return body;
}

// One verb with its fields, spelled as on the control socket: command("disc", { disc: 3 }).
function command(name, fields = {}) {
  return api("/api/v1/commands", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ command: name, ...fields }),
  }).then(applyState).catch(showProblem);
}

function showProblem(error) {
  if (error instanceof NotPaired) return showPairing();
  const link = $("link");
  link.textContent = error.message;
  link.hidden = false;
  setTimeout(() => { if (linkUp) link.hidden = true; }, 4000);
}

// Views --------------------------------------------------------------------

function route() {
  const view = (location.hash || "#wallet").slice(1);
  for (const name of ["wallet", "player", "library", "doctor"]) {
    $(name).hidden = name !== view;
    $("nav-" + name).classList.toggle("current", name === view);
  }
  $("pair").hidden = true;
  if (view === "doctor") { loadBrowsers(); loadDoctor(); }
  if (view === "library" && !library.loaded) loadLibrary(true);
}

function showPairing() {
  for (const name of ["wallet", "player", "library", "doctor"]) $(name).hidden = true;
  $("pair").hidden = false;
  $("link").hidden = true;
  $("pair-code").focus();
}

function clock(seconds) {
  if (seconds == null || !isFinite(seconds)) return "--:--";
  const whole = Math.max(0, Math.floor(seconds));
  return String(Math.floor(whole / 60)).padStart(2, "0") + ":" + String(whole % 60).padStart(2, "0");
}

// How long ago a time (seconds since 1970) was, in the words of `cdwally discs --played`.
function ago(seconds) {
  const past = Math.max(0, Date.now() / 1000 - seconds);
  const count = (number, unit) => `${number} ${unit}${number === 1 ? "" : "s"} ago`;
  if (past < 60) return "just now";
  if (past < 3600) return count(Math.floor(past / 60), "minute");
  if (past < 86400) return count(Math.floor(past / 3600), "hour");
  return count(Math.floor(past / 86400), "day");
}

const two = (number) => number == null ? "--" : String(number).padStart(2, "0");

function elapsedNow() {
  if (!state) return 0;
  let elapsed = state.elapsed;
  // Waiting for the audio output, nothing is heard and the player's clock stands still.
  if (state.state === "playing" && !state.waitingForOutput) elapsed += (performance.now() - stateReceived) / 1000;
  return state.duration ? Math.min(elapsed, state.duration) : elapsed;
}

function cdElement(cover) {
  const cd = document.createElement("span");
  cd.className = "cd";
  const image = document.createElement("img");
  image.alt = "";
  image.loading = "lazy";
  if (cover) image.src = cover;
  image.onerror = () => image.removeAttribute("src");
  const clamp = document.createElement("span");
  clamp.className = "clamp";
  const hole = document.createElement("span");
  hole.className = "hole";
  cd.append(image, clamp, hole);
  return cd;
}

// An album's name, artist and a line of facts (year, tracks, and what `before` and `after` add),
// as the wallet's discs and the library's rows show them.
function albumText(album, before, after) {
  const text = document.createElement("span");
  const name = document.createElement("span");
  name.className = "name";
  name.textContent = album.album;
  const artist = document.createElement("span");
  artist.textContent = album.albumArtist;
  const meta = document.createElement("span");
  meta.className = "meta";
  meta.textContent = `${before}${album.year ?? ""}${album.year ? " · " : ""}${album.trackCount} tracks${after}`;
  text.append(name, document.createElement("br"), artist, document.createElement("br"), meta);
  return text;
}

function renderWallet() {
  const list = $("discs");
  list.replaceChildren();
  if (!wallet) return;
  for (const disc of wallet.discs) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.className = "disc";
    button.dataset.position = disc.position;
    const resume = disc.resume ? ` · resumes at track ${disc.resume.track}, ${clock(disc.resume.position)}` : "";
    // No date when every listen was stamped ahead of the server's clock (a Pi without an RTC).
    const last = disc.played && (disc.played.lastPlayed == null ? "at an unknown time" : ago(disc.played.lastPlayed));
    const played = disc.played ? ` · played ${disc.played.listens}×, last ${last}` : "";
    const text = albumText(disc, "", resume + played);
    button.append(cdElement(disc.covers && disc.covers["256"]), text);
    button.addEventListener("click", () => {
      command("disc", { disc: disc.position });
      location.hash = "#player";
    });
    item.append(button, cardButton(disc.id));
    list.append(item);
  }
  markCurrentDisc();
  markLastCard();
}

// "Assign the last card" (docs/PRODUCT.md §11): shown once a card was read, on every Library
// row and wallet disc; the server refuses it to an invited browser.
function cardButton(id) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = "assign-card";
  element.dataset.action = "card";
  element.hidden = true;
  element.addEventListener("click", () => changeWallet("card", id));
  return element;
}

const cardOutcomes = {
  played: "played", toggled: "paused or played on", restarted: "restarted", ignored: "its album plays already",
  unknown: "no album has it yet", refused: "refused", "library-missing": "the library is not there",
  command: "a command card", assigning: "taken by card assign",
};

function markLastCard() {
  const card = state && state.lastCard;
  const line = $("last-card");
  line.hidden = !card;
  if (card) {
    const album = card.album ? ` (${card.album})` : "";
    line.textContent = `Last card: ${card.number}${album}, ${cardOutcomes[card.outcome] || card.outcome}`;
  }
  for (const button of document.querySelectorAll(".assign-card")) {
    button.hidden = !card;
    // A short label: a 13.56 MHz card's number may be 20 hex digits, too wide for a phone's row.
    button.textContent = "Assign card";
    if (card) button.title = `Give the last card read (${card.number}) to this album`;
  }
}

function markCurrentDisc() {
  const current = state && state.disc ? state.disc.position : null;
  for (const button of document.querySelectorAll(".disc")) {
    button.classList.toggle("current", Number(button.dataset.position) === current);
  }
}

async function renderTracks() {
  const disc = state && state.disc;
  const key = disc ? disc.id + ":" + disc.position : null;
  if (key !== shownDisc) {
    shownDisc = key;
    $("tracks").replaceChildren();
    if (disc && disc.position) {
      try {
        const detail = await api(`/api/v1/discs/${disc.position}`);
        for (const track of detail.tracks) {
          const item = document.createElement("li");
          const button = document.createElement("button");
          button.className = "track";
          button.dataset.index = track.index;
          button.innerHTML = `<span class="number"></span><span class="name"></span><span class="length"></span>`;
          button.children[0].textContent = two(track.track);
          button.children[1].textContent = track.title;
          button.children[2].textContent = clock(track.duration);
          button.addEventListener("click", () => command("track", { track: track.index }));
          item.append(button);
          $("tracks").append(item);
        }
      } catch (error) { showProblem(error); }
    }
  }
  for (const button of $("tracks").querySelectorAll(".track")) {
    const current = Boolean(state && state.disc && Number(button.dataset.index) === state.trackIndex);
    button.classList.toggle("current", current);
    if (current) button.setAttribute("aria-current", "true"); else button.removeAttribute("aria-current");
  }
}

function renderVolume() {
  const slider = $("volume");
  // The slider ends where a level can go: volume_limit (volume_max when no limit is set), and
  // starts at volume_min, so a child's box shows the range it really has.
  slider.max = state.volumeLimit ?? Math.max(100, state.volume);
  slider.min = state.volumeMin ?? 0;
  if (document.activeElement !== slider) slider.value = state.volume;
  $("volume-level").textContent = state.muted ? "muted" : String(state.volume);
  const mute = $("mute");
  mute.setAttribute("aria-pressed", String(state.muted));
  mute.setAttribute("aria-label", state.muted ? "Unmute" : "Mute");
  mute.classList.toggle("on", state.muted);
  $("mute-icon").setAttribute("d", state.muted ? "M15 9l6 6M21 9l-6 6" : "M14 8.5a5 5 0 0 1 0 7M16.5 6a8.5 8.5 0 0 1 0 12");
}

// Shuffle is the disc's: the player clears it when another disc loads.
function renderShuffle() {
  const shuffle = $("shuffle");
  shuffle.setAttribute("aria-pressed", String(Boolean(state.shuffle)));
  shuffle.classList.toggle("on", Boolean(state.shuffle));
}

// The timer's deadline is on the player's clock: count from the `at` it sent, not this device's.
function renderSleep() {
  const sleep = state && state.sleep;
  let text = "No sleep timer";
  if (sleep && sleep.mode === "end-of-disc") text = "Stops at the end of the disc";
  else if (sleep) text = "Pauses in " + clock(sleep.until - state.at - (performance.now() - stateReceived) / 1000);
  $("sleep-left").textContent = text;
  for (const button of document.querySelectorAll("[data-sleep]")) {
    const on = button.dataset.sleep === "off" ? !sleep : Boolean(sleep && sleep.mode === "end-of-disc" && button.dataset.sleep === "end-of-disc");
    button.classList.toggle("on", on);
  }
}

function renderLCD() {
  if (!state) return;
  const disc = state.disc;
  const total = disc ? two(disc.trackCount) : "--";
  $("lcd-main").textContent =
    `DISC ${two(disc && disc.position)}  TRACK ${two(state.trackIndex)}/${total}  ${clock(state.track ? elapsedNow() : null)} / ${clock(state.duration)}`;
  // Time stands while the output takes no audio, or the library's share does not answer.
  $("lcd-state").textContent = state.waitingForOutput || state.notAnswering
    ? "WAIT"
    : { playing: "PLAY", paused: "PAUSE", stopped: "STOP", idle: "STOP" }[state.state];
  $("lcd-state").title = state.notAnswering
    ? `The library at ${state.notAnswering} does not answer`
    : state.waitingForOutput ? "Waiting for the audio output" : "";
  const seek = $("seek");
  if (document.activeElement !== seek) {
    seek.max = Math.max(1, Math.round(state.duration || 1));
    seek.value = Math.round(elapsedNow());
  }
}

// `fresh` takes a state whatever its revision: a restarted server counts from 1 again.
function applyState(body, fresh = false) {
  // A server of another build (the box was upgraded while this page stayed open): load its
  // pages rather than send it what it may no longer read.
  if (site === null) site = body.site;
  else if (body.site !== site) { location.reload(); return; }
  if (!fresh && state && body.revision < state.revision) return;
  state = body;
  stateReceived = performance.now();
  const disc = state.disc;
  // A jukebox whose music disk is not mounted yet (or was pulled) says what it waits for.
  $("title").textContent = state.track ? state.track.title
    : state.waitingFor ? `Waiting for ${state.waitingFor}` : "Nothing playing";
  $("artist").textContent = state.track ? state.track.artist : "";
  $("album").textContent = disc ? `${disc.album}${disc.year ? " (" + disc.year + ")" : ""}` : "";
  const cover = $("player-cover");
  const large = disc && disc.covers && disc.covers["512"];
  if (large) { if (cover.getAttribute("src") !== large) cover.src = large; }
  else cover.removeAttribute("src");
  $("toggle-icon").setAttribute("d", state.state === "playing" ? "M6 5h4v14H6zM14 5h4v14h-4z" : "M8 5v14l11-7z");
  renderLCD();
  renderTracks();
  renderVolume();
  renderShuffle();
  renderSleep();
  markCurrentDisc();
  markLastCard();
  if (state.walletRevision !== walletRevision) {
    walletRevision = state.walletRevision;
    api("/api/v1/wallet").then((body) => { wallet = body; renderWallet(); }).catch(showProblem);
  }
}

async function loadDoctor() {
  try {
    const report = await api("/api/v1/doctor");
    $("doctor-report").replaceChildren(describe(report));
  } catch (error) { showProblem(error); }
}

function describe(value) {
  if (value === null) return document.createTextNode("—");
  if (Array.isArray(value)) {
    if (value.length === 0) return document.createTextNode("none");
    const list = document.createElement("ul");
    for (const item of value) { const entry = document.createElement("li"); entry.append(describe(item)); list.append(entry); }
    return list;
  }
  if (typeof value === "object") {
    const list = document.createElement("dl");
    for (const [key, item] of Object.entries(value)) {
      const term = document.createElement("dt");
      term.textContent = key;
      const detail = document.createElement("dd");
      detail.append(describe(item));
      list.append(term, detail);
    }
    return list;
  }
  return document.createTextNode(String(value));
}

// The link ----------------------------------------------------------------

function setLink(up) {
  linkUp = up;
  $("link").hidden = up;
  if (!up) $("link").textContent = "Connection lost — reconnecting…";
  $("lcd").classList.toggle("stale", !up);
}

function connect() {
  clearTimeout(retryTimer);
  if (socket && socket.readyState <= 1) return;
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/v1/events";
  socket = new WebSocket(url);
  let first = true;
  socket.onopen = () => { retryDelay = 1000; lastFrame = performance.now(); };
  socket.onmessage = (event) => {
    lastFrame = performance.now();
    const frame = JSON.parse(event.data);
    if (frame.type === "state") applyState(frame.body, first);
    else if (frame.type === "heartbeat" && state) {
      if (frame.body.revision !== state.revision) {
        api("/api/v1/state").then((body) => applyState(body, true)).catch(showProblem);
      }
      else { state.elapsed = frame.body.elapsed; state.at = frame.body.at; stateReceived = performance.now(); }
    }
    first = false;
    setLink(true);
  };
  socket.onclose = () => {
    socket = null;
    setLink(false);
    // A refused upgrade looks like a closed socket: ask the API whether we are still paired.
    api("/api/v1/state").then(() => retry()).catch((error) => error instanceof NotPaired ? showPairing() : retry());
  };
}

function retry() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(connect, retryDelay);
  retryDelay = Math.min(retryDelay * 2, 30000);
}

function reconnectNow() {
  retryDelay = 1000;
  if (!socket) connect();
}

setInterval(() => {
  if (socket && socket.readyState === 1 && performance.now() - lastFrame > 15000) {
    socket.close();   // missed three heartbeats: the link is dead even if the socket does not know
  }
  if (linkUp && state) { renderLCD(); renderSleep(); }
}, 500);

document.addEventListener("visibilitychange", () => { if (!document.hidden) reconnectNow(); });
window.addEventListener("online", reconnectNow);
window.addEventListener("hashchange", route);

document.addEventListener("DOMContentLoaded", () => {
  route();
  for (const button of document.querySelectorAll("[data-command]")) {
    const disc = button.dataset.disc;
    button.addEventListener("click", () => command(button.dataset.command, disc ? { disc } : {}));
  }
  for (const button of document.querySelectorAll("[data-seek]")) {
    button.addEventListener("click", () => command("seek", { seconds: Number(button.dataset.seek), relative: true }));
  }
  $("seek").addEventListener("change", (event) => command("seek", { seconds: Number(event.target.value) }));
  for (const button of document.querySelectorAll("[data-volume]")) {
    button.addEventListener("click", () => command("volume", { change: button.dataset.volume }));
  }
  $("volume").addEventListener("change", (event) => command("volume", { change: Number(event.target.value) }));
  $("mute").addEventListener("click", () => command("volume", { change: "toggle-mute" }));
  $("shuffle").addEventListener("click", () => command("shuffle", {}));
  for (const button of document.querySelectorAll("[data-sleep]")) {
    button.addEventListener("click", () => command("sleep", { for: button.dataset.sleep }));
  }
  let searchTimer = null;
  $("library-query").addEventListener("input", (event) => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => { library.query = event.target.value.trim(); loadLibrary(true); }, 250);
  });
  $("library-search").addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(searchTimer);
    library.query = $("library-query").value.trim();
    loadLibrary(true);
  });
  // The next page loads as the end of the list comes into view.
  new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting) && !$("library").hidden) loadLibrary(false);
  }, { rootMargin: "400px" }).observe($("library-more"));
  $("pair-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("/api/v1/pair", {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ code: $("pair-code").value }),
      });
      $("pair-error").textContent = "";
      $("pair-invited").hidden = true;
      // The invitation's code is used up: not kept in the address or the history.
      if (location.pathname === "/pair") history.replaceState(null, "", "/" + location.hash);
      route();
      connect();
    } catch (error) {
      $("pair-error").textContent = error instanceof NotPaired ? "Wrong or expired code." : error.message;
    }
  });
  setLink(true);
  // The socket's first frame is the state: no separate request, so a repeat visit stays small.
  connect();
});
