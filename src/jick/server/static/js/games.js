// What differs between the games: words on buttons, the info line, seat tags, prompts, summaries, score sheets.
// Everything here reads the observation fields the server sends (docs/server.md) and the record report.

import { esc } from "./api.js";
import { SUIT_NAME, SUIT_SYMBOL, SUITS, cardHTML, frenchCard, suitHTML } from "./cards.js";

const POINT_NAMES = {
  high: "High", low: "Low", jack: "Jack", jick: "Jick", joker_high: "High joker", joker_low: "Low joker",
  joker: "Joker", trey: "Trey", deuce: "Deuce", game: "Game",
};

/** The words on a decision's button. */
export function actionLabel(game, text) {
  if (/^\d+$/.test(text)) return `Bid ${text}`;
  if (SUITS.includes(text) && game === "smear") return `${SUIT_SYMBOL[text]} ${SUIT_NAME[text][0].toUpperCase()}${SUIT_NAME[text].slice(1)}`;
  const words = {
    pass: "Pass", moon: "Shoot the moon", done: "Keep the rest", misdeal: "Misdeal", keep: "Keep the hand",
    threesome: "Threesome", solo: "Solo", accept: "Accept", reject: "Reject", game: "Game (36+)",
    consolation: "Consolation (35 or fewer)", ultimo: "Announce ultimo", contra: "Contra",
  };
  return words[text] || text;
}

/** A keyboard key for a decision button (numbers: their last digit; words: their first letter). */
export function actionKey(text) {
  if (/^\d+$/.test(text)) return text.slice(-1);
  return text[0].toLowerCase();
}

export function sideName(game, obs, table, side, names) {
  if (game !== "smear" || !obs || !obs.sides) return names(side);
  const seats = obs.sides.map((s, i) => [s, i]).filter(([s]) => s === side).map(([, i]) => i);
  if (seats.length === 1) return names(seats[0]);
  return seats.map(names).join(" & ");
}

/** The line under the table's title: hand, trump, bid, pot... (HTML). */
export function infoHTML(game, obs, names, rules) {
  const bits = [];
  if (game === "smear") {
    bits.push(`Hand ${obs.hand_number}`);
    bits.push(`dealer ${esc(names(obs.dealer))}`);
    if (obs.bidder !== null && obs.bidder !== undefined) {
      const word = obs.phase === "bidding" ? "high bid" : "pitcher";
      bits.push(obs.moon ? `${esc(names(obs.bidder))} shoots the moon` : `${word} ${esc(names(obs.bidder))}, bid ${obs.bid}`);
    }
    if (obs.trump !== null && obs.trump !== undefined) bits.push(`trump ${suitHTML(obs.trump)}`);
    if (rules && rules.target_score) bits.push(`to ${rules.target_score}`);
  } else if (game === "tarok") {
    bits.push(`Deal ${obs.deal_number}${rules && rules.deals_per_match ? ` of ${rules.deals_per_match}` : ""}`);
    bits.push(`dealer ${esc(names(obs.dealer))}`);
    if (obs.sitting_out !== null && obs.sitting_out !== undefined) bits.push(`${esc(names(obs.sitting_out))} sits out`);
    if (obs.contract) {
      let c = `${esc(names(obs.bidder))}: ${obs.contract}`;
      if (obs.game_type) c += ` ${obs.game_type}`;
      if (obs.multiplier > 1) c += ` ×${obs.multiplier}`;
      bits.push(c);
    }
    if (obs.ultimo) bits.push("ultimo announced");
    if (obs.contra !== null && obs.contra !== undefined) bits.push(`contra by ${esc(names(obs.contra))}`);
  } else if (game === "liftsmoke") {
    bits.push(`Game ${obs.game_number}${rules && rules.games_per_session ? ` of ${rules.games_per_session}` : ""}`);
    bits.push(`dealer ${esc(names(obs.dealer))}`);
    if (obs.trump !== null && obs.trump !== undefined) bits.push(`trump ${suitHTML(obs.trump)}`);
    bits.push(`pot <b>${obs.pot}</b>${rules && rules.ante ? ` (everyone antes ${rules.ante})` : ""}`);
    bits.push(`stock ${obs.stock_size}`);
    if (obs.discard_size) bits.push(`discards ${obs.discard_size}`);
  }
  return bits.join(" · ");
}

