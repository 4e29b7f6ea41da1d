/// <reference lib="dom" />
// The web page driven in headless Chromium: paste, evaluate, read the table.
import { assertEquals } from "../assert.ts";
import { chromium } from "playwright-core";
import { createApp } from "../../server.ts";
import { repoText, serve } from "./_serve.ts";
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  SKIP_BROWSER_TESTS,
  textsOutsideCharts,
} from "../_browser.ts";

const SCREENSHOT = Deno.env.get("RANKLENS_SCREENSHOT");

async function withPage(
  options: Parameters<typeof createApp>[0],
  fn: (
    page: import("playwright-core").Page,
    url: string,
    problems: string[],
  ) => Promise<void>,
) {
  await using server = serve(createApp(options));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await browser.newPage({ acceptDownloads: true });
    // A CSP violation or a script error would show up here.
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    await page.goto(server.url + "/");
    await fn(page, server.url, problems);
  } finally {
    await browser.close();
  }
}

async function cells(
  page: import("playwright-core").Page,
  selector: string,
): Promise<string[][]> {
  return await page.$$eval(
    `${selector} tr`,
    (rows) =>
      rows.map((row) =>
        [...row.children].map((cell) => (cell.textContent ?? "").trim())
      ),
  );
}

Deno.test({
  name: "the page evaluates two pasted runs and shows the API's values",
  ignore: SKIP_BROWSER_TESTS,
  async fn() {
    const qrels = await repoText("examples/qrels.txt");
    const bm25 = await repoText("examples/run.bm25.txt");
    const hybrid = await repoText("examples/run.hybrid.txt");
    await withPage({}, async (page, url, problems) => {
      await page.fill("#qrels", qrels);
      await page.fill("#runs .run:nth-child(1) textarea", bm25);
      await page.click("#add-run");
      await page.fill("#runs .run:nth-child(2) textarea", hybrid);
      await page.fill("#runs .run:nth-child(2) .name", "hybrid");
      await page.check('#chips input[value="bpref"]');
      await page.check('#chips input[value="num_rel_ret"]');
      await page.fill("#specs", "ndcg@5, P(rel=2)@5");
      await page.click("#evaluate");
      await page.waitForSelector("#summary tbody tr");

      const metrics = [
        "ndcg@10",
        "ap",
        "rr",
        "P@10",
        "recall@100",
        "bpref",
        "num_rel_ret",
        "ndcg@5",
        "P(rel=2)@5",
      ];
      const expected = await Promise.all([bm25, hybrid].map(async (run) => {
        const response = await fetch(`${url}/v1/evaluate`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ qrels, run, metrics }),
        });
        return (await response.json()).aggregate;
      }));
      const table = await cells(page, "#summary");
      // The first run is named by its tag, the second as typed.
      assertEquals(table[0], ["metric", "bm25", "hybrid"]);
      const body = table.slice(1, 1 + metrics.length);
      assertEquals(
        body.map((row) => row[0]),
        metrics,
      );
      body.forEach((row) => {
        const label = row[0];
        assertEquals(
          row.slice(1),
          expected.map((aggregate) =>
            label === "num_rel_ret"
              ? String(aggregate[label])
              : aggregate[label].toFixed(4)
          ),
          label,
        );
      });
      const scored = table.find((row) => row[0] === "queries scored");
      assertEquals(scored, ["queries scored", "20", "20"]);

      await page.click("#results details summary");
      await page.selectOption("#per-query-metric", "rr");
      const perQuery = await cells(page, "#per-query");
      assertEquals(perQuery.length, 21);
      assertEquals(perQuery[0], ["query", "bm25", "hybrid"]);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.click("#download-json"),
      ]);
      const saved = JSON.parse(await Deno.readTextFile(await download.path()));
      assertEquals(Object.keys(saved), ["bm25", "hybrid"]);
      assertEquals(saved.hybrid.aggregate, expected[1]);
      const [csv] = await Promise.all([
        page.waitForEvent("download"),
        page.click("#download-csv"),
      ]);
      const lines = (await Deno.readTextFile(await csv.path())).trim().split(
        "\n",
      );
      assertEquals(lines[0], "run,query,metric,value");
      // 2 runs x (20 queries + all) x 9 metrics.
      assertEquals(lines.length, 1 + 2 * 21 * 9);
      assertEquals(
        lines.includes(`hybrid,all,ap,${expected[1].ap}`),
        true,
      );

      // Two runs: the compare report's tests and plots follow the table.
      await page.waitForSelector("#comparison svg");
      const tests = await cells(page, "#comparison #tests");
      assertEquals(tests.length, 1 + metrics.length);
      assertEquals(
        tests.slice(1).map((row) => row.slice(0, 3)),
        metrics.map((m) => [m, "bm25", "hybrid"]),
      );
      const charts = await page.$$eval(
        "#comparison svg",
        (svgs) => svgs.length,
      );
      const report = await (await fetch(`${url}/v1/compare`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          qrels,
          runs: { bm25, hybrid },
          metrics,
          format: "html",
        }),
      })).text();
      // Every chart of the report: means, a difference chart per metric, curves.
      assertEquals(charts, report.split("<svg").length - 1);
      assertEquals(charts > 1 + metrics.length, true);
      if (SCREENSHOT) {
        await page.screenshot({ path: SCREENSHOT, fullPage: true });
      }
      assertEquals(problems, []);
    });
  },
});

