// "What does this rule change?": a baseline and one or two changed rule sets played by the same bots on the
// same duplicate deals (POST /api/compare, as `jick compare-rules --json`), then the summary and the figures
// whose difference excludes zero.

import { api, h } from "./api.js";

/** The most duplicate deals the server plays for one comparison. */
const MAX_HANDS = 400;

/** `option=value` items of a text box: one or more a line, blank lines ignored. @param {string} text */
export function optionItems(text) {
  return String(text || "").split(/\s+/).filter((s) => s.length > 0);
}

/** A figure under one rule set, as the CLI's tables show it. @param {any} stat @param {boolean} rate */
function statText(stat, rate) {
  if (stat.mean === null) return "-";
  if (rate) return stat.ci95 ? `${Math.round(stat.mean * 100)}% [${Math.round(stat.ci95[0] * 100)}-${Math.round(stat.ci95[1] * 100)}]` : `${Math.round(stat.mean * 100)}%`;
  return stat.ci95 ? `${stat.mean.toFixed(2)} ± ${((stat.ci95[1] - stat.ci95[0]) / 2).toFixed(2)}` : stat.mean.toFixed(2);
}

/** A signed number. @param {number} x @param {number} digits */
function signed(x, digits) {
  return `${x >= 0 ? "+" : ""}${x.toFixed(digits)}`;
}

/** A difference with its interval (rates in percentage points). @param {any} diff @param {boolean} rate */
export function diffText(diff, rate) {
  if (diff.mean === null) return "-";
  const k = rate ? 100 : 1;
  const digits = rate ? 1 : 2;
  const unit = rate ? " pp" : "";
  if (!diff.ci95) return `${signed(diff.mean * k, digits)}${unit}`;
  return `${signed(diff.mean * k, digits)} [${signed(diff.ci95[0] * k, digits)}, ${signed(diff.ci95[1] * k, digits)}]${unit}`;
}

