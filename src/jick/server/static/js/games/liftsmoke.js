// Lift Smoke: every seat for itself, a pot of chips, a stock to draw from, seats drop out when out of cards.

import { esc } from "../api.js";
import { FRENCH, SUITS, cardHTML, parseCard, sortCards, suitHTML } from "../cards.js";
import * as common from "./common.js";

/** @typedef {import("./observations.js").LiftsmokeObservation} Obs */
/** @typedef {import("./interface.js").Names} Names */

/** @type {import("./interface.js").Game<Obs>} */
export const liftsmoke = {
  name: "liftsmoke",
  deck: FRENCH,
  dealWord: "game",
  summaryTitle: "Game result",
  discardedWord: "discarded",
  discardableState: "may be discarded",
  outOfCards: "You are out of cards: you have dropped out of this game.",

  actionLabel: common.actionLabel,

  actionClass() {
    return "";
  },

  logText(action) {
    return common.logText(action);
  },

  logGuess() {
    return null;
  },

  /** @param {Obs} obs */
  lastDealNumber(obs) {
    return obs.last_game ? obs.last_game.game_number : null;
  },

  sideName(obs, side, names) {
    return names(side);
  },

  /** @param {Obs} obs @param {Names} names @param {any} rules */
  /**
   * The pot of the game in play, and the chips this seat has won or lost this session (every seat's are in the
   * score bar already): one short line on a phone.
   * @param {Obs} obs @param {any} _rules @param {import("./interface.js").Names} _names
   */
  livePoints(obs, _rules, _names) {
    if (!obs || !obs.scores || obs.phase === "over") return null;
    const me = obs.seat;
    const chips = me !== null && me !== undefined ? obs.scores[me] : null;
    const signed = (/** @type {number} */ n) => `${n > 0 ? "+" : ""}${n}`;
    return {
      head: `Pot ${obs.pot} chip${obs.pot === 1 ? "" : "s"}`,
      items: chips === null ? [] : [{ key: "chips", label: "your chips", who: signed(chips), mine: true, title: "chips you won or lost this session (the antes in the pot count as lost until it is won)" }],
    };
  },

  infoHTML(obs, names, rules) {
    const bits = [];
    bits.push(`Game ${obs.game_number}${rules && rules.games_per_session ? ` of ${rules.games_per_session}` : ""}`);
    bits.push(`dealer ${esc(names(obs.dealer))}`);
    if (obs.trump !== null && obs.trump !== undefined) bits.push(`trump ${suitHTML(obs.trump)}`);
    bits.push(`pot <b>${obs.pot}</b>${rules && rules.ante ? ` (everyone antes ${rules.ante})` : ""}`);
    bits.push(`stock ${obs.stock_size}`);
    if (obs.discard_size) bits.push(`discards ${obs.discard_size}`);
    return bits.join(" · ");
  },

  /** @param {Obs} obs @param {number} seat */
  seatTags(obs, seat) {
    const tags = [];
    if (obs.dealer === seat) tags.push(`<span class="tag dealer" title="dealer">D</span>`);
    if (!obs.seated.includes(seat)) tags.push(`<span class="tag out">not dealt in</span>`);
    else if (!obs.active.includes(seat) && obs.phase === "play") tags.push(`<span class="tag out">out</span>`);
    if (obs.trump_card_holder === seat && obs.trump_card) tags.push(`<span class="tag">holds ${cardHTML(obs.trump_card.card, FRENCH)}</span>`);
    return tags.join("");
  },

  /** Each plays for himself. */
  partners() {
    return [];
  },

  /** @param {Obs} obs @param {Names} names */
  scoreboard(obs, names) {
    if (!obs || !obs.scores) return [];
    // chips won or lost this session (the antes in the pot count as lost until the pot is won)
    return obs.scores.map((score, seat) => ({ name: names(seat), score: score > 0 ? `+${score}` : String(score).replace("-", "−"), mine: obs.seat === seat, title: "chips won or lost this session" }));
  },

  /** @param {Obs} obs */
  promptText(obs) {
    return (obs.hand || []).length ? "Play a card (follow suit if you can)" : "";
  },

  discardRule: common.refillDiscardRule,

  /** @param {Obs} obs */
  extras(obs) {
    /** @type {import("./interface.js").Extra[]} */
    const out = [];
    if (obs.trump_card) out.push({ label: obs.trump_card_holder !== null ? "trump card (dealer's)" : "trump card", cards: [obs.trump_card] });
    out.push({ label: "stock", counter: "stock", value: obs.stock_size });
    out.push({ label: "pot", counter: "pot", value: obs.pot });
    return out;
  },

  /** @param {Obs} view */
  replayExtras(view) {
    if (!view.trump_card) return [];
    return [{ label: "turned trump", cards: [view.trump_card] }, { label: "pot", counter: "pot", value: view.pot }];
  },

  sortHand(hand) {
    return sortCards(hand, (card) => common.frenchKey(parseCard(card.card, FRENCH), null, false));
  },

  summaryHTML(entry, { names }) {
    if (!entry) return "";
    /** @type {number[]} */
    const seats = entry.scores.map((/** @type {unknown} */ _, /** @type {number} */ s) => s);
    return `<h3>Game ${entry.number}: ${entry.winner === null ? "no winner" : `${esc(names(entry.winner))} wins the pot of ${entry.pot}`}</h3>` +
      `<p>${esc(entry.reason || "")}; trump ${suitHTML(SUITS.indexOf(entry.trump))} (turned ${cardHTML(entry.trump_card, FRENCH)}), ${entry.tricks} tricks${entry.reshuffles ? `, ${entry.reshuffles} reshuffles` : ""}.</p>` +
      `<table class="summary"><thead><tr>${seats.map((s) => `<th>${esc(names(s))}</th>`).join("")}</tr></thead><tbody><tr>${seats.map((s) => `<td class="num"><b>${entry.scores[s]}</b></td>`).join("")}</tr></tbody></table>`;
  },

  reportEntries(report) {
    return (report && report.games) || [];
  },

  sheetHTML(report, { names }) {
    return common.sheetHTML(liftsmoke, report, {
      label: names,
      bidHead: "winner",
      row: (e) => ({ what: e.winner === null ? "—" : esc(names(e.winner)), changes: null }),
    });
  },

  /** @param {Obs} obs @param {Names} names */
  resultHTML(obs, names) {
    if (obs.winner === null || obs.winner === undefined) return "The session is over.";
    return `The session is over: <b>${esc(names(obs.winner))}</b> has the most chips.`;
  },
};
