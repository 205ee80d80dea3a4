// Cards drawn by the project: SVG faces for the French deck (Smear, Lift Smoke) and the Tarok deck.
// A card comes from the server as {card: "10H", id: 21}; the notation alone tells how to draw it.

export const SUITS = ["S", "H", "D", "C"];
/** @type {Record<string, string>} */
export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
/** @type {Record<string, string>} */
export const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RED = new Set(["H", "D"]);
const ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV",
  "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"];
/** @type {Record<string, string>} */
const RANK_NAME = { A: "ace", K: "king", Q: "queen", J: "jack", C: "cavalier" };

/**
 * How a game's deck reads its notation: each game module names its deck (games/interface.js).
 * @typedef {Object} Deck
 * @property {boolean} romanTrumps  Roman numerals are trumps (I..XXI), as in Tarok
 * @property {boolean} namedAce  "A" reads "ace" (Tarok's red-suit A is its one, read as "A")
 */

/** @type {Deck} the French deck with jokers (Smear, Lift Smoke) */
export const FRENCH = { romanTrumps: false, namedAce: true };
/** @type {Deck} the Tarok deck: four suits and 22 trumps */
export const TAROK = { romanTrumps: true, namedAce: false };

/**
 * A card parsed from its notation.
 * @typedef {Object} Card
 * @property {"suit"|"joker"|"trump"|"unknown"} kind
 * @property {string|number} rank
 * @property {string|null} suit
 * @property {string} label
 * @property {string} name
 * @property {boolean} red
 * @property {string} text
 */

/** A card as the server sends it.
 * @typedef {{card: string, id: number}} CardJson */

/**
 * What a card notation stands for.
 * @param {string} text
 * @param {Deck} deck
 * @returns {Card}
 */
export function parseCard(text, deck) {
  const t = String(text).toUpperCase();
  if (t === "HJ" || t === "LJ" || t === "JK") {
    const name = { HJ: "high joker", LJ: "low joker", JK: "joker" }[t];
    return { kind: "joker", rank: t, suit: null, label: t === "HJ" ? "Big" : t === "LJ" ? "Little" : "Joker", name, red: t === "HJ", text: t };
  }
  if (t === "SKUS" || t === "XXII") {
    return { kind: "trump", rank: 22, suit: null, label: "Sküs", name: "the Sküs (trump 22)", red: false, text: t };
  }
  const roman = ROMAN.indexOf(t);
  if (deck.romanTrumps && roman >= 0) {
    /** @type {Record<number, string>} */
    const names = { 0: "the Pagat (trump I)", 20: "the Mond (trump XXI)" };
    return { kind: "trump", rank: roman + 1, suit: null, label: t, name: names[roman] || `trump ${t}`, red: false, text: t };
  }
  const suit = t.slice(-1);
  const rank = t.slice(0, -1);
  if (!SUITS.includes(suit) || !rank) return { kind: "unknown", rank: t, suit: null, label: t, name: t, red: false, text: t };
  const rankName = RANK_NAME[rank] && (deck.namedAce || rank !== "A") ? RANK_NAME[rank] : rank;
  return { kind: "suit", rank, suit, label: rank, name: `${rankName} of ${SUIT_NAME[suit]}`, red: RED.has(suit), text: t };
}

/** @type {Record<string, string>} */
const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** @param {unknown} s */
function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** @type {Record<number, [number, number][]>} */
const PIPS = {
  // pip positions (x, y) on a 60x84 face for the number cards
  2: [[30, 20], [30, 64]],
  3: [[30, 18], [30, 42], [30, 66]],
  4: [[20, 20], [40, 20], [20, 64], [40, 64]],
  5: [[20, 20], [40, 20], [30, 42], [20, 64], [40, 64]],
  6: [[20, 20], [40, 20], [20, 42], [40, 42], [20, 64], [40, 64]],
  7: [[20, 20], [40, 20], [30, 31], [20, 42], [40, 42], [20, 64], [40, 64]],
  8: [[20, 20], [40, 20], [30, 31], [20, 42], [40, 42], [30, 53], [20, 64], [40, 64]],
  9: [[20, 18], [40, 18], [20, 34], [40, 34], [30, 42], [20, 50], [40, 50], [20, 66], [40, 66]],
  10: [[20, 18], [40, 18], [30, 26], [20, 34], [40, 34], [20, 50], [40, 50], [30, 58], [20, 66], [40, 66]],
};

/**
 * The SVG markup of a card face (60x84 view box).
 * @param {string} text
 * @param {Deck} deck
 */
