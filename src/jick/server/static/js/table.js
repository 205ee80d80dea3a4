// The live table: one websocket to /ws/tables/{id} (a seat with its token, or a spectator), the documented protocol only.

import { GAME_TITLES, api, copyText, esc, h, motionFactor, recordLink, seatName, setTitle, store, toast } from "./api.js";
import { cardElement, cardHTML } from "./cards.js";
import { ChatPanel } from "./chat.js";
import { extraElements, layoutFelt, seatElement, trickElement } from "./felt.js";
import { actionKey, gameOf } from "./games/index.js";
import { noteView, verdictOf } from "./fair.js";
import { livePanel, markOverflow } from "./livescore.js";
import { followRematch, mayRematch, rematchButton, showMatchEnd } from "./matchend.js";
import { TurnSignal, showClock, soundOn, toggleSound } from "./turn.js";

/** More choices of one kind than this (``call AH``, ``call KS`` ...) are offered as a list. */
const MAX_BUTTONS_OF_A_KIND = 8;

const RETRY = [500, 1000, 2000, 4000, 5000];
const FINAL_ERRORS = new Set(["bad_token", "unknown_table", "seat_revoked", "replaced", "protocol", "spectator", "private_table"]);

/** The four-colour deck on or off (kept in this browser). */
export function fourColour(button) {
  const on = !document.body.classList.contains("four-colour");
  document.body.classList.toggle("four-colour", on);
  store.set("four-colour", on ? "1" : null);
  button.setAttribute("aria-pressed", String(on));
}

export class TablePage {
  constructor(root, tableId, token, watchToken = null) {
    this.root = root;
    this.id = tableId;
    this.token = token || null;
    this.hostToken = store.get(`host.${tableId}`);
    // a spectator of a private table shows one of its tokens; a seat's own token does for its replays
    this.watchToken = watchToken || null;
    this.viewToken = this.token || this.hostToken || this.watchToken;
    this.table = null;
    /** @type {import("./games/interface.js").Game|null} the table's game, known from the welcome */
    this.game = null;
    this.seat = null;
    this.view = null;
    this.obs = null;
    this.selected = new Set();
    this.queue = [];
    /** @type {string[]} the table log, as the server tells it (view.log) */
    this.log = [];
    this.turn = new TurnSignal();
    this.report = null;
    this.dealKey = undefined;
    this.retries = 0;
    this.stopped = false;
    this.ws = null;
    this.hint = null;
    this.showLast = false;
    this.seenPlays = new Set(); // trick cards already drawn (seat:card id): only new ones travel
    this.swept = new Set(); // finished tricks already swept to their winner
    this.sweeping = null;
    this.handIds = null; // the hand's card ids last drawn: new ones are dealt in
    this.build();
    this.connect();
    document.addEventListener("keydown", (e) => this.key(e));
  }