/** Small tags under a seat's name (HTML strings). */
export function seatTags(game, obs, seat, rules) {
  const tags = [];
  if (obs.dealer === seat) tags.push(`<span class="tag dealer" title="dealer">D</span>`);
  if (game === "smear") {
    const bid = [...(obs.bids || [])].reverse().find(([s]) => s === seat);
    if (bid && obs.phase === "bidding") tags.push(`<span class="tag bid">${bid[1].action === "pass" ? "pass" : esc(bid[1].action)}</span>`);
    if (obs.bidder === seat && obs.phase !== "bidding") tags.push(`<span class="tag pitcher">${obs.moon ? "moon" : `bid ${obs.bid}`}</span>`);
    if (obs.phase === "play" || (obs.tricks_won && obs.tricks_won[seat])) tags.push(`<span class="tag">tricks ${obs.tricks_won[seat]}</span>`);
    if (obs.discard_counts && obs.discard_counts[seat] && obs.phase !== "bidding") tags.push(`<span class="tag">discarded ${obs.discard_counts[seat]}</span>`);
  } else if (game === "tarok") {
    const bid = [...(obs.bids || [])].reverse().find(([s]) => s === seat);
    if (bid && obs.phase === "auction") tags.push(`<span class="tag bid">${esc(bid[1].action)}</span>`);
    if (obs.bidder === seat && obs.phase !== "auction") tags.push(`<span class="tag pitcher">${esc(obs.contract)}</span>`);
    if (obs.sitting_out === seat) tags.push(`<span class="tag out">sits out</span>`);
    if (obs.phase === "play") tags.push(`<span class="tag">tricks ${obs.tricks_won[seat]}</span>`);
  } else if (game === "liftsmoke") {
    if (!obs.seated.includes(seat)) tags.push(`<span class="tag out">not dealt in</span>`);
    else if (!obs.active.includes(seat) && obs.phase === "play") tags.push(`<span class="tag out">out</span>`);
    if (obs.trump_card_holder === seat && obs.trump_card) tags.push(`<span class="tag">holds ${cardHTML(obs.trump_card.card, game)}</span>`);
  }
  return tags.join("");
}

/** The scoreboard: one entry per side (Smear) or seat. */
export function scoreboard(game, obs, names) {
  if (!obs || !obs.scores) return [];
  if (game === "smear") {
    return obs.scores.map((score, side) => ({ name: sideName(game, obs, null, side, names), score, mine: obs.seat !== null && obs.sides[obs.seat] === side }));
  }
  if (game === "liftsmoke") {
    // chips won or lost this session (the antes in the pot count as lost until the pot is won)
    return obs.scores.map((score, seat) => ({ name: names(seat), score: score > 0 ? `+${score}` : String(score).replace("-", "−"), mine: obs.seat === seat, title: "chips won or lost this session" }));
  }
  return obs.scores.map((score, seat) => ({ name: names(seat), score, mine: obs.seat === seat }));
}

/** What the seat to act is asked now. */
export function promptText(game, obs, rules) {
  const p = obs.phase;
  const hand = (obs.hand || []).length;
  if (game === "smear") {
    if (p === "bidding") return obs.legal_actions.some((a) => a.action === "pass") ? "Your bid: a number, pass" + (obs.legal_actions.some((a) => a.action === "moon") ? " or shoot the moon" : "") : "Your bid (the dealer must bid)";
    if (p === "trump") return "Name trump";
    if (p === "misdeal_offer") return "Your hand is only 3s to 9s: misdeal or keep?";
    if (p === "discard") {
      const d = discardRule(game, obs, rules);
      if (d.free && d.mayStop) return "Discard: choose the cards to lose (or none), then confirm; you are dealt back up to 6";
      if (d.free) return "Discard: choose the cards to lose, then confirm (the rules want more cards gone before you are dealt back up to 6)";
      return `Discard ${d.min} card${d.min === 1 ? "" : "s"}: choose them, then confirm`;
    }
    return "Play a card";
  }
  if (game === "tarok") {
    if (p === "auction") return "Your bid";
    if (p === "widow") return obs.widow_exposed && obs.widow_exposed.length ? "The second widow half: accept it for double, or reject to take the first half back for triple" : "The first widow half: accept it, or reject it to see the second";
    if (p === "discard") {
      const d = discardRule(game, obs, rules);
      return `Lay away ${d.min} card${d.min === 1 ? "" : "s"} (no kings): choose them, then confirm`;
    }
    if (p === "contract") return "Play for game (36 or more card points) or consolation (35 or fewer)?";
    if (p === "ultimo") return "You hold the pagat: announce ultimo (win the last trick with it)?";
    if (p === "contra") return "The bidder announced ultimo: contra?";
    return "Play a card";
  }
  return hand ? "Play a card (follow suit if you can)" : "";
}

