// The table top shared by the live table and the replay viewer: seats around the felt and the trick in the middle.

import { esc, h } from "./api.js";
import { backElement, cardElement } from "./cards.js";

/** Where seat ``seat`` sits on the felt for a viewer in seat ``me`` (percent of the felt): me at the bottom, then clockwise. */
export function seatSpot(seat, me, n) {
  const rel = (seat - (me ?? 0) + n) % n;
  const angle = ((270 - (rel * 360) / n) * Math.PI) / 180;
  const narrow = typeof window !== "undefined" && window.innerWidth < 640;
  const rx = narrow ? 34 : 43;
  return { x: 50 + rx * Math.cos(angle), y: 50 - 41 * Math.sin(angle), rel, angle };
}

/** The trick's cards, each pushed from the centre toward its player. */
export function trickElement(plays, { game, me, n, winner = null, label = "", faded = false }) {
  const box = h("div", { class: `trick${faded ? " done" : ""}`, "aria-label": label || "the trick" });
  plays.forEach(([seat, card], i) => {
    const spot = seatSpot(seat, me, n);
    const el = cardElement(card, game, { extra: `in-trick${winner === seat ? " winner" : ""}` });
    el.style.left = `${50 + 22 * Math.cos(spot.angle)}%`;
    el.style.top = `${50 - 24 * Math.sin(spot.angle)}%`;
    el.style.zIndex = String(10 + i);
    el.dataset.seat = String(seat);
    box.append(el);
  });
  if (label) box.append(h("div", { class: "trick-label" }, label));
  return box;
}

/** A seat on the felt: name, status, tags, and its cards face down (or face up in a replay). */
export function seatElement({ seat, me, n, name, status, tagsHTML, count, toAct, cards = null, game, mine = false }) {
  const spot = seatSpot(seat, me, n);
  const el = h("section", {
    class: `seat rel${spot.rel}${toAct ? " to-act" : ""}${mine ? " mine" : ""}`,
    "aria-label": `${name}${toAct ? ", to act" : ""}`,
    dataset: { seat: String(seat) },
  });
  el.style.left = `${spot.x}%`;
  el.style.top = `${spot.y}%`;
  const dot = status ? h("span", { class: `dot ${status}`, title: status }) : null;
  el.append(h("div", { class: "seat-name" }, dot, h("span", { class: "who" }, name), toAct ? h("span", { class: "turn", "aria-hidden": "true" }, "●") : null));
  el.append(h("div", { class: "tags", html: tagsHTML || "" }));
  if (cards) {
    const row = h("div", { class: "open-hand" });
    for (const c of cards) row.append(cardElement(c, game, { small: true }));
    el.append(row);
  } else if (!mine && count !== null && count !== undefined) {
    const fan = h("div", { class: "fan", title: `${count} cards` });
    for (let i = 0; i < Math.min(count, 6); i++) fan.append(backElement(true));
    fan.append(h("span", { class: "count" }, `${count}`));
    el.append(fan);
  }
  return el;
}

export function seatLabel(name, seat) {
  return `${esc(name)} <small>seat ${seat}</small>`;
}