Deno.test({
  name: "the page shows the place of malformed input",
  ignore: SKIP_BROWSER_TESTS,
  async fn() {
    await withPage({}, async (page, _url, problems) => {
      await page.fill("#qrels", "q1 0 d1 1\n");
      await page.fill("#runs .run .name", "mine");
      await page.fill(
        "#runs .run textarea",
        "q1 Q0 d1 1 2.0 t\nq1 Q0 d2 2\n",
      );
      await page.click("#evaluate");
      await page.waitForSelector("#error", { state: "visible" });
      assertEquals(
        await page.textContent("#error"),
        'mine: run:2: expected 6 fields "qid iter docno rank score tag", got 4',
      );
      // The faulty line is selected in the run's text area.
      const selected = await page.$eval("#runs .run textarea", (area) => {
        const { value, selectionStart, selectionEnd } = area as unknown as {
          value: string;
          selectionStart: number;
          selectionEnd: number;
        };
        return value.slice(selectionStart, selectionEnd);
      });
      assertEquals(selected, "q1 Q0 d2 2");
      assertEquals(await page.isVisible("#results"), false);
      // The failed request's 400 is logged by the browser; nothing else is.
      assertEquals(
        problems.every((p) => p.includes("400")),
        true,
        problems.join("\n"),
      );
    });
  },
});

Deno.test({
  name: "the page asks for the token when the server needs one",
  ignore: SKIP_BROWSER_TESTS,
  async fn() {
    await withPage({ token: "page-token" }, async (page) => {
      await page.fill("#qrels", "q1 0 d1 1\n");
      await page.fill("#runs .run textarea", "q1 Q0 d1 1 2.0 t\n");
      await page.click("#evaluate");
      await page.waitForSelector("#error", { state: "visible" });
      assertEquals(
        await page.textContent("#error"),
        'This server needs "Authorization: Bearer <token>".',
      );
      assertEquals(await page.isVisible("#token"), true);
      await page.fill("#token", "page-token");
      await page.click("#evaluate");
      await page.waitForSelector("#summary tbody tr");
      const table = await cells(page, "#summary");
      assertEquals(table[0], ["metric", "t"]);
      assertEquals(table[1], ["ndcg@10", "1.0000"]);
      assertEquals(await page.isVisible("#error"), false);
    });
  },
});

Deno.test({
  name: "the page scores pasted RAG samples and shows the API's values",
  ignore: SKIP_BROWSER_TESTS,
  async fn() {
    const samples = await repoText("tests/testdata/rag/answers.jsonl");
    await withPage({}, async (page, url, problems) => {
      await page.click("#tab-rag");
      assertEquals(await page.isVisible("#qrels"), false);
      await page.fill("#samples", samples);
      await page.selectOption("#rag-input", "answers");
      await page.check('#rag-chips input[value="acc"]');
      await page.uncheck('#rag-chips input[value="context_recall"]');
      await page.click("#evaluate");
      await page.waitForSelector("#rag-summary tbody tr");
      const metrics = [
        "exact_match",
        "token_f1",
        "context_precision",
        "non_empty_rate",
        "acc",
      ];
      const response = await fetch(`${url}/v1/rag`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ samples, input: "answers", metrics }),
      });
      const expected = await response.json();
      const table = await cells(page, "#rag-summary");
      assertEquals(table[0], ["metric", "value", "samples scored"]);
      assertEquals(
        table.slice(1),
        metrics.map((m) => [
          m,
          expected.aggregate[m] === null
            ? "–"
            : expected.aggregate[m].toFixed(4),
          `${expected.coverage[m]} of ${expected.nSamples}`,
        ]),
      );
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.click("#rag-download-json"),
      ]);
      const saved = JSON.parse(await Deno.readTextFile(await download.path()));
      assertEquals(saved.aggregate, expected.aggregate);
      assertEquals(saved.perSample.length, expected.nSamples);
      // A malformed record is shown with its line.
      await page.fill("#samples", samples + '{"question": "q"}\n');
      await page.click("#evaluate");
      await page.waitForSelector("#error", { state: "visible" });
      assertEquals(
        await page.textContent("#error"),
        'samples:5: missing key "golden_answers" (the reference; see the key map)',
      );
      assertEquals(
        problems.every((p) => p.includes("400")),
        true,
        problems.join("\n"),
      );
    });
  },
});

