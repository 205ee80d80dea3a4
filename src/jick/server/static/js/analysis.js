// The replay viewer's analysis: ask the server to analyse a seat, follow its progress, chart the seat's
// expected points along each deal with its marks, jump to a marked position, practise the marked positions.

import { ApiError, api, h, tableToken } from "./api.js";

const SVG = "http://www.w3.org/2000/svg";
/** Chart size in SVG units (the chart scales to its box; its width follows the box's, so that its text stays
 * readable on a phone). */
const WIDEST = 900;
const NARROWEST = 300;
const HT = 200;
const PAD = { left: 44, right: 12, top: 12, bottom: 26 };
/** Milliseconds between progress polls, and how long the page waits for an analysis at most. */
const POLL = 500;
const GIVE_UP = 10 * 60 * 1000;
/** The marks practised: the decisions that cost most (as `jick analyse --practice`). */
const PRACTISED = ["mistake", "blunder"];
const MARK_WORDS = { inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder" };
const SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const PLURALS = { inaccuracy: "inaccuracies", mistake: "mistakes", blunder: "blunders" };

/**
 * An SVG element with attributes (no inline style: the page's policy forbids it).
 * @param {string} tag @param {Record<string, string|number>} [attrs] @param {string} [text]
 * @returns {SVGElement}
 */
function svg(tag, attrs = {}, text = "") {
  const el = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text) el.textContent = text;
  return el;
}

/** A value with its sign, two decimals. @param {number} v */
function signed(v) {
  return `${v >= 0 ? "+" : "−"}${Math.abs(v).toFixed(2)}`;
}

/**
 * How an answer compares with the best action (the rule of `jick analyse --practice`): the best itself, as good
 * as the best when the analysis would not mark the gap (below an inaccuracy, or within twice its standard error:
 * the decision's paired one for the action played, else the two values' combined), or worse.
 * @param {any} decision @param {string} action @param {number} inaccuracy
 */
export function judge(decision, action, inaccuracy) {
  const best = decision.values.find((/** @type {any} */ v) => v.action === decision.best);
  const mine = decision.values.find((/** @type {any} */ v) => v.action === action);
  if (!mine) return { verdict: "unvalued", gap: NaN, best, mine: null };
  const gap = Math.max(0, best.value - mine.value);
  const error = action === decision.played ? decision.loss_error : Math.hypot(best.error, mine.error);
  const verdict = action === best.action ? "best" : gap < inaccuracy || gap <= 2 * error ? "as good" : "worse";
  return { verdict, gap, error, best, mine };
}

export class AnalysisPanel {
  /**
   * @param {any} replay the ReplayPage (its data, deal, step, and go/load)
   */
  constructor(replay) {
    this.replay = replay;
    /** @type {any} the analysis JSON once done */
    this.result = null;
    this.seat = 0;
    this.polling = 0;
    this.w = WIDEST;
    /** @type {{list: any[], n: number}|null} the practice under way */
    this.practice = null;
    this.button = h("button", { type: "button", id: "analyse", class: "primary", onclick: () => this.start() }, "Analyse");
    this.seatSel = h("select", { id: "an-seat", "aria-label": "the seat to analyse", onchange: () => (this.touched = true) });
    this.touched = false;
    this.depthSel = h("select", { id: "an-depth", "aria-label": "depth" },
      h("option", { value: "quick", selected: true }, "quick"), h("option", { value: "normal" }, "normal"));
    this.progress = h("progress", { id: "an-progress", max: "1", value: "0", hidden: true });
    this.status = h("p", { id: "an-status", class: "an-status", role: "status", "aria-live": "polite" });
    this.summary = h("p", { id: "an-summary", class: "an-summary", hidden: true });
    this.chart = h("div", { id: "an-chart", class: "an-chart", hidden: true });
    this.marks = h("ul", { id: "an-marks", class: "an-marks", hidden: true });
    this.practiceBtn = h("button", { type: "button", id: "an-practice", hidden: true, onclick: () => this.startPractice() }, "Practice");
    this.note = h("div", { id: "an-note", class: "an-note", hidden: true });
    this.el = h("section", { class: "panel analysis", "aria-labelledby": "an-title" },
      h("h2", { id: "an-title" }, "Analysis"),
      h("div", { class: "an-controls" },
        h("label", { for: "an-seat" }, "Seat"), this.seatSel,
        h("label", { for: "an-depth" }, "Depth"), this.depthSel, this.button, this.practiceBtn),
      this.progress, this.status, this.summary, this.chart, this.marks);
  }

