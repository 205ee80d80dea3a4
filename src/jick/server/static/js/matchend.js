// The end of a match at the live table: the winner, the totals, the score chart, and the rematch that every page follows.

import { api, h, recordLink, store, toast } from "./api.js";
import { scoreChart } from "./chart.js";

/**
 * Open the next match's page: a seat goes on with its own token (the rematch kept it), the host and spectators watch.
 * @param {any} page  the TablePage
 * @param {string} next  the next match's table id
 */
export function followRematch(page, next) {
  if (page.followed) return;
  page.followed = true;
  page.stopped = true;
  for (const kind of ["host", "watch"]) {
    const token = store.get(`${kind}.${page.id}`);
    if (token) store.set(`${kind}.${next}`, token);
  }
  if (page.token) {
    store.set(`seat.${next}`, page.token);
    location.href = `/play/${next}#${encodeURIComponent(page.token)}`;
    return;
  }
  const view = page.viewToken || "";
  location.href = `/watch/${next}${view ? `#${encodeURIComponent(view)}` : ""}`;
}

/** Ask the server for the next match (or the one already made) and go there. @param {any} page */
export async function askRematch(page) {
  const token = page.token || page.hostToken;
  if (page.table && page.table.next_match) {
    followRematch(page, page.table.next_match);
    return;
  }
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll(".rematch"))) b.disabled = true;
  try {
    const next = await api(`/api/tables/${page.id}/rematch`, { method: "POST", token });
    followRematch(page, next.id);
  } catch (err) {
    toast(err.message, "error", 6000);
    for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll(".rematch"))) b.disabled = false;
  }
}

/** True when this page may ask for a rematch (a seat's or the host's token). @param {any} page */
export function mayRematch(page) {
  return Boolean(page.token || page.hostToken);
}

/** The Rematch button (or the way to the rematch already made). @param {any} page @param {string} [id] */
export function rematchButton(page, id) {
  const made = page.table && page.table.next_match;
  return h("button", { type: "button", class: "rematch", id: id || null, onclick: () => askRematch(page) }, made ? "Go to the next match" : "Rematch");
}

/**
 * The match-end screen as a dialog: who won, the totals, the chart of the scores after each deal, the last deal's
 * summary, and Rematch (same seats and rules, the deal passed on; people who left are replaced by bots).
 * @param {any} page  the TablePage (its game, table, observation and report)
 */
export function showMatchEnd(page) {
  const game = page.game;
  const report = page.report && page.report.report;
  if (!game || !page.obs || !report) return;
  const names = page.names();
  const entries = game.reportEntries(report);
  const sides = (report.scores || []).map((/** @type {unknown} */ _, /** @type {number} */ s) => s);
  const labels = sides.map((/** @type {number} */ s) => game.sideName(page.obs, s, names));
  const body = h("div", { class: "match-end" });
  body.append(h("p", { class: "winner", html: game.resultHTML(page.obs, names) }));
  const order = [...sides].sort((a, b) => report.scores[b] - report.scores[a]);
  const rows = order.map((s) => h("tr", { class: s === mySide(page) ? "mine" : "" }, h("th", { scope: "row" }, labels[s]), h("td", { class: "num" }, h("b", {}, String(report.scores[s])))));
  body.append(h("table", { class: "summary totals" }, h("thead", {}, h("tr", {}, h("th", {}, "final score"), h("th", { class: "num" }, "total"))), h("tbody", {}, rows)));
  if (entries.length) {
    const target = page.table && page.table.rules ? page.table.rules.target_score : null;
    body.append(scoreChart(entries, labels, { dealWord: game.dealWord, target: typeof target === "number" ? target : null }));
    const last = entries[entries.length - 1];
    body.append(h("details", { class: "last-deal" }, h("summary", {}, `The last ${game.dealWord}`), h("div", { html: game.summaryHTML(last, page.ctx()) })));
  }
  const buttons = h("div", { class: "end-buttons" });
  if (mayRematch(page)) buttons.append(rematchButton(page, "end-rematch"));
  buttons.append(h("a", { class: "button", href: `/replay/${page.id}` }, "Replay"), h("a", { class: "button", id: "end-analyse", href: `/replay/${page.id}?analyse=1` }, "Analyse"), recordLink(page.id, "Record", { class: "button" }), h("a", { class: "button", href: "/" }, "New table"));
  body.append(buttons);
  if (mayRematch(page)) body.append(h("p", { class: "note" }, "Rematch: the same seats and rules, the first deal passed to the next seat; everyone at the table moves on with you, and a bot takes the seat of anyone who left."));
  page.openDialog("end", "Match over", body);
}

/** The side of this page's seat in the report's scores (null for a spectator). @param {any} page */
function mySide(page) {
  if (page.seat === null || page.seat === undefined) return null;
  const sides = page.obs && page.obs.sides;
  return sides ? sides[page.seat] : page.seat;
}
