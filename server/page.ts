/**
 * The web page at `/`: paste or upload qrels and runs (or RAG samples),
 * choose metrics, read the table and the comparison plots, download JSON or
 * CSV. One HTML document with an inline style
 * and script, no build step and nothing fetched from elsewhere; the Content
 * Security Policy allows exactly that inline code and calls to this origin.
 *
 * @module
 */

import {
  EXAMPLE_QRELS,
  EXAMPLE_RUN_BM25,
  EXAMPLE_RUN_HYBRID,
} from "../examples/embedded.ts";

// The example data as a script literal; "<" escaped so no text of it can end
// the script element.
const EXAMPLE_JSON = JSON.stringify({
  qrels: EXAMPLE_QRELS,
  runs: [
    { name: "bm25", text: EXAMPLE_RUN_BM25 },
    { name: "hybrid", text: EXAMPLE_RUN_HYBRID },
  ],
}).replaceAll("<", "\\u003c");

const STYLE = `
:root {
  --bg: #f6f7f9; --card: #fff; --ink: #1c2430; --muted: #5d6b7c;
  --line: #dde2e8; --accent: #2457c5; --accent-ink: #fff; --bad: #b3261e;
  --bad-bg: #fdecea; --best: #e8f0fe; --mono: ui-monospace, SFMono-Regular,
  Menlo, Consolas, monospace;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #14181f; --card: #1d232c; --ink: #e4e8ee; --muted: #9aa6b5;
    --line: #313a46; --accent: #7aa2f7; --accent-ink: #0d1117;
    --bad: #ffb4ab; --bad-bg: #3a1d1b; --best: #243250;
  }
}
* { box-sizing: border-box; }
body {
  margin: 0; background: var(--bg); color: var(--ink);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
header { background: var(--card); border-bottom: 1px solid var(--line); }
header .wrap { display: flex; align-items: baseline; gap: 1rem; flex-wrap: wrap; }
header h1 { margin: 0; font-size: 1.35rem; letter-spacing: -0.01em; }
header p { margin: 0; color: var(--muted); flex: 1; }
header nav a { color: var(--accent); margin-left: 1rem; text-decoration: none; }
.wrap { max-width: 1120px; margin: 0 auto; padding: 1rem 1.25rem; }
.grid { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
@media (max-width: 820px) { .grid { grid-template-columns: 1fr; } }
.grid > section { display: flex; flex-direction: column; }
#qrels { flex: 1; }
section.card {
  background: var(--card); border: 1px solid var(--line); border-radius: 10px;
  padding: 1rem 1.1rem; margin-bottom: 1rem;
}
h2 { font-size: 1rem; margin: 0 0 .6rem; }
h2 small { color: var(--muted); font-weight: normal; }
textarea {
  width: 100%; min-height: 9.5rem; resize: vertical; font: 12.5px/1.4 var(--mono);
  padding: .5rem; border: 1px solid var(--line); border-radius: 6px;
  background: var(--bg); color: var(--ink);
}
textarea:disabled { opacity: .75; }
input[type=text], input[type=number], input[type=password], select {
  font: inherit; padding: .3rem .45rem; border: 1px solid var(--line);
  border-radius: 6px; background: var(--bg); color: var(--ink);
}
input[type=number] { width: 6rem; }
.row { display: flex; gap: .6rem; align-items: center; flex-wrap: wrap; margin: .4rem 0; }
.hint { color: var(--muted); font-size: .85rem; }
.run { border-top: 1px dashed var(--line); padding-top: .6rem; margin-top: .6rem; }
.run:first-child { border-top: 0; padding-top: 0; margin-top: 0; }
.run .name { flex: 1; min-width: 8rem; }
button {
  font: inherit; border: 1px solid var(--line); background: var(--card);
  color: var(--ink); border-radius: 6px; padding: .3rem .75rem; cursor: pointer;
}
button:hover { border-color: var(--accent); }
button.primary {
  background: var(--accent); color: var(--accent-ink); border-color: var(--accent);
  padding: .5rem 1.4rem; font-weight: 600;
}
button:disabled { opacity: .6; cursor: progress; }
.chips { display: flex; flex-wrap: wrap; gap: .35rem; margin-bottom: .5rem; }
.chips label {
  border: 1px solid var(--line); border-radius: 999px; padding: .1rem .6rem;
  font: 13px var(--mono); cursor: pointer; user-select: none;
}
.chips input { margin: 0 .3rem 0 0; vertical-align: -1px; }
.chips label:has(input:checked) { border-color: var(--accent); background: var(--best); }
#specs, #rag-specs { flex: 1; min-width: 14rem; font-family: var(--mono); }
[hidden] { display: none !important; }
.options label { margin-right: 1rem; white-space: nowrap; }
.actions { display: flex; gap: 1rem; align-items: center; margin: 0 0 1rem; }
#status { color: var(--muted); }
#error {
  display: none; background: var(--bad-bg); color: var(--bad); border-radius: 8px;
  padding: .7rem .9rem; margin-bottom: 1rem; font-family: var(--mono);
  font-size: 13px; white-space: pre-wrap;
}
#results { display: none; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { padding: .35rem .6rem; border-bottom: 1px solid var(--line); text-align: right; }
th:first-child, td:first-child { text-align: left; font-family: var(--mono); }
thead th { font-weight: 600; border-bottom: 2px solid var(--line); }
td { font-variant-numeric: tabular-nums; }
td.best { background: var(--best); font-weight: 600; }
tfoot td { color: var(--muted); font-size: 13px; }
details summary { cursor: pointer; color: var(--accent); margin: .6rem 0; }
#registry td, #registry th { text-align: left; vertical-align: top; }
#registry td:last-child { font-family: inherit; color: var(--muted); }
#registry button { font: 12px var(--mono); padding: 0 .4rem; }
.tabs { display: flex; gap: .25rem; }
.tabs button { border-radius: 999px; padding: .25rem .9rem; }
.tabs button[aria-selected=true] {
  background: var(--accent); color: var(--accent-ink); border-color: var(--accent);
}
body:not(.mode-rag) .rag-only, body.mode-rag .rank-only { display: none !important; }
#comparison, #rag-results { display: none; }
#comparison .summary { color: var(--muted); margin: 0 0 .6rem; }
#comparison td, #comparison th { white-space: nowrap; }
#comparison tr.up td { background: #e6f6ea; color: #1c2430; }
#comparison tr.down td { background: #fdecec; color: #1c2430; }
.plots { display: flex; flex-wrap: wrap; gap: 1rem; margin-top: 1rem; }
.plots svg {
  max-width: 100%; height: auto; background: #fff; border: 1px solid var(--line);
  border-radius: 6px;
}
#comparison .note { color: var(--muted); font-size: 13px; }
.legend-key { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin: 0 4px 0 8px; }
.legend-key.up { background: #2da44e; } .legend-key.down { background: #cf222e; }
#keymap { flex: 1; min-width: 16rem; font-family: var(--mono); }
#rag-samples td.text, #rag-samples th.text {
  text-align: left; font-family: inherit; max-width: 22rem; overflow: hidden;
  text-overflow: ellipsis; white-space: nowrap;
}
`;