  /** The seats to choose from, once the record is known: "my seat" first when this browser holds a seat's token
   * (the server knows which), else `first` chosen.
   * @param {number} n @param {(s: number) => string} names @param {boolean} own @param {number} first */
  setSeats(n, names, own, first) {
    const chosen = this.seatSel.value;
    const options = Array.from({ length: n }, (_, s) => h("option", { value: String(s) }, names(s)));
    if (own) options.unshift(h("option", { value: "" }, "my seat"));
    this.seatSel.replaceChildren(...options);
    this.seatSel.value = chosen !== "" && this.seatSel.options.length && [...this.seatSel.options].some((o) => o.value === chosen) && this.touched ? chosen : own ? "" : String(first);
  }

  /** Ask the server for the analysis of the chosen seat; follow its job until it is done. */
  async start() {
    const r = this.replay;
    this.stopPractice();
    const depth = this.depthSel.value;
    const query = `?${this.seatSel.value === "" ? "" : `seat=${Number(this.seatSel.value)}&`}depth=${encodeURIComponent(depth)}`;
    this.button.disabled = true;
    this.result = null;
    this.show();
    this.say("Asking the server…");
    try {
      let job = r.tableId
        ? await api(`/api/tables/${encodeURIComponent(r.tableId)}/analysis${query}`, { method: "POST", token: tableToken(r.tableId) })
        : await api(`/api/analysis${query}`, { method: "POST", body: r.record, raw: true });
      this.seat = job.seat;
      const began = Date.now();
      while (job.status !== "done") {
        this.progress.hidden = false;
        this.progress.max = Math.max(1, job.total);
        this.progress.value = job.done;
        this.say(`Analysing ${r.names()(this.seat)}'s decisions: ${job.done} of ${job.total} done`);
        if (Date.now() - began > GIVE_UP) throw new ApiError(0, "too_slow", "the analysis is taking too long; try again later");
        await new Promise((ok) => setTimeout(ok, POLL));
        job = await api(`/api/analyses/${encodeURIComponent(job.job)}`);
      }
      this.result = job.analysis;
      this.progress.hidden = true;
      this.say(job.stored && job.total === 0 ? "The stored analysis of this table." : "");
      this.show();
    } catch (err) {
      this.progress.hidden = true;
      const e = /** @type {ApiError} */ (err);
      this.say(e.status === 429 ? `Busy: ${e.message}` : `The analysis failed: ${e.message}`, true);
    } finally {
      this.button.disabled = false;
    }
  }

  /** @param {string} text @param {boolean} [error] */
  say(text, error = false) {
    this.status.textContent = text;
    this.status.classList.toggle("error", error);
  }

  /** The analysed seat's decisions in deal `deal`. @param {number} deal */
  decisionsOf(deal) {
    return this.result ? this.result.decisions.filter((/** @type {any} */ d) => d.deal === deal && d.seat === this.seat) : [];
  }

