// The page's entry point: which page the address asks for.
//   /                     the start page
//   /play/{table}#token   a seat (the invite link; the token stays in this browser)
//   /watch/{table}        a spectator
//   /replay/{table}       the replay viewer of a table's record; /replay: an uploaded record

import { store } from "./api.js";
import { ReplayPage } from "./replay.js";
import { StartPage } from "./start.js";
import { TablePage } from "./table.js";

const root = document.getElementById("app");
const [, where, id] = location.pathname.split("/");

if (where === "play" && id) {
  let token = decodeURIComponent(location.hash.slice(1));
  if (token) store.set(`seat.${id}`, token);
  else token = store.get(`seat.${id}`);
  window.jickPage = new TablePage(root, id, token || null);
} else if (where === "watch" && id) {
  window.jickPage = new TablePage(root, id, null);
} else if (where === "replay") {
  window.jickPage = new ReplayPage(root, id || null);
} else {
  window.jickPage = new StartPage(root);
}
