// The HTTP API (under /api) and small page helpers shared by every page.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** fetch JSON from the API; an error answer becomes an ApiError with the server's one-line message. */
export async function api(path, { method = "GET", body, token, raw = false } = {}) {
  const headers = {};
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

/** An element from a tag, attributes and children (strings become text). */
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

export function esc(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/** A short message at the bottom of the screen (kind: info, error, ok). */
export function toast(message, kind = "info", ms = 4000) {
  const box = document.getElementById("toasts");
  if (!box) return;
  const el = h("div", { class: `toast ${kind}` }, message);
  box.append(el);
  setTimeout(() => el.remove(), ms);
}

export function setTitle(text) {
  const el = document.getElementById("title");
  if (el) el.textContent = text;
  document.title = text ? `${text} · jick` : "jick";
}

export const store = {
  get(key) {
    try {
      return localStorage.getItem(`jick.${key}`);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      if (value === null || value === undefined) localStorage.removeItem(`jick.${key}`);
      else localStorage.setItem(`jick.${key}`, value);
    } catch {
      /* private mode: nothing kept */
    }
  },
};

export const GAME_TITLES = { smear: "Smear", tarok: "Tarok", liftsmoke: "Lift Smoke" };

export function seatName(table, seat) {
  const s = table && table.seats ? table.seats[seat] : null;
  if (!s) return `Seat ${seat}`;
  if (s.name) return s.name;
  return s.kind === "human" ? `Seat ${seat}` : `${botLabel(s.kind)} ${seat}`;
}

export function botLabel(kind) {
  return { easy: "Easy bot", normal: "Bot", hard: "Hard bot", random: "Random bot", heuristic: "Easy bot", greedy: "Easy bot" }[kind] || `Bot (${kind})`;
}

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
