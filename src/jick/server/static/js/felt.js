// The table top shared by the live table and the replay viewer: seats around the felt and the trick in the middle.
// Seats sit on the edge of the felt (an angle per seat, projected on a rectangle so corners are used on a phone);
// the trick's cards sit between the centre and their seats, as large as they fit without touching anything.

import { esc, h } from "./api.js";
import { backElement, cardElement } from "./cards.js";

/** The direction of seat ``seat`` for a viewer in seat ``me``: me at the bottom, then clockwise. */
export function seatAngle(seat, me, n) {
  const rel = (seat - (me ?? 0) + n) % n;
  return { rel, angle: ((270 - (rel * 360) / n) * Math.PI) / 180 };
}

/** Where a ray from the centre at ``angle`` meets a rectangle of half sizes (hx, hy): an offset from the centre. */
function onRectangle(angle, hx, hy) {
  const dx = Math.cos(angle);
  const dy = -Math.sin(angle);
  const t = Math.min(Math.abs(dx) > 1e-9 ? hx / Math.abs(dx) : Infinity, Math.abs(dy) > 1e-9 ? hy / Math.abs(dy) : Infinity);
  return { x: dx * t, y: dy * t };
}

/**
 * The trick's cards (positions are set by ``layoutFelt``).
 * @param {[number, string|import("./cards.js").CardJson][]} plays
 * @param {{deck: import("./cards.js").Deck, winner?: number|null, label?: string, faded?: boolean, names?: ((seat: number) => string)|null}} options
 */
export function trickElement(plays, { deck, winner = null, label = "", faded = false, names = null }) {
  const box = h("div", { class: `trick${faded ? " done" : ""}`, role: "group", "aria-label": label || "the trick" });
  plays.forEach(([seat, card], i) => {
    const who = names ? names(seat) : `seat ${seat}`;
    const el = cardElement(card, deck, { extra: `in-trick${winner === seat ? " winner" : ""}`, label: `played by ${who}${winner === seat ? ", wins the trick" : ""}` });
    el.style.zIndex = String(10 + i);
    el.dataset.seat = String(seat);
    box.append(el);
  });
  return box;
}

/**
 * A seat on the felt: name, status, tags, and its number of cards (or its cards face up in a replay).
 * @param {{seat: number, me: number, n: number, name: string, status: string|null, tagsHTML: string, count: number|null,
 *   toAct: boolean, cards?: (string|import("./cards.js").CardJson)[]|null, deck: import("./cards.js").Deck, mine?: boolean,
 *   partner?: boolean}} options
 */
export function seatElement({ seat, me, n, name, status, tagsHTML, count, toAct, cards = null, deck, mine = false, partner = false }) {
  const { rel } = seatAngle(seat, me, n);
  const el = h("section", {
    class: `seat rel${rel}${toAct ? " to-act" : ""}${mine ? " mine" : ""}${partner ? " partner" : ""}`,
    "aria-label": `${name}${partner ? ", your partner" : ""}${count !== null && count !== undefined && !mine ? `, ${count} cards` : ""}${toAct ? ", to act" : ""}`,
    dataset: { seat: String(seat) },
  });
  const dot = status ? h("span", { class: `dot ${status}`, title: status }) : null;
  // a partner's seat is outlined and named in the partner colour (a tag would make the seat taller: no room at 6-8)
  el.append(h("div", { class: "seat-name", title: partner ? "your partner" : null }, dot, h("span", { class: "who" }, name), toAct ? h("span", { class: "turn", "aria-hidden": "true" }, "●") : null));
  const tags = h("div", { class: "tags", html: tagsHTML || "" });
  if (!cards && !mine && count !== null && count !== undefined) {
    tags.prepend(h("span", { class: "tag count", title: `${count} cards` }, backElement(true), `${count}`));
  }
  el.append(tags);
  if (cards) {
    const row = h("div", { class: "open-hand" });
    for (const c of cards) row.append(cardElement(c, deck, { small: true }));
    el.append(row);
  }
  return el;
}

