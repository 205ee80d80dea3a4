// Fair shuffles: keep each deal's seal as it was first sent, and check the deck against it when the deal is over.
//
// A table without a seed sends, in every view, `sealed` (the SHA-256 commitments of the deal in progress: the
// deck, then any reshuffle) and `revealed` (the last finished deal's orders and salts). The commitment is
// SHA-256 of "jick-deck:" + salt + ":" + the card names joined by single spaces (docs/server.md, Fair shuffles).
// Seals are kept in sessionStorage, so a reload in the middle of a deal still checks against the first seal seen.

/** @type {Map<string, Promise<Verdict>>} */
const verdicts = new Map();

/**
 * @typedef {{state: "ok" | "bad" | "unchecked", text: string}} Verdict
 * @typedef {{deal: number, sha256: string[]}} Sealed
 * @typedef {{deal: number, orders: string[][], salts: string[], sha256: string[]}} Revealed
 */

function storageKey(tableId, deal) {
  return `jick.seal.${tableId}.${deal}`;
}

/** @returns {string[] | null} */
function remembered(tableId, deal) {
  try {
    const text = sessionStorage.getItem(storageKey(tableId, deal));
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function remember(tableId, deal, hashes) {
  try {
    sessionStorage.setItem(storageKey(tableId, deal), JSON.stringify(hashes));
  } catch {
    // storage full or refused: the seal is still checked against the revealed commitments
  }
}

async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Note the seals of a view message and start checking a deal that has just been revealed.
 * @param {string} tableId
 * @param {{sealed?: Sealed | null, revealed?: Revealed | null}} view
 */
export function noteView(tableId, view) {
  const sealed = view.sealed;
  if (sealed) {
    const known = remembered(tableId, sealed.deal) || [];
    // a seal only grows (a reshuffle adds one); one that changed is kept as first seen, and so fails later
    if (sealed.sha256.length > known.length && known.every((h, i) => h === sealed.sha256[i])) {
      remember(tableId, sealed.deal, sealed.sha256);
    }
  }
  const revealed = view.revealed;
  if (revealed && !verdicts.has(`${tableId}:${revealed.deal}`)) {
    verdicts.set(`${tableId}:${revealed.deal}`, check(tableId, revealed));
  }
}

/**
 * @param {string} tableId
 * @param {Revealed} revealed
 * @returns {Promise<Verdict>}
 */
async function check(tableId, revealed) {
  if (!(globalThis.crypto && crypto.subtle)) {
    return { state: "unchecked", text: "This page cannot check the deck here (no secure connection): jick replay can." };
  }
  const seen = remembered(tableId, revealed.deal);
  for (let i = 0; i < revealed.orders.length; i++) {
    const hash = await sha256Hex(`jick-deck:${revealed.salts[i]}:${revealed.orders[i].join(" ")}`);
    const sealedAs = seen && i < seen.length ? seen[i] : revealed.sha256[i];
    if (hash !== sealedAs) {
      const what = i === 0 ? "deck" : `reshuffle ${i}`;
      return { state: "bad", text: `Unfair deal: the ${what} played does not match the seal sent before the deal.` };
    }
  }
  if (!seen) {
    return { state: "ok", text: "Deck checked against its seal (sent before you arrived)." };
  }
  const what = revealed.orders.length > 1 ? "deck and reshuffles match" : "deck matches";
  return { state: "ok", text: `Fair deal: the ${what} the seal sent before the deal.` };
}

/**
 * The verdict on deal `deal` (0-based), once its view has been noted; null for a seeded table or an unknown deal.
 * @param {string} tableId
 * @param {number} deal
 * @returns {Promise<Verdict> | null}
 */
export function verdictOf(tableId, deal) {
  return verdicts.get(`${tableId}:${deal}`) || null;
}
