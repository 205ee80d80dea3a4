// Smear: partnerships are sides, trump is named after the bidding, a kitty and discards in some presets.

import { esc } from "../api.js";
import { FRENCH, SUIT_NAME, SUIT_SYMBOL, SUITS, cardHTML, parseCard, sortCards, suitHTML } from "../cards.js";
import * as common from "./common.js";

/** @typedef {import("./observations.js").SmearObservation} Obs */
/** @typedef {import("./interface.js").Names} Names */

const POINT_NAMES = {
  high: "High", low: "Low", jack: "Jack", jick: "Jick", joker_high: "High joker", joker_low: "Low joker",
  joker: "Joker", trey: "Trey", deuce: "Deuce", game: "Game", ten: "Ten", five: "Five", off_five: "Left Pedro",
};

/** @param {string} s */
function isSuit(s) {
  return SUITS.includes(s);
}

/** @param {Obs} obs @param {number} side @param {Names} names */
function sideName(obs, side, names) {
  if (!obs || !obs.sides) return names(side);
  const seats = obs.sides.map((s, i) => [s, i]).filter(([s]) => s === side).map(([, i]) => i);
  if (seats.length === 1) return names(seats[0]);
  return seats.map(names).join(" & ");
}

/** @type {import("./interface.js").Game<Obs>} */
export const smear = {
  name: "smear",
  deck: FRENCH,
  dealWord: "hand",
  summaryTitle: "Hand summary",
  discardedWord: "discarded",
  discardableState: "may be discarded",
  outOfCards: "",

  actionLabel(text) {
    if (isSuit(text)) {
      const name = SUIT_NAME[text];
      return `${SUIT_SYMBOL[text]} ${name[0].toUpperCase()}${name.slice(1)}`;
    }
    return common.actionLabel(text);
  },

  actionClass(action) {
    return /^[SHDC]$/.test(action) ? `suit suit-${action}` : "";
  },

  logText(action) {
    if (isSuit(action)) return `names ${SUIT_SYMBOL[action]} ${SUIT_NAME[action]}`;
    return common.logText(action);
  },

  /** @param {Obs} before @param {Obs} obs @param {number} seat */
  logGuess(before, obs, seat) {
    if (before && obs.trump !== null && before.trump === null) return "names trump";
    if (obs.discard_counts && before && obs.discard_counts[seat] > before.discard_counts[seat]) return "discards a card";
    return null;
  },

  /** @param {Obs} obs */
  lastDealNumber(obs) {
    return obs.last_hand ? obs.last_hand.hand_number : null;
  },

  sideName,

  /** @param {Obs} obs @param {Names} names @param {any} rules */
  infoHTML(obs, names, rules) {
    const bits = [];
    bits.push(`Hand ${obs.hand_number}`);
    bits.push(`dealer ${esc(names(obs.dealer))}`);
    if (obs.bidder !== null && obs.bidder !== undefined) {
      const word = obs.phase === "bidding" ? "high bid" : "pitcher";
      bits.push(obs.moon ? `${esc(names(obs.bidder))} shoots the moon` : `${word} ${esc(names(obs.bidder))}, bid ${obs.bid}`);
    }
    if (obs.trump !== null && obs.trump !== undefined) bits.push(`trump ${suitHTML(obs.trump)}`);
    if (rules && rules.target_score) bits.push(`to ${rules.target_score}`);
    return bits.join(" · ");
  },

  /** @param {Obs} obs @param {number} seat */
  seatTags(obs, seat) {
    const tags = [];
    if (obs.dealer === seat) tags.push(`<span class="tag dealer" title="dealer">D</span>`);
    const bid = common.lastBid(obs, seat);
    if (bid && obs.phase === "bidding") tags.push(`<span class="tag bid">${bid[1].action === "pass" ? "pass" : esc(bid[1].action)}</span>`);
    if (obs.bidder === seat && obs.phase !== "bidding") tags.push(`<span class="tag pitcher">${obs.moon ? "moon" : `bid ${obs.bid}`}</span>`);
    if (obs.phase === "play" || (obs.tricks_won && obs.tricks_won[seat])) tags.push(`<span class="tag">tricks ${obs.tricks_won[seat]}</span>`);
    if (obs.discard_counts && obs.discard_counts[seat] && obs.phase !== "bidding") tags.push(`<span class="tag">discarded ${obs.discard_counts[seat]}</span>`);
    return tags.join("");
  },

  /** @param {Obs} obs @param {Names} names */
  scoreboard(obs, names) {
    if (!obs || !obs.scores) return [];
    return obs.scores.map((score, side) => ({ name: sideName(obs, side, names), score, mine: obs.seat !== null && obs.sides[obs.seat] === side }));
  },

  /** @param {Obs} obs @param {any} rules */
  promptText(obs, rules) {
    const p = obs.phase;
    if (p === "bidding") return obs.legal_actions.some((a) => a.action === "pass") ? "Your bid: a number, pass" + (obs.legal_actions.some((a) => a.action === "moon") ? " or shoot the moon" : "") : "Your bid (the dealer must bid)";
    if (p === "trump") return "Name trump";
    if (p === "misdeal_offer") return "Your hand is only 3s to 9s: misdeal or keep?";
    if (p === "discard") {
      const d = common.refillDiscardRule(obs, rules);
      if (d.free && d.mayStop) return "Discard: choose the cards to lose (or none), then confirm; you are dealt back up to 6";
      if (d.free) return "Discard: choose the cards to lose, then confirm (the rules want more cards gone before you are dealt back up to 6)";
      return `Discard ${d.min} card${d.min === 1 ? "" : "s"}: choose them, then confirm`;
    }
    if (p === "play" && obs.trump === null) return "Lead a card: its suit is trump (a joker cannot be led now)";
    return "Play a card";
  },

  discardRule: common.refillDiscardRule,

  /** @param {Obs} obs */
  extras(obs) {
    /** @type {import("./interface.js").Extra[]} */
    const out = [];
    if (obs.kitty && obs.kitty.length && (obs.phase === "trump" || obs.phase === "discard")) out.push({ label: "your kitty", cards: obs.kitty });
    if (obs.buried && obs.buried.length && obs.phase !== "bidding") out.push({ label: "buried trumps", cards: obs.buried.map(([, c]) => c) });
    return out;
  },

  replayExtras() {
    return [];
  },

  /** @param {Obs} obs */
  sortHand(hand, obs) {
    return sortCards(hand, (card) => common.frenchKey(parseCard(card.card, FRENCH), obs.trump, true));
  },

  summaryHTML(entry, { names, sideNames }) {
    if (!entry) return "";
    const bid = entry.bid === "moon" ? "shot the moon" : `bid ${esc(entry.bid)}`;
    const made = entry.moon ? `the moon: ${esc(entry.moon)}` : entry.made ? "made the bid" : "went set";
    const rows = entry.points.map((/** @type {any} */ p) => {
      const who = p.side === null ? "nobody" : esc(sideNames(p.side));
      let what = p.card ? cardHTML(p.card, FRENCH) : "";
      if (p.point === "game") what = "game points " + entry.game_points.map((/** @type {number} */ g, /** @type {number} */ s) => `${esc(sideNames(s))} ${g}`).join(", ");
      return `<tr class="${p.side === null ? "none" : ""}"><th scope="row">${/** @type {Record<string, string>} */ (POINT_NAMES)[p.point] || esc(p.point)}</th><td class="num">${p.value}</td><td>${who}</td><td>${what}</td></tr>`;
    }).join("");
    const sides = entry.scores.map((/** @type {unknown} */ _, /** @type {number} */ s) => s);
    const score = sides.map((/** @type {number} */ s) => `<tr><th scope="row">${esc(sideNames(s))}</th><td class="num">${entry.hand_points[s]}</td><td class="num">${common.points(entry.score_changes[s])}</td><td class="num"><b>${entry.scores[s]}</b></td></tr>`).join("");
    return `<h3>Hand ${entry.hand}: ${esc(names(entry.bidder))} ${bid} in ${suitHTML(SUITS.indexOf(entry.trump))} and ${made}</h3>` +
      `<table class="summary"><thead><tr><th>point</th><th>value</th><th>won by</th><th>card</th></tr></thead><tbody>${rows}</tbody></table>` +
      `<table class="summary"><thead><tr><th>side</th><th>points</th><th>change</th><th>score</th></tr></thead><tbody>${score}</tbody></table>` +
      (entry.note ? `<p class="note">${esc(entry.note)}</p>` : "");
  },

  reportEntries(report) {
    return (report && report.hands) || [];
  },

  sheetHTML(report, { names, sideNames }) {
    return common.sheetHTML(smear, report, {
      label: sideNames,
      bidHead: "bid",
      row: (e) => ({
        what: `${esc(names(e.bidder))} ${esc(e.bid)}${SUIT_SYMBOL[e.trump] ? ` ${SUIT_SYMBOL[e.trump]}` : ""} ${e.made ? "✓" : "✗"}`,
        changes: e.score_changes,
      }),
    });
  },

  /** @param {Obs} obs @param {Names} names */
  resultHTML(obs, names) {
    if (obs.winner === null || obs.winner === undefined) return "The match is over.";
    return `The match is over: <b>${esc(sideName(obs, obs.winner, names))}</b> win${obs.sides.filter((s) => s === obs.winner).length > 1 ? "" : "s"}.`;
  },
};