  /** Redraw the summary, the chart of the deal shown and its marks. */
  show() {
    const res = this.result;
    for (const el of [this.summary, this.chart, this.marks, this.practiceBtn]) el.hidden = !res;
    if (!res) return;
    const names = this.replay.names();
    const s = res.seats.find((/** @type {any} */ x) => x.seat === this.seat) || res.seats[0];
    const counts = ["inaccuracy", "mistake", "blunder"].map((k) => `${s.counts[k]} ${s.counts[k] === 1 ? k : PLURALS[/** @type {keyof PLURALS} */ (k)]}`);
    this.summary.textContent = `${names(this.seat)}: accuracy ${s.accuracy.toFixed(1)}, ${s.decisions} decisions valued (${counts.join(", ")}); values in ${res.unit} from what the seat knew, depth ${res.depth}.`;
    this.drawChart();
    this.practiceBtn.disabled = !res.decisions.some((/** @type {any} */ d) => d.seat === this.seat && PRACTISED.includes(d.label));
  }

  drawChart() {
    const r = this.replay;
    const deal = r.deal;
    const mine = this.decisionsOf(deal);
    this.chart.replaceChildren();
    this.marks.replaceChildren();
    const word = r.game ? r.game.dealWord : "deal";
    if (!mine.length) {
      this.chart.append(h("p", { class: "muted" }, `No valued decision of ${r.names()(this.seat)} in this ${word}.`));
      return;
    }
    const actions = Math.max(1, (r.data.deals[deal - 1] || {}).actions || 1);
    const W = (this.w = Math.round(Math.max(NARROWEST, Math.min(WIDEST, this.chart.clientWidth || this.el.clientWidth || WIDEST))));
    const ys = mine.flatMap((/** @type {any} */ d) => [d.values[0].value, this.playedOf(d).value]);
    let lo = Math.min(0, ...ys);
    let hi = Math.max(0, ...ys);
    if (hi - lo < 1) hi = lo + 1;
    const x = (/** @type {number} */ i) => PAD.left + ((i - 1) / Math.max(1, actions - 1)) * (W - PAD.left - PAD.right);
    const y = (/** @type {number} */ v) => PAD.top + ((hi - v) / (hi - lo)) * (HT - PAD.top - PAD.bottom);
    const root = svg("svg", { viewBox: `0 0 ${W} ${HT}`, class: "an-svg", role: "img", "aria-label": `${r.names()(this.seat)}'s expected ${this.result.unit} along ${word} ${deal}` });
    root.append(svg("line", { class: "axis", x1: PAD.left, x2: W - PAD.right, y1: y(0), y2: y(0) }));
    root.append(svg("text", { class: "tick", x: PAD.left - 4, y: y(hi) + 4, "text-anchor": "end" }, signed(hi)));
    root.append(svg("text", { class: "tick", x: PAD.left - 4, y: y(0) + 4, "text-anchor": "end" }, "0"));
    root.append(svg("text", { class: "tick", x: PAD.left - 4, y: y(lo) + 4, "text-anchor": "end" }, signed(lo)));
    root.append(svg("text", { class: "tick", x: (W + PAD.left) / 2, y: HT - 6, "text-anchor": "middle" }, `action of the ${word}`));
    root.append(svg("text", { class: "tick", x: x(1), y: HT - 6, "text-anchor": "middle" }, "1"));
    root.append(svg("text", { class: "tick", x: x(actions), y: HT - 6, "text-anchor": "middle" }, String(actions)));
    const line = (/** @type {number[][]} */ pts, /** @type {string} */ cls) =>
      svg("polyline", { class: cls, points: pts.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" ") });
    root.append(line(mine.map((/** @type {any} */ d) => [x(d.index), y(d.values[0].value)]), "best-line"));
    root.append(line(mine.map((/** @type {any} */ d) => [x(d.index), y(this.playedOf(d).value)]), "played-line"));
    this.cursor = svg("line", { class: "cursor", x1: 0, x2: 0, y1: PAD.top, y2: HT - PAD.bottom });
    root.append(this.cursor);
    for (const d of mine) {
      const cx = x(d.index);
      const cy = y(this.playedOf(d).value);
      if (!d.label) {
        root.append(svg("circle", { class: "point", cx, cy, r: 3 }));
        continue;
      }
      const text = `${MARK_WORDS[/** @type {keyof MARK_WORDS} */ (d.label)]}: action ${d.index}, ${d.played} for ${d.best} (loss ${d.loss.toFixed(2)})`;
      const dot = svg("circle", { class: `mark ${d.label}`, cx, cy, r: 7, tabindex: 0, role: "button", "aria-label": text, "data-index": d.index });
      dot.append(svg("title", {}, text));
      const go = () => this.goTo(d);
      dot.addEventListener("click", go);
      dot.addEventListener("keydown", (e) => {
        const key = /** @type {KeyboardEvent} */ (e).key;
        if (key === "Enter" || key === " ") {
          e.preventDefault();
          go();
        }
      });
      root.append(dot);
      this.marks.append(h("li", {}, h("button", { type: "button", class: `mark-link ${d.label}`, onclick: go },
        `${SIGNS[/** @type {keyof SIGNS} */ (d.label)]} action ${d.index}: ${d.played}, better ${d.best} (−${d.loss.toFixed(2)})`)));
    }
    this.chart.append(root, h("p", { class: "an-legend" },
      h("span", { class: "key played" }, "played"), " ", h("span", { class: "key best" }, "best"), " ",
      h("span", { class: "key inaccuracy" }, "?! inaccuracy"), " ", h("span", { class: "key mistake" }, "? mistake"), " ",
      h("span", { class: "key blunder" }, "?? blunder")));
    this.marks.hidden = !this.marks.children.length;
    this.place();
  }

  /** @param {any} d */
  playedOf(d) {
    return d.values.find((/** @type {any} */ v) => v.action === d.played);
  }

  /** Go to the position of decision `d`: the frame before its action. @param {any} d */
  goTo(d) {
    const r = this.replay;
    if (r.deal !== d.deal) r.load(d.deal, d.index - 1);
    else r.go(d.index - 1);
  }

  /** The cursor on the chart, and the note of the decision at this step (if the analysed seat decides here). */
  place() {
    const r = this.replay;
    if (!this.result) return;
    const at = this.decisionsOf(r.deal).find((/** @type {any} */ d) => d.index === r.step + 1);
    if (this.cursor) {
      const actions = Math.max(1, (r.data.deals[r.deal - 1] || {}).actions || 1);
      const cx = PAD.left + (r.step / Math.max(1, actions - 1)) * ((this.w || WIDEST) - PAD.left - PAD.right);
      this.cursor.setAttribute("x1", cx.toFixed(1));
      this.cursor.setAttribute("x2", cx.toFixed(1));
    }
    if (this.practice) return;
    this.note.hidden = !at;
    this.note.replaceChildren();
    if (!at) return;
    const names = r.names();
    const head = at.best === at.played
      ? `${names(at.seat)} is to play: ${at.played} was the best.`
      : `${names(at.seat)} is to play: played ${at.played}${SIGNS[/** @type {keyof SIGNS} */ (at.label)] || ""}, better ${at.best} (loss ${at.loss.toFixed(2)} ± ${at.loss_error.toFixed(2)} ${this.result.unit}${at.label ? `, a ${at.label}` : ""}).`;
    this.note.append(h("p", { class: "an-head" }, head), this.valuesTable(at, null));
    this.highlight(at.seat, at.played, at.best);
  }

  /** A table of every valued action: value, error, hindsight; the played, best and chosen rows marked.
   * @param {any} d @param {string|null} chosen */
  valuesTable(d, chosen) {
    const hind = this.result.hindsight;
    const body = h("tbody");
    for (const v of d.values) {
      const tags = [v.action === d.best ? "best" : "", v.action === d.played ? "played" : "", v.action === chosen ? "chosen" : ""].filter(Boolean);
      body.append(h("tr", { class: tags.join(" ") },
        h("th", { scope: "row" }, v.action), h("td", { class: "num" }, signed(v.value)), h("td", { class: "num" }, `± ${v.error.toFixed(2)}`),
        hind ? h("td", { class: "num" }, v.hindsight === null ? "–" : signed(v.hindsight)) : null,
        h("td", {}, tags.join(", "))));
    }
    return h("table", { class: "summary an-values" },
      h("thead", {}, h("tr", {}, h("th", {}, "action"), h("th", {}, this.result.unit), h("th", {}, "error"), hind ? h("th", {}, "all cards seen") : null, h("th", {}, ""))),
      body);
  }

  /** Mark the played and the best card in the seat's hand on the felt (an action that is no card: the note only).
   * @param {number} seat @param {string} played @param {string} best */
  highlight(seat, played, best) {
    const hand = this.replay.felt.querySelector(`.seat[data-seat="${seat}"]`);
    if (!hand) return;
    for (const [card, cls] of [[played, "an-played"], [best, "an-best"]]) {
      for (const el of hand.querySelectorAll(".open-hand .card")) {
        if (/** @type {HTMLElement} */ (el).dataset.card === card) el.classList.add(cls);
      }
    }
  }

  // ------------------------------------------------------------------ practice
  /** Practice: each marked position of the seat (mistakes and blunders), the other hands hidden. */
  startPractice() {
    if (!this.result) return;
    const list = this.result.decisions.filter((/** @type {any} */ d) => d.seat === this.seat && PRACTISED.includes(d.label));
    if (!list.length) return;
    this.practice = { list, n: 0 };
    this.replay.hideFor = this.seat;
    this.ask();
  }

  stopPractice() {
    if (!this.practice) return;
    this.practice = null;
    this.replay.hideFor = null;
    this.replay.go(this.replay.step);
  }

  ask() {
    const p = this.practice;
    if (!p) return;
    const d = p.list[p.n];
    this.goTo(d);
    const names = this.replay.names();
    const choices = h("div", { class: "an-choices", id: "an-choices", role: "group", "aria-label": "your choice" });
    for (const v of d.values) {
      choices.append(h("button", { type: "button", "data-action": v.action, onclick: () => this.answer(d, v.action) }, v.action));
    }
    this.note.hidden = false;
    this.note.replaceChildren(
      h("p", { class: "an-head" }, `Practice ${p.n + 1} of ${p.list.length}: ${names(d.seat)} to play (${this.replay.game.dealWord} ${d.deal}, action ${d.index}). Find a better play than in the game.`),
      choices,
      h("p", { id: "an-verdict", class: "an-verdict", role: "status", "aria-live": "polite" }),
      h("div", { class: "an-next" }, h("button", { type: "button", id: "an-stop", onclick: () => this.stopPractice() }, "Stop practising")));
  }

  /** @param {any} d @param {string} action */
  answer(d, action) {
    const p = this.practice;
    if (!p) return;
    const j = judge(d, action, this.result.thresholds.inaccuracy);
    const unit = this.result.unit;
    const verdict = /** @type {HTMLElement} */ (this.note.querySelector("#an-verdict"));
    const played = `In the game: ${d.played} ${signed(this.playedOf(d).value)}.`;
    verdict.dataset.verdict = j.verdict;
    verdict.textContent = j.verdict === "best" ? `Best: ${action} ${signed(j.best.value)} ${unit} is the best play. ${played}`
      : j.verdict === "as good" ? `As good as the best: ${action} ${signed(j.mine.value)} against ${j.best.action} ${signed(j.best.value)}: a gap within the noise or below an inaccuracy. ${played}`
      : j.verdict === "worse" ? `Worse: ${action} ${signed(j.mine.value)} loses ${j.gap.toFixed(2)} ${unit} against ${j.best.action} ${signed(j.best.value)}. ${played}`
      : `${action} was not valued; the best is ${j.best.action}.`;
    for (const b of this.note.querySelectorAll("#an-choices button")) /** @type {HTMLButtonElement} */ (b).disabled = true;
    const next = this.note.querySelector(".an-next");
    verdict.after(this.valuesTable(d, action));
    if (next && p.n + 1 < p.list.length) {
      next.prepend(h("button", { type: "button", id: "an-next", class: "primary", onclick: () => { p.n += 1; this.ask(); } }, "Next position"));
    }
  }
}