/** How many cards the seat must (or may) select in a discard turn. */
export function discardRule(game, obs, rules) {
  const hand = (obs.hand || []).length;
  if (game === "tarok") {
    const n = Math.max(1, 3 - (obs.own_discards || []).length);
    return { min: n, max: n, free: false, verb: "Lay away" };
  }
  const refill = rules && rules.discard_mode === "refill";
  const robbing = refill && rules.dealer_robs_pack && obs.seat === obs.dealer;
  const choices = obs.legal_actions.filter((a) => a.action.startsWith("-")).length;
  const need = Math.min(Math.max(0, hand - 6), choices);
  if (refill && !robbing) {
    // the rules say when a seat may stop: "done" is legal then (some presets want every non-trump gone)
    const mayStop = obs.legal_actions.some((a) => a.action === "done");
    return { min: mayStop ? 0 : 1, max: choices, free: true, mayStop, verb: "Discard" };
  }
  return { min: need, max: need, free: false, verb: "Discard" };
}

function points(n) {
  return `${n > 0 ? "+" : ""}${n}`;
}

/** The hand summary (HTML) of one report entry: who won each point, the bid made or set, the scores. */
export function summaryHTML(game, entry, ctx) {
  const { names, sideNames } = ctx;
  if (!entry) return "";
  if (game === "smear") {
    const bid = entry.bid === "moon" ? "shot the moon" : `bid ${esc(entry.bid)}`;
    const made = entry.moon ? `the moon: ${esc(entry.moon)}` : entry.made ? "made the bid" : "went set";
    const rows = entry.points.map((p) => {
      const who = p.side === null ? "nobody" : esc(sideNames(p.side));
      let what = p.card ? cardHTML(p.card, game) : "";
      if (p.point === "game") what = "game points " + entry.game_points.map((g, s) => `${esc(sideNames(s))} ${g}`).join(", ");
      return `<tr class="${p.side === null ? "none" : ""}"><th scope="row">${POINT_NAMES[p.point] || esc(p.point)}</th><td class="num">${p.value}</td><td>${who}</td><td>${what}</td></tr>`;
    }).join("");
    const sides = entry.scores.map((_, s) => s);
    const score = sides.map((s) => `<tr><th scope="row">${esc(sideNames(s))}</th><td class="num">${entry.hand_points[s]}</td><td class="num">${points(entry.score_changes[s])}</td><td class="num"><b>${entry.scores[s]}</b></td></tr>`).join("");
    return `<h3>Hand ${entry.hand}: ${esc(names(entry.bidder))} ${bid} in ${suitHTML(SUITS.indexOf(entry.trump))} and ${made}</h3>` +
      `<table class="summary"><thead><tr><th>point</th><th>value</th><th>won by</th><th>card</th></tr></thead><tbody>${rows}</tbody></table>` +
      `<table class="summary"><thead><tr><th>side</th><th>points</th><th>change</th><th>score</th></tr></thead><tbody>${score}</tbody></table>` +
      (entry.note ? `<p class="note">${esc(entry.note)}</p>` : "");
  }
  if (game === "tarok") {
    if (!entry.contract) return `<h3>Deal ${entry.number}: everyone passed</h3><p class="note">${esc(entry.note || "")}</p>`;
    const head = `<h3>Deal ${entry.number}: ${esc(names(entry.bidder))} played ${esc(entry.contract)} ${esc(entry.game_type || "")}${entry.multiplier > 1 ? ` ×${entry.multiplier}` : ""}: ${entry.made ? "made" : "lost"}</h3>`;
    const cards = `<p>Card points: bidder <b>${entry.bidder_count}</b>, opponents <b>${entry.opponents_count}</b>${entry.pagat_adjustment ? ` (pagat ${points(entry.pagat_adjustment)})` : ""}; game value ${entry.game_value}.</p>`;
    const seats = entry.changes.map((_, s) => s);
    const awards = entry.awards.map((a) => `<tr><th scope="row">${esc(a.name)}${a.seat !== null && a.seat !== undefined ? ` (${esc(names(a.seat))})` : ""}</th><td class="num">${a.value}</td><td>${esc(a.won_by)}</td>${seats.map((s) => `<td class="num">${a.changes ? points(a.changes[s]) : ""}</td>`).join("")}</tr>`).join("");
    const melds = entry.melds && entry.melds.length ? `<p>Melds: ${entry.melds.map(([s, m]) => `${esc(names(s))} ${esc(String(m).replace(/_/g, " "))}`).join(", ")}</p>` : "";
    const total = `<tr class="total"><th scope="row">change</th><td></td><td></td>${seats.map((s) => `<td class="num">${points(entry.changes[s])}</td>`).join("")}</tr>` +
      `<tr class="total"><th scope="row">score</th><td></td><td></td>${seats.map((s) => `<td class="num"><b>${entry.scores[s]}</b></td>`).join("")}</tr>`;
    return head + cards + melds + `<table class="summary"><thead><tr><th>award</th><th>value</th><th>won by</th>${seats.map((s) => `<th>${esc(names(s))}</th>`).join("")}</tr></thead><tbody>${awards}${total}</tbody></table>` +
      (entry.note ? `<p class="note">${esc(entry.note)}</p>` : "");
  }
  if (game === "liftsmoke") {
    const seats = entry.scores.map((_, s) => s);
    return `<h3>Game ${entry.number}: ${entry.winner === null ? "no winner" : `${esc(names(entry.winner))} wins the pot of ${entry.pot}`}</h3>` +
      `<p>${esc(entry.reason || "")}; trump ${suitHTML(SUITS.indexOf(entry.trump))} (turned ${cardHTML(entry.trump_card, game)}), ${entry.tricks} tricks${entry.reshuffles ? `, ${entry.reshuffles} reshuffles` : ""}.</p>` +
      `<table class="summary"><thead><tr>${seats.map((s) => `<th>${esc(names(s))}</th>`).join("")}</tr></thead><tbody><tr>${seats.map((s) => `<td class="num"><b>${entry.scores[s]}</b></td>`).join("")}</tr></tbody></table>`;
  }
  return "";
}