/**
 * The elements of the cards and counters beside the trick (a kitty, a widow half, the stock, the pot).
 * @param {import("./games/interface.js").Extra[]} extras
 * @param {import("./cards.js").Deck} deck
 * @returns {HTMLElement[]}
 */
export function extraElements(extras, deck) {
  return extras.filter((x) => !("cards" in x) || x.cards.length).map((x) => {
    if ("cards" in x) {
      const row = h("div", { class: "extra-cards" });
      for (const c of x.cards) row.append(cardElement(c, deck, { small: true }));
      return h("div", { class: "extra" }, h("div", { class: "extra-label" }, x.label), row);
    }
    if (x.counter === "stock") {
      return h("div", { class: "extra" }, h("div", { class: "extra-label" }, x.label), h("div", { class: "stock", "aria-label": `stock: ${x.value} cards` }, h("span", {}, String(x.value))));
    }
    return h("div", { class: "extra pot", "aria-label": `pot: ${x.value} chips` }, h("div", { class: "extra-label" }, x.label), h("div", { class: "chips" }, String(x.value)));
  });
}

function overlaps(a, b, pad = 2) {
  return a.x < b.x + b.w + pad && b.x < a.x + a.w + pad && a.y < b.y + b.h + pad && b.y < a.y + a.h + pad;
}

/** Place the seats and the trick on the felt in pixels (called after rendering and on resize). */
export function layoutFelt(felt, me, n, { maxCard = 62 } = {}) {
  const W = felt.clientWidth;
  const H = felt.clientHeight;
  if (!W || !H) return;
  const seats = [...felt.querySelectorAll(":scope > .seat")];
  const boxes = [];
  const margin = 4;
  for (const el of seats) {
    const seat = Number(el.dataset.seat);
    const { angle } = seatAngle(seat, me, n);
    const w = el.offsetWidth;
    const hh = el.offsetHeight;
    // the direction is taken on a square, then stretched to the felt: a wide or a tall felt spreads the seats alike
    const p = onRectangle(angle, 1, 1);
    const x = Math.round(W / 2 + p.x * (W / 2 - w / 2 - margin) - w / 2);
    const y = Math.round(H / 2 + p.y * (H / 2 - hh / 2 - margin) - hh / 2);
    el.style.left = `${x}px`;
    el.style.top = `${y}px`;
    boxes.push({ seat, angle, x, y, w, h: hh });
  }
  const cards = [...felt.querySelectorAll(".trick .card.in-trick")];
  if (!cards.length) return;
  // the largest card size and the distance from the centre at which no two things touch
  const place = (cw, spread, f) => {
    const ch = Math.round((cw * 92) / 66);
    const hy = H / 2 - ch / 2 - margin;
    const hx = Math.min(W / 2 - cw / 2 - margin, hy * spread);
    return cards.map((el) => {
      const seat = Number(el.dataset.seat);
      const b = boxes.find((x) => x.seat === seat);
      const p = onRectangle(b ? b.angle : seatAngle(seat, me, n).angle, 1, 1);
      return { x: W / 2 + p.x * hx * f - cw / 2, y: H / 2 + p.y * hy * f - ch / 2, w: cw, h: ch };
    });
  };
  const clear = (rects) => rects.every((r, i) =>
    r.x >= 0 && r.y >= 0 && r.x + r.w <= W && r.y + r.h <= H &&
    boxes.every((b) => !overlaps(r, b)) && rects.every((o, j) => j <= i || !overlaps(r, o)));
  // the largest cards, close to the middle, that touch nothing (a wide felt may spread them wider)
  let best = null;
  search: for (let cw = maxCard; cw >= 22; cw -= 2) {
    for (const spread of [1.15, 1.8, 3]) {
      for (const f of [0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74]) {
        const rects = place(cw, spread, f);
        if (clear(rects)) {
          best = rects;
          break search;
        }
      }
    }
  }
  best = best || place(22, 1.15, 0.5);
  cards.forEach((el, i) => {
    el.style.width = `${best[i].w}px`;
    el.style.left = `${Math.round(best[i].x)}px`;
    el.style.top = `${Math.round(best[i].y)}px`;
  });
}

export function seatLabel(name, seat) {
  return `${esc(name)} <small>seat ${seat}</small>`;
}