export class ComparePanel {
  /** @param {any[]} catalog  the games and presets of /api/presets */
  constructor(catalog) {
    this.catalog = catalog;
    this.game = h("select", { id: "cmp-game" }, catalog.map((g) => h("option", { value: g.name }, g.title)));
    this.preset = h("select", { id: "cmp-preset" });
    this.players = h("select", { id: "cmp-players" });
    this.base = h("textarea", { id: "cmp-base", rows: "2", maxlength: "2000", placeholder: "none: the preset as it is", spellcheck: "false" });
    this.setB = h("textarea", { id: "cmp-b", rows: "2", maxlength: "2000", placeholder: "e.g. point_values.trey=0", spellcheck: "false" });
    this.setC = h("textarea", { id: "cmp-c", rows: "2", maxlength: "2000", placeholder: "optional", spellcheck: "false" });
    this.hands = h("input", { id: "cmp-hands", type: "number", min: "2", max: String(MAX_HANDS), value: "100" });
    this.seed = h("input", { id: "cmp-seed", type: "number", min: "0", value: "1" });
    this.button = h("button", { class: "primary", type: "submit", id: "cmp-run" }, "Compare");
    this.status = h("p", { class: "note", id: "cmp-status", role: "status", "aria-live": "polite" });
    this.result = h("div", { class: "cmp-result", id: "cmp-result" });
    const row = (label, input, help) => h("div", { class: "row" }, h("label", { for: input.id }, label), input, help ? h("small", {}, help) : null);
    this.form = h("form", { class: "compare-form" },
      h("p", { class: "note" }, "The same bots play the same deals under each rule set; the figures that change beyond chance are shown with their 95% intervals."),
      h("div", { class: "grid" }, row("Game", this.game), row("Rules", this.preset), row("Players", this.players)),
      row("Baseline changes", this.base, "option=value, one or more a line (the house-rules option names)"),
      row("Rule set B", this.setB, "the baseline with these changes"),
      row("Rule set C", this.setC, "optional: another set of changes"),
      h("div", { class: "grid" }, row("Hands", this.hands, `at most ${MAX_HANDS}`), row("Seed", this.seed)),
      this.button, this.status);
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.run();
    });
    this.game.addEventListener("change", () => this.pickGame());
    this.preset.addEventListener("change", () => this.pickPreset());
    this.element = h("details", { class: "compare panel", id: "compare" },
      h("summary", { id: "compare-title" }, "What does this rule change?"), this.form, this.result);
    this.pickGame();
  }

  pickGame() {
    const game = this.catalog.find((g) => g.name === this.game.value);
    this.preset.innerHTML = "";
    for (const p of game.presets) this.preset.append(h("option", { value: p.name, selected: p.name === game.default_preset }, p.name));
    this.pickPreset();
  }

  pickPreset() {
    const game = this.catalog.find((g) => g.name === this.game.value);
    const p = game.presets.find((x) => x.name === this.preset.value);
    this.players.innerHTML = "";
    for (const n of p.players) this.players.append(h("option", { value: String(n), selected: n === p.default_players }, String(n)));
  }

  async run() {
    const vs = [this.setB.value, this.setC.value].map((t) => optionItems(t).join(" ")).filter((t) => t.length > 0);
    this.result.innerHTML = "";
    if (!vs.length) {
      this.status.textContent = "Give rule set B at least one option=value change.";
      return;
    }
    const hands = Number(this.hands.value || 100);
    const body = {
      preset: this.preset.value,
      players: Number(this.players.value),
      set: optionItems(this.base.value),
      vs,
      hands,
      seed: Number(this.seed.value || 1),
    };
    this.button.disabled = true;
    const note = `Playing ${hands} duplicate deals under ${vs.length + 1} rule sets…`;
    this.status.textContent = note;
    const started = Date.now();
    const ticking = window.setInterval(() => {
      this.status.textContent = `${note} ${Math.round((Date.now() - started) / 1000)} s`;
    }, 1000);
    try {
      const report = await api("/api/compare", { method: "POST", body });
      this.status.textContent = `Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`;
      this.show(report);
    } catch (err) {
      this.status.textContent = "";
      this.result.append(h("p", { class: "error", role: "alert", id: "cmp-error" }, err.message));
    } finally {
      window.clearInterval(ticking);
      this.button.disabled = false;
    }
  }

  /** The summary and the figures whose difference from the baseline excludes zero. @param {any} report */
  show(report) {
    const letters = "ABC";
    const sets = report.rule_sets.map((/** @type {any} */ v, /** @type {number} */ i) => {
      const changes = Object.keys(v.overrides).length ? JSON.stringify(v.overrides) : "the preset as it is";
      return h("li", {}, h("b", {}, letters[i]), ` ${v.name}: ${v.preset} ${changes}`);
    });
    const summary = h("ul", { class: "cmp-summary", id: "cmp-summary" }, report.summary.map((/** @type {string} */ line) => h("li", {}, line.replace(/^\s*-\s+/, ""))));
    const shown = report.figures.filter((/** @type {any} */ f) => f.differences.some((/** @type {any} */ d) => d.significant));
    this.result.append(h("h3", {}, "Rule sets"), h("ul", { class: "cmp-sets" }, sets), h("h3", {}, "What changes"), summary);
    if (!shown.length) {
      this.result.append(h("p", { class: "note" }, `No figure's difference excludes zero over ${report.parameters.hands} deals: play more hands to see smaller changes.`));
      return;
    }
    // the differences first: on a phone they are what shows without scrolling the table
    const head = h("tr", {}, h("th", { scope: "col" }, "figure"),
      report.rule_sets.slice(1).map((/** @type {any} */ _v, /** @type {number} */ i) => h("th", { scope: "col" }, `${letters[i + 1]} − A`)),
      report.rule_sets.map((/** @type {any} */ _v, /** @type {number} */ i) => h("th", { scope: "col" }, letters[i])));
    const rows = shown.map((/** @type {any} */ f) => {
      const rate = f.kind === "rate";
      return h("tr", {}, h("th", { scope: "row" }, f.label),
        f.differences.map((/** @type {any} */ d) => h("td", { class: d.significant ? "sig" : null }, diffText(d, rate))),
        f.values.map((/** @type {any} */ s) => h("td", {}, statText(s, rate))));
    });
    this.result.append(
      h("div", { class: "cmp-scroll" }, h("table", { class: "cmp-table", id: "cmp-table" }, h("thead", {}, head), h("tbody", {}, rows))),
      h("p", { class: "note" }, `${report.parameters.hands} duplicate deals, ${report.parameters.bots} bots, seed ${report.parameters.seed}. Rates: % [95% interval]; means ± half the 95% interval; differences: mean [95% interval], rates in percentage points.`));
  }
}