export function cardSVG(text, deck) {
  const c = parseCard(text, deck);
  let body = "";
  let bg = "#fffdf8";
  let corner = "";
  if (c.kind === "suit") {
    const sym = SUIT_SYMBOL[c.suit || ""];
    corner = `<text x="5" y="15" class="ck">${esc(c.rank)}</text><text x="5" y="27" class="cs">${sym}</text>`;
    const n = Number(c.rank);
    if (PIPS[n]) {
      body = PIPS[n].map(([x, y]) => `<text x="${x}" y="${y + 5}" class="pip" text-anchor="middle">${sym}</text>`).join("");
    } else if (c.rank === "A") {
      body = `<text x="33" y="56" class="big" text-anchor="middle">${sym}</text>`;
    } else {
      // a court card: a framed panel with the rank letter and the suit
      body = `<rect x="14" y="16" width="38" height="54" rx="4" fill="${c.red ? "#fdecec" : "#eef1f6"}" stroke="currentColor" stroke-width="0.8"/>` +
        `<text x="33" y="45" class="court" text-anchor="middle">${esc(c.rank)}</text>` +
        `<text x="33" y="63" class="courts" text-anchor="middle">${sym}</text>`;
    }
  } else if (c.kind === "joker") {
    const color = c.rank === "HJ" ? "#c8102e" : c.rank === "LJ" ? "#1b1b1b" : "#6a2c91";
    corner = `<text x="5" y="14" class="cj" fill="${color}">★</text>`;
    body = `<text x="33" y="48" class="jstar" text-anchor="middle" fill="${color}">★</text>` +
      `<text x="33" y="66" class="jlabel" text-anchor="middle" fill="${color}">${esc(c.label)}</text>` +
      `<text x="33" y="76" class="jlabel" text-anchor="middle" fill="${color}">JOKER</text>`;
  } else if (c.kind === "trump") {
    bg = "#fbf3dc";
    const label = c.rank === 22 ? "Sküs" : c.label;
    // long numerals are squeezed to the frame instead of running past it ("XVIII")
    const cornerFit = c.label.length > 3 && c.rank !== 22 ? ` textLength="${4 * c.label.length + 6}" lengthAdjust="spacingAndGlyphs"` : "";
    corner = `<text x="5" y="14" class="ct"${cornerFit}>${c.rank === 22 ? "★" : esc(c.label)}</text>`;
    body = `<rect x="8" y="18" width="50" height="56" rx="5" fill="none" stroke="#b08d3c" stroke-width="1.2"/>` +
      (c.rank === 22 ? `<text x="33" y="46" class="jstar" text-anchor="middle" fill="#7a4e12">★</text>` : "") +
      `<text x="33" y="${c.rank === 22 ? 66 : 54}" class="${label.length > 4 ? "roman small" : "roman"}" text-anchor="middle"${label.length > 3 ? ` textLength="44" lengthAdjust="spacingAndGlyphs"` : ""}>${esc(label)}</text>`;
  } else {
    body = `<text x="30" y="48" class="court" text-anchor="middle">${esc(c.text)}</text>`;
  }
  // the ink comes from the style sheet (a class per suit: the four-colour deck recolours diamonds and clubs)
  const inkClass = c.kind === "suit" ? `suit-${c.suit}${c.red ? " red" : ""}` : c.red ? "red" : "";
  return `<svg class="face ${inkClass}" viewBox="0 0 66 92" aria-hidden="true">` +
    `<rect x="1" y="1" width="64" height="90" rx="6" fill="${bg}" stroke="#9a9a9a"/>${corner}` +
    `<g transform="translate(3 4)">${body}</g></svg>`;
}

/** The back of a card. */
export function backSVG() {
  return `<svg class="face" viewBox="0 0 66 92" aria-hidden="true"><defs><pattern id="bk" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#24528f"/><rect width="4" height="8" fill="#2f65ad"/></pattern></defs>` +
    `<rect x="1" y="1" width="64" height="90" rx="6" fill="#fff" stroke="#9a9a9a"/><rect x="5" y="5" width="56" height="82" rx="4" fill="url(#bk)"/></svg>`;
}

/**
 * A card element: a <button> when it can be clicked, else a <span role="img">.
 * @param {string|CardJson} card
 * @param {Deck} deck
 * @param {{button?: boolean, small?: boolean, extra?: string, label?: string}} [options]
 */
export function cardElement(card, deck, { button = false, small = false, extra = "", label = "" } = {}) {
  const text = typeof card === "string" ? card : card.card;
  // a <span> has no button properties to set: the type names the button case
  const el = /** @type {HTMLButtonElement} */ (document.createElement(button ? "button" : "span"));
  el.className = `card${small ? " small" : ""}${extra ? " " + extra : ""}`;
  el.innerHTML = cardSVG(text, deck);
  el.dataset.card = text;
  const name = parseCard(text, deck).name;
  el.setAttribute("aria-label", label ? `${name}, ${label}` : name);
  el.title = `${text}: ${name}`;
  if (button) el.type = "button";
  else el.setAttribute("role", "img");
  return el;
}

export function backElement(small = true) {
  const el = document.createElement("span");
  el.className = `card back${small ? " small" : ""}`;
  el.innerHTML = backSVG();
  el.setAttribute("aria-hidden", "true");
  return el;
}

/**
 * Short inline text of a card, red suits marked for CSS.
 * @param {string} text
 * @param {Deck} deck
 */
export function cardHTML(text, deck) {
  const c = parseCard(text, deck);
  if (c.kind === "suit") return `<span class="ct-inline suit-${c.suit}${c.red ? " red" : ""}">${esc(c.rank)}${SUIT_SYMBOL[c.suit || ""]}</span>`;
  if (c.kind === "joker") return `<span class="ct-inline${c.red ? " red" : ""}">${esc(c.text)}</span>`;
  return `<span class="ct-inline trump">${esc(c.rank === 22 ? "Sküs" : c.text)}</span>`;
}

/** A suit by its index (0..3: spades, hearts, diamonds, clubs) in inline HTML; "" for none. @param {number|null|undefined} i */
export function suitHTML(i) {
  const s = i === null || i === undefined ? undefined : SUITS[i];
  return s ? `<span class="ct-inline suit-${s}${RED.has(s) ? " red" : ""}">${SUIT_SYMBOL[s]} ${SUIT_NAME[s]}</span>` : "";
}

export const RANK_ORDER = { A: 14, K: 13, Q: 12, C: 11.5, J: 11, 10: 10, 9: 9, 8: 8, 7: 7, 6: 6, 5: 5, 4: 4, 3: 3, 2: 2 };

/**
 * Cards in the order of a sort key: [group, order within the group], both ascending.
 * @template {{card: string}} T
 * @param {T[]} cards
 * @param {(card: T) => [number, number]} key
 * @returns {T[]}
 */
export function sortCards(cards, key) {
  return [...cards].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka[0] - kb[0] || ka[1] - kb[1];
  });
}
