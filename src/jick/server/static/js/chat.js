// The table's chat: a drawer with the lines said, quick reactions (one tap each) and a line to type; an unread
// badge on its button while it is closed; a reaction shows for a moment beside its sender's seat.
// Every text here is the senders' own: it goes into the page as text (textContent), never as HTML.

import { api, h, store, toast } from "./api.js";

/** The quick reactions (the server's ``REACTIONS``), in the order of their buttons. */
export const REACTIONS = [["nice", "Nice!"], ["oops", "Oops"], ["well_played", "Well played"], ["good_game", "Good game"], ["thanks", "Thanks"], ["hurry", "Your turn!"]];
/** The longest line (the server refuses longer ones). */
export const MAX_CHAT = 200;
/** How long a reaction shows beside its seat (ms). */
const BUBBLE_MS = 3500;

/**
 * @typedef {Object} ChatLine
 * @property {number} n
 * @property {number|null} seat
 * @property {string} name
 * @property {string} text
 * @property {string|null} reaction
 * @property {string} at
 */

/**
 * What the chat needs of the table page.
 * @typedef {Object} ChatHost
 * @property {string} id
 * @property {any} table
 * @property {number|null} seat
 * @property {string|null} hostToken
 * @property {(message: any) => boolean} send
 * @property {() => void} render
 * @property {() => void} reconnect  say hello again (with the name now kept)
 */

