// The HTTP API (under /api) and small page helpers shared by every page.

export class ApiError extends Error {
  /** @param {number} status @param {string|null} code @param {string} message */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * fetch JSON from the API; an error answer becomes an ApiError with the server's one-line message.
 * @param {string} path
 * @param {{method?: string, body?: any, token?: string|null, raw?: boolean, headers?: Record<string, string>}} [options]
 */
export async function api(path, { method = "GET", body = undefined, token = null, raw = false, headers: extra = {} } = {}) {
  /** @type {Record<string, string>} */
  const headers = { ...extra };
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload;
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = raw ? body : JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, { method, headers, body: payload });
  } catch (err) {
    throw new ApiError(0, "network", "the server cannot be reached");
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = data && data.message ? data.message : `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, data && data.error, message);
  }
  return data;
}

/**
 * An element from a tag, attributes and children (strings become text).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @returns {HTMLElementTagNameMap[K]}
 * @param {Record<string, any>|null} [attrs]
 * @param {...any} children
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "html") el.innerHTML = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for HTML. @param {unknown} s */
export function esc(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ENTITIES[/** @type {keyof typeof ENTITIES} */ (c)]);
}

/** A short message at the bottom of the screen (kind: info, error, ok). */
/** @param {string} message @param {string} [kind] @param {number} [ms] */
export function toast(message, kind = "info", ms = 4000) {
  const box = document.getElementById("toasts");
  if (!box) return;
  const el = h("div", { class: `toast ${kind}` }, message);
  box.append(el);
  setTimeout(() => el.remove(), ms);
}

/** @param {string} text */
export function setTitle(text) {
  const el = document.getElementById("title");
  if (el) el.textContent = text;
  document.title = text ? `${text} · jick` : "jick";
}

export const store = {
  /** @param {string} key @returns {string|null} */
  get(key) {
    try {
      return localStorage.getItem(`jick.${key}`);
    } catch {
      return null;
    }
  },
  /** @param {string} key @param {string|null|undefined} value */
  set(key, value) {
    try {
      if (value === null || value === undefined) localStorage.removeItem(`jick.${key}`);
      else localStorage.setItem(`jick.${key}`, value);
    } catch {
      /* private mode: nothing kept */
    }
  },
};

/** How long the table's motion takes, as a factor of its normal length (0: no motion), kept in this browser. */
export const MOTION_SPEEDS = [["1", "Normal"], ["0.5", "Fast"], ["1.8", "Slow"], ["0", "Off"]];

/** The motion factor this browser chose ("motion" in the store): 1 unless set. @returns {number} */
export function motionFactor() {
  const value = Number(store.get("motion") ?? "1");
  return Number.isFinite(value) && value >= 0 && value <= 4 ? value : 1;
}

/** The token this browser holds for a table (its seat's, the host's or its watch link's), or null:
 * a private table shows itself, its record and its replay only to a holder of one. */
/** @param {string} id */
export function tableToken(id) {
  return store.get(`seat.${id}`) || store.get(`host.${id}`) || store.get(`watch.${id}`);
}

/** Every table token this browser holds (for the table list: its private tables are shown to it). */
export function allTokens() {
  const found = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key && /^jick\.(seat|host|watch)\./.test(key)) found.push(localStorage.getItem(key));
    }
  } catch {
    /* private mode: nothing kept */
  }
  return [...new Set(found.filter(Boolean))].slice(0, 64);
}

/** Download a table's record (with the table's token: a private table's record needs one). */
/** @param {string} id */
export async function downloadRecord(id) {
  const token = tableToken(id);
  let response;
  try {
    response = await fetch(`/api/tables/${encodeURIComponent(id)}/record`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    toast("The server cannot be reached", "error");
    return;
  }
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try {
      message = (await response.json()).message || message;
    } catch {
      /* not JSON */
    }
    toast(message, "error");
    return;
  }
  const disposition = response.headers.get("Content-Disposition") || "";
  const match = /filename="([^"]+)"/.exec(disposition);
  const url = URL.createObjectURL(await response.blob());
  const a = h("a", { href: url, download: match ? match[1] : `jick-${id}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A "Record" link that downloads with the table's token. */
/** @param {string} id @param {string} [text] @param {Record<string, any>} [attrs] */
export function recordLink(id, text = "Record", attrs = {}) {
  return h("a", {
    ...attrs,
    href: `/api/tables/${id}/record`,
    onclick: (/** @type {Event} */ event) => {
      event.preventDefault();
      downloadRecord(id);
    },
  }, text);
}

export const GAME_TITLES = { smear: "Smear", tarok: "Tarok", liftsmoke: "Lift Smoke" };

/** A seat's name at a table (its player's, or its bot's). @param {any} table @param {number} seat @returns {string} */
export function seatName(table, seat) {
  const s = table && table.seats ? table.seats[seat] : null;
  if (!s) return `Seat ${seat}`;
  if (s.name) return s.name;
  return s.kind === "human" ? `Seat ${seat}` : `${botLabel(s.kind)} ${seat}`;
}

/** @param {string} kind */
export function botLabel(kind) {
  /** @type {Record<string, string>} */
  const labels = { easy: "Easy bot", normal: "Normal bot", hard: "Hard bot", random: "Random bot", heuristic: "Easy bot", greedy: "Easy bot" };
  return labels[kind] || `Bot (${kind})`;
}

/** @param {string} text */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h("textarea", {}, text);
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}
