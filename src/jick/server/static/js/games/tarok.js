// Tarok (Königrufen-style three- and four-player): an auction, widow halves, cards laid away, bonuses.

import { esc } from "../api.js";
import { SUITS, TAROK, parseCard, sortCards } from "../cards.js";
import * as common from "./common.js";

/** @typedef {import("./observations.js").TarokObservation} Obs */
/** @typedef {import("./interface.js").Names} Names */

const RED_ORDER = { K: 8, Q: 7, C: 6, J: 5, A: 4, 2: 3, 3: 2, 4: 1 };
const BLACK_ORDER = { K: 8, Q: 7, C: 6, J: 5, 10: 4, 9: 3, 8: 2, 7: 1 };

/** @type {import("./interface.js").Game<Obs>} */
export const tarok = {
  name: "tarok",
  deck: TAROK,
  dealWord: "deal",
  summaryTitle: "Deal result",
  discardedWord: "laid away",
  discardableState: "may be laid away",
  outOfCards: "",

  actionLabel: common.actionLabel,

  actionClass() {
    return "";
  },

  logText(action) {
    return common.logText(action, "lays away");
  },

  /** @param {Obs} before @param {Obs} obs */
  logGuess(before, obs) {
    if (!before) return null;
    if (obs.game_type && !before.game_type) return `plays for ${obs.game_type}`;
    if (obs.ultimo && !before.ultimo) return "announces ultimo";
    if (obs.contra !== null && before.contra === null) return "says contra";
    if (obs.phase === "discard" || (obs.announced_discards || []).length > (before.announced_discards || []).length) return "lays away a card";
    if (before.phase === "widow") return obs.multiplier !== before.multiplier || obs.widow_exposed.length !== before.widow_exposed.length ? "rejects the widow half" : "accepts the widow half";
    return null;
  },

  /** @param {Obs} obs */
  lastDealNumber(obs) {
    return obs.last_deal ? obs.last_deal.deal_number : null;
  },

  sideName(obs, side, names) {
    return names(side);
  },

  /** @param {Obs} obs @param {Names} names @param {any} rules */
  /**
   * The card points of the tricks won so far in this deal, the declarer's against the defenders' (each trick of
   * three cards counts its cards' values less 2, SPEC 4.3); the laid-away cards count only at the end.
   * @param {Obs} obs @param {any} rules @param {import("./interface.js").Names} names
   */
  livePoints(obs, rules, names) {
    if (!obs || obs.phase !== "play" || obs.bidder === null || obs.bidder === undefined) return null;
    const jack = rules && typeof rules.jack_value === "number" ? rules.jack_value : 2;
    const weight = (/** @type {string} */ card) => {
      if (card === "I" || card === "XXI" || card === "SKUS") return 5;
      if (!/^[KQCJ][SHDC]$/.test(card)) return 1;
      return /** @type {Record<string, number>} */ ({ K: 5, Q: 4, C: 3, J: jack })[card[0]];
    };
    let mine = 0;
    let theirs = 0;
    for (const t of obs.tricks || []) {
      const value = t.plays.reduce((sum, [, c]) => sum + weight(c.card), 0) - (2 * t.plays.length) / 3;
      if (t.winner === obs.bidder) mine += value;
      else theirs += value;
    }
    const round = (/** @type {number} */ v) => String(Math.round(v * 3) / 3).replace(/\.3+$/, "⅓").replace(/\.6+7?$/, "⅔");
    const defenders = (obs.active || []).filter((s) => s !== obs.bidder).map(names).join(" & ") || "Defenders";
    const me = obs.seat !== null && obs.seat !== undefined ? obs.seat : -1;
    return {
      head: "Card points so far",
      items: [
        { key: "declarer", label: names(obs.bidder), who: round(mine), mine: me === obs.bidder, title: "the declarer's tricks" },
        { key: "defenders", label: defenders, who: round(theirs), mine: me !== -1 && me !== obs.bidder, title: "the defenders' tricks" },
      ],
    };
  },

  infoHTML(obs, names, rules) {
    const bits = [];
    bits.push(`Deal ${obs.deal_number}${rules && rules.deals_per_match ? ` of ${rules.deals_per_match}` : ""}`);
    bits.push(`dealer ${esc(names(obs.dealer))}`);
    if (obs.sitting_out !== null && obs.sitting_out !== undefined) bits.push(`${esc(names(obs.sitting_out))} sits out`);
    if (obs.contract) {
      let c = `${esc(obs.bidder === null ? "" : names(obs.bidder))}: ${obs.contract}`;
      if (obs.game_type) c += ` ${obs.game_type}`;
      if (obs.multiplier > 1) c += ` ×${obs.multiplier}`;
      bits.push(c);
    }
    if (obs.ultimo) bits.push("ultimo announced");
    if (obs.contra !== null && obs.contra !== undefined) bits.push(`contra by ${esc(names(obs.contra))}`);
    return bits.join(" · ");
  },

  /** @param {Obs} obs @param {number} seat */
  seatTags(obs, seat) {
    const tags = [];
    if (obs.dealer === seat) tags.push(`<span class="tag dealer" title="dealer">D</span>`);
    const bid = common.lastBid(obs, seat);
    if (bid && obs.phase === "auction") tags.push(`<span class="tag bid">${esc(bid[1].action)}</span>`);
    if (obs.bidder === seat && obs.phase !== "auction") tags.push(`<span class="tag pitcher">${esc(obs.contract)}</span>`);
    if (obs.sitting_out === seat) tags.push(`<span class="tag out">sits out</span>`);
    if (obs.phase === "play") tags.push(`<span class="tag">tricks ${obs.tricks_won[seat]}</span>`);
    return tags.join("");
  },

  /** The bidder's opponents play together for the deal (once the auction is over). @param {Obs} obs */
  partners(obs) {
    if (!obs || obs.seat === null || obs.seat === undefined || obs.bidder === null || obs.bidder === undefined) return [];
    if (obs.phase === "auction" || obs.bidder === obs.seat) return [];
    return (obs.active || []).filter((s) => s !== obs.bidder && s !== obs.seat);
  },

  /** @param {Obs} obs @param {Names} names */
  scoreboard(obs, names) {
    if (!obs || !obs.scores) return [];
    return obs.scores.map((score, seat) => ({ name: names(seat), score, mine: obs.seat === seat }));
  },

  /** @param {Obs} obs */
  promptText(obs) {
    const p = obs.phase;
    if (p === "auction") return "Your bid";
    if (p === "widow") return obs.widow_exposed && obs.widow_exposed.length ? "The second widow half: accept it for double, or reject to take the first half back for triple" : "The first widow half: accept it, or reject it to see the second";
    if (p === "discard") {
      const d = tarok.discardRule(obs, null);
      return `Lay away ${d.min} card${d.min === 1 ? "" : "s"} (no kings): choose them, then confirm`;
    }
    if (p === "contract") return "Play for game (36 or more card points) or consolation (35 or fewer)?";
    if (p === "ultimo") return "You hold the pagat: announce ultimo (win the last trick with it)?";
    if (p === "contra") return "The bidder announced ultimo: contra?";
    return "Play a card";
  },

  /** @param {Obs} obs */
  discardRule(obs) {
    const n = Math.max(1, 3 - (obs.own_discards || []).length);
    return { min: n, max: n, free: false, verb: "Lay away" };
  },

  /** @param {Obs} obs */
  extras(obs) {
    /** @type {import("./interface.js").Extra[]} */
    const out = [];
    if (obs.phase === "widow" || obs.phase === "discard") {
      if (obs.widow_exposed && obs.widow_exposed.length) out.push({ label: "widow half turned up", cards: obs.widow_exposed });
      if (obs.widow_seen && obs.widow_seen.length && obs.phase === "widow") out.push({ label: "widow half shown to you", cards: obs.widow_seen.filter((c) => !(obs.widow_exposed || []).some((e) => e.id === c.id)) });
    }
    if (obs.announced_discards && obs.announced_discards.length && !(obs.own_discards || []).length) out.push({ label: "trumps laid away", cards: obs.announced_discards });
    if (obs.own_discards && obs.own_discards.length) out.push({ label: "you laid away", cards: obs.own_discards });
    return out;
  },

  /** @param {Obs} view */
  replayExtras(view) {
    if (view.widow_exposed && view.widow_exposed.length && (view.phase === "widow" || view.phase === "discard")) return [{ label: "widow half turned up", cards: view.widow_exposed }];
    return [];
  },

  sortHand(hand) {
    return sortCards(hand, (card) => {
      const c = parseCard(card.card, TAROK);
      if (c.kind === "trump") return [0, -Number(c.rank)];
      const red = c.suit === "H" || c.suit === "D";
      const order = /** @type {Record<string, number>} */ (red ? RED_ORDER : BLACK_ORDER);
      return [1 + SUITS.indexOf(c.suit || ""), -(order[String(c.rank)] || 0)];
    });
  },

  summaryHTML(entry, { names }) {
    if (!entry) return "";
    if (!entry.contract) return `<h3>Deal ${entry.number}: everyone passed</h3><p class="note">${esc(entry.note || "")}</p>`;
    const points = common.points;
    const head = `<h3>Deal ${entry.number}: ${esc(names(entry.bidder))} played ${esc(entry.contract)} ${esc(entry.game_type || "")}${entry.multiplier > 1 ? ` ×${entry.multiplier}` : ""}: ${entry.made ? "made" : "lost"}</h3>`;
    const cards = `<p>Card points: bidder <b>${entry.bidder_count}</b>, opponents <b>${entry.opponents_count}</b>${entry.pagat_adjustment ? ` (pagat ${points(entry.pagat_adjustment)})` : ""}; game value ${entry.game_value}.</p>`;
    /** @type {number[]} */
    const seats = entry.changes.map((/** @type {unknown} */ _, /** @type {number} */ s) => s);
    const awards = entry.awards.map((/** @type {any} */ a) => `<tr><th scope="row">${esc(a.name)}${a.seat !== null && a.seat !== undefined ? ` (${esc(names(a.seat))})` : ""}</th><td class="num">${a.value}</td><td>${esc(a.won_by)}</td>${seats.map((s) => `<td class="num">${a.changes ? points(a.changes[s]) : ""}</td>`).join("")}</tr>`).join("");
    const melds = entry.melds && entry.melds.length ? `<p>Melds: ${entry.melds.map((/** @type {{seat: number, meld: string}} */ m) => `${esc(names(m.seat))} ${esc(String(m.meld).replace(/_/g, " "))}`).join(", ")}</p>` : "";
    const total = `<tr class="total"><th scope="row">change</th><td></td><td></td>${seats.map((s) => `<td class="num">${points(entry.changes[s])}</td>`).join("")}</tr>` +
      `<tr class="total"><th scope="row">score</th><td></td><td></td>${seats.map((s) => `<td class="num"><b>${entry.scores[s]}</b></td>`).join("")}</tr>`;
    return head + cards + melds + `<table class="summary"><thead><tr><th>award</th><th>value</th><th>won by</th>${seats.map((s) => `<th>${esc(names(s))}</th>`).join("")}</tr></thead><tbody>${awards}${total}</tbody></table>` +
      (entry.note ? `<p class="note">${esc(entry.note)}</p>` : "");
  },

  reportEntries(report) {
    return (report && report.results) || [];
  },

  sheetHTML(report, { names }) {
    return common.sheetHTML(tarok, report, {
      label: names,
      bidHead: "bid",
      row: (e) => ({ what: e.contract ? `${esc(names(e.bidder))} ${esc(e.contract)} ${e.made ? "✓" : "✗"}` : "all passed", changes: e.changes }),
    });
  },

  /** @param {Obs} obs @param {Names} names */
  resultHTML(obs, names) {
    const w = obs.winners || [];
    return w.length ? `The match is over: <b>${w.map((s) => esc(names(s))).join(" and ")}</b> win${w.length > 1 ? "" : "s"}.` : "The match is over.";
  },
};