export class ChatPanel {
  /** @param {ChatHost} page */
  constructor(page) {
    this.page = page;
    /** @type {ChatLine[]} */
    this.lines = [];
    this.unread = 0;
    this.open = false;
    /** @type {Map<number, {text: string, until: number}>} a reaction beside each seat, until a time */
    this.bubbles = new Map();
    this.badge = h("span", { class: "badge", hidden: true, "aria-hidden": "true" });
    this.button = h("button", { type: "button", class: "tool chat-toggle", id: "chat-toggle", "aria-expanded": "false", "aria-controls": "chat", onclick: () => this.toggle() }, "Chat", this.badge);
    this.list = h("ol", { class: "chat-lines", role: "log", "aria-label": "chat messages", "aria-live": "polite" });
    this.input = h("input", { id: "chat-text", maxlength: String(MAX_CHAT), autocomplete: "off", enterkeyhint: "send", placeholder: "Say something…", "aria-label": "your message" });
    this.sendBtn = h("button", { type: "submit", class: "primary", id: "chat-send" }, "Send");
    this.form = h("form", { class: "chat-form" }, this.input, this.sendBtn);
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.say();
    });
    this.reactions = h("div", { class: "reactions", role: "group", "aria-label": "quick reactions" },
      REACTIONS.map(([key, words]) => h("button", { type: "button", class: "reaction", dataset: { reaction: key }, onclick: () => this.react(key) }, words)));
    this.status = h("p", { class: "chat-status", role: "status" });
    this.statusTimer = 0;
    this.note = h("p", { class: "note chat-note" });
    this.muting = h("div", { class: "chat-mute", role: "group", "aria-label": "mute a seat" });
    // a spectator who may chat and has given no name yet gives one here
    this.nameInput = h("input", { id: "chat-name", maxlength: "40", autocomplete: "nickname", placeholder: "e.g. Eve" });
    this.nameForm = h("form", { class: "chat-name", hidden: true },
      h("label", { for: "chat-name" }, "Your name in the chat"), this.nameInput, h("button", { type: "submit", id: "chat-name-go" }, "OK"));
    this.nameForm.addEventListener("submit", (e) => {
      e.preventDefault();
      this.keepName();
    });
    this.drawer = h("aside", { class: "chat-drawer", id: "chat", hidden: true, "aria-labelledby": "chat-title" },
      h("div", { class: "chat-head" }, h("h2", { id: "chat-title" }, "Table chat"),
        h("button", { type: "button", class: "close", "aria-label": "Close the chat", onclick: () => this.toggle(false) }, "×")),
      this.muting, this.list, this.note, this.nameForm, this.reactions, this.form, this.status);
    this.drawer.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.toggle(false);
    });
  }

  /** Open or close the drawer (opening reads every line: the badge goes). @param {boolean} [open] */
  toggle(open = !this.open) {
    this.open = open;
    this.drawer.hidden = !open;
    this.button.setAttribute("aria-expanded", String(open));
    document.body.classList.toggle("chat-open", open);
    this.page.render(); // a computer's table makes room for the panel
    if (open) {
      this.setUnread(0);
      this.list.scrollTop = this.list.scrollHeight;
      if (!this.input.disabled && matchMedia("(hover: hover) and (pointer: fine)").matches) this.input.focus();
    } else {
      this.button.focus();
    }
  }

  /** @param {number} n */
  setUnread(n) {
    this.unread = n;
    this.badge.hidden = n === 0;
    this.badge.textContent = n > 99 ? "99+" : String(n);
    this.button.setAttribute("aria-label", n ? `Chat, ${n} unread` : "Chat");
  }

  // ------------------------------------------------------------------ messages from the server
  /** A ``chat`` or ``chat_history`` message. @param {any} msg */
  receive(msg) {
    if (msg.type === "chat_history") {
      if (!msg.lines.length) return;
      const known = this.lines.length ? this.lines[this.lines.length - 1].n : null;
      const fresh = known === null ? [] : msg.lines.filter((/** @type {ChatLine} */ l) => l.n > known && l.seat !== this.page.seat);
      const older = this.lines.filter((l) => l.n < msg.lines[0].n);
      this.lines = [...older, ...msg.lines];
      if (!this.open && fresh.length) this.setUnread(this.unread + fresh.length);
      this.draw();
      return;
    }
    /** @type {ChatLine} */
    const line = msg;
    if (this.lines.some((l) => l.n === line.n)) return;
    this.lines.push(line);
    if (this.lines.length > 300) this.lines.shift();
    const mine = line.seat !== null && line.seat === this.page.seat;
    if (!this.open && !mine) this.setUnread(this.unread + 1);
    this.list.append(this.lineElement(line));
    this.list.scrollTop = this.list.scrollHeight;
    if (line.reaction && line.seat !== null) this.showBubble(line.seat, line.text);
  }

  /** A refused line (an ``error`` whose code starts with ``chat_``): said in the drawer too. @param {any} msg */
  refused(msg) {
    this.status.textContent = msg.message;
    clearTimeout(this.statusTimer);
    this.statusTimer = setTimeout(() => { this.status.textContent = ""; }, 8000);
  }

  /** The seats, names and mutes changed (a ``welcome`` or ``table`` message). */
  update() {
    const t = this.page.table;
    if (!t) return;
    const seat = this.page.seat;
    let why = "";
    if (seat === null && !t.spectator_chat) why = "You are watching: the host did not let spectators chat.";
    else if (seat !== null && t.seats[seat] && t.seats[seat].muted) why = "The host muted your seat: you can read the chat, not write.";
    this.note.textContent = why;
    this.input.disabled = this.sendBtn.disabled = !!why;
    this.nameForm.hidden = seat !== null || !t.spectator_chat || !!store.get("name");
    for (const b of this.reactions.querySelectorAll("button")) /** @type {HTMLButtonElement} */ (b).disabled = !!why;
    this.drawMuting();
  }

  /** The host's switches: one per person's seat (the host's own excepted). */
  drawMuting() {
    const t = this.page.table;
    this.muting.replaceChildren();
    if (!this.page.hostToken || !t) return;
    const seats = t.seats.filter((/** @type {any} */ s) => s.kind === "human" && s.seat !== this.page.seat);
    if (!seats.length) return;
    this.muting.append(h("span", { class: "note" }, "Mute:"));
    for (const s of seats) {
      this.muting.append(h("button", {
        type: "button", class: "mute", "aria-pressed": String(!!s.muted), dataset: { seat: String(s.seat) },
        title: s.muted ? "muted: its messages are refused" : "mute this seat's chat",
        onclick: () => this.mute(s.seat, !s.muted),
      }, s.name || `Seat ${s.seat}`));
    }
  }

  /** @param {number} seat @param {boolean} muted */
  async mute(seat, muted) {
    try {
      this.page.table = await api(`/api/tables/${this.page.id}/seats/${seat}/mute`, { method: "POST", body: { muted }, token: this.page.hostToken });
      this.update();
    } catch (err) {
      toast(err.message, "error");
    }
  }

  /** A spectator's name: kept in this browser, then sent in a new hello (names hold no control characters). */
  keepName() {
    const name = this.nameInput.value.replace(/[\u0000-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/g, "").trim().slice(0, 40);
    if (!name) return;
    store.set("name", name);
    this.nameForm.hidden = true;
    this.page.reconnect();
  }

  // ------------------------------------------------------------------ saying things
  say() {
    const text = this.input.value.trim();
    if (!text) return;
    if (text.length > MAX_CHAT) {
      this.refused({ message: `A message is at most ${MAX_CHAT} characters` });
      return;
    }
    if (this.page.send({ type: "chat", text })) this.input.value = "";
  }

  /** @param {string} key */
  react(key) {
    this.page.send({ type: "reaction", reaction: key });
  }

  // ------------------------------------------------------------------ drawing
  /** @param {ChatLine} line */
  lineElement(line) {
    const mine = line.seat !== null && line.seat === this.page.seat;
    const who = mine ? "You" : line.seat === null ? `${line.name} (watching)` : line.name;
    const at = new Date(line.at);
    const time = Number.isNaN(at.getTime()) ? "" : at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    return h("li", { class: `${mine ? "mine" : ""}${line.reaction ? " reaction" : ""}`, dataset: { n: String(line.n) } },
      h("span", { class: "who" }, who), " ", h("span", { class: "text" }, line.text), time ? h("time", { datetime: line.at }, time) : null);
  }

  draw() {
    this.list.replaceChildren(...this.lines.map((l) => this.lineElement(l)));
    this.list.scrollTop = this.list.scrollHeight;
  }

  /** @param {number} seat @param {string} text */
  showBubble(seat, text) {
    const until = Date.now() + BUBBLE_MS;
    this.bubbles.set(seat, { text, until });
    this.page.render();
    setTimeout(() => {
      const b = this.bubbles.get(seat);
      if (b && b.until <= Date.now()) {
        this.bubbles.delete(seat);
        this.page.render();
      }
    }, BUBBLE_MS + 20);
  }

  /** Put the reactions showing now beside their seats on the felt (after each drawing of the felt). @param {HTMLElement} felt */
  decorate(felt) {
    const now = Date.now();
    for (const [seat, b] of this.bubbles) {
      if (b.until <= now) continue;
      const plate = felt.querySelector(`.seat[data-seat="${seat}"]`);
      if (!plate || plate.querySelector(".bubble")) continue;
      plate.classList.add("speaking");
      plate.append(h("span", { class: "bubble", role: "status" }, b.text));
    }
  }
}