type Page = import("playwright-core").Page;

/** Each run's per-query values from the API, the reference for the page. */
async function perQueryOf(
  url: string,
  qrels: string,
  run: string,
  metrics: string[],
): Promise<Record<string, Record<string, number>>> {
  const response = await fetch(`${url}/v1/evaluate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ qrels, run, metrics, perQuery: true }),
  });
  return (await response.json()).perQuery;
}

async function openAllDetails(page: Page): Promise<void> {
  await page.$$eval("details", (all) => all.forEach((d) => d.open = true));
}

Deno.test({
  name: "the page with the bundled example",
  ignore: SKIP_BROWSER_TESTS,
  async fn(t) {
    const qrels = await repoText("examples/qrels.txt");
    const bm25 = await repoText("examples/run.bm25.txt");
    const hybrid = await repoText("examples/run.hybrid.txt");
    await withPage({}, async (page, url, problems) => {
      await t.step(
        "Load example fills the bundled qrels and runs",
        async () => {
          await page.click("#load-example");
          assertEquals(await page.inputValue("#qrels"), qrels);
          assertEquals(
            await page.$$eval(
              "#runs .run",
              (blocks) =>
                blocks.map((b) => [
                  (b.querySelector(".name") as HTMLInputElement).value,
                  (b.querySelector("textarea") as HTMLTextAreaElement).value,
                ]),
            ),
            [["bm25", bm25], ["hybrid", hybrid]],
          );
          await page.check('#chips input[value="P@5"]');
          await page.click("#evaluate");
          await page.waitForSelector("#comparison svg");
          const table = await cells(page, "#summary");
          assertEquals(table[0], ["metric", "bm25", "hybrid"]);
          const ndcg = await perQueryOf(url, qrels, hybrid, ["ndcg@10"]);
          const mean = Object.values(ndcg).reduce((s, v) =>
            s + v["ndcg@10"], 0) /
            20;
          assertEquals(table[1], ["ndcg@10", "0.8569", mean.toFixed(4)]);
        },
      );

      await openAllDetails(page);

      await t.step(
        "difference bars name their queries, show both values and colour gains over the baseline",
        async () => {
          const metrics = ["ndcg@10", "P@5"];
          const a = await perQueryOf(url, qrels, bm25, metrics);
          const b = await perQueryOf(url, qrels, hybrid, metrics);
          for (const metric of metrics) {
            const chart = await page.evaluate((metric) => {
              const svg = [...document.querySelectorAll("#comparison svg")]
                .find((s) =>
                  s.querySelector("title")!.textContent!.startsWith(
                    `${metric}:`,
                  )
                )!;
              const texts = (selector: string) =>
                [...svg.querySelectorAll(selector)].map((e) => e.textContent!);
              return {
                ids: texts("text.qid"),
                legend: texts(".legend text"),
                bars: [...svg.querySelectorAll("rect.diff")].map((r) => ({
                  title: r.querySelector("title")!.textContent!,
                  better: r.classList.contains("better"),
                  fill: r.getAttribute("fill"),
                })),
              };
            }, metric);
            // bm25 (run A) is the baseline: hybrid's gains are green.
            assertEquals(chart.legend, [
              "hybrid better than bm25 (baseline)",
              "hybrid worse",
            ]);
            const queries = Object.keys(a).sort();
            const diff = (q: string) => a[q][metric] - b[q][metric];
            const sorted = [...queries].sort((x, y) => diff(y) - diff(x));
            assertEquals(chart.ids, sorted, metric);
            const signed = (v: number) => (v >= 0 ? "+" : "") + v.toFixed(4);
            const changed = sorted.filter((q) => diff(q) !== 0);
            assertEquals(
              chart.bars.map((bar) => bar.title),
              changed.map((q) =>
                `${q}: bm25 ${a[q][metric].toFixed(4)}, hybrid ${
                  b[q][metric].toFixed(4)
                } (diff ${signed(diff(q))})`
              ),
            );
            chart.bars.forEach((bar, i) => {
              const gain = b[changed[i]][metric] > a[changed[i]][metric];
              assertEquals(bar.better, gain, bar.title);
              assertEquals(bar.fill, gain ? "#2da44e" : "#cf222e", bar.title);
            });
            assertEquals(chart.bars.some((bar) => bar.better), true);
          }
          // A significant row where hybrid gains is tinted as a gain.
          const rows = await page.$$eval(
            "#comparison #tests tbody tr",
            (trs) =>
              trs.map((tr) => [tr.children[0].textContent, tr.className]),
          );
          assertEquals(rows.find(([m]) => m === "ndcg@10")![1], "up");
        },
      );

      await t.step(
        "bounded metrics' intervals and axis stay within 0 and 1, by a stated method; p-values in one format",
        async () => {
          const summary = await page.textContent("#comparison .summary");
          assertEquals(
            summary!.includes("percentile bootstrap for means and differences"),
            true,
            summary!,
          );
          const means = await cells(page, "#comparison #means");
          assertEquals(means[0], [
            "metric",
            "bm25",
            "95% CI",
            "hybrid",
            "95% CI",
          ]);
          const p5 = means.find((row) => row[0] === "P@5")!;
          // Every P@5 of hybrid is 0.8 or 1: a t interval ran to 1.0043.
          assertEquals(p5[3], "0.9700");
          for (const row of means.slice(1)) {
            for (
              const [mean, interval] of [[row[1], row[2]], [row[3], row[4]]]
            ) {
              const [lo, hi] = interval.slice(1, -1).split(", ").map(Number);
              assertEquals(
                0 <= lo && lo <= Number(mean) && Number(mean) <= hi && hi <= 1,
                true,
                `${row[0]} ${mean} ${interval}`,
              );
            }
          }
          // The means chart's y axis ends at 1 (a t interval took it to 1.2).
          const ticks = await page.evaluate(() =>
            [
              ...[...document.querySelectorAll("#comparison svg")].find((s) =>
                s.querySelector("title")!.textContent!.startsWith("Mean per")
              )!.querySelectorAll("text.tick"),
            ].map((t) => Number(t.textContent))
          );
          assertEquals(Math.max(...ticks), 1);
          const tests = await cells(page, "#comparison #tests");
          const p = tests[0].indexOf("p"), adjusted = tests[0].indexOf("p adj");
          const printed = tests.slice(1).flatMap((
            row,
          ) => [row[p], row[adjusted]]);
          assertEquals(printed.includes("< 0.0001"), true, printed.join(" "));
          for (const text of printed) {
            assertEquals(/^(< 0\.0001|[01]\.\d{4})$/.test(text), true, text);
          }
        },
      );

      await t.step("every chart's text lies inside its chart", async () => {
        assertEquals(await textsOutsideCharts(page), []);
      });

      await t.step("a failed request clears the previous results", async () => {
        await page.fill(
          "#runs .run:nth-child(2) textarea",
          "q01 Q0 d01-02 1\n",
        );
        await page.click("#evaluate");
        await page.waitForSelector("#error", { state: "visible" });
        assertEquals(
          await page.textContent("#error"),
          'hybrid: run:1: expected 6 fields "qid iter docno rank score tag", got 4',
        );
        assertEquals(await page.isVisible("#results"), false);
        assertEquals(await page.isVisible("#comparison"), false);
        assertEquals(await page.$$eval("#summary tr", (r) => r.length), 0);
        assertEquals(
          await page.$$eval("#comparison-content *", (e) => e.length),
          0,
        );
      });
      assertEquals(
        problems.every((p) => p.includes("400")),
        true,
        problems.join("\n"),
      );
    });
  },
});

Deno.test({
  name:
    "the page's Metrics and API links open readable pages without the token",
  ignore: SKIP_BROWSER_TESTS,
  async fn() {
    await withPage({ token: "page-token" }, async (page, url, problems) => {
      const requests: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      const listing = await (await fetch(`${url}/v1/metrics`, {
        headers: { authorization: "Bearer page-token" },
      })).json();
      await Promise.all([page.waitForNavigation(), page.click("text=Metrics")]);
      assertEquals(page.url(), `${url}/metrics`);
      assertEquals(await page.textContent("h1"), "Metrics");
      const names = await page.$$eval(
        "table.metrics tbody tr td:first-child",
        (tds) => tds.map((td) => td.textContent),
      );
      assertEquals(names, listing.map((m: { name: string }) => m.name));
      const ndcg = await page.textContent("#metric-ndcg");
      assertEquals(
        ndcg!.includes(
          listing.find((m: { name: string }) => m.name === "ndcg").description,
        ),
        true,
      );
      await page.goBack();
      await Promise.all([
        page.waitForNavigation(),
        page.click("nav >> text=API"),
      ]);
      assertEquals(page.url(), `${url}/api`);
      const routes = await page.$$eval(
        "h2",
        (hs) => hs.map((h) => h.textContent),
      );
      assertEquals(routes.includes("POST /v1/evaluate"), true, routes.join());
      const fields = await page.$$eval(
        "#post-v1-evaluate ~ div table.fields td:first-child code",
        (cs) => cs.map((c) => c.textContent),
      );
      assertEquals(fields.includes("qrels"), true, fields.join());
      // Nothing but this origin's pages, and no console error (CSP).
      assertEquals(requests.every((r) => r.startsWith(url)), true);
      // The page's own registry request, without the token, is a 401;
      // nothing else is logged (a CSP violation would be).
      assertEquals(problems.filter((p) => !p.includes("401")), []);
    });
  },
});

Deno.test({
  name:
    "the page's RAG tab shows each sample and names its own controls in errors",
  ignore: SKIP_BROWSER_TESTS,
  async fn() {
    const samples = await repoText("tests/testdata/rag/answers.jsonl");
    await withPage({}, async (page, url, problems) => {
      await page.click("#tab-rag");
      await page.fill("#samples", samples);
      // An answer file read as Ragas: the error names the Layout control,
      // not the API's "input" field.
      await page.click("#evaluate");
      await page.waitForSelector("#error", { state: "visible" });
      const error = await page.textContent("#error");
      assertEquals(
        error,
        'samples: no record has a Ragas field (user_input, response, reference, retrieved_contexts, ...); for an answer file choose Layout "answer file" (and a key map if its keys differ from UltraRAG’s)',
      );
      assertEquals(await page.isVisible("#rag-results"), false);

      await page.selectOption("#rag-input", "answers");
      await page.click("#evaluate");
      await page.waitForSelector("#rag-samples tbody tr");
      const metrics = [
        "exact_match",
        "token_f1",
        "context_recall",
        "context_precision",
        "non_empty_rate",
      ];
      const expected = await (await fetch(`${url}/v1/rag`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          samples,
          input: "answers",
          metrics,
          perSample: true,
        }),
      })).json();
      const table = await cells(page, "#rag-samples");
      assertEquals(table[0], [
        "sample",
        "response",
        "best reference",
        ...metrics,
      ]);
      assertEquals(
        table.slice(1),
        expected.perSample.map((
          values: Record<string, number | null>,
          i: number,
        ) => [
          expected.sampleIds[i],
          expected.responses[i] ?? "–",
          expected.bestReferences[i] ?? "–",
          ...metrics.map((m) =>
            values[m] === null ? "–" : values[m]!.toFixed(4)
          ),
        ]),
      );
      // Of Goethe's two names the response matches the second.
      assertEquals(table[1].slice(0, 3), ["0", "Goethe", "Goethe"]);
      assertEquals(await page.textContent("#rag-samples-note"), "");
      // A large file: the first thousand samples, and a note saying so.
      await page.selectOption("#rag-input", "ragas");
      await page.fill(
        "#samples",
        '{"response": "a", "reference": "a"}\n'.repeat(1001),
      );
      await page.click("#evaluate");
      await page.waitForSelector("#rag-samples tbody tr");
      assertEquals(
        await page.$$eval("#rag-samples tbody tr", (rows) => rows.length),
        1000,
      );
      assertEquals(
        await page.textContent("#rag-samples-note"),
        "The first 1000 of 1001 samples; the downloads hold every one.",
      );
      assertEquals(
        problems.every((p) => p.includes("400")),
        true,
        problems.join("\n"),
      );
    });
  },
});

Deno.test("GET /metrics and /api answer HTML without the token, under their own policy", async () => {
  const app = createApp({ token: "page-token" });
  for (const path of ["/metrics", "/api"]) {
    const response = await app.request(path);
    assertEquals(response.status, 200, path);
    assertEquals(
      response.headers.get("content-type"),
      "text/html; charset=UTF-8",
    );
    const policy = response.headers.get("content-security-policy")!;
    assertEquals(
      policy.startsWith("default-src 'none'; style-src 'sha256-"),
      true,
    );
    const html = await response.text();
    // Nothing loaded from elsewhere, no script.
    assertEquals(/(src|href)="(https?:)?\/\//.test(html), false);
    assertEquals(html.includes("<script"), false);
  }
  assertEquals((await app.request("/v1/metrics")).status, 401);
});
