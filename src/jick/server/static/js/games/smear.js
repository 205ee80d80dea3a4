// Smear: partnerships are sides, trump is named after the bidding, a kitty and discards in some presets.

import { esc } from "../api.js";
import { FRENCH, SUIT_NAME, SUIT_SYMBOL, SUITS, cardHTML, parseCard, sortCards, suitHTML } from "../cards.js";
import * as common from "./common.js";

/** @typedef {import("./observations.js").SmearObservation} Obs */
/** @typedef {import("./interface.js").Names} Names */

const POINT_NAMES = {
  high: "High", low: "Low", jack: "Jack", jick: "Jick", joker_high: "High joker", joker_low: "Low joker",
  joker: "Joker", trey: "Trey", deuce: "Deuce", game: "Game", ten: "Ten", five: "Five", off_five: "Left Pedro",
  off_ace: "Off-Ace", off_three: "Off-Three",
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


/** @type {Record<string, string>} */
const JICK_SUIT = { S: "C", C: "S", H: "D", D: "H" };
const GAME_VALUE = { A: 4, K: 3, Q: 2, J: 1, 10: 10 };

/** A card's rank and suit from its notation ("10H" -> ["10", "H"]; jokers have no suit). @param {string} card */
function rankSuit(card) {
  if (card === "HJ" || card === "LJ" || card === "JK") return [card, ""];
  return [card.slice(0, -1), card.slice(-1)];
}

/**
 * Trump strength from low to high (2 up to A), for the lowest trump played so far.
 * @param {string} card @param {string} trump @param {any} rules
 */
function trumpStrength(card, trump, rules) {
  const [rank, suit] = rankSuit(card);
  if (rank === "LJ" || rank === "JK") return 10.2;
  if (rank === "HJ") return rules && rules.big_joker_above_jick ? 10.6 : 10.3;
  if (rank === "J" && suit !== trump) return 10.5;
  if (rank === "5" && suit !== trump) return 4.5; // the Left Pedro, just below the five of trump
  return /** @type {Record<string, number>} */ ({ A: 14, K: 13, Q: 12, J: 11 })[rank] || Number(rank);
}

/** @param {string} card @param {string} trump @param {any} rules */
function isTrump(card, trump, rules) {
  const [rank, suit] = rankSuit(card);
  if (!suit) return true;
  if (suit === trump) return true;
  if (rank === "J" && rules.use_jick !== false && suit === JICK_SUIT[trump]) return true;
  return rank === "5" && !!rules.use_off_five && suit === JICK_SUIT[trump]; // the Left Pedro
}

/**
 * The points of the hand in play that the tricks already show, and the Game count so far (SPEC 1.11):
 * High once the ace of trump is played (``high_card = highest_played``: the highest trump so far, marked "so far"
 * until the ace); Jack, Jick, jokers, Trey, Deuce, Ten and the Pedros once their trick is won; Low once
 * its card is played (the 2 of trump), or the lowest trump so far, marked "so far" (a lower one may come).
 * @param {Obs} obs @param {any} rules @param {Names} names
 */
function livePoints(obs, rules, names) {
  if (!obs || obs.phase !== "play" || obs.trump === null || obs.trump === undefined || !rules) return null;
  if (rules.trick_history_visible && rules.trick_history_visible !== "all") return null; // the table wants memory
  const trump = SUITS[obs.trump];
  const points = rules.point_values || {};
  const sideOf = (/** @type {number} */ seat) => (obs.sides ? obs.sides[seat] : seat);
  const mySide = obs.seat !== null && obs.seat !== undefined ? sideOf(obs.seat) : null;
  const sides = (obs.scores || []).length;
  // short words on a phone: "us" and "them" for a seat between two sides, the sides' names otherwise
  const who = (/** @type {number} */ side) => (mySide === null || sides > 2 ? sideName(obs, side, names) : side === mySide ? "us" : "them");
  /** @type {{card: string, seat: number, taker: number|null}[]} taker: the side that won its trick (null: trick in play) */
  const plays = [];
  for (const t of obs.tricks || []) for (const [seat, c] of t.plays) plays.push({ card: c.card, seat, taker: sideOf(t.winner) });
  for (const [seat, c] of obs.trick || []) plays.push({ card: c.card, seat, taker: null });
  const find = (/** @type {string} */ card) => plays.find((p) => p.card === card);
  /** @type {{key: string, label: string, who: string, mine: boolean, soft?: boolean, title?: string}[]} */
  const items = [];
  const taken = /** @type {Record<number, number>} */ ({});
  const award = (/** @type {string} */ key, /** @type {number|null} */ side, /** @type {string} */ card, soft = false) => {
    if (side === null) return;
    const value = Number(points[key]) || 0;
    if (!soft) taken[side] = (taken[side] || 0) + value;
    const label = `${POINT_NAMES[/** @type {keyof typeof POINT_NAMES} */ (key)] || key}${value > 1 ? ` ${value}` : ""}`;
    const softWhy = key === "high" ? ", the highest trump played so far" : ", the lowest trump played so far";
    items.push({ key, label, who: `${who(side)}${soft ? " so far" : ""}`, mine: side === mySide, soft, title: `${sideName(obs, side, names)}: ${card}${soft ? softWhy : ""}` });
  };
  if (points.high) {
    const ace = find(`A${trump}`);
    if (ace) award("high", sideOf(ace.seat), `A${trump}`);
    else if (rules.high_card === "highest_played") {
      const trumps = plays.filter((p) => isTrump(p.card, trump, rules));
      if (trumps.length) {
        const high = trumps.reduce((a, b) => (trumpStrength(b.card, trump, rules) > trumpStrength(a.card, trump, rules) ? b : a));
        award("high", sideOf(high.seat), high.card, true);
      }
    }
  }
  if (points.low) {
    if (rules.low_card === "deuce") {
      const deuce = find(`2${trump}`);
      if (deuce) award("low", rules.low_award === "played_by" ? sideOf(deuce.seat) : deuce.taker, `2${trump}`);
    } else {
      const trumps = plays.filter((p) => isTrump(p.card, trump, rules));
      if (trumps.length) {
        const low = trumps.reduce((a, b) => (trumpStrength(b.card, trump, rules) <= trumpStrength(a.card, trump, rules) ? b : a));
        const side = rules.low_award === "played_by" ? sideOf(low.seat) : low.taker;
        award("low", side, low.card, true);
      }
    }
  }
  const captured = [["jack", `J${trump}`], ["jick", `J${JICK_SUIT[trump]}`], ["joker_high", "HJ"], ["joker_low", "LJ"], ["joker", "JK"], ["trey", `3${trump}`], ["deuce", `2${trump}`],
    ["ten", `10${trump}`], ["five", `5${trump}`], ["off_five", `5${JICK_SUIT[trump]}`]];
  for (const [key, card] of captured) {
    if (!points[key]) continue;
    const p = find(card);
    if (p && p.taker !== null) award(key, p.taker, card);
  }
  if (points.game) {
    const counts = (obs.scores || []).map(() => 0);
    for (const p of plays) {
      if (p.taker === null) continue;
      const [rank] = rankSuit(p.card);
      counts[p.taker] = (counts[p.taker] || 0) + (/** @type {Record<string, number>} */ (GAME_VALUE)[rank] || 0);
    }
    const order = mySide === null ? counts.map((_, side) => side) : [mySide, ...counts.map((_, side) => side).filter((side) => side !== mySide)];
    items.push({ key: "game", label: "Game", who: order.map((side) => `${who(side)} ${counts[side]}`).join(" · "), mine: false, title: `game points captured so far (A 4, K 3, Q 2, J 1, 10 10): ${counts.map((c, side) => `${sideName(obs, side, names)} ${c}`).join(", ")}` });
  }
  let head = "";
  if (obs.bidder !== null && obs.bidder !== undefined) {
    const side = sideOf(obs.bidder);
    const got = taken[side] || 0;
    const whose = mySide === null ? "" : side === mySide ? " (us)" : " (them)";
    head = obs.moon ? `Moon${whose}: ${got} taken so far` : `${obs.smudge ? "Smudge" : "Bid"} ${obs.bid}${whose}: ${got} taken so far`;
  }
  return { head, items };
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
    if (text === "call") return "Call this card";
    if (text.startsWith("call ")) {
      const card = text.slice(5);
      const suit = card.slice(-1);
      return isSuit(suit) ? `${card.slice(0, -1)}${SUIT_SYMBOL[suit]}` : card;
    }
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

  livePoints,

  /** @param {Obs} obs @param {Names} names @param {any} rules */
  infoHTML(obs, names, rules) {
    const bits = [];
    bits.push(`Hand ${obs.hand_number}`);
    bits.push(`dealer ${esc(names(obs.dealer))}`);
    if (obs.bidder !== null && obs.bidder !== undefined) {
      const word = obs.phase === "bidding" ? "high bid" : "pitcher";
      bits.push(obs.moon ? `${esc(names(obs.bidder))} shoots the moon` : `${word} ${esc(names(obs.bidder))}, ${obs.smudge ? "smudge" : "bid"} ${obs.bid}`);
    }
    if (obs.trump !== null && obs.trump !== undefined) bits.push(`trump ${suitHTML(obs.trump)}`);
    if (obs.called) bits.push(`called ${cardHTML(obs.called.card, FRENCH)}` + (obs.partner !== null && obs.partner !== undefined ? `, partner ${esc(names(obs.partner))}` : ", partner hidden"));
    if (rules && rules.target_score) bits.push(`to ${rules.target_score}`);
    return bits.join(" · ");
  },

  /** @param {Obs} obs @param {number} seat */
  seatTags(obs, seat) {
    const tags = [];
    if (obs.dealer === seat) tags.push(`<span class="tag dealer" title="dealer">D</span>`);
    const bid = common.lastBid(obs, seat);
    if (bid && obs.phase === "bidding") tags.push(`<span class="tag bid">${bid[1].action === "pass" ? "pass" : esc(bid[1].action)}</span>`);
    if (obs.bidder === seat && obs.phase !== "bidding") tags.push(`<span class="tag pitcher">${obs.moon ? "moon" : `${obs.smudge ? "smudge" : "bid"} ${obs.bid}`}</span>`);
    if (obs.phase === "play" || (obs.tricks_won && obs.tricks_won[seat])) tags.push(`<span class="tag">tricks ${obs.tricks_won[seat]}</span>`);
    if (obs.discard_counts && obs.discard_counts[seat] && obs.phase !== "bidding") tags.push(`<span class="tag">discarded ${obs.discard_counts[seat]}</span>`);
    return tags.join("");
  },

  /** Partnerships read "Us" and "Them" from a seat ("Seats 0+2" for a spectator); single seats their names.
   * @param {Obs} obs @param {Names} names */
  scoreboard(obs, names) {
    if (!obs || !obs.scores) return [];
    const sides = obs.sides || [];
    /** @param {number} side */
    const seatsOf = (side) => sides.flatMap((s, seat) => (s === side ? [seat] : []));
    const teams = obs.scores.some((_, side) => seatsOf(side).length > 1);
    const watching = obs.seat === null || obs.seat === undefined;
    return obs.scores.map((score, side) => {
      const full = sideName(obs, side, names);
      const mine = !watching && sides[obs.seat] === side;
      if (!teams) return { name: full, score, mine };
      let name = full;
      if (watching) name = `Seats ${seatsOf(side).join("+")}`;
      else if (mine) name = "Us";
      else if (obs.scores.length === 2) name = "Them";
      return { name, score, mine, title: full };
    });
  },

  /** @param {Obs} obs */
  partners(obs) {
    if (!obs || obs.seat === null || obs.seat === undefined || !obs.sides) return [];
    const mine = obs.sides[obs.seat];
    return obs.sides.flatMap((side, seat) => (side === mine && seat !== obs.seat ? [seat] : []));
  },

  /** @param {Obs} obs @param {any} rules */
  promptText(obs, rules) {
    const p = obs.phase;
    if (p === "bidding") return obs.legal_actions.some((a) => a.action === "pass") ? "Your bid: a number, pass" + (obs.legal_actions.some((a) => a.action === "moon") ? " or shoot the moon" : "") + (obs.legal_actions.some((a) => a.action === "smudge") ? " or smudge" : "") : "Your bid (the dealer must bid)";
    if (p === "trump") return "Name trump";
    if (p === "call") return "Call a card you do not hold: its holder is your secret partner this hand";
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
