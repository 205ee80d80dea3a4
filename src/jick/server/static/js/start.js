// The start page: create a table (game, preset, players, house rules, seats), hand out invites, watch, replay.

import { ComparePanel } from "./compare.js";
import { GAME_TITLES, MOTION_SPEEDS, allTokens, api, botLabel, copyText, esc, h, recordLink, setTitle, store, toast } from "./api.js";

/** How often the lobby asks for the tables again while the page is in sight, and never sooner than (ms). */
const REFRESH_MS = 20_000;
const MIN_REFRESH_MS = 5_000;

const SEAT_KINDS = [
  ["human", "Person"],
  ["easy", "Easy bot"],
  ["normal", "Normal bot"],
  ["hard", "Hard bot"],
  ["random", "Random bot"],
];

const LEVELS = [
  ["easy", "Easy: plays by rules of thumb, at once"],
  ["normal", "Normal: looks ahead"],
  ["hard", "Hard: looks ahead longer"],
];

/** The bots' pace at a new table: seconds a bot waits before it acts ("": the server's setting). */
const BOT_DELAYS = [["", "Normal"], ["0.3", "Quick"], ["0", "No pause"], ["2", "Slow (2 s)"]];

/**
 * The two speed settings of a table, as selects: the bots' delay (sent at creation) and the page's motion
 * (kept in this browser). Both start from this browser's last choice.
 * @param {string} prefix  the ids' prefix ("quick-" or "")
 */
