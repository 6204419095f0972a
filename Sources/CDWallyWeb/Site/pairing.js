// Pairing a guest (docs/PRODUCT.md §11), on the Diagnostics page: a browser paired on the box
// invites another with a one-time code (text, a link, a QR code) and revokes paired browsers;
// an invited one is told what it may not do. And the invitation's link (/pair?code=…): the
// page fills the code in, and only the user's tap on Pair sends it (a link preview, which
// GETs the page, redeems nothing). Uses app.js's $, api, ago and showProblem.
"use strict";

let inviteTimer = null;

async function loadBrowsers() {
  try {
    const me = await api("/api/v1/session");
    const box = me.role === "box";
    $("browsers-guest").hidden = box;
    $("browsers-box").hidden = !box;
    if (box) showBrowsers(await api("/api/v1/browsers"));
  } catch (error) { showProblem(error); }
}

function showBrowsers(body) {
  const list = $("browser-list");
  list.replaceChildren();
  for (const browser of body.browsers) {
    const item = document.createElement("li");
    item.dataset.name = browser.name;
    const label = document.createElement("span");
    label.textContent = `${browser.name}${browser.role === "guest" ? " (invited)" : ""}`
      + `${browser.you ? ", this browser" : ""} · paired ${ago(browser.created)}`;
    const revoke = document.createElement("button");
    revoke.type = "button";
    revoke.textContent = "Revoke";
    revoke.dataset.action = "revoke";
    revoke.addEventListener("click", () => revokeBrowser(browser.name));
    item.append(label, revoke);
    list.append(item);
  }
}

async function revokeBrowser(name) {
  try {
    showBrowsers(await api("/api/v1/browsers/revoke", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }),
    }));
  } catch (error) { showProblem(error); }
}

async function invite() {
  try {
    const body = await api("/api/v1/invites", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: "{}",
    });
    $("invite-code").textContent = body.code;
    const link = $("invite-link");
    link.href = body.link;
    link.textContent = body.link;
    // Without libqrencode on the box there is no picture: the code and the link still work.
    const qr = $("invite-qr");
    if (body.qr) qr.src = body.qr; else qr.removeAttribute("src");
    qr.hidden = !body.qr;
    $("invite").hidden = false;
    clearTimeout(inviteTimer);
    // Counted on this device's clock, not the box's `expires`: a box without a clock may be off.
    inviteTimer = setTimeout(() => { $("invite").hidden = true; }, 5 * 60 * 1000);
    loadBrowsers();
  } catch (error) { showProblem(error); }
}

document.addEventListener("DOMContentLoaded", () => {
  $("invite-button").addEventListener("click", invite);
  const code = location.pathname === "/pair" && new URLSearchParams(location.search).get("code");
  if (!code) return;
  $("pair-code").value = code;
  $("pair-invited").hidden = false;
  // A browser paired already keeps its pairing (an invitation would make it a guest): the
  // code is dropped, unused, from the address.
  api("/api/v1/session").then(() => history.replaceState(null, "", "/" + location.hash)).catch(() => {});
});