  // ------------------------------------------------------------------ layout
  build() {
    this.root.innerHTML = "";
    this.chat = new ChatPanel(this);
    this.scores = h("div", { class: "scores", "aria-label": "scores" });
    const tools = h("div", { class: "tools" },
      (this.hintBtn = h("button", { type: "button", class: "tool", title: "What the hard bot would do (key ?)", onclick: () => this.askHint(), disabled: true }, "Hint")),
      (this.lastBtn = h("button", { type: "button", class: "tool", "aria-pressed": "false", title: "Show the last trick (key .)", onclick: () => this.toggleLast() }, "Last trick")),
      h("button", { type: "button", class: "tool", onclick: () => this.openSheet() }, "Score sheet"),
      h("button", { type: "button", class: "tool", id: "turn-sound", "aria-pressed": String(soundOn()), title: "Sound: a short beep when it is your turn", "aria-label": "Sound on your turn", onclick: (e) => toggleSound(e.currentTarget) }, "♪"),
      h("button", { type: "button", class: "tool", id: "four-colour", "aria-pressed": String(document.body.classList.contains("four-colour")), title: "diamonds blue, clubs green", onclick: (e) => fourColour(e.currentTarget) }, "4 colours"),
      recordLink(this.id, "Record", { class: "tool" }));
    this.info = h("div", { class: "info" });
    this.live = h("div", { class: "live-score", role: "group", "aria-label": "points taken so far", hidden: true });
    this.live.addEventListener("scroll", () => markOverflow(this.live), { passive: true });
    if ("ResizeObserver" in window) new ResizeObserver(() => markOverflow(this.live)).observe(this.live);
    this.felt = h("div", { class: "felt", role: "region", "aria-label": "the table" });
    this.extrasBox = h("div", { class: "extras", hidden: true });
    this.note = h("div", { class: "trick-note", role: "status" });
    this.prompt = h("div", { class: "prompt", role: "status" });
    this.clock = h("div", { class: "turn-clock", role: "timer", hidden: true });
    this.buttons = h("div", { class: "actions" });
    this.hintBox = h("div", { class: "hint-box", hidden: true, role: "region", "aria-label": "hint" });
    this.hintBox.addEventListener("click", (e) => {
      if (/** @type {HTMLElement} */ (e.target).closest(".close")) this.hintBox.hidden = true;
    });
    this.hand = h("div", { class: "hand", role: "group", "aria-label": "your hand" });
    this.logBox = h("ol", { class: "log", "aria-label": "table log" });
    this.root.append(
      h("div", { class: "table-page" },
        h("div", { class: "bar" }, this.scores, tools, this.chat.button),
        this.info,
        this.live,
        this.felt,
        this.extrasBox,
        h("div", { class: "decide" }, h("div", { class: "status-line" }, this.note, this.prompt, this.clock), this.buttons, this.hintBox),
        this.hand),
      h("details", { class: "log-wrap" }, h("summary", {}, "Table log"), this.logBox),
      this.chat.drawer,
      (this.dialog = h("dialog", { class: "dialog", "aria-labelledby": "dialog-title" })));
    // a new size of the window re-fits the hand; a new size of the felt (a hint box opening) re-places the seats
    let pending = 0;
    window.addEventListener("resize", () => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => this.render());
    });
    if ("ResizeObserver" in window) new ResizeObserver(() => this.layout()).observe(this.felt);
  }

  setConn(state, text) {
    const el = document.getElementById("conn");
    if (el) {
      el.className = `conn ${state}`;
      el.textContent = text;
    }
    // Offline from the loss until a socket is up again: a reconnect attempt ("wait") changes nothing, so the
    // greyed table and its message do not flicker with every retry.
    if (state !== "wait") document.body.classList.toggle("offline", state === "down");
  }

  // ------------------------------------------------------------------ connection
  connect() {
    if (this.stopped) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(this.id)}`);
    this.ws = ws;
    this.setConn("wait", this.retries ? "reconnecting…" : "connecting…");
    ws.onopen = () => {
      const hello = { type: "hello", token: this.token };
      if (!this.token && this.viewToken) hello.watch_token = this.viewToken;
      const name = store.get("name");
      if (name) hello.name = name.slice(0, 40); // a seat's name, or a spectator's in the chat
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      this.receive(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      clearInterval(this.pinger);
      this.queue = [];
      if (this.stopped) {
        this.setConn("down", "disconnected");
        return;
      }
      const wait = RETRY[Math.min(this.retries, RETRY.length - 1)];
      this.retries += 1;
      this.setConn("down", `connection lost: reconnecting in ${Math.round(wait / 100) / 10} s`);
      this.renderDecision();
      setTimeout(() => this.connect(), wait);
    };
  }

  /** Drop the socket and say hello again at once (a spectator who just gave a name). */
  reconnect() {
    const ws = this.ws;
    this.ws = null; // its close is not a lost connection
    if (ws) ws.close();
    this.retries = 0;
    this.connect();
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    toast("Not connected: the action was not sent", "error");
    return false;
  }

  receive(msg) {
    if (msg.type === "welcome") {
      this.retries = 0;
      this.table = msg.table;
      this.game = gameOf(msg.table.game);
      this.seat = msg.seat;
      this.setConn("up", msg.seat === null ? "watching" : "connected");
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), 25000);
      setTitle(`${GAME_TITLES[msg.table.game] || msg.table.game} · ${msg.table.name || msg.table.preset}`);
      this.chat.update();
      if (msg.table.status === "open" || msg.table.status === "closed") this.render();
    } else if (msg.type === "table") {
      const before = this.table && this.table.status;
      const followed = this.table && this.table.next_match;
      this.table = msg.table;
      this.chat.update();
      if (msg.table.next_match && !followed) {
        followRematch(this, msg.table.next_match);
        return;
      }
      if (before !== msg.table.status && (msg.table.status === "finished" || msg.table.status === "closed")) this.onOver();
      this.render();
    } else if (msg.type === "view") {
      this.onView(msg);
    } else if (msg.type === "chat" || msg.type === "chat_history") {
      this.chat.receive(msg);
    } else if (msg.type === "refused") {
      this.queue = [];
      this.selected.clear();
      toast(`Refused: ${msg.reason}`, "error", 6000);
      this.render();
    } else if (msg.type === "error") {
      if (msg.code.startsWith("chat_")) this.chat.refused(msg);
      if (FINAL_ERRORS.has(msg.code)) {
        this.stopped = true;
        this.root.prepend(h("p", { class: "panel error", role: "alert" }, msg.message));
      }
      toast(msg.message, "error", 6000);
    }
  }

  names() {
    return (s) => (s === this.seat ? "You" : seatName(this.table, s));
  }

  // ------------------------------------------------------------------ views
  onView(msg) {
    noteView(this.id, msg);
    const first = this.view === null;
    this.view = msg;
    this.obs = msg.observation;
    if (this.table) {
      this.table.status = msg.status;
      this.table.ply = msg.ply;
    }
    this.clockEnd = msg.turn_clock ? performance.now() + msg.turn_clock.seconds * 1000 : null;
    if (msg.log) this.log = this.log.slice(0, msg.log.from).concat(msg.log.lines);
    if (msg.last && msg.last.by === "timer" && msg.last.seat === this.seat) toast("Your time ran out: a bot played that move for you", "error", 6000);
    this.hint = null;
    this.hintBox.hidden = true;
    const key = this.dealKeyOf(this.obs);
    if (first) {
      this.dealKey = key;
      this.loadReport(false);
    } else if (key !== this.dealKey) {
      this.dealKey = key;
      this.loadReport(true);
    }
    // a queued multi-card discard goes on while it is still this seat's turn
    if (this.queue.length && this.obs.current_player === this.seat && this.obs.legal_actions.length) {
      this.pump();
    } else if (this.queue.length && this.obs.current_player !== this.seat) {
      this.queue = [];
    }
    if (this.obs.current_player !== this.seat) this.selected.clear();
    this.render();
    if (msg.status === "finished" && first) this.onOver();
  }

  dealKeyOf(obs) {
    return this.game ? this.game.lastDealNumber(obs) : null;
  }

  async loadReport(popup) {
    try {
      this.report = await api(`/api/tables/${this.id}/replay`, { token: this.viewToken });
    } catch (err) {
      return;
    }
    const entries = this.game.reportEntries(this.report.report);
    if (this.dialog.open && this.dialog.dataset.kind === "sheet") this.openSheet();
    if (!popup || !entries.length) return;
    const entry = entries[entries.length - 1];
    let lastTrick = null;
    try {
      const end = await api(`/api/tables/${this.id}/replay?deal=${entry.deal}&frames=last`, { token: this.viewToken });
      const frame = end.frames[end.frames.length - 1];
      const tricks = frame && frame.view.tricks;
      if (tricks && tricks.length) lastTrick = tricks[tricks.length - 1];
    } catch {
      lastTrick = null;
    }
    if (this.view && this.view.status === "finished") showMatchEnd(this);
    else this.showSummary(entry, lastTrick);
  }

  ctx() {
    const names = this.names();
    const obs = this.obs;
    return { names, sideNames: (side) => this.game.sideName(obs, side, names) };
  }

  showSummary(entry, lastTrick) {
    const game = this.game;
    const body = h("div", { class: "summary-body", html: game.summaryHTML(entry, this.ctx()) });
    const verdict = verdictOf(this.id, entry.deal - 1);
    if (verdict) {
      const badge = h("p", { class: "fair-badge", role: "status" }, "Checking the deck against its seal...");
      body.append(badge);
      verdict.then((v) => {
        badge.textContent = v.text;
        badge.dataset.state = v.state;
      });
    }
    if (lastTrick) {
      const wrap = h("div", { class: "last-of-hand" }, h("h4", {}, "The last trick"));
      const row = h("div", { class: "trick-row" });
      for (const [seat, card] of lastTrick.plays) {
        row.append(h("figure", { class: lastTrick.winner === seat ? "won" : "" }, cardElement(card, game.deck, { small: true }), h("figcaption", {}, this.names()(seat))));
      }
      wrap.append(row);
      body.append(wrap);
    }
    this.openDialog("summary", game.summaryTitle, body);
  }

  openDialog(kind, title, body) {
    this.dialog.innerHTML = "";
    this.dialog.dataset.kind = kind;
    this.dialog.append(
      h("h2", { id: "dialog-title" }, title),
      body,
      h("form", { method: "dialog" }, h("button", { class: "primary", value: "ok" }, "Continue")));
    if (!this.dialog.open) this.dialog.showModal();
  }

  openSheet() {
    if (!this.table) return;
    const body = h("div", { html: this.game.sheetHTML(this.report && this.report.report, this.ctx()) });
    this.openDialog("sheet", "Score sheet", body);
  }

  async onOver() {
    await this.loadReport(false);
    if (this.table && this.table.status === "finished" && !(this.dialog.open && this.dialog.dataset.kind === "end")) showMatchEnd(this);
  }

  // ------------------------------------------------------------------ decisions
  act(actionText) {
    const action = this.obs.legal_actions.find((a) => a.action === actionText);
    this.send({ type: "action", action: action ? action.id : actionText, ply: this.view.ply });
  }

  confirmDiscard() {
    const rule = this.game.discardRule(this.obs, this.table.rules);
    const chosen = [...this.selected];
    if (chosen.length < rule.min || chosen.length > rule.max) {
      toast(rule.free ? "Choose at least one card" : `Choose exactly ${rule.min} card${rule.min === 1 ? "" : "s"}`, "error");
      return;
    }
    const texts = chosen.map((c) => `-${c}`);
    if (rule.free) texts.push("done");
    this.queue = texts;
    this.selected.clear();
    this.pump();
  }

  /** Send the next card of a multi-card discard: one the rules allow now (they may change with each discard). */
  pump() {
    const legal = new Set(this.obs.legal_actions.map((a) => a.action));
    let i = this.queue.findIndex((t) => t !== "done" && legal.has(t));
    if (i < 0 && this.queue.every((t) => t === "done")) {
      if (!legal.has("done")) {
        // the rules want more cards gone: the seat chooses again
        this.queue = [];
        this.render();
        return;
      }
      i = 0;
    }
    if (i < 0) {
      const left = this.queue.filter((t) => t !== "done").map((t) => t.slice(1));
      toast(`${left.join(" ")} cannot be discarded now: choose again`, "error", 6000);
      this.queue = [];
      this.render();
      return;
    }
    const [next] = this.queue.splice(i, 1);
    this.act(next);
  }

  async askHint() {
    if (!this.token || !this.obs || this.obs.current_player !== this.seat) return;
    this.hintBtn.disabled = true;
    this.hintBox.hidden = false;
    this.hintBox.innerHTML = "<p class=\"thinking\">The hard bot is thinking…</p>";
    try {
      const hint = await api(`/api/tables/${this.id}/hint`, { method: "POST", token: this.token });
      if (hint.ply !== this.view.ply) return;
      this.hint = hint;
      const game = this.game;
      const label = (a) => (this.handHas(a.action) ? cardHTML(a.action, game.deck) : esc(game.actionLabel(a.action)));
      const value = (v) => `${v >= 0 ? "+" : "−"}${Math.abs(v).toFixed(2)}`;
      const values = hint.values.slice(0, 12);
      const rows = values.map((v) => `<li class="${v.id === hint.choice.id ? "best" : ""}"><span class="what">${label(v)}</span> <span class="val">${value(v.value)}</span>${v.id === hint.choice.id ? ' <small>(its choice)</small>' : ""}</li>`).join("");
      const top = values[0];
      // the search bot keeps its rule-of-thumb choice when a higher value is within the noise of its sample
      const kept = top && top.id !== hint.choice.id && values.some((v) => v.id === hint.choice.id)
        ? `<p class="note">${label(top)} scored higher on the sampled deals, but not by more than chance: the bot keeps its rule-of-thumb choice.</p>` : "";
      const method = esc(hint.method.replace(/, heuristic choice kept within the noise$/, ""));
      this.hintBox.innerHTML = `<button type="button" class="close" aria-label="Close the hint">×</button><p>Hint: the hard bot would choose <b>${label(hint.choice)}</b></p>${kept}` +
        (rows && values.length > 1 ? `<p class="note">Its values, points for your side against the others (${method}):</p><ol class="hint-values" aria-label="values for your side">${rows}</ol>` : `<p class="note">${method}</p>`);
    } catch (err) {
      this.hintBox.innerHTML = `<p class="error">${esc(err.message)}</p>`;
    } finally {
      this.hintBtn.disabled = !(this.obs && this.obs.current_player === this.seat);
    }
  }

  handHas(text) {
    return (this.obs.hand || []).some((c) => c.card === text);
  }

  toggleLast() {
    this.showLast = !this.showLast;
    this.lastBtn.setAttribute("aria-pressed", String(this.showLast));
    this.render();
  }

  key(e) {
    if (!this.obs || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target && ["INPUT", "TEXTAREA", "SELECT"].includes(e.target.tagName)) return;
    if (this.dialog.open) return;
    if (e.key === "?") return void this.askHint();
    if (e.key === ".") return void this.toggleLast();
    if (e.key === "Enter" && this.selected.size) return void this.confirmDiscard();
    const mine = this.obs.current_player === this.seat;
    if (!mine) return;
    const cards = [.../** @type {NodeListOf<HTMLButtonElement>} */ (this.hand.querySelectorAll("button.card:not([disabled])"))];
    const inCards = this.obs.phase === "play" || this.obs.phase === "discard";
    if (inCards && /^[1-9]$/.test(e.key)) {
      const all = [.../** @type {NodeListOf<HTMLButtonElement>} */ (this.hand.querySelectorAll(".card"))];
      const el = all[Number(e.key) - 1];
      if (el && cards.includes(el)) el.click();
      return;
    }
    if (inCards && e.key === "0") {
      const el = [.../** @type {NodeListOf<HTMLButtonElement>} */ (this.hand.querySelectorAll(".card"))][9];
      if (el && cards.includes(el)) el.click();
      return;
    }
    const btn = /** @type {HTMLButtonElement|null} */ (this.buttons.querySelector(`button[data-key="${CSS.escape(e.key.toLowerCase())}"]`));
    if (btn) btn.click();
  }

  // ------------------------------------------------------------------ rendering
  render() {
    if (!this.table) return;
    const t = this.table;
    this.renderScores();
    if (t.status === "open" || !this.obs) {
      this.renderLobby();
      return;
    }
    const obs = this.obs;
    const names = this.names();
    this.info.innerHTML = this.game.infoHTML(obs, names, t.rules);
    livePanel(this.live, this.game, obs, t.rules, names);
    this.renderFelt();
    this.renderHand();
    this.renderDecision();
    this.layout();
    this.animate();
    this.renderLog();
  }

  /** The table log, newest at the bottom (text only: names are the players' own words). */
  renderLog() {
    const lines = this.log.slice(-200);
    this.logBox.replaceChildren(...lines.map((line) => h("li", { class: /^(Hand|Deal|Game) \d+:/.test(line) ? "deal" : null }, line)));
    this.logBox.scrollTop = this.logBox.scrollHeight;
  }

  renderScores() {
    const names = this.names();
    this.scores.innerHTML = "";
    for (const s of this.game && this.obs ? this.game.scoreboard(this.obs, names) : []) {
      this.scores.append(h("span", { class: `score${s.mine ? " mine" : ""}`, title: s.title || null }, h("span", { class: "who" }, s.name), " ", h("b", {}, String(s.score))));
    }
  }

  renderLobby() {
    const t = this.table;
    this.info.textContent = `${GAME_TITLES[t.game]} · ${t.preset} · ${t.players} players`;
    this.felt.innerHTML = "";
    this.felt.classList.add("lobby-felt");
    this.extrasBox.hidden = true;
    this.live.hidden = true;
    this.hand.innerHTML = "";
    this.buttons.innerHTML = "";
    const list = h("ul", { class: "lobby-seats" });
    for (const s of t.seats) {
      const who = s.kind === "human" ? (s.name || (s.seat === this.seat ? "You" : "a player")) : seatName(t, s.seat);
      list.append(h("li", {}, h("span", { class: `dot ${s.status}` }), ` Seat ${s.seat}: ${who} `, h("small", {}, s.status === "free" ? "(free)" : `(${s.status})`)));
    }
    const box = h("div", { class: "lobby panel" }, h("h2", {}, t.status === "closed" ? "This table is closed" : "Waiting to start"), list);
    if (t.status === "open") {
      const invites = this.hostToken ? JSON.parse(store.get(`invites.${t.id}`) || "[]") : [];
      if (invites.length) {
        const ul = h("ul", { class: "invites" });
        for (const inv of invites) {
          if (inv.seat === this.seat) continue;
          ul.append(h("li", {}, `Seat ${inv.seat}: `, h("input", { class: "link", readonly: true, value: inv.url, "aria-label": `invite link for seat ${inv.seat}` }),
            h("button", { type: "button", onclick: async () => toast((await copyText(inv.url)) ? "Invite link copied" : "Copy the link by hand", "ok") }, "Copy")));
        }
        if (ul.children.length) box.append(h("h3", {}, "Invite links"), ul);
      }
      if (this.hostToken) {
        box.append(h("button", { type: "button", class: "primary", id: "start", onclick: () => this.start() }, "Start the match"));
        box.append(h("p", { class: "note" }, "Seats nobody has taken are played by a bot once the match starts (after the away time)."));
      } else {
        box.append(h("p", { class: "note" }, "The host starts the match."));
      }
    }
    this.felt.append(box);
    this.prompt.textContent = "";
  }

  async start() {
    try {
      this.table = await api(`/api/tables/${this.id}/start`, { method: "POST", token: this.hostToken });
    } catch (err) {
      toast(err.message, "error");
    }
  }

  renderFelt() {
    const t = this.table;
    const obs = this.obs;
    const n = t.players;
    const me = this.seat ?? 0;
    const names = this.names();
    const partners = this.seat === null ? [] : this.game.partners(obs);
    this.felt.innerHTML = "";
    this.felt.classList.remove("lobby-felt");
    for (let s = 0; s < n; s++) {
      const info = t.seats[s] || {};
      this.felt.append(seatElement({
        seat: s, me, n, name: s === this.seat ? `You` : seatName(t, s), status: info.status,
        tagsHTML: this.game.seatTags(obs, s, t.rules), count: obs.hand_sizes ? obs.hand_sizes[s] : null,
        toAct: obs.current_player === s, mine: s === this.seat, deck: this.game.deck, partner: partners.includes(s),
      }));
    }
    let note = "";
    const trick = obs.trick || [];
    const done = obs.tricks || [];
    if (this.showLast && done.length) {
      const last = done[done.length - 1];
      note = `Last trick: ${names(last.winner)} won it`;
      this.felt.append(trickElement(last.plays, { deck: this.game.deck, winner: last.winner, label: note, names }));
    } else if (trick.length) {
      this.felt.append(trickElement(trick, { deck: this.game.deck, names }));
    } else if (done.length && obs.phase === "play") {
      const last = done[done.length - 1];
      note = `${names(last.winner)} won the trick`;
      if (!this.swept.has(this.trickKey(done.length))) {
        this.felt.append(trickElement(last.plays, { deck: this.game.deck, winner: last.winner, faded: true, label: note, names }));
      }
    }
    this.note.textContent = note;
    this.chat.decorate(this.felt);
    this.extrasBox.replaceChildren(...extraElements(this.game.extras(obs), this.game.deck));
    this.extrasBox.hidden = !this.extrasBox.children.length;
  }

  trickKey(count) {
    return `${this.dealKey}:${count}`;
  }

  /** Motion, unless the person asked for less: new trick cards travel from their seat, a finished trick pauses
   * and sweeps to its winner, new cards in the hand are dealt from the middle of the table. */
  animate() {
    const speed = motionFactor(); // the page's animation speed (the start page's setting)
    const still = !("animate" in Element.prototype) || matchMedia("(prefers-reduced-motion: reduce)").matches || speed === 0;
    const obs = this.obs;
    const felt = this.felt.getBoundingClientRect();
    const centre = { x: felt.left + felt.width / 2, y: felt.top + felt.height / 2 };
    const plate = (seat) => {
      const el = seat === this.seat ? this.hand : this.felt.querySelector(`.seat[data-seat="${seat}"]`);
      if (!el) return centre;
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    };
    const from = (el, point) => {
      const r = el.getBoundingClientRect();
      return `translate(${point.x - (r.left + r.width / 2)}px, ${point.y - (r.top + r.height / 2)}px)`;
    };
    // trick cards: each new one comes from its seat
    const playing = !this.showLast;
    const cards = playing ? [.../** @type {NodeListOf<HTMLElement>} */ (this.felt.querySelectorAll(".trick .card.in-trick"))] : [];
    for (const el of cards) {
      const index = (obs.tricks || []).length - (el.closest(".trick.done") ? 1 : 0);
      const key = `${this.dealKey}:${index}:${el.dataset.seat}:${el.dataset.card}`;
      if (this.seenPlays.has(key)) continue;
      this.seenPlays.add(key);
      if (!still) el.animate([{ transform: `${from(el, plate(Number(el.dataset.seat)))} scale(0.7)`, opacity: 0.4 }, { transform: "none", opacity: 1 }], { duration: 320 * speed, easing: "cubic-bezier(.2,.7,.3,1)" });
    }
    if (this.seenPlays.size > 400) this.seenPlays = new Set([...this.seenPlays].slice(-100));
    // a finished trick: a pause to read it, then it sweeps to the seat that won it
    const done = obs.tricks || [];
    const finished = playing && !(obs.trick || []).length && done.length && obs.phase === "play" ? this.trickKey(done.length) : null;
    if (finished && !this.swept.has(finished) && this.sweeping !== finished) {
      this.sweeping = finished;
      const winner = done[done.length - 1].winner;
      if (still) {
        this.sweeping = null;
      } else {
        setTimeout(() => {
          const els = [...this.felt.querySelectorAll(".trick.done .card.in-trick")];
          const runs = els.map((el) => el.animate([{ transform: "none", opacity: 1 }, { transform: `${from(el, plate(winner))} scale(0.5)`, opacity: 0 }], { duration: 300 * speed, easing: "ease-in", fill: "forwards" }));
          Promise.all(runs.map((a) => a.finished)).catch(() => null).then(() => {
            this.swept.add(finished);
            if (this.sweeping === finished) this.sweeping = null;
            for (const el of els) if (el.isConnected) el.remove();
          });
        }, 600 * speed);
      }
    }
    // the hand: cards it did not hold before are dealt from the middle of the table
    const ids = new Set((obs.hand || []).map((c) => String(c.id)));
    const before = this.handIds;
    this.handIds = ids;
    if (still || !before) return;
    let i = 0;
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (this.hand.querySelectorAll(".card"))) {
      const card = (obs.hand || []).find((c) => c.card === el.dataset.card);
      if (!card || before.has(String(card.id))) continue;
      el.animate([{ transform: `${from(el, centre)} scale(0.6) rotate(-8deg)`, opacity: 0 }, { transform: "none", opacity: 1 }], { duration: 360 * speed, delay: 45 * i * speed, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" });
      i += 1;
    }
  }

  /** Seats and trick placed in pixels once the page has its size. */
  layout() {
    if (!this.table || !this.obs || this.table.status === "open") return;
    const maxCard = parseFloat(getComputedStyle(this.felt).getPropertyValue("--cw")) || 62;
    layoutFelt(this.felt, this.seat ?? 0, this.table.players, { maxCard });
  }

  renderHand() {
    const t = this.table;
    const obs = this.obs;
    this.hand.innerHTML = "";
    if (this.seat === null) {
      this.hand.append(h("p", { class: "note" }, "You are watching: every seat's cards stay hidden."));
      return;
    }
    const mine = obs.current_player === this.seat && this.view.status === "running";
    const legal = new Map(obs.legal_actions.map((a) => [a.action, a]));
    const discarding = mine && obs.legal_actions.some((a) => a.action.startsWith("-"));
    const playing = mine && obs.legal_actions.some((a) => this.handHas(a.action));
    const game = this.game;
    const cards = game.sortHand(obs.hand || [], obs);
    const els = cards.map((card, i) => {
      let clickable = false;
      let cls = "";
      let state = "";
      if (discarding) {
        clickable = legal.has(`-${card.card}`);
        cls = clickable ? "legal" : "dim";
        if (this.selected.has(card.card)) cls += " selected";
        state = clickable ? game.discardableState : "must be kept";
      } else if (playing) {
        clickable = legal.has(card.card);
        cls = clickable ? "legal" : "dim";
        state = clickable ? "playable" : "not playable now";
      }
      const el = cardElement(card, game.deck, { button: true, extra: cls, label: state });
      if (i < 10 && (discarding || playing)) el.dataset.key = String((i + 1) % 10);
      if (!clickable) el.disabled = true;
      if (discarding) el.setAttribute("aria-pressed", String(this.selected.has(card.card)));
      el.addEventListener("click", () => {
        if (discarding) {
          if (this.selected.has(card.card)) this.selected.delete(card.card);
          else this.selected.add(card.card);
          this.render();
          const again = /** @type {HTMLElement|null} */ (this.hand.querySelector(`[data-card="${CSS.escape(card.card)}"]`));
          if (again) again.focus();
        } else if (playing) {
          this.act(card.card);
        }
      });
      return el;
    });
    if (!cards.length) {
      this.hand.append(h("p", { class: "note" }, obs.phase === "play" ? game.outOfCards : ""));
      return;
    }
    this.fitHand(els);
  }

  /** The hand in as few rows as keep every card's visible strip at least 40 px wide (a finger's width). */
  fitHand(els) {
    const width = this.hand.clientWidth - 8;
    const style = getComputedStyle(this.hand);
    const cw = parseFloat(style.getPropertyValue("--cw")) || 62;
    const touch = 40;
    const n = els.length;
    let perRow = n;
    if (n * (cw + 2) > width) perRow = Math.max(1, Math.floor((width - cw) / touch) + 1);
    const rows = Math.ceil(n / perRow);
    perRow = Math.ceil(n / rows);
    const step = perRow > 1 ? Math.min(cw + 2, (width - cw) / (perRow - 1)) : cw;
    this.hand.classList.toggle("rows", rows > 1);
    for (let r = 0; r < rows; r++) {
      const row = h("div", { class: "hand-row" });
      els.slice(r * perRow, (r + 1) * perRow).forEach((el, i) => {
        if (i) el.style.marginLeft = `${step - cw}px`;
        row.append(el);
      });
      this.hand.append(row);
    }
  }

  renderDecision() {
    if (!this.table || !this.obs) return;
    const t = this.table;
    const obs = this.obs;
    const mine = this.seat !== null && obs.current_player === this.seat && this.view.status === "running";
    const offline = !this.ws || this.ws.readyState !== WebSocket.OPEN;
    this.buttons.innerHTML = "";
    this.hintBtn.disabled = !mine || offline;
    this.prompt.classList.toggle("result", this.view.status === "finished");
    this.turn.update(mine && !offline);
    showClock(this.clock, this.view.status === "running" ? this.view.turn_clock || null : null, this.clockEnd, this.names(), this.seat);
    if (this.view.status !== "running") {
      this.prompt.innerHTML = this.view.status === "finished" ? this.game.resultHTML(obs, this.names()) : `The table is ${this.view.status}.`;
      if (this.view.status === "finished") {
        if (mayRematch(this)) this.buttons.append(rematchButton(this, "rematch"));
        this.buttons.append(h("button", { type: "button", id: "match-end", onclick: () => showMatchEnd(this) }, "Match summary"));
        this.buttons.append(h("a", { class: `button${mayRematch(this) ? "" : " primary"}`, href: `/replay/${t.id}` }, "Replay this match"),
          h("a", { class: "button", id: "analyse-match", href: `/replay/${t.id}?analyse=1` }, "Analyse"),
          recordLink(t.id, "Download the record", { class: "button" }),
          h("a", { class: "button", href: "/" }, "New table"));
      }
      return;
    }
    if (!mine) {
      const who = obs.current_player >= 0 ? seatName(t, obs.current_player) : "";
      this.prompt.textContent = who ? `Waiting for ${who}…` : "";
      return;
    }
    this.prompt.textContent = this.game.promptText(obs, t.rules);
    const discarding = obs.legal_actions.some((a) => a.action.startsWith("-"));
    if (discarding) {
      const rule = this.game.discardRule(obs, t.rules);
      const n = this.selected.size;
      const ok = n >= rule.min && n <= rule.max;
      const cardsWord = (k) => `${k} card${k === 1 ? "" : "s"}`;
      let label = `${rule.verb} ${cardsWord(n)}`;
      if (rule.free && n === 0) label = "Keep every card";
      else if (!ok && n < rule.min) label = n ? `Choose ${rule.min - n} more` : `Choose ${cardsWord(rule.min)}`;
      this.buttons.append(h("button", { type: "button", class: "primary", id: "confirm", disabled: !ok || offline, onclick: () => this.confirmDiscard(), "data-key": "enter" }, label));
      if (n) this.buttons.append(h("button", { type: "button", onclick: () => { this.selected.clear(); this.render(); } }, "Clear"));
      return;
    }
    // Many choices of one kind (a card to call, out of the whole deck) are a list to pick from, not a wall of buttons.
    /** @type {Map<string, string[]>} */
    const kinds = new Map();
    for (const a of obs.legal_actions) {
      if (this.handHas(a.action) || a.action.startsWith("-")) continue;
      const [word, arg] = a.action.split(" ");
      if (arg) kinds.set(word, [...(kinds.get(word) || []), a.action]);
    }
    const listed = new Set();
    for (const [word, actions] of kinds) {
      if (actions.length <= MAX_BUTTONS_OF_A_KIND) continue;
      listed.add(word);
      const label = this.game.actionLabel(word);
      const go = /** @type {HTMLButtonElement} */ (h("button", {
        type: "button", class: "act primary", disabled: true, "data-action": word, onclick: () => { if (pick.value) this.act(pick.value); },
      }, label));
      const pick = /** @type {HTMLSelectElement} */ (h("select", {
        class: "pick", id: `pick-${word}`, "aria-label": label, disabled: offline,
        onchange: () => { go.disabled = offline || !pick.value; },
      }, h("option", { value: "", selected: true, disabled: true }, "Choose…"),
      ...actions.map((x) => h("option", { value: x }, this.game.actionLabel(x)))));
      this.buttons.append(pick, go);
    }
    const keys = new Map();
    for (const a of obs.legal_actions) {
      if (this.handHas(a.action) || a.action.startsWith("-") || listed.has(a.action.split(" ")[0])) continue;
      const k = actionKey(a.action);
      keys.set(k, (keys.get(k) || 0) + 1);
    }
    for (const a of obs.legal_actions) {
      if (this.handHas(a.action) || a.action.startsWith("-") || listed.has(a.action.split(" ")[0])) continue;
      const k = actionKey(a.action);
      const unique = keys.get(k) === 1;
      const extra = this.game.actionClass(a.action);
      const btn = h("button", {
        type: "button", class: `act${extra ? ` ${extra}` : ""}`,
        disabled: offline, "data-action": a.action, "data-key": unique ? k : null, title: unique ? `key ${k}` : null,
        onclick: () => this.act(a.action),
      }, this.game.actionLabel(a.action));
      this.buttons.append(btn);
    }
  }
}