const SCRIPT = `
"use strict";
const $ = (id) => document.getElementById(id);
const SHOW_LIMIT = 2 * 1024 * 1024;
const SAMPLE_ROWS = 1000;
const DEFAULT_METRICS = ["ndcg@10", "ap", "rr", "P@10", "recall@100", "bpref",
  "ndcg", "P@5", "success@1", "err@20", "judged@10", "num_rel_ret"];
const CHECKED = new Set(["ndcg@10", "ap", "rr", "P@10", "recall@100"]);
const RAG_METRICS = ["exact_match", "token_f1", "context_recall", "context_precision",
  "non_empty_rate", "acc", "cover_em", "string_em", "rouge_1", "rouge_2", "rouge_l",
  "bleu", "id_context_precision", "id_context_recall"];
const RAG_CHECKED = new Set(RAG_METRICS.slice(0, 5));
const EXAMPLE = ${EXAMPLE_JSON};
let results = [];
let ragResult = null;
let mode = "rank";

// An input block: a textarea, or the text of a file too large to show.
function textInput(textarea, fileInput, note) {
  let fileText = null;
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files[0];
    if (!file) return;
    note.textContent = "reading " + file.name + "…";
    const stream = file.name.endsWith(".gz")
      ? file.stream().pipeThrough(new DecompressionStream("gzip"))
      : file.stream();
    const text = await new Response(stream).text();
    fileInput.dispatchEvent(new CustomEvent("loaded", { detail: file.name }));
    if (text.length <= SHOW_LIMIT) {
      fileText = null; textarea.disabled = false; textarea.value = text;
      note.textContent = file.name + ": " + lineCount(text) + " lines";
    } else {
      fileText = text; textarea.value = ""; textarea.disabled = true;
      note.textContent = file.name + ": " + lineCount(text) +
        " lines (too large to show; choose another file or clear)";
    }
  });
  return {
    textarea,
    text: () => fileText ?? textarea.value,
    clear() { fileText = null; textarea.disabled = false; textarea.value = ""; fileInput.value = ""; note.textContent = ""; },
  };
}

function lineCount(text) {
  let n = 0;
  for (let i = text.indexOf("\\n"); i >= 0; i = text.indexOf("\\n", i + 1)) n++;
  return n + (text.length && !text.endsWith("\\n") ? 1 : 0);
}

const qrels = textInput($("qrels"), $("qrels-file"), $("qrels-note"));
const samples = textInput($("samples"), $("samples-file"), $("samples-note"));
const runs = [];

function addRun() {
  const block = $("run-template").content.firstElementChild.cloneNode(true);
  const n = runs.length + 1;
  const name = block.querySelector(".name");
  name.value = "";
  name.placeholder = "run " + n + " (name)";
  const input = textInput(block.querySelector("textarea"),
    block.querySelector("input[type=file]"), block.querySelector(".hint"));
  const run = { block, name, input };
  block.querySelector("input[type=file]").addEventListener("loaded", (e) => {
    if (!name.value) name.value = e.detail.replace(/\\.(gz)$/, "").replace(/\\.[^.]*$/, "");
  });
  block.querySelector(".remove").addEventListener("click", () => {
    if (runs.length === 1) { input.clear(); name.value = ""; return; }
    runs.splice(runs.indexOf(run), 1);
    block.remove();
  });
  runs.push(run);
  $("runs").append(block);
  return run;
}

function loadExample() {
  clearResults();
  showError("");
  qrels.clear();
  qrels.textarea.value = EXAMPLE.qrels;
  while (runs.length < EXAMPLE.runs.length) addRun();
  while (runs.length > EXAMPLE.runs.length) runs.pop().block.remove();
  EXAMPLE.runs.forEach((example, i) => {
    runs[i].input.clear();
    runs[i].input.textarea.value = example.text;
    runs[i].name.value = example.name;
  });
  $("status").textContent = "Loaded the example: 20 queries, runs bm25 and hybrid. Press Evaluate.";
}

function chosenMetrics(chips = "#chips", specs = "specs") {
  const chosen = [...document.querySelectorAll(chips + " input:checked")].map((c) => c.value);
  for (const spec of $(specs).value.split(/[,\\s]+/)) {
    if (spec && !chosen.includes(spec)) chosen.push(spec);
  }
  return chosen;
}

function showError(message, where) {
  $("error").textContent = message;
  $("error").style.display = message ? "block" : "none";
  if (where && where.line > 0) {
    const area = where.file === "qrels" ? qrels.textarea
      : where.file === "samples" ? samples.textarea : where.run?.input.textarea;
    if (area && !area.disabled) {
      const lines = area.value.split("\\n");
      const start = lines.slice(0, where.line - 1).reduce((s, l) => s + l.length + 1, 0);
      area.focus();
      area.setSelectionRange(start, start + (lines[where.line - 1] ?? "").length);
    }
  }
}

function headers() {
  const h = { "content-type": "application/json" };
  const token = $("token").value.trim();
  if (token) h.authorization = "Bearer " + token;
  return h;
}

function options() {
  const o = {};
  const level = $("level").value.trim();
  if (level !== "") o.relevanceLevel = Number(level);
  const depth = $("depth").value.trim();
  if (depth !== "") o.depth = Number(depth);
  if ($("judged-only").checked) o.judgedOnly = true;
  if ($("complete").checked) o.averageOverQrels = true;
  return o;
}

async function post(path, body) {
  const response = await fetch(path, { method: "POST", headers: headers(), body: JSON.stringify(body) });
  if (response.status === 401) $("token-box").open = true;
  return response;
}

async function problemOf(response) {
  const body = await response.json().catch(() => ({}));
  return { ...body, detail: body.detail ?? response.status + " " + response.statusText };
}

// Every request starts from an empty result area, so what is shown after
// it (a result or an error) is this request's alone.
function clearResults() {
  results = [];
  ragResult = null;
  for (const id of ["results", "comparison", "rag-results"]) $(id).style.display = "none";
  for (const id of ["summary", "per-query", "rag-summary", "rag-samples"]) $(id).replaceChildren();
  $("comparison-content").replaceChildren();
}

async function evaluateAll() {
  clearResults();
  showError("");
  $("evaluate").disabled = true;
  try {
    if (mode === "rag") await evaluateRag();
    else await evaluateRuns();
  } catch (error) {
    showError("The request failed: " + error.message);
    $("status").textContent = "";
  } finally {
    $("evaluate").disabled = false;
  }
}

async function evaluateRuns() {
  const metrics = chosenMetrics();
  const qrelsText = qrels.text();
  const filled = runs.filter((r) => r.input.text().trim() !== "");
  if (!qrelsText.trim()) return showError("Paste or upload the qrels first.");
  if (!filled.length) return showError("Paste or upload at least one run.");
  if (!metrics.length) return showError("Choose at least one metric.");
  const done = [];
  for (const [i, run] of filled.entries()) {
    $("status").textContent = "Evaluating run " + (i + 1) + " of " + filled.length + "…";
    const text = run.input.text();
    const response = await post("v1/evaluate", { qrels: qrelsText, run: text, metrics, perQuery: true, ...options() });
    const body = response.ok ? await response.json() : await problemOf(response);
    const label = run.name.value.trim() || body.runId || "run " + (runs.indexOf(run) + 1);
    if (!response.ok) {
      const whose = body.file === "run" || response.status === 413 ? label + ": " : "";
      showError(whose + body.detail, { file: body.file, line: body.line, run });
      $("status").textContent = "";
      return;
    }
    if (!run.name.value.trim()) run.name.value = label;
    done.push({ name: uniqueName(label, done), result: body, text });
  }
  results = done;
  render();
  $("status").textContent = "Evaluated " + done.length + " run" + (done.length > 1 ? "s" : "") + ".";
  if (done.length > 1) await compareRuns(qrelsText, metrics);
  else $("comparison").style.display = "none";
}

// Two runs or more: the compare report's tests and plots, under the table.
async function compareRuns(qrelsText, metrics) {
  $("status").textContent = "Comparing " + results.length + " runs…";
  const section = $("comparison");
  const content = $("comparison-content");
  content.replaceChildren();
  section.style.display = "block";
  const { judgedOnly, relevanceLevel, depth } = options();
  const response = await post("v1/compare", {
    qrels: qrelsText, metrics, format: "html", judgedOnly, relevanceLevel, depth,
    runs: results.map((r) => ({ name: r.name, run: r.text })),
  });
  if (!response.ok) {
    content.append(cell("p", "No comparison: " + (await problemOf(response)).detail, "hint"));
  } else {
    // The report's own stylesheet is left out: this page's policy forbids it,
    // and the parts taken over are styled here.
    const html = (await response.text()).replace(/<style>[^<]*<\\/style>/, "");
    const report = new DOMParser().parseFromString(html, "text/html");
    const summary = report.querySelector(".summary");
    if (summary) content.append(document.importNode(summary, true));
    for (const id of ["#means", "#tests"]) {
      const table = report.querySelector(id);
      if (!table) continue;
      const wrap = document.createElement("div");
      wrap.className = "table-wrap";
      wrap.append(document.importNode(table, true));
      content.append(wrap);
    }
    const note = report.querySelector("#tests-section .note");
    if (note) content.append(document.importNode(note, true));
    // The means chart in view; the per-query and metric-at-k charts, many
    // for many runs and metrics, folded.
    const sections = [["#means-section", null], ["#differences-section", "Per-query differences"],
      ["#curves-section", "Metric at cutoff k"]];
    for (const [selector, title] of sections) {
      const charts = report.querySelectorAll(selector + " svg");
      if (!charts.length) continue;
      const plots = document.createElement("div");
      plots.className = "plots";
      for (const svg of charts) plots.append(document.importNode(svg, true));
      if (title === null) { content.append(plots); continue; }
      const details = document.createElement("details");
      details.append(cell("summary", title + " (" + charts.length + " charts)"), plots);
      content.append(details);
    }
  }
  $("status").textContent = "Evaluated and compared " + results.length + " runs.";
}

// The API's names for the RAG controls, in the page's words.
function pageWords(detail) {
  return detail
    .replace('use "input": "answers" or a "keyMap"', 'choose Layout "answer file" (and a key map if its keys differ from UltraRAG’s)')
    .replace(/Field "keyMap"/g, "The key map")
    .replace(/"keyMap"/g, "the key map")
    .replace(/"input": "answers"/g, 'Layout "answer file"')
    .replace(/"input": "ragas"/g, 'Layout "Ragas"')
    .replace(/Field "samples"/g, "The samples")
    .replace(/Field "normalize"/g, "Normalization");
}

async function evaluateRag() {
  const text = samples.text();
  const metrics = chosenMetrics("#rag-chips", "rag-specs");
  if (!text.trim()) return showError("Paste or upload the samples first.");
  if (!metrics.length) return showError("Choose at least one metric.");
  const request = { samples: text, metrics, normalize: $("normalize").value, perSample: true,
    input: $("rag-input").value };
  const keyMap = $("keymap").value.trim();
  if (request.input === "answers" && keyMap) request.keyMap = keyMap;
  $("status").textContent = "Scoring samples…";
  const response = await post("v1/rag", request);
  if (!response.ok) {
    const body = await problemOf(response);
    showError(pageWords(body.detail), { file: body.file, line: body.line });
    $("status").textContent = "";
    return;
  }
  ragResult = await response.json();
  const table = $("rag-summary");
  fillTable(table, ["metric", "value", "samples scored"],
    ragResult.metrics.map((m) => [m, ragResult.aggregate[m] ?? undefined]), null);
  // The coverage column is a count, not a score.
  [...table.tBodies[0].rows].forEach((tr, i) => {
    const label = ragResult.metrics[i];
    tr.append(cell("td", ragResult.coverage[label] + " of " + ragResult.nSamples));
  });
  renderRagSamples();
  $("rag-results").style.display = "block";
  $("status").textContent = "Scored " + ragResult.nSamples + " samples (" + ragResult.normalize + " normalization).";
}

// One row per sample: its id, response, best reference and every metric.
function renderRagSamples() {
  const table = $("rag-samples");
  table.replaceChildren();
  const labels = ragResult.metrics;
  const head = table.createTHead().insertRow();
  head.append(cell("th", "sample"), cell("th", "response", "text"), cell("th", "best reference", "text"));
  labels.forEach((m) => head.append(cell("th", m)));
  const body = table.createTBody();
  // A table of every sample of a large file would stall the page; the
  // downloads hold them all.
  const shown = (ragResult.perSample ?? []).slice(0, SAMPLE_ROWS);
  $("rag-samples-note").textContent = shown.length < ragResult.nSamples
    ? "The first " + shown.length + " of " + ragResult.nSamples + " samples; the downloads hold every one."
    : "";
  shown.forEach((values, i) => {
    const tr = body.insertRow();
    tr.append(cell("td", ragResult.sampleIds[i]));
    for (const text of [ragResult.responses[i], ragResult.bestReferences[i]]) {
      const td = cell("td", text ?? "–", "text");
      if (text) td.title = text;
      tr.append(td);
    }
    labels.forEach((m) => tr.append(cell("td", fmtFor(m)(values[m] ?? undefined))));
  });
}

function uniqueName(name, taken) {
  let unique = name;
  for (let i = 2; taken.some((t) => t.name === unique); i++) unique = name + " (" + i + ")";
  return unique;
}

// Labels are canonical specs, so the definition is the name before "(" or "@".
const summed = new Set();
const fmtFor = (label) => (v) =>
  v === undefined ? "–" : summed.has(label.match(/^[^(@]+/)[0]) ? String(v) : v.toFixed(4);

function cell(tag, text, cls) {
  const el = document.createElement(tag);
  el.textContent = text;
  if (cls) el.className = cls;
  return el;
}

function fillTable(table, head, rows, foot, metricOf = (row) => row[0]) {
  table.replaceChildren();
  const thead = table.createTHead().insertRow();
  head.forEach((h) => thead.append(cell("th", h)));
  const body = table.createTBody();
  for (const values of rows) {
    const tr = body.insertRow();
    tr.append(cell("td", values[0]));
    const numbers = values.slice(1);
    // Highlight a best value only where the runs differ.
    const present = numbers.filter((v) => v !== undefined);
    const best = present.length > 1 && present.some((v) => v !== present[0]) ? Math.max(...present) : NaN;
    const fmt = fmtFor(metricOf(values));
    numbers.forEach((v) => tr.append(cell("td", fmt(v), v === best ? "best" : "")));
  }
  if (foot) {
    const tfoot = table.createTFoot();
    for (const line of foot) {
      const tr = tfoot.insertRow();
      line.forEach((text) => tr.append(cell("td", text)));
    }
  }
}

function render() {
  const metrics = results[0].result.metrics;
  fillTable($("summary"), ["metric", ...results.map((r) => r.name)],
    metrics.map((m) => [m, ...results.map((r) => r.result.aggregate[m])]),
    [["queries scored", ...results.map((r) => String(r.result.counts.scored))],
     ["run queries without judgements", ...results.map((r) => String(r.result.counts.unjudged))],
     ["judged queries not in the run", ...results.map((r) => String(r.result.counts.notRetrieved))]]);
  const select = $("per-query-metric");
  const previous = select.value;
  select.replaceChildren(...metrics.map((m) => new Option(m, m)));
  if (metrics.includes(previous)) select.value = previous;
  renderPerQuery();
  $("results").style.display = "block";
}

function renderPerQuery() {
  const metric = $("per-query-metric").value;
  const ids = new Set();
  for (const r of results) Object.keys(r.result.perQuery).forEach((q) => ids.add(q));
  const collator = new Intl.Collator(undefined, { numeric: true });
  const rows = [...ids].sort(collator.compare).map((q) =>
    [q, ...results.map((r) => r.result.perQuery[q]?.[metric])]);
  fillTable($("per-query"), ["query", ...results.map((r) => r.name)], rows, null, () => metric);
}

function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url; a.download = name; a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function setMode(next) {
  mode = next;
  document.body.classList.toggle("mode-rag", mode === "rag");
  $("tab-rank").setAttribute("aria-selected", String(mode === "rank"));
  $("tab-rag").setAttribute("aria-selected", String(mode === "rag"));
  showError("");
  $("status").textContent = "";
}

function ragCsv() {
  const lines = ["sample,metric,value"];
  ragResult.perSample?.forEach((values, i) => {
    const id = ragResult.sampleIds?.[i] ?? String(i + 1);
    for (const [m, v] of Object.entries(values)) lines.push([id, m, v === null ? "" : String(v)].map(csvField).join(","));
  });
  for (const [m, v] of Object.entries(ragResult.aggregate)) lines.push(["all", m, v === null ? "" : String(v)].map(csvField).join(","));
  return lines.join("\\n") + "\\n";
}

function csvField(s) {
  return /[",\\n\\r]/.test(s) ? '"' + s.replaceAll('"', '""') + '"' : s;
}

function toCsv() {
  const lines = ["run,query,metric,value"];
  for (const { name, result } of results) {
    for (const [q, values] of Object.entries(result.perQuery)) {
      for (const m of result.metrics) lines.push([name, q, m, String(values[m])].map(csvField).join(","));
    }
    for (const m of result.metrics) lines.push([name, "all", m, String(result.aggregate[m])].map(csvField).join(","));
  }
  return lines.join("\\n") + "\\n";
}

async function loadRegistry() {
  const list = $("datalist");
  try {
    const response = await fetch("v1/metrics", { headers: headers() });
    if (!response.ok) return;
    const metrics = await response.json();
    const table = $("registry");
    const body = table.tBodies[0] ?? table.createTBody();
    body.replaceChildren();
    for (const m of metrics) {
      if (m.aggregate === "sum") summed.add(m.name);
      list.append(new Option(m.name));
      const tr = body.insertRow();
      const add = cell("button", m.name + (m.cutoff === "none" ? "" : m.cutoff === "required" ? "@10" : ""));
      add.type = "button";
      add.title = "add to the metrics";
      add.addEventListener("click", () => {
        const specs = $("specs");
        specs.value = (specs.value.trim() ? specs.value.trim() + ", " : "") + add.textContent;
      });
      const first = tr.insertCell();
      first.append(add);
      tr.append(cell("td", m.kind));
      tr.append(cell("td", m.description + (m.aliases.length ? " (also: " + m.aliases.join(", ") + ")" : "")));
    }
    if (results.length) render();
  } catch {
    // The list is a convenience; typing specs works without it.
  }
}

function chips(container, specs, checked) {
  for (const spec of specs) {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox"; box.value = spec; box.checked = checked.has(spec);
    label.append(box, spec);
    $(container).append(label);
  }
}
chips("chips", DEFAULT_METRICS, CHECKED);
chips("rag-chips", RAG_METRICS, RAG_CHECKED);
$("tab-rank").addEventListener("click", () => setMode("rank"));
$("tab-rag").addEventListener("click", () => setMode("rag"));
$("samples-clear").addEventListener("click", () => samples.clear());
$("rag-input").addEventListener("change", () => { $("keymap-row").hidden = $("rag-input").value !== "answers"; });
$("rag-download-json").addEventListener("click", () => download("ranklens-rag.json", "application/json",
  JSON.stringify(ragResult, null, 2) + "\\n"));
$("rag-download-csv").addEventListener("click", () => download("ranklens-rag.csv", "text/csv", ragCsv()));
addRun();
$("add-run").addEventListener("click", () => addRun().input.textarea.focus());
$("qrels-clear").addEventListener("click", () => qrels.clear());
$("evaluate").addEventListener("click", evaluateAll);
$("load-example").addEventListener("click", loadExample);
$("per-query-metric").addEventListener("change", renderPerQuery);
$("download-json").addEventListener("click", () => download("ranklens.json", "application/json",
  JSON.stringify(Object.fromEntries(results.map((r) => [r.name, r.result])), null, 2) + "\\n"));
$("download-csv").addEventListener("click", () => download("ranklens.csv", "text/csv", toCsv()));
$("token").addEventListener("change", loadRegistry);
loadRegistry();
`;

