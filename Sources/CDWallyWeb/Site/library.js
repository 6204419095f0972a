// The Library page of the web remote (docs/PRODUCT.md §10): every album of the index, a page
// at a time, with Play, Add, Remove and Undo. Uses app.js's $, api, albumText, cdElement,
// renderWallet and showProblem; app.js's route and search box call loadLibrary.
"use strict";

// Every album of the index, a page at a time as the list scrolls (a library of 8,000 albums is
// never loaded whole), filtered by the search words; Play, Add and Remove change the CDs
// playlist through POST /api/v1/wallet, and the last change can be undone.

const library = { query: "", albums: [], total: 0, loading: false, loaded: false, generation: 0, coverTries: 0 };
const libraryPage = 60;

async function loadLibrary(reset) {
  if (reset) {
    library.generation += 1;
    library.albums = [];
    library.total = 0;
    library.loaded = true;
    library.coverTries = 0;
    $("albums").replaceChildren();
  } else if (library.loading || library.albums.length >= library.total) {
    return;
  }
  const generation = library.generation;
  library.loading = true;
  $("library-more").textContent = "Loading…";
  try {
    const query = new URLSearchParams({ q: library.query, offset: library.albums.length, limit: libraryPage });
    const page = await api("/api/v1/albums?" + query);
    if (generation !== library.generation) return;   // a newer search took over
    library.total = page.total;
    library.albums.push(...page.albums);
    for (const album of page.albums) $("albums").append(albumRow(album));
    if (page.albums.some((album) => !album.covers)) retryCovers(page.offset, generation);
  } catch (error) {
    showProblem(error);
  } finally {
    if (generation === library.generation) {
      library.loading = false;
      const shown = library.albums.length;
      $("library-count").textContent =
        `${library.total} album${library.total === 1 ? "" : "s"}${library.query ? ` match “${library.query}”` : " in the library"}`;
      $("library-more").textContent = shown < library.total ? `${shown} of ${library.total} shown` : "";
    }
  }
}

// Covers are made for the rows asked for, in the background: the page asks again for a while.
function retryCovers(offset, generation) {
  if (library.coverTries >= 5) return;
  library.coverTries += 1;
  setTimeout(async () => {
    if (generation !== library.generation) return;
    const query = new URLSearchParams({ q: library.query, offset, limit: libraryPage });
    try {
      const page = await api("/api/v1/albums?" + query);
      if (generation !== library.generation) return;
      for (const album of page.albums) {
        const image = document.querySelector(`.album[data-id="${album.id}"] img`);
        if (image && album.covers && !image.getAttribute("src")) image.src = album.covers["128"];
      }
      if (page.albums.some((album) => !album.covers)) retryCovers(offset, generation);
    } catch (error) { /* the next scroll or search asks again */ }
  }, 2000);
}

function albumRow(album) {
  const item = document.createElement("li");
  item.className = "album";
  item.dataset.id = album.id;
  const place = album.inWallet ? `Disc ${album.inWallet} · ` : album.mergesInto ? `Edition of disc ${album.mergesInto} · ` : "";
  const text = albumText(album, place, "");
  text.className = "text";
  const actions = document.createElement("span");
  actions.className = "actions";
  const button = (label, action) => {
    const element = document.createElement("button");
    element.type = "button";
    element.textContent = label;
    element.dataset.action = action;
    element.addEventListener("click", () => changeWallet(action, album.id));
    return element;
  };
  actions.append(button("Play", "play"));
  if (album.inWallet) actions.append(button("Remove", "remove"));
  else if (!album.mergesInto) actions.append(button("Add", "add"));
  actions.append(cardButton(album.id));
  if (album.inWallet) item.classList.add("in-wallet");
  item.append(cdElement(album.covers && album.covers["128"]), text, actions);
  setTimeout(markLastCard);
  return item;
}

async function changeWallet(action, id) {
  try {
    const answer = await api("/api/v1/wallet", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ [action]: id }),
    });
    wallet = answer.wallet;
    renderWallet();
    showUndo(answer.change);
    if (action === "play") location.hash = "#player";
    else if (action === "card") { if (library.loaded) await refreshRows(); }
    else await refreshRows();
  } catch (error) {
    showProblem(error);
  }
}

// After Add or Remove the rows already loaded are asked for again and changed where they
// stand, not reloaded from row 1: the row just tapped stays in view with the scroll. Other rows
// may take another disc number (the discs after an added one move down), so every loaded row
// is compared, and only those that differ are redrawn.
async function refreshRows() {
  const generation = library.generation;
  const count = library.albums.length;
  for (let offset = 0; offset < count; offset += 200) {
    const query = new URLSearchParams({ q: library.query, offset, limit: Math.min(200, count - offset) });
    const page = await api("/api/v1/albums?" + query);
    if (generation !== library.generation) return;   // a search took over meanwhile
    page.albums.forEach((album, index) => {
      const old = library.albums[offset + index];
      library.albums[offset + index] = album;
      const row = $("albums").children[offset + index];
      if (!row) return;
      if (!old || old.id !== album.id || old.inWallet !== album.inWallet || old.mergesInto !== album.mergesInto) {
        row.replaceWith(albumRow(album));
      }
    });
  }
}

function showUndo(change) {
  $("undo-text").textContent = change.message;
  const undo = change.undo;
  $("undo-button").hidden = !undo;
  $("undo-button").onclick = undo ? async () => {
    $("undo").hidden = true;
    const [action, id] = Object.entries(undo)[0];
    await changeWallet(action, id);
  } : null;
  $("undo").hidden = false;
  clearTimeout(showUndo.timer);
  showUndo.timer = setTimeout(() => { $("undo").hidden = true; }, 10000);
}