/** The report's entries, one per scored deal. */
export function reportEntries(game, report) {
  if (!report) return [];
  return (game === "smear" ? report.hands : game === "tarok" ? report.results : report.games) || [];
}

/** The score sheet (HTML): one row per scored deal with the scores after it. */
export function sheetHTML(game, report, ctx) {
  const entries = reportEntries(game, report);
  const { names, sideNames } = ctx;
  const cols = report && report.scores ? report.scores.map((_, i) => i) : [];
  const label = game === "smear" ? sideNames : names;
  const head = `<tr><th>${game === "smear" ? "hand" : game === "tarok" ? "deal" : "game"}</th><th>${game === "liftsmoke" ? "winner" : "bid"}</th>${cols.map((c) => `<th>${esc(label(c))}</th>`).join("")}</tr>`;
  const rows = entries.map((e) => {
    let what = "";
    let changes = cols.map(() => "");
    if (game === "smear") {
      what = `${esc(names(e.bidder))} ${esc(e.bid)}${SUIT_SYMBOL[e.trump] ? ` ${SUIT_SYMBOL[e.trump]}` : ""} ${e.made ? "✓" : "✗"}`;
      changes = e.score_changes;
    } else if (game === "tarok") {
      what = e.contract ? `${esc(names(e.bidder))} ${esc(e.contract)} ${e.made ? "✓" : "✗"}` : "all passed";
      changes = e.changes;
    } else {
      what = e.winner === null ? "—" : esc(names(e.winner));
    }
    const cells = cols.map((c) => `<td class="num"><b>${e.scores[c]}</b>${changes[c] !== "" && changes[c] !== undefined ? ` <small>(${points(changes[c])})</small>` : ""}</td>`).join("");
    return `<tr><td class="num">${e.hand || e.number}</td><td>${what}</td>${cells}</tr>`;
  }).join("");
  if (!entries.length) return `<p class="note">No ${game === "smear" ? "hand" : game === "tarok" ? "deal" : "game"} has been scored yet.</p>`;
  return `<table class="sheet"><thead>${head}</thead><tbody>${rows}</tbody></table>`;
}

/** The result of the match in one line (HTML), from the observation once it is over. */
export function resultHTML(game, obs, names) {
  if (game === "smear") {
    if (obs.winner === null || obs.winner === undefined) return "The match is over.";
    return `The match is over: <b>${esc(sideName(game, obs, null, obs.winner, names))}</b> win${obs.sides.filter((s) => s === obs.winner).length > 1 ? "" : "s"}.`;
  }
  if (game === "tarok") {
    const w = obs.winners || [];
    return w.length ? `The match is over: <b>${w.map((s) => esc(names(s))).join(" and ")}</b> win${w.length > 1 ? "" : "s"}.` : "The match is over.";
  }
  if (obs.winner === null || obs.winner === undefined) return "The session is over.";
  return `The session is over: <b>${esc(names(obs.winner))}</b> has the most chips.`;
}

/** A line for the log about an action a seat took (the page knows its own actions by name). */
export function logText(game, action) {
  if (/^\d+$/.test(action)) return `bids ${action}`;
  if (action === "pass") return "passes";
  if (action === "moon") return "shoots the moon";
  if (SUITS.includes(action) && game === "smear") return `names ${SUIT_SYMBOL[action]} ${SUIT_NAME[action]}`;
  if (action.startsWith("-")) return game === "tarok" ? `lays away ${action.slice(1)}` : `discards ${action.slice(1)}`;
  const words = { done: "is dealt back up to six", misdeal: "calls a misdeal", keep: "keeps the hand", threesome: "bids threesome", solo: "bids solo", accept: "accepts the widow half", reject: "rejects the widow half", game: "plays for game", consolation: "plays for consolation", ultimo: "announces ultimo", contra: "says contra" };
  return words[action] || `plays ${action}`;
}

export { frenchCard };
