// Charts without a CDN: a Vega-Lite (or Plotly) spec drawn as a small SVG bar, line,
// area or point chart by this file; anything else falls back to a table.

const SVG = "http://www.w3.org/2000/svg";
const PALETTE = ["#4c78a8", "#f58518", "#54a24b", "#e45756", "#72b7b2", "#b279a2", "#ff9da6", "#9d755d"];
const W = 640;
const H = 300;
const M = { top: 16, right: 16, bottom: 56, left: 64 };

function el(name, attrs = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

function fieldOf(channel) {
  return channel && typeof channel.field === "string" ? channel.field : null;
}

// -> {kind, horizontal, labels: [...], series: [{name, values: Map(label -> number)}]} or null
export function chartData(spec, format) {
  if (!spec || typeof spec !== "object") return null;
  if (format === "plotly") return plotlyData(spec);
  const markRaw = spec.mark;
  const kind = String((markRaw && typeof markRaw === "object" ? markRaw.type : markRaw) || "bar");
  const enc = spec.encoding || {};
  let x = fieldOf(enc.x);
  let y = fieldOf(enc.y);
  const color = fieldOf(enc.color);
  const values = (spec.data && Array.isArray(spec.data.values) && spec.data.values) || [];
  if (!x || !y || !values.length) return null;
  let horizontal = false;
  if (kind === "bar" && enc.x && enc.x.type === "quantitative" && enc.y && enc.y.type !== "quantitative") {
    [x, y] = [y, x];
    horizontal = true;
  }
  const labels = [];
  const series = new Map();
  for (const record of values) {
    if (!record || typeof record !== "object") continue;
    const label = String(record[x]);
    const value = Number(record[y]);
    if (!Number.isFinite(value)) continue;
    if (!labels.includes(label)) labels.push(label);
    const name = color ? String(record[color]) : y;
    if (!series.has(name)) series.set(name, new Map());
    series.get(name).set(label, value);
  }
  if (!labels.length) return null;
  return { kind, horizontal, x, y, labels, series: [...series].map(([name, v]) => ({ name, values: v })) };
}

function plotlyData(spec) {
  const traces = Array.isArray(spec.data) ? spec.data : [];
  const labels = [];
  const series = [];
  let kind = "bar";
  traces.forEach((trace, i) => {
    if (!trace || !Array.isArray(trace.x) || !Array.isArray(trace.y)) return;
    kind = trace.type === "bar" ? "bar" : trace.mode === "markers" ? "point" : "line";
    const values = new Map();
    trace.x.forEach((x, j) => {
      const label = String(x);
      if (!labels.includes(label)) labels.push(label);
      values.set(label, Number(trace.y[j]));
    });
    series.push({ name: trace.name || `series ${i + 1}`, values });
  });
  return labels.length ? { kind, horizontal: false, x: "x", y: "y", labels, series } : null;
}

function niceMax(value) {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

function format(value) {
  return Math.abs(value) >= 1000 ? value.toLocaleString("en-US", { maximumFractionDigits: 0 })
    : String(Math.round(value * 100) / 100);
}

function short(label, n = 12) {
  return label.length > n ? `${label.slice(0, n - 1)}…` : label;
}

export function drawChart(data) {
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart-svg", role: "img" });
  const all = data.series.flatMap((s) => [...s.values.values()]);
  const max = niceMax(Math.max(0, ...all));
  const min = Math.min(0, ...all);
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const scale = (v) => ((v - min) / (max - min || 1));
  const ticks = 4;
  for (let t = 0; t <= ticks; t += 1) {
    const value = min + ((max - min) * t) / ticks;
    if (data.horizontal) {
      const x = M.left + scale(value) * plotW;
      svg.append(el("line", { x1: x, x2: x, y1: M.top, y2: M.top + plotH, class: "grid" }));
      svg.append(el("text", { x, y: H - M.bottom + 16, "text-anchor": "middle", class: "tick" }, format(value)));
    } else {
      const y = M.top + plotH - scale(value) * plotH;
      svg.append(el("line", { x1: M.left, x2: M.left + plotW, y1: y, y2: y, class: "grid" }));
      svg.append(el("text", { x: M.left - 6, y: y + 4, "text-anchor": "end", class: "tick" }, format(value)));
    }
  }
  const n = data.labels.length;
  const band = (data.horizontal ? plotH : plotW) / n;
  const every = Math.ceil(n / 16);
  data.labels.forEach((label, i) => {
    if (i % every) return;
    const center = i * band + band / 2;
    if (data.horizontal) {
      svg.append(el("text", { x: M.left - 6, y: M.top + center + 4, "text-anchor": "end", class: "tick" }, short(label)));
    } else {
      const x = M.left + center;
      const y = H - M.bottom + 14;
      svg.append(el("text", { x, y, "text-anchor": "end", transform: `rotate(-35 ${x} ${y})`, class: "tick" }, short(label)));
    }
  });
  const bars = data.kind === "bar";
  data.series.forEach((s, k) => {
    const colour = PALETTE[k % PALETTE.length];
    const points = [];
    data.labels.forEach((label, i) => {
      if (!s.values.has(label)) return;
      const value = s.values.get(label);
      if (bars) {
        const width = (band * 0.8) / data.series.length;
        const offset = i * band + band * 0.1 + k * width;
        const zero = scale(0);
        const size = Math.abs(scale(value) - zero);
        const start = Math.min(scale(value), zero);
        const rect = data.horizontal
          ? { x: M.left + start * plotW, y: M.top + offset, width: size * plotW, height: width }
          : { x: M.left + offset, y: M.top + plotH - (start + size) * plotH, width, height: size * plotH };
        const bar = el("rect", { ...rect, fill: colour, class: "bar" });
        bar.append(el("title", {}, `${label}: ${format(value)}`));
        svg.append(bar);
      } else {
        points.push([M.left + i * band + band / 2, M.top + plotH - scale(value) * plotH, label, value]);
      }
    });
    if (!bars && points.length) {
      if (data.kind !== "point") {
        const path = points.map(([x, y], j) => `${j ? "L" : "M"}${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
        if (data.kind === "area") {
          const base = M.top + plotH - scale(0) * plotH;
          const area = `${path} L${points[points.length - 1][0]},${base} L${points[0][0]},${base} Z`;
          svg.append(el("path", { d: area, fill: colour, "fill-opacity": 0.25, stroke: "none" }));
        }
        svg.append(el("path", { d: path, fill: "none", stroke: colour, "stroke-width": 2, class: "line" }));
      }
      for (const [x, y, label, value] of points) {
        const dot = el("circle", { cx: x, cy: y, r: 3, fill: colour, class: "dot" });
        dot.append(el("title", {}, `${label}: ${format(value)}`));
        svg.append(dot);
      }
    }
  });
  svg.append(el("line", { x1: M.left, x2: M.left, y1: M.top, y2: M.top + plotH, class: "axis" }));
  svg.append(el("line", { x1: M.left, x2: M.left + plotW, y1: M.top + plotH, y2: M.top + plotH, class: "axis" }));
  return svg;
}

export function legend(data) {
  const box = document.createElement("div");
  box.className = "chart-legend";
  if (data.series.length < 2) return box;
  data.series.forEach((s, k) => {
    const item = document.createElement("span");
    const swatch = document.createElement("i");
    swatch.className = `swatch swatch-${k % PALETTE.length}`;
    item.append(swatch, document.createTextNode(s.name));
    box.append(item);
  });
  return box;
}