const BODY = `<header><div class="wrap">
<h1>ranklens</h1>
<p>Score search runs and RAG answers, with trec_eval's numbers.</p>
<div class="tabs" role="tablist"><button type="button" role="tab" id="tab-rank" aria-selected="true">Rankings</button>
<button type="button" role="tab" id="tab-rag" aria-selected="false">RAG answers</button></div>
<nav><a href="api">API</a><a href="metrics">Metrics</a></nav>
</div></header>
<main class="wrap">
<div class="grid rank-only">
<section class="card" aria-labelledby="qrels-title">
  <h2 id="qrels-title">Judgements <small>TREC qrels: <code>query iter doc grade</code></small></h2>
  <textarea id="qrels" spellcheck="false" aria-label="qrels" placeholder="q1 0 doc7 2&#10;q1 0 doc3 0&#10;q2 0 doc9 1"></textarea>
  <div class="row"><input type="file" id="qrels-file" aria-label="qrels file">
  <button type="button" id="qrels-clear">Clear</button><span class="hint" id="qrels-note"></span></div>
</section>
<section class="card" aria-labelledby="runs-title">
  <h2 id="runs-title">Runs <small>TREC run: <code>query Q0 doc rank score tag</code></small></h2>
  <div id="runs"></div>
  <div class="row"><button type="button" id="add-run">+ Add a run</button></div>
</section>
</div>
<template id="run-template"><div class="run">
  <div class="row"><input type="text" class="name" aria-label="run name">
  <button type="button" class="remove">Remove</button></div>
  <textarea spellcheck="false" aria-label="run" placeholder="q1 Q0 doc7 1 12.5 bm25&#10;q1 Q0 doc3 2 11.0 bm25"></textarea>
  <div class="row"><input type="file" aria-label="run file"><span class="hint"></span></div>
</div></template>
<section class="card rag-only" aria-labelledby="samples-title">
  <h2 id="samples-title">Samples <small>JSON Lines: Ragas records, or an answer file</small></h2>
  <textarea id="samples" spellcheck="false" aria-label="samples" placeholder='{"user_input": "capital of France?", "response": "Paris", "reference": "Paris", "retrieved_contexts": ["Paris is the capital of France."]}'></textarea>
  <div class="row"><input type="file" id="samples-file" aria-label="samples file">
  <button type="button" id="samples-clear">Clear</button><span class="hint" id="samples-note"></span></div>
  <div class="row"><label>Layout <select id="rag-input">
    <option value="ragas">Ragas (user_input, response, reference, retrieved_contexts)</option>
    <option value="answers">answer file (UltraRAG: question, golden_answers, pred_answer)</option>
  </select></label>
  <label>Normalization <select id="normalize"><option>squad</option><option>ultrarag</option></select></label></div>
  <div class="row" id="keymap-row" hidden><input type="text" id="keymap" aria-label="key map"
    placeholder="key map, e.g. question=query,reference=answers,response=output (default: UltraRAG's keys)"></div>
</section>
<section class="card rag-only" aria-labelledby="rag-metrics-title">
  <h2 id="rag-metrics-title">RAG metrics <small>a metric skips samples it does not apply to</small></h2>
  <div class="chips" id="rag-chips"></div>
  <div class="row"><input type="text" id="rag-specs" aria-label="more RAG metric specs" placeholder="more specs, comma-separated, e.g. rouge_l(stem=porter)"></div>
</section>
<section class="card rank-only" aria-labelledby="metrics-title">
  <h2 id="metrics-title">Metrics <small>click to choose, or type specs such as <code>ndcg@5</code>, <code>P(rel=2)@10</code>, <code>rbp(p=0.8)</code></small></h2>
  <div class="chips" id="chips"></div>
  <div class="row"><input type="text" id="specs" list="datalist" aria-label="more metric specs" placeholder="more specs, comma-separated">
  <datalist id="datalist"></datalist></div>
  <div class="row options">
    <label>Relevant from grade <input type="number" id="level" value="1" step="1"></label>
    <label>Depth <input type="number" id="depth" min="1" step="1" placeholder="all"></label>
    <label><input type="checkbox" id="judged-only"> judged documents only</label>
    <label><input type="checkbox" id="complete"> average over every judged query</label>
  </div>
  <details><summary>Every metric of the registry</summary>
  <div class="table-wrap"><table id="registry"><thead><tr><th>spec</th><th>kind</th><th>what it measures</th></tr></thead></table></div></details>
</section>
<details id="token-box"><summary>Access token</summary>
<div class="row"><input type="password" id="token" autocomplete="off" aria-label="access token" placeholder="bearer token, if the server needs one"></div></details>
<div class="actions"><button type="button" class="primary" id="evaluate">Evaluate</button>
<button type="button" id="load-example" class="rank-only">Load example</button>
<span id="status" role="status" aria-live="polite"></span></div>
<div id="error" role="alert"></div>
<section class="card rank-only" id="results" aria-labelledby="results-title">
  <div class="row"><h2 id="results-title">Results</h2><span class="hint">mean over queries; best run in each row highlighted</span></div>
  <div class="table-wrap"><table id="summary"></table></div>
  <details><summary>Per-query values</summary>
  <div class="row"><label>Metric <select id="per-query-metric"></select></label></div>
  <div class="table-wrap"><table id="per-query"></table></div></details>
  <div class="row"><button type="button" id="download-json">Download JSON</button>
  <button type="button" id="download-csv">Download CSV</button></div>
</section>
<section class="card rank-only" id="comparison" aria-labelledby="comparison-title">
  <h2 id="comparison-title">Comparison <small>paired significance tests between the runs</small></h2>
  <div id="comparison-content"></div>
</section>
<section class="card rag-only" id="rag-results" aria-labelledby="rag-results-title">
  <h2 id="rag-results-title">RAG results</h2>
  <div class="table-wrap"><table id="rag-summary"></table></div>
  <details open><summary>Per-sample values</summary>
  <div class="table-wrap"><table id="rag-samples"></table></div>
  <p class="hint" id="rag-samples-note"></p></details>
  <div class="row"><button type="button" id="rag-download-json">Download JSON</button>
  <button type="button" id="rag-download-csv">Download CSV</button></div>
</section>
</main>`;

/** The page. */
export const PAGE_HTML: string = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ranklens</title><link rel="icon" href="data:,">
<style>${STYLE}</style></head>
<body>${BODY}
<script>${SCRIPT}</script></body></html>
`;

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(text),
  );
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

let policy: Promise<string> | undefined;

/**
 * The Content Security Policy of the page: its own inline style and script
 * (by hash), requests to this origin, nothing else.
 *
 * @example
 * ```ts
 * import { pageContentSecurityPolicy } from "./page.ts";
 * console.log((await pageContentSecurityPolicy()).startsWith("default-src 'none'")); // true
 * ```
 *
 * @returns The header value.
 */
export function pageContentSecurityPolicy(): Promise<string> {
  policy ??= Promise.all([sha256(SCRIPT), sha256(STYLE)]).then((
    [script, style],
  ) =>
    [
      "default-src 'none'",
      `script-src 'sha256-${script}'`,
      `style-src 'sha256-${style}'`,
      "connect-src 'self'",
      "img-src data:",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join("; ")
  );
  return policy;
}
