// Helpers the game modules share: words every game uses, the score sheet's frame, the French deck's order.

import { esc } from "../api.js";
import { RANK_ORDER, SUITS } from "../cards.js";

/** @typedef {import("./interface.js").Ctx} Ctx */
/** @typedef {import("./interface.js").Names} Names */

/** A signed number of points ("+2", "-1", "0"). @param {number} n */
export function points(n) {
  return `${n > 0 ? "+" : ""}${n}`;
}

const WORDS = {
  pass: "Pass", moon: "Shoot the moon", smudge: "Smudge", done: "Keep the rest", misdeal: "Misdeal", keep: "Keep the hand",
  threesome: "Threesome", solo: "Solo", accept: "Accept", reject: "Reject", game: "Game (36+)",
  consolation: "Consolation (35 or fewer)", ultimo: "Announce ultimo", contra: "Contra",
};

/** The words on a decision's button, for the actions every game spells alike. @param {string} text */
export function actionLabel(text) {
  if (/^\d+$/.test(text)) return `Bid ${text}`;
  return /** @type {Record<string, string>} */ (WORDS)[text] || text;
}

/** A keyboard key for a decision button (numbers: their last digit; words: their first letter). @param {string} text */
export function actionKey(text) {
  if (/^\d+$/.test(text)) return text.slice(-1);
  return text[0].toLowerCase();
}

const LOG_WORDS = {
  done: "is dealt back up to six", smudge: "bids a smudge", misdeal: "calls a misdeal", keep: "keeps the hand", threesome: "bids threesome",
  solo: "bids solo", accept: "accepts the widow half", reject: "rejects the widow half", game: "plays for game",
  consolation: "plays for consolation", ultimo: "announces ultimo", contra: "says contra",
};

/**
 * A line for the log about an action, for the actions every game spells alike.
 * @param {string} action
 * @param {string} discardVerb  "discards", "lays away"
 */
export function logText(action, discardVerb = "discards") {
  if (/^\d+$/.test(action)) return `bids ${action}`;
  if (action === "pass") return "passes";
  if (action === "moon") return "shoots the moon";
  if (action.startsWith("-")) return `${discardVerb} ${action.slice(1)}`;
  return /** @type {Record<string, string>} */ (LOG_WORDS)[action] || `plays ${action}`;
}

/** The latest bid of a seat, if any. @param {{bids?: [number, {action: string}][]}} obs @param {number} seat */
export function lastBid(obs, seat) {
  return [...(obs.bids || [])].reverse().find(([s]) => s === seat);
}

/**
 * The score sheet (HTML): one row per scored deal with the scores after it.
 * @param {{dealWord: string, reportEntries: (report: any) => any[]}} game
 * @param {any} report
 * @param {{label: (side: number) => string, bidHead: string, row: (entry: any) => {what: string, changes: (number|string)[] | null}}} sheet
 */
export function sheetHTML(game, report, sheet) {
  const entries = game.reportEntries(report);
  /** @type {number[]} */
  const cols = report && report.scores ? report.scores.map((/** @type {unknown} */ _, /** @type {number} */ i) => i) : [];
  const head = `<tr><th>${game.dealWord}</th><th>${sheet.bidHead}</th>${cols.map((c) => `<th>${esc(sheet.label(c))}</th>`).join("")}</tr>`;
  const rows = entries.map((e) => {
    const { what, changes: given } = sheet.row(e);
    const changes = given || cols.map(() => "");
    const cells = cols.map((c) => `<td class="num"><b>${e.scores[c]}</b>${changes[c] !== "" && changes[c] !== undefined ? ` <small>(${points(Number(changes[c]))})</small>` : ""}</td>`).join("");
    return `<tr><td class="num">${e.hand || e.number}</td><td>${what}</td>${cells}</tr>`;
  }).join("");
  if (!entries.length) return `<p class="note">No ${game.dealWord} has been scored yet.</p>`;
  return `<table class="sheet"><thead>${head}</thead><tbody>${rows}</tbody></table>`;
}

/**
 * A sort key for a French-deck hand: trumps first once trump is named, then suits high to low.
 * @param {import("../cards.js").Card} c
 * @param {number|null|undefined} trump  the trump suit's index, if named
 * @param {boolean} jick  the jack of trump's colour is a trump (Smear)
 * @returns {[number, number]}
 */
export function frenchKey(c, trump, jick) {
  if (c.kind === "joker") return trump === null || trump === undefined ? [0, c.rank === "HJ" ? -2 : -1] : [0, c.rank === "HJ" ? -10.4 : -10.3];
  const suit = c.suit || "";
  const suitIdx = SUITS.indexOf(suit);
  const rank = /** @type {Record<string, number>} */ (RANK_ORDER)[String(c.rank)] || 0;
  if (trump !== null && trump !== undefined) {
    const trumpSuit = SUITS[trump];
    const jickSuit = /** @type {Record<string, string>} */ ({ S: "C", C: "S", H: "D", D: "H" })[trumpSuit];
    if (suit === trumpSuit) return [0, -(rank === 11 ? 11 : rank)];
    if (jick && c.rank === "J" && suit === jickSuit) return [0, -10.5];
    return [1 + ((suitIdx - trump + 4) % 4), -rank];
  }
  return [1 + suitIdx, -rank];
}

/**
 * The discard turn of a French-deck game: a fixed number down to six cards, or (refill presets) free until "done".
 * @param {any} obs
 * @param {any} rules
 * @returns {import("./interface.js").DiscardRule}
 */
export function refillDiscardRule(obs, rules) {
  const hand = (obs.hand || []).length;
  const refill = rules && rules.discard_mode === "refill";
  const robbing = refill && rules.dealer_robs_pack && obs.seat === obs.dealer;
  const legal = /** @type {{action: string}[]} */ (obs.legal_actions);
  const choices = legal.filter((a) => a.action.startsWith("-")).length;
  const need = Math.min(Math.max(0, hand - 6), choices);
  if (refill && !robbing) {
    // the rules say when a seat may stop: "done" is legal then (some presets want every non-trump gone)
    const mayStop = legal.some((a) => a.action === "done");
    return { min: mayStop ? 0 : 1, max: choices, free: true, mayStop, verb: "Discard" };
  }
  return { min: need, max: need, free: false, verb: "Discard" };
}
