// The compact "so far" panel at the live table: what the tricks already played have given each side in this deal.
// Each game module computes it from the observation (public facts only: played cards and won tricks).

import { h } from "./api.js";

/**
 * Fill the panel from ``game.livePoints`` (hidden when the game has nothing to show now).
 * @param {HTMLElement} el
 * @param {import("./games/interface.js").Game} game
 * @param {any} obs
 * @param {any} rules
 * @param {import("./games/interface.js").Names} names
 */
export function livePanel(el, game, obs, rules, names) {
  const live = game.livePoints ? game.livePoints(obs, rules, names) : null;
  if (!live || (!live.items.length && !live.head)) {
    el.hidden = true;
    el.replaceChildren();
    return;
  }
  const parts = [];
  if (live.head) parts.push(h("span", { class: "live-head" }, live.head));
  for (const item of live.items) {
    parts.push(h("span", { class: `pt${item.mine ? " mine" : ""}${item.soft ? " soft" : ""}`, title: item.title || null, dataset: { point: item.key } },
      h("b", {}, item.label), " ", item.who));
  }
  el.replaceChildren(...parts);
  el.hidden = false;
  markOverflow(el);
}

/**
 * Mark the panel while some of it lies past its right edge (on a phone it is one line that scrolls sideways):
 * the class fades the edge out, so a player sees there is more to scroll to. Called again on scroll and resize.
 * @param {HTMLElement} el
 */
export function markOverflow(el) {
  el.classList.toggle("more", !el.hidden && el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
}
