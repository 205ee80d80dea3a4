// "Your turn": the tab's title and icon change while it is this seat's turn, an optional short beep
// (Web Audio, no file), and the countdown of a table's turn timer.

import { store } from "./api.js";

const MARK = "▶ Your turn · ";
const ICON = "/static/icons/icon.svg";
const TURN_ICON = "/static/icons/turn.svg";

/** @type {AudioContext|null} made at the first touch or click: browsers let a page sound only after one */
let audio = null;

function unlock() {
  if (audio) return;
  const Ctx = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
  if (!Ctx) return;
  try {
    audio = new Ctx();
  } catch {
    audio = null;
  }
}
for (const type of ["pointerdown", "keydown"]) window.addEventListener(type, unlock, { capture: true, passive: true });

/** The beep is on when the person chose it; without a choice, on for phones (a coarse pointer), off on desktops. */
export function soundOn() {
  const chosen = store.get("turn-sound");
  if (chosen !== null) return chosen === "1";
  return matchMedia("(pointer: coarse)").matches;
}

/** The sound button: turns the beep on or off (kept in this browser). @param {HTMLElement} button */
export function toggleSound(button) {
  const on = !soundOn();
  store.set("turn-sound", on ? "1" : "0");
  button.setAttribute("aria-pressed", String(on));
  if (on) {
    unlock();
    beep();
  }
}

/** A short two-note beep, if a touch or click has let the page sound. */
export function beep() {
  if (!audio || audio.state === "closed") return;
  if (audio.state === "suspended") audio.resume().catch(() => null);
  const t = audio.currentTime;
  const gain = audio.createGain();
  gain.connect(audio.destination);
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(0.15, t + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.32);
  for (const [freq, start] of [[660, 0], [880, 0.12]]) {
    const osc = audio.createOscillator();
    osc.type = "sine";
    osc.frequency.setValueAtTime(freq, t + start);
    osc.connect(gain);
    osc.start(t + start);
    osc.stop(t + start + 0.2);
  }
}

/** Title, icon and beep follow whether it is this seat's turn; call with every view. */
export class TurnSignal {
  constructor() {
    this.mine = false;
  }

  /** @param {boolean} mine it is this seat's turn now */
  update(mine) {
    const was = this.mine;
    this.mine = mine;
    const marked = document.title.startsWith(MARK);
    if (mine && !marked) document.title = MARK + document.title;
    if (!mine && marked) document.title = document.title.slice(MARK.length);
    const icon = /** @type {HTMLLinkElement|null} */ (document.querySelector('link[rel="icon"]'));
    if (icon) {
      const href = mine ? TURN_ICON : ICON;
      if (icon.getAttribute("href") !== href) icon.setAttribute("href", href);
    }
    if (mine && !was && soundOn()) beep();
  }

  /** The page is left: the title and icon as they were. */
  clear() {
    this.update(false);
  }
}

/** The turn timer's countdown in ``el``: ``clock`` is a view's ``turn_clock`` (null: none), ``end`` when it runs
 * out (``performance.now()`` time, fixed when the view came).
 * @param {HTMLElement} el @param {{seat: number, seconds: number, of: number}|null} clock @param {number|null} end
 * @param {(seat: number) => string} names @param {number|null} me */
export function showClock(el, clock, end, names, me) {
  clearInterval(Number(el.dataset.timer || 0));
  el.dataset.timer = "";
  if (!clock || end === null) {
    el.hidden = true;
    el.textContent = "";
    return;
  }
  const who = clock.seat === me ? "Your time" : `${names(clock.seat)}'s time`;
  const tick = () => {
    const left = Math.max(0, Math.ceil((end - performance.now()) / 1000));
    el.textContent = `${who}: ${left} s`;
    el.classList.toggle("urgent", left <= 5);
    if (left <= 0) clearInterval(Number(el.dataset.timer || 0));
  };
  el.hidden = false;
  tick();
  el.dataset.timer = String(setInterval(tick, 250));
}