function speedSelects(prefix) {
  const delay = store.get("bot-delay") || "";
  const motion = store.get("motion") || "1";
  const bots = h("select", { id: `${prefix}bot-delay` }, BOT_DELAYS.map(([v, label]) => h("option", { value: v, selected: v === delay }, label)));
  const moves = h("select", { id: `${prefix}motion` }, MOTION_SPEEDS.map(([v, label]) => h("option", { value: v, selected: v === motion }, label)));
  moves.addEventListener("change", () => {
    store.set("motion", moves.value === "1" ? null : moves.value);
    for (const other of /** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("#motion, #quick-motion"))) other.value = moves.value;
  });
  return { bots, moves };
}

/** The ``bot_delay`` of a new table from its select (none: the server's setting), kept for the next table. @param {HTMLSelectElement} select */
function botDelayOf(select) {
  store.set("bot-delay", select.value || null);
  return select.value === "" ? undefined : Number(select.value);
}

/** A preset's friendly name and one-line blurb, from its description ("Name: what it is"). */
export function presetWords(preset) {
  const text = preset.description || preset.name;
  const i = text.indexOf(": ");
  if (i < 0) return { title: text, blurb: "" };
  const blurb = text.slice(i + 2);
  return { title: text.slice(0, i), blurb: blurb[0].toUpperCase() + blurb.slice(1) + (/[.!?]$/.test(blurb) ? "" : ".") };
}

function fmt(value) {
  if (value === null) return "none";
  if (typeof value === "boolean") return value ? "true" : "false";
  return String(value);
}

export class StartPage {
  constructor(root) {
    this.root = root;
    this.catalog = null;
    this.preset = null;
    setTitle("");
    this.build();
    this.load();
  }

  build() {
    this.root.innerHTML = "";
    this.nameInput = h("input", { id: "player-name", maxlength: "40", value: store.get("name") || "", placeholder: "e.g. Ann", autocomplete: "nickname", enterkeyhint: "done" });
    this.nameInput.addEventListener("change", () => this.keepName(this.nameInput.value));
    this.quick = h("form", { class: "panel quick", "aria-labelledby": "quick-title" });
    this.form = h("form", { class: "panel create", "aria-labelledby": "new-table" });
    this.created = h("div", { class: "created", "aria-live": "polite" });
    this.compareBox = h("div", { class: "compare-box" });
    this.openTables = h("div", { class: "table-list", id: "lobby-open", "aria-live": "polite" });
    this.running = h("div", { class: "table-list", id: "lobby-running" });
    this.recent = h("div", { class: "table-list", id: "lobby-recent" });
    this.finished = h("div", { class: "table-list" });
    this.refreshed = h("small", { class: "refreshed", "aria-live": "off" });
    const file = h("input", { type: "file", accept: ".json,application/json", id: "record-file", "aria-label": "a record file" });
    file.addEventListener("change", () => this.openFile(file));
    this.root.append(
      h("div", { class: "start" },
        h("section", { class: "intro" }, h("h1", {}, "Smear, Tarok and Lift Smoke"),
          h("p", {}, "Play against bots at once, or invite friends to a table.")),
        h("div", { class: "row you" }, h("label", { for: "player-name" }, "Your name"), this.nameInput),
        this.quick,
        h("details", { class: "friends panel" }, h("summary", { id: "friends-title" }, "Play with friends"), this.form),
        this.created,
        h("section", { class: "panel lobby-box", "aria-labelledby": "open-title" },
          h("div", { class: "lobby-head" }, h("h2", { id: "open-title" }, "Tables waiting for players"), this.refreshed),
          this.openTables,
          h("h2", { id: "running-title" }, "Tables in play"), this.running,
          h("button", { type: "button", id: "refresh-tables", onclick: () => this.loadTables() }, "Refresh")),
        h("section", { class: "panel", "aria-labelledby": "recent-title" }, h("h2", { id: "recent-title" }, "Your recent tables"), this.recent),
        h("section", { class: "panel" }, h("h2", {}, "Finished games"), this.finished),
        this.compareBox,
        h("section", { class: "panel" }, h("h2", {}, "Replay a record file"),
          h("p", {}, "A record saved by ", h("code", {}, "jick play"), " or downloaded from a table: step through it with every hand face up."),
          file)));
  }

  keepName(value) {
    const name = String(value || "").trim().slice(0, 40);
    store.set("name", name || null);
    return name;
  }

  /** "Play against bots": the game, a preset by its friendly name, the number of players, the bots' level. */
  buildQuick() {
    const q = this.quick;
    q.innerHTML = "";
    this.qGame = this.catalog[0].name;
    this.qGames = h("div", { class: "game-pick", role: "radiogroup", "aria-label": "game" });
    for (const g of this.catalog) {
      this.qGames.append(h("button", { type: "button", role: "radio", class: "game-choice", "aria-checked": String(g.name === this.qGame), dataset: { game: g.name }, onclick: () => this.quickGame(g.name) }, g.title));
    }
    this.qPreset = h("select", { id: "quick-preset" });
    this.qBlurb = h("p", { class: "note blurb", id: "quick-blurb" });
    this.qPlayers = h("select", { id: "quick-players" });
    this.qLevel = h("select", { id: "quick-level" }, LEVELS.map(([k, label]) => h("option", { value: k, selected: k === (store.get("level") || "easy") }, label)));
    this.qPreset.addEventListener("change", () => this.quickPreset());
    this.qSpeed = speedSelects("quick-");
    q.append(
      h("h2", { id: "quick-title" }, "Play against bots"),
      this.qGames,
      h("div", { class: "grid" },
        h("div", { class: "row" }, h("label", { for: "quick-preset" }, "Rules"), this.qPreset),
        h("div", { class: "row" }, h("label", { for: "quick-players" }, "Players"), this.qPlayers),
        h("div", { class: "row" }, h("label", { for: "quick-level" }, "Bots"), this.qLevel)),
      this.qBlurb,
      h("details", { class: "pace" }, h("summary", {}, "Speed"),
        h("div", { class: "grid" },
          h("div", { class: "row" }, h("label", { for: "quick-bot-delay" }, "Bots' pace"), this.qSpeed.bots),
          h("div", { class: "row" }, h("label", { for: "quick-motion" }, "Card motion"), this.qSpeed.moves))),
      h("button", { class: "primary big", type: "submit", id: "quick-play" }, "Play against bots"));
    q.addEventListener("submit", (e) => {
      e.preventDefault();
      this.playBots();
    });
    this.quickGame(this.qGame);
  }

  quickGame(name) {
    this.qGame = name;
    for (const b of /** @type {HTMLCollectionOf<HTMLElement>} */ (this.qGames.children)) b.setAttribute("aria-checked", String(b.dataset.game === name));
    const game = this.catalog.find((g) => g.name === name);
    this.qPreset.innerHTML = "";
    for (const p of game.presets) this.qPreset.append(h("option", { value: p.name, selected: p.name === game.default_preset }, presetWords(p).title));
    this.quickPreset();
  }

  quickPreset() {
    const game = this.catalog.find((g) => g.name === this.qGame);
    const p = game.presets.find((x) => x.name === this.qPreset.value);
    this.qBlurb.textContent = presetWords(p).blurb;
    this.qPlayers.innerHTML = "";
    for (const n of p.players) this.qPlayers.append(h("option", { value: String(n), selected: n === p.default_players }, `${n} players`));
  }

  /** Create the table with bots in every other seat, start it and sit down: one request, one click. */
  async playBots() {
    const name = this.keepName(this.nameInput.value);
    const n = Number(this.qPlayers.value);
    store.set("level", this.qLevel.value);
    const button = /** @type {HTMLButtonElement} */ (this.quick.querySelector("#quick-play"));
    button.disabled = true;
    try {
      const created = await api("/api/tables", {
        method: "POST",
        body: { preset: this.qPreset.value, players: n, seats: ["human", ...Array(n - 1).fill(this.qLevel.value)], bot_level: this.qLevel.value, bot_delay: botDelayOf(this.qSpeed.bots), start: true, name: name ? `${name} against bots` : "" },
      });
      const t = created.table;
      store.set(`host.${t.id}`, created.host_token);
      const invite = created.invites[0];
      store.set(`seat.${t.id}`, invite.token);
      location.href = `/play/${t.id}#${invite.token}`;
    } catch (err) {
      toast(err.message, "error", 8000);
      button.disabled = false;
    }
  }

  async load() {
    try {
      this.catalog = (await api("/api/presets")).games;
    } catch (err) {
      this.form.append(h("p", { class: "error" }, err.message));
      return;
    }
    this.buildQuick();
    this.buildForm();
    this.compareBox.append(new ComparePanel(this.catalog).element);
    this.loadTables();
    this.watchTables();
  }

  buildForm() {
    const f = this.form;
    f.innerHTML = "";
    f.append(h("h2", { id: "new-table", class: "visually-hidden" }, "A table for friends"),
      h("p", { class: "note" }, "Choose the rules and who plays each seat, then send each friend their seat's link."));
    this.game = h("select", { id: "game", name: "game" }, this.catalog.map((g) => h("option", { value: g.name }, g.title)));
    this.presetSel = h("select", { id: "preset", name: "preset" });
    this.players = h("select", { id: "players", name: "players" });
    this.desc = h("p", { class: "note preset-desc" });
    this.seats = h("div", { class: "seat-kinds" });
    this.options = h("div", { class: "options" });
    this.name = h("input", { id: "your-name", maxlength: "40", value: store.get("name") || "", placeholder: "e.g. Ann", autocomplete: "off" });
    this.name.addEventListener("change", () => { this.nameInput.value = this.keepName(this.name.value); });
    this.nameInput.addEventListener("change", () => { this.name.value = this.nameInput.value.trim(); });
    this.tableName = h("input", { id: "table-name", maxlength: "100", placeholder: "optional" });
    this.level = h("select", { id: "bot-level" }, ["easy", "normal", "hard"].map((l) => h("option", { value: l, selected: l === "normal" }, l)));
    this.away = h("input", { id: "away", type: "number", min: "0", max: "86400", value: "60" });
    this.turnTimer = h("input", { id: "turn-timer", type: "number", min: "0", max: "3600", value: "0" });
    this.isPublic = h("input", { id: "public", type: "checkbox" });
    this.spectatorChat = h("input", { id: "spectator-chat", type: "checkbox" });
    this.seed = h("input", { id: "seed", type: "number", min: "0", placeholder: "random" });
    this.speed = speedSelects("");
    const row = (label, input, help) => h("div", { class: "row" }, h("label", { for: input.id }, label), input, help ? h("small", {}, help) : null);
    f.append(
      h("div", { class: "grid" }, row("Game", this.game), row("Rules", this.presetSel), row("Players", this.players)),
      this.desc,
      h("fieldset", {}, h("legend", {}, "Seats"), this.seats),
      h("details", { class: "house" }, h("summary", {}, "House rules (the preset's options)"), this.options),
      h("details", { class: "more" }, h("summary", {}, "Table settings"),
        h("div", { class: "grid" }, row("Your name", this.name), row("Table name", this.tableName),
          row("Stand-in bot level", this.level, "plays for a person who is away"),
          row("Away time (s)", this.away, "before a bot stands in"),
          row("Turn timer (s)", this.turnTimer, "0: none; when it runs out a bot plays that one move"),
          row("Bots' pace", this.speed.bots, "how long a bot waits before it acts"),
          row("Card motion", this.speed.moves, "in this browser"),
          row("Seed", this.seed, "fixes the shuffles (whoever knows it knows every hand)"),
          h("div", { class: "row check" }, this.isPublic, h("label", { for: "public" }, "Public: anyone may take a free seat")),
          h("div", { class: "row check" }, this.spectatorChat, h("label", { for: "spectator-chat" }, "Spectators may chat (the seats always may)")))),
      h("button", { class: "primary", type: "submit", id: "create" }, "Create the table"));
    this.game.addEventListener("change", () => this.pickGame());
    this.presetSel.addEventListener("change", () => this.pickPreset());
    this.players.addEventListener("change", () => this.loadOptions());
    f.addEventListener("submit", (e) => {
      e.preventDefault();
      this.create();
    });
    this.pickGame();
  }

  pickGame() {
    const game = this.catalog.find((g) => g.name === this.game.value);
    this.presetSel.innerHTML = "";
    for (const p of game.presets) this.presetSel.append(h("option", { value: p.name, selected: p.name === game.default_preset }, presetWords(p).title));
    this.pickPreset();
  }

  pickPreset() {
    const game = this.catalog.find((g) => g.name === this.game.value);
    const p = game.presets.find((x) => x.name === this.presetSel.value);
    this.desc.textContent = p.description;
    this.players.innerHTML = "";
    for (const n of p.players) this.players.append(h("option", { value: String(n), selected: n === p.default_players }, String(n)));
    this.loadOptions();
  }

  async loadOptions() {
    const preset = this.presetSel.value;
    const n = Number(this.players.value);
    this.renderSeats(n);
    try {
      this.preset = await api(`/api/presets/${encodeURIComponent(preset)}?players=${n}`);
    } catch (err) {
      this.options.textContent = err.message;
      return;
    }
    this.renderOptions();
  }

  renderSeats(n) {
    const before = [...this.seats.querySelectorAll("select")].map((s) => s.value);
    this.seats.innerHTML = "";
    for (let s = 0; s < n; s++) {
      const value = before[s] || (s === 0 ? "human" : "normal");
      const sel = h("select", { id: `seat-${s}`, "aria-label": `seat ${s}` }, SEAT_KINDS.map(([k, label]) => h("option", { value: k, selected: k === value }, label)));
      this.seats.append(h("div", { class: "row" }, h("label", { for: `seat-${s}` }, `Seat ${s}`), sel));
    }
  }

  renderOptions() {
    this.options.innerHTML = "";
    const table = h("div", { class: "option-grid" });
    for (const o of this.preset.options) {
      const id = `opt-${o.name}`;
      if (o.value !== null && typeof o.value === "object") {
        const sub = h("div", { class: "points" });
        for (const [k, v] of Object.entries(o.value)) {
          sub.append(h("label", {}, `${k} `, h("input", { type: "number", min: "0", value: String(v), dataset: { option: `${o.name}.${k}`, initial: String(v) }, class: "opt", "aria-label": `${o.name}.${k}` })));
        }
        table.append(h("div", { class: "row wide" }, h("span", { class: "opt-name" }, o.name), sub, h("small", {}, o.allowed)));
        continue;
      }
      let input;
      if (o.choices.length && !o.free) {
        input = h("select", { id, class: "opt", dataset: { option: o.name, initial: fmt(o.value) } }, o.choices.map((c) => h("option", { value: fmt(c), selected: fmt(c) === fmt(o.value) }, fmt(c))));
      } else {
        input = h("input", { id, class: "opt", value: fmt(o.value), dataset: { option: o.name, initial: fmt(o.value) }, placeholder: o.allowed });
      }
      table.append(h("div", { class: "row" }, h("label", { for: id, class: "opt-name" }, o.name), input, h("small", {}, o.allowed)));
    }
    this.options.append(h("p", { class: "note" }, `${this.preset.description} (source: ${this.preset.source}). Change an option to play it your way; impossible combinations are refused with the reason.`), table);
  }

  changedOptions() {
    const sets = [];
    for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (this.options.querySelectorAll(".opt"))) {
      if (input.value.trim() !== input.dataset.initial) sets.push(`${input.dataset.option}=${input.value.trim()}`);
    }
    return sets;
  }

  async create() {
    const name = this.name.value.trim();
    store.set("name", name || null);
    const seats = [...this.seats.querySelectorAll("select")].map((s) => s.value);
    const body = {
      preset: this.presetSel.value,
      players: Number(this.players.value),
      set: this.changedOptions(),
      seats,
      bot_level: this.level.value,
      away_timeout: Number(this.away.value || 60),
      turn_timer: Number(this.turnTimer.value || 0),
      bot_delay: botDelayOf(this.speed.bots),
      name: this.tableName.value.trim(),
      public: this.isPublic.checked,
      spectator_chat: this.spectatorChat.checked,
    };
    if (this.seed.value.trim() !== "") body.seed = Number(this.seed.value);
    const button = /** @type {HTMLButtonElement} */ (this.form.querySelector("#create"));
    button.disabled = true;
    try {
      const created = await api("/api/tables", { method: "POST", body });
      this.showCreated(created);
    } catch (err) {
      toast(err.message, "error", 8000);
      this.created.innerHTML = "";
      this.created.append(h("p", { class: "panel error", role: "alert" }, `Not created: ${err.message}`));
    } finally {
      button.disabled = false;
    }
  }

  showCreated(created) {
    const t = created.table;
    store.set(`host.${t.id}`, created.host_token);
    if (created.watch_token) store.set(`watch.${t.id}`, created.watch_token);
    store.set(`invites.${t.id}`, JSON.stringify(created.invites.map((i) => ({ seat: i.seat, url: `${location.origin}/play/${t.id}#${i.token}` }))));
    this.created.innerHTML = "";
    const box = h("section", { class: "panel created-box", "aria-labelledby": "created-title" },
      h("h2", { id: "created-title" }, `Table ${t.name || t.id} is ready`),
      h("p", {}, `${GAME_TITLES[t.game]}, ${t.preset}, ${t.players} players. Send each person their seat's link; keep yours.`));
    const list = h("ul", { class: "invites" });
    created.invites.forEach((inv, i) => {
      const url = `${location.origin}/play/${t.id}#${inv.token}`;
      list.append(h("li", {},
        h("b", {}, `Seat ${inv.seat}`), " ",
        h("input", { class: "link", readonly: true, value: url, "aria-label": `invite link for seat ${inv.seat}` }),
        h("button", { type: "button", onclick: async () => toast((await copyText(url)) ? "Invite link copied" : "Copy the link by hand", "ok") }, "Copy"),
        " ", h("a", { class: i === 0 ? "button primary" : "button", href: `/play/${t.id}#${inv.token}`, id: i === 0 ? "play-first" : null }, `Play seat ${inv.seat}`)));
    });
    if (created.invites.length) box.append(list);
    const bots = t.seats.filter((s) => s.kind !== "human").map((s) => `seat ${s.seat}: ${botLabel(s.kind)}`);
    if (bots.length) box.append(h("p", { class: "note" }, `Bots: ${bots.join(", ")}.`));
    const watchUrl = `${location.origin}/watch/${t.id}#${created.watch_token || ""}`;
    box.append(h("p", {}, h("a", { href: `/watch/${t.id}#${created.watch_token || ""}`, id: "watch-link" }, "Watch this table"),
      " · ", h("button", { type: "button", onclick: async () => toast((await copyText(watchUrl)) ? "Watch link copied" : "Copy the link by hand", "ok") }, "Copy the watch link"),
      t.public ? "" : " (the table is private: only people with a link of it can see it)",
      " · you start the match from your seat's page (you are the host)."));
    this.created.append(box);
    box.scrollIntoView({ behavior: "smooth", block: "start" });
    this.loadTables();
  }

  /** The lobby's lists, again every 20 s while the page is in sight, and at once when it comes back in sight. */
  watchTables() {
    if (this.refreshing) return;
    this.refreshing = setInterval(() => {
      if (document.visibilityState === "visible") this.loadTables(true);
    }, REFRESH_MS);
    const again = () => {
      if (document.visibilityState === "visible") this.loadTables(true);
    };
    document.addEventListener("visibilitychange", again);
    window.addEventListener("focus", again);
  }

  /** @param {boolean} [quiet]  a periodic refresh: not sooner than 5 s after the last one */
  async loadTables(quiet = false) {
    const now = Date.now();
    if (quiet && this.loadedAt && now - this.loadedAt < MIN_REFRESH_MS) return;
    if (this.loading) return;
    this.loading = true;
    this.loadedAt = now;
    try {
      const headers = { "X-Jick-Tokens": allTokens().join(",") };
      const live = (await api("/api/tables?status=open,running", { headers })).tables;
      const over = (await api("/api/tables?status=finished,closed", { headers })).tables;
      this.fillLobby(live);
      this.fillRecent([...live, ...over]);
      this.fill(this.finished, over.filter((t) => t.public).slice(0, 30), true);
      this.refreshed.textContent = `updated ${new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`;
    } catch (err) {
      this.openTables.textContent = err.message;
    } finally {
      this.loading = false;
    }
  }

  /** Public tables waiting for players (Join), and tables in play (Watch). @param {any[]} tables */
  fillLobby(tables) {
    const waiting = tables.filter((t) => t.status === "open" && t.public && t.seats.some((s) => s.status === "free"));
    const playing = tables.filter((t) => t.status === "running");
    this.openTables.replaceChildren(waiting.length
      ? h("ul", { class: "lobby-list" }, waiting.map((t) => this.lobbyItem(t, "join")))
      : h("p", { class: "note" }, "No public table is waiting for players. Create one under “Play with friends” (tick Public)."));
    this.running.replaceChildren(playing.length
      ? h("ul", { class: "lobby-list" }, playing.map((t) => this.lobbyItem(t, "watch")))
      : h("p", { class: "note" }, "No table is in play."));
  }

  /**
   * One table of the lobby: its name, game and rules, who sits there, and what this person may do.
   * @param {any} t @param {"join"|"watch"|"recent"} what
   */
  lobbyItem(t, what) {
    const free = t.seats.filter((s) => s.status === "free").length;
    const who = t.seats.map((s) => s.name || (s.kind === "human" ? (s.status === "free" ? "free seat" : "a player") : botLabel(s.kind))).join(", ");
    const rules = t.house_rules && t.house_rules.length ? `House rules: ${t.house_rules.join(", ")}` : "The preset's rules";
    const go = h("span", { class: "go" });
    if (what === "join") {
      const seat = store.get(`seat.${t.id}`);
      go.append(h("span", { class: "free" }, `${free} of ${t.players} seats free`),
        seat ? h("a", { class: "button", href: `/play/${t.id}#${encodeURIComponent(seat)}` }, "Your seat")
          : h("button", { type: "button", class: "primary join", dataset: { table: t.id }, onclick: () => this.join(t.id) }, "Join"));
    } else if (what === "watch") {
      go.append(h("a", { class: "button watch", href: `/watch/${t.id}` }, "Watch"));
      const invites = store.get(`host.${t.id}`) ? JSON.parse(store.get(`invites.${t.id}`) || "[]") : [];
      if (invites.length) go.append(h("a", { class: "button", href: invites[0].url }, "My seat"));
    } else {
      go.append(...this.recentLinks(t));
    }
    const status = { open: "waiting", running: `in play, ${t.ply} moves`, finished: "finished", closed: "closed" }[t.status] || t.status;
    return h("li", { class: "lobby-table", dataset: { table: t.id } },
      h("span", { class: "what" },
        h("b", {}, t.name || `Table ${t.id}`), " ", h("span", { class: `badge ${t.status}` }, status),
        h("span", { class: "rules" }, `${GAME_TITLES[t.game] || t.game} · ${t.preset_title || t.preset} · ${t.players} players. ${rules}`),
        h("span", { class: "who" }, who)),
      go);
  }

  /** The way back to a table of this browser: its seat, or watching; the next match once a rematch was made. @param {any} t */
  recentLinks(t) {
    const seat = store.get(`seat.${t.id}`);
    const view = store.get(`watch.${t.id}`) || store.get(`host.${t.id}`);
    const links = [];
    const hash = (/** @type {string} */ token) => `#${encodeURIComponent(token)}`;
    if (seat) links.push(h("a", { class: `button${t.status === "open" || t.status === "running" ? " primary" : ""}`, href: `/play/${t.id}${hash(seat)}` }, t.status === "finished" || t.status === "closed" ? "Open" : "Back to my seat"));
    else if (view) links.push(h("a", { class: "button", href: `/watch/${t.id}${hash(view)}` }, t.status === "running" ? "Watch" : "Open"));
    if (t.next_match) {
      const token = seat || view;
      links.push(h("a", { class: "button", href: `/${seat ? "play" : "watch"}/${t.next_match}${token ? hash(token) : ""}` }, "Next match"));
    }
    return links;
  }

  /** The tables this browser holds a token of (its seats, the tables it hosts or watches), newest first. @param {any[]} tables */
  fillRecent(tables) {
    const mine = tables.filter((t) => store.get(`seat.${t.id}`) || store.get(`host.${t.id}`) || store.get(`watch.${t.id}`));
    mine.sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
    this.recent.replaceChildren(mine.length
      ? h("ul", { class: "lobby-list" }, mine.slice(0, 12).map((t) => this.lobbyItem(t, "recent")))
      : h("p", { class: "note" }, "The tables you play, host or watch in this browser come back here."));
  }

  fill(box, tables, finished) {
    box.innerHTML = "";
    if (!tables.length) {
      box.append(h("p", { class: "note" }, finished ? "No finished game yet." : "No table is open or running."));
      return;
    }
    const ul = h("ul", {});
    for (const t of tables) {
      const who = t.seats.map((s) => s.name || (s.kind === "human" ? "person" : botLabel(s.kind))).join(", ");
      /** @type {(string|HTMLElement)[]} */
      const links = [h("a", { href: `/replay/${t.id}` }, "Replay"), " · ", recordLink(t.id)];
      ul.append(h("li", {}, h("b", {}, t.name || t.id), ` ${GAME_TITLES[t.game] || t.game} (${t.preset_title || t.preset}), ${t.status} — ${who} `, ...links));
    }
    box.append(ul);
  }

  /** Take a free seat of a public table under this person's name (asked first if there is none). @param {string} id */
  async join(id) {
    const name = this.keepName(this.nameInput.value);
    if (!name) {
      toast("Type your name first: the table shows it at your seat", "error", 6000);
      this.nameInput.focus();
      this.nameInput.setAttribute("aria-invalid", "true");
      this.nameInput.addEventListener("input", () => this.nameInput.removeAttribute("aria-invalid"), { once: true });
      return;
    }
    try {
      const joined = await api(`/api/tables/${id}/join`, { method: "POST", body: { name } });
      store.set(`seat.${id}`, joined.token);
      location.href = `/play/${id}#${encodeURIComponent(joined.token)}`;
    } catch (err) {
      toast(err.message, "error");
      this.loadTables();
    }
  }

  openFile(input) {
    const file = input.files && input.files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      try {
        sessionStorage.setItem("jick.replay", String(reader.result));
      } catch {
        toast("The record is too large to keep in this browser tab", "error");
        return;
      }
      location.href = "/replay";
    };
    reader.readAsText(file);
  }
}

export { esc };
