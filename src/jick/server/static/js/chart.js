// The score history of a match as an inline SVG line chart, built with DOM calls (the page's CSP allows no inline style).

const SVG = "http://www.w3.org/2000/svg";
/** One colour class per side or seat (jick.css gives each its stroke). */
const SERIES = 6;

/**
 * An SVG element with attributes.
 * @param {string} tag @param {Record<string, string|number>} [attrs]
 * @returns {SVGElement}
 */
function svg(tag, attrs = {}) {
  const el = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** Round steps for an axis: 1, 2, 5, 10, 20, 50... @param {number} span */
function step(span) {
  const raw = Math.max(1, span / 4);
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) || raw;
}

/**
 * The chart: one line per side through its score after each deal (from 0 before the first), a legend below.
 * @param {{scores: number[]}[]} entries  the report's scored deals, in order
 * @param {string[]} labels  each side's (or seat's) name
 * @param {{dealWord?: string, target?: number|null}} [options]
 * @returns {HTMLElement}
 */
export function scoreChart(entries, labels, { dealWord = "deal", target = null } = {}) {
  const figure = document.createElement("figure");
  figure.className = "score-chart";
  const n = labels.length;
  const series = labels.map((_, s) => [0, ...entries.map((e) => Number(e.scores[s]) || 0)]);
  const values = series.flat().concat(target !== null && target !== undefined ? [target] : []);
  let lo = Math.min(0, ...values);
  let hi = Math.max(1, ...values);
  const dy = step(hi - lo);
  lo = Math.floor(lo / dy) * dy;
  hi = Math.ceil(hi / dy) * dy;
  const W = 320;
  const H = 180;
  const left = 34;
  const right = 10;
  const top = 10;
  const bottom = 26;
  const deals = Math.max(1, entries.length);
  const x = (/** @type {number} */ i) => left + (i / deals) * (W - left - right);
  const y = (/** @type {number} */ v) => top + (1 - (v - lo) / (hi - lo || 1)) * (H - top - bottom);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "chart" });
  const title = svg("title");
  title.textContent = `Scores after each ${dealWord}: ${labels.map((l, s) => `${l} ${series[s][series[s].length - 1]}`).join(", ")}`;
  chart.append(title);
  for (let v = lo; v <= hi + 1e-9; v += dy) {
    chart.append(svg("line", { x1: left, x2: W - right, y1: y(v), y2: y(v), class: v === 0 ? "axis zero" : "axis" }));
    const t = svg("text", { x: left - 4, y: y(v) + 3, class: "tick", "text-anchor": "end" });
    t.textContent = String(Math.round(v * 100) / 100);
    chart.append(t);
  }
  if (target !== null && target !== undefined && target > lo && target <= hi) {
    chart.append(svg("line", { x1: left, x2: W - right, y1: y(target), y2: y(target), class: "target" }));
  }
  const every = Math.max(1, Math.ceil(deals / 8));
  for (let i = 1; i <= entries.length; i += 1) {
    if (i % every && i !== entries.length) continue;
    const t = svg("text", { x: x(i), y: H - bottom + 14, class: "tick", "text-anchor": "middle" });
    t.textContent = String(i);
    chart.append(t);
  }
  const axis = svg("text", { x: (left + W - right) / 2, y: H - 2, class: "tick label", "text-anchor": "middle" });
  axis.textContent = `${dealWord}s`;
  chart.append(axis);
  series.forEach((points, s) => {
    const cls = `series s${s % SERIES}`;
    chart.append(svg("polyline", { points: points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "), class: cls, fill: "none" }));
    const last = points.length - 1;
    chart.append(svg("circle", { cx: x(last).toFixed(1), cy: y(points[last]).toFixed(1), r: 3, class: cls }));
  });
  figure.append(chart);
  const legend = document.createElement("figcaption");
  legend.className = "chart-legend";
  labels.forEach((label, s) => {
    const item = document.createElement("span");
    item.className = `key s${s % SERIES}`;
    const swatch = document.createElement("i");
    swatch.setAttribute("aria-hidden", "true");
    item.append(swatch, `${label} ${series[s][series[s].length - 1]}`);
    legend.append(item);
  });
  figure.append(legend);
  figure.dataset.deals = String(entries.length);
  figure.dataset.series = String(n);
  return figure;
}
