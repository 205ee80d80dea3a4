// The page's entry point: which page the address asks for.
//   /                     the start page
//   /play/{table}#token   a seat (the invite link; the token stays in this browser)
//   /watch/{table}#token  a spectator (a private table's watch link carries its token)
//   /replay/{table}       the replay viewer of a table's record; /replay: an uploaded record
// Tokens ride in the fragment (never sent to the server in the address) and stay in this browser.

import { h, store, tableToken } from "./api.js";
import { ReplayPage } from "./replay.js";
import { StartPage } from "./start.js";
import { TablePage } from "./table.js";

const root = document.getElementById("app");
document.body.classList.toggle("four-colour", store.get("four-colour") === "1");
const [, where, id] = location.pathname.split("/");

if (where === "play" && id) {
  let token = decodeURIComponent(location.hash.slice(1));
  if (token) store.set(`seat.${id}`, token);
  else token = store.get(`seat.${id}`);
  if (token && !store.get("name")) askName(() => (window.jickPage = new TablePage(root, id, token)));
  else window.jickPage = new TablePage(root, id, token || null);
} else if (where === "watch" && id) {
  const token = decodeURIComponent(location.hash.slice(1));
  if (token) store.set(`watch.${id}`, token);
  window.jickPage = new TablePage(root, id, null, token || tableToken(id));
} else if (where === "replay") {
  if (id && location.hash.length > 1) store.set(`watch.${id}`, decodeURIComponent(location.hash.slice(1)));
  window.jickPage = new ReplayPage(root, id || null);
} else {
  window.jickPage = new StartPage(root);
}

/** A guest opening an invite link says who they are first (kept in this browser for the next tables). */
function askName(then) {
  const input = h("input", { id: "guest-name", maxlength: "40", required: true, autocomplete: "nickname", placeholder: "e.g. Ann" });
  const form = h("form", { class: "panel name-ask", "aria-labelledby": "ask-title" },
    h("h2", { id: "ask-title" }, "You are invited to a table"),
    h("div", { class: "row" }, h("label", { for: "guest-name" }, "Your name at the table"), input),
    h("button", { type: "submit", class: "primary big", id: "guest-go" }, "Sit down"));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const name = input.value.trim().slice(0, 40);
    if (!name) return;
    store.set("name", name);
    then();
  });
  root.replaceChildren(form);
  input.focus();
}
