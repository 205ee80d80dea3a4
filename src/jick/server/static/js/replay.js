// The replay viewer: a finished game (or an uploaded record) deal by deal, action by action, every hand face up.

import { AnalysisPanel } from "./analysis.js";
import { GAME_TITLES, api, esc, h, seatName, setTitle, store, tableToken, toast } from "./api.js";
import { cardElement } from "./cards.js";
import { extraElements, layoutFelt, seatElement, trickElement } from "./felt.js";
import { gameOf } from "./games/index.js";

/** The replay buttons' icons drawn as SVG (a font may lack the media-control glyphs). */
const ICONS = {
  first: '<path d="M3 2h2v12H3zM14 2v12L6 8z"/>',
  back: '<path d="M12 2v12L4 8z"/>',
  forward: '<path d="M4 2v12l8-6z"/>',
  last: '<path d="M11 2h2v12h-2zM2 2v12l8-6z"/>',
};

function icon(name) {
  return `<svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="currentColor">${ICONS[name]}</svg>`;
}

export class ReplayPage {
  constructor(root, tableId) {
    this.root = root;
    this.tableId = tableId;
    this.record = null;
    if (!tableId) {
      try {
        this.record = sessionStorage.getItem("jick.replay");
      } catch {
        this.record = null;
      }
    }
    this.data = null;
    /** @type {import("./games/interface.js").Game|null} the record's game, known once it is loaded */
    this.game = null;
    this.deal = 1;
    this.step = 0;
    this.timer = null;
    /** @type {number|null} practice: the only seat whose cards are shown (the others' stay face down) */
    this.hideFor = null;
    this.analysis = new AnalysisPanel(this);
    this.build();
    document.addEventListener("keydown", (e) => this.key(e));
    if (!tableId && !this.record) {
      this.felt.append(h("div", { class: "panel" }, h("p", {}, "No record to show. "), this.filePicker()));
      return;
    }
    this.loadTable();
    this.load(1, 0).then(() => {
      if (new URLSearchParams(location.search).get("analyse") && this.data) this.analysis.start();
    });
    let pending = 0;
    window.addEventListener("resize", () => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => this.layout());
    });
    if ("ResizeObserver" in window) new ResizeObserver(() => this.layout()).observe(this.felt);
  }

  /** The table's seats (names of people and bots) when the record is a table's. */
  async loadTable() {
    if (!this.tableId) return;
    try {
      this.table = await api(`/api/tables/${encodeURIComponent(this.tableId)}`, { token: tableToken(this.tableId) });
    } catch {
      this.table = null;
    }
    this.offerSeats();
    if (this.data) this.go(this.step);
  }

  layout() {
    if (this.data) layoutFelt(this.felt, 0, this.data.players, { maxCard: 48 });
  }

  filePicker() {
    const file = h("input", { type: "file", accept: ".json,application/json", "aria-label": "a record file" });
    file.addEventListener("change", () => {
      const f = file.files && file.files[0];
      if (!f) return;
      const reader = new FileReader();
      reader.onload = () => {
        this.record = String(reader.result);
        try {
          sessionStorage.setItem("jick.replay", this.record);
        } catch {
          /* kept in this page only */
        }
        this.load(1, 0);
      };
      reader.readAsText(f);
    });
    return file;
  }

  build() {
    this.root.innerHTML = "";
    this.head = h("div", { class: "bar replay-bar" });
    this.info = h("div", { class: "info" });
    this.felt = h("div", { class: "felt replay", role: "region", "aria-label": "the table, every hand face up" });
    this.dealSel = h("select", { id: "deal", "aria-label": "deal" });
    this.dealSel.addEventListener("change", () => this.load(Number(this.dealSel.value), 0));
    this.slider = h("input", { type: "range", min: "0", max: "0", value: "0", id: "step", "aria-label": "step" });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.stepText = h("div", { class: "step-text", role: "status", "aria-live": "polite" });
    this.playBtn = h("button", { type: "button", id: "play", onclick: () => this.toggle() }, "▶ Play");
    const controls = h("div", { class: "replay-controls" },
      this.dealSel,
      h("button", { type: "button", id: "first", class: "icon", title: "start of the deal (Home)", "aria-label": "start of the deal", onclick: () => this.go(0), html: icon("first") }),
      h("button", { type: "button", id: "back", class: "icon", title: "back one action (←)", "aria-label": "back one action", onclick: () => this.go(this.step - 1), html: icon("back") }),
      this.playBtn,
      h("button", { type: "button", id: "forward", class: "icon", title: "forward one action (→)", "aria-label": "forward one action", onclick: () => this.go(this.step + 1), html: icon("forward") }),
      h("button", { type: "button", id: "last", class: "icon", title: "end of the deal (End)", "aria-label": "end of the deal", onclick: () => this.go(this.frames().length - 1), html: icon("last") }),
      this.slider);
    this.summary = h("div", { class: "panel replay-summary", hidden: true });
    this.extrasBox = h("div", { class: "extras", hidden: true });
    this.sheet = h("details", { class: "panel" }, h("summary", {}, "Score sheet"));
    this.root.append(h("div", { class: "table-page replay-page" }, this.head, this.info, this.felt, this.extrasBox, controls, this.stepText, this.analysis.note, this.summary, this.analysis.el, this.sheet));
  }

  frames() {
    return this.data ? this.data.frames : [];
  }

  async load(deal, step) {
    this.stop();
    try {
      if (this.tableId) this.data = await api(`/api/tables/${encodeURIComponent(this.tableId)}/replay?deal=${deal}`, { token: tableToken(this.tableId) });
      else this.data = await api(`/api/replay?deal=${deal}`, { method: "POST", body: this.record, raw: true });
    } catch (err) {
      this.felt.innerHTML = "";
      this.felt.append(h("p", { class: "panel error", role: "alert" }, `This record cannot be replayed: ${err.message}`));
      toast(err.message, "error");
      return;
    }
    this.deal = deal;
    const d = this.data;
    this.game = gameOf(d.game);
    const word = this.game.dealWord;
    setTitle(`Replay · ${GAME_TITLES[d.game] || d.game} · ${d.preset || ""}`);
    this.dealSel.innerHTML = "";
    for (const item of d.deals) {
      this.dealSel.append(h("option", { value: String(item.deal), selected: item.deal === deal }, `${word[0].toUpperCase()}${word.slice(1)} ${item.deal}${item.outcome && item.outcome !== "played" && item.outcome !== "over" ? ` (${item.outcome})` : item.outcome ? "" : " (in play)"}`));
    }
    this.slider.max = String(Math.max(0, d.frames.length - 1));
    this.sheet.innerHTML = "";
    this.sheet.append(h("summary", {}, "Score sheet"), h("div", { html: this.game.sheetHTML(d.report, this.ctx(null)) }));
    this.offerSeats();
    this.go(step === "end" ? d.frames.length - 1 : step);
    this.analysis.show();
  }

  /** The analysis's seat choice: every seat of the record; this browser's own seat (its token's) first, else
   * the first person's. */
  offerSeats() {
    if (!this.data) return;
    const own = this.tableId ? store.get(`seat.${this.tableId}`) : null;
    const seats = this.table && this.table.seats ? this.table.seats : [];
    const person = seats.findIndex((/** @type {any} */ s) => s.kind === "human");
    this.analysis.setSeats(this.data.players, this.names(), Boolean(own), person >= 0 ? person : 0);
  }

  names() {
    const d = this.data;
    return (s) => (d && d.names && d.names[s]) || (this.table ? seatName(this.table, s) : `Seat ${s}`);
  }

  ctx(view) {
    const names = this.names();
    return { names, sideNames: (side) => this.game.sideName(view, side, names) };
  }

  go(i) {
    const frames = this.frames();
    if (!frames.length) {
      this.felt.innerHTML = "";
      this.felt.append(h("p", { class: "panel" }, "This deal was redealt before anyone acted."));
      this.stepText.textContent = "";
      return;
    }
    if (i < 0) {
      if (this.deal > 1) this.load(this.deal - 1, "end");
      return;
    }
    if (i >= frames.length) {
      if (this.deal < this.data.deals.length) this.load(this.deal + 1, 0);
      else this.stop();
      return;
    }
    this.step = i;
    this.slider.value = String(i);
    this.render(frames[i], i === frames.length - 1);
  }

  toggle() {
    if (this.timer) this.stop();
    else {
      this.timer = setInterval(() => {
        const end = this.step >= this.frames().length - 1 && this.deal >= this.data.deals.length;
        if (end) this.stop();
        else this.go(this.step + 1);
      }, 700);
      this.playBtn.textContent = "⏸ Pause";
    }
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    if (this.playBtn) this.playBtn.textContent = "▶ Play";
  }

  key(e) {
    if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName) && e.target.type !== "range") return;
    if (e.key === "ArrowRight") this.go(this.step + 1);
    else if (e.key === "ArrowLeft") this.go(this.step - 1);
    else if (e.key === "Home") this.go(0);
    else if (e.key === "End") this.go(this.frames().length - 1);
    else return;
    e.preventDefault();
  }

  render(frame, last) {
    const d = this.data;
    const game = this.game;
    const deck = game.deck;
    const view = frame.view;
    const n = d.players;
    const names = this.names();
    this.head.innerHTML = `<span><b>${esc(GAME_TITLES[d.game] || d.game)}</b> ${esc(d.preset || "")} · replay</span>`;
    // the last frame's view is already the next deal's: its number is this deal's
    const numbered = { ...view, hand_number: this.deal, deal_number: this.deal, game_number: this.deal };
    this.info.innerHTML = game.infoHTML(numbered, names, null);
    this.felt.innerHTML = "";
    for (let s = 0; s < n; s++) {
      const hidden = this.hideFor !== null && s !== this.hideFor;
      const own = hidden ? {} : frame.seats[s] || {};
      const el = seatElement({
        seat: s, me: 0, n, name: names(s), status: null, tagsHTML: game.seatTags(view, s, null),
        count: hidden ? ((frame.seats[s] || {}).hand || []).length : null, toAct: view.current_player === s,
        cards: hidden ? null : own.hand || [], deck,
      });
      const aside = [];
      if (own.kitty && own.kitty.length && (view.phase === "trump" || view.phase === "discard")) aside.push(["kitty", own.kitty]);
      if (own.own_discards && own.own_discards.length) aside.push([game.discardedWord, own.own_discards]);
      if (own.widow_seen && own.widow_seen.length && view.phase === "widow") aside.push(["widow half seen", own.widow_seen]);
      for (const [label, cards] of aside) {
        const row = h("div", { class: "open-hand aside" }, h("small", {}, label));
        for (const c of cards) row.append(cardElement(c, deck, { small: true, extra: "tiny" }));
        el.append(row);
      }
      if (frame.seat === s) el.classList.add("acted");
      this.felt.append(el);
    }
    const trick = view.trick || [];
    const done = view.tricks || [];
    let note = "";
    if (trick.length) this.felt.append(trickElement(trick, { deck, names }));
    else if (done.length && (view.phase === "play" || last)) {
      const t = done[done.length - 1];
      note = `${names(t.winner)} won the trick`;
      this.felt.append(trickElement(t.plays, { deck, winner: t.winner, faded: true, label: note, names }));
    }
    const extras = extraElements(game.replayExtras(view), deck);
    this.extrasBox.replaceChildren(...extras);
    this.extrasBox.hidden = !extras.length;
    this.layout();
    const total = this.frames().length - 1;
    const word = game.dealWord;
    const what = frame.seat === null ? `the ${word} is dealt` : `${names(frame.seat)} ${game.logText(frame.action)}`;
    this.stepText.textContent = `Action ${frame.ply} (${this.step} of ${total} in this ${word}): ${what}${note ? `; ${note}` : ""}`;
    const entry = game.reportEntries(d.report).find((e) => e.deal === this.deal);
    if (last && entry) {
      this.summary.hidden = false;
      this.summary.innerHTML = game.summaryHTML(entry, this.ctx(view));
    } else {
      this.summary.hidden = true;
    }
    this.analysis.place();
  }
}
